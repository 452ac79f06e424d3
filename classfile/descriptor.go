package classfile

import "strings"

// ParseMethodDescriptor splits "(ILjava/lang/String;[J)V" into its parameter descriptors and
// return descriptor; ok is false for a malformed descriptor.
func ParseMethodDescriptor(d string) (params []string, ret string, ok bool) {
	if !strings.HasPrefix(d, "(") {
		return nil, "", false
	}
	i := 1
	for i < len(d) && d[i] != ')' {
		n := fieldDescLen(d[i:])
		if n == 0 {
			return nil, "", false
		}
		params = append(params, d[i:i+n])
		i += n
	}
	if i >= len(d) {
		return nil, "", false
	}
	ret = d[i+1:]
	if ret != "V" && (ret == "" || fieldDescLen(ret) != len(ret)) {
		return nil, "", false
	}
	return params, ret, true
}

// fieldDescLen is the length of the field descriptor at the start of s, 0 if there is none.
func fieldDescLen(s string) int {
	i := 0
	for i < len(s) && s[i] == '[' {
		i++
	}
	if i >= len(s) {
		return 0
	}
	switch s[i] {
	case 'B', 'C', 'D', 'F', 'I', 'J', 'S', 'Z':
		return i + 1
	case 'L':
		if j := strings.IndexByte(s[i:], ';'); j > 1 {
			return i + j + 1
		}
	}
	return 0
}

// DescriptorClass returns the internal name a field descriptor "Lcom/x/Foo;" names; ok is false
// for a primitive, an array or anything malformed.
func DescriptorClass(desc string) (internalName string, ok bool) {
	if len(desc) > 2 && desc[0] == 'L' && desc[len(desc)-1] == ';' && fieldDescLen(desc) == len(desc) {
		return desc[1 : len(desc)-1], true
	}
	return "", false
}
