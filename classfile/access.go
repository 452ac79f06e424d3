package classfile

import "fmt"

// AccessFlags holds the access_flags of a class, field, method or inner class.
// Several bits mean different things depending on where they appear (0x0020 is
// ACC_SUPER on a class and ACC_SYNCHRONIZED on a method), which is why some
// constants below share a value.
type AccessFlags uint16

// Access flag bits (JVMS tables 4.1-B, 4.5-A, 4.6-A and 4.7.6-A).
const (
	AccPublic       AccessFlags = 0x0001
	AccPrivate      AccessFlags = 0x0002
	AccProtected    AccessFlags = 0x0004
	AccStatic       AccessFlags = 0x0008
	AccFinal        AccessFlags = 0x0010
	AccSuper        AccessFlags = 0x0020 // class
	AccSynchronized AccessFlags = 0x0020 // method
	AccVolatile     AccessFlags = 0x0040 // field
	AccBridge       AccessFlags = 0x0040 // method
	AccTransient    AccessFlags = 0x0080 // field
	AccVarargs      AccessFlags = 0x0080 // method
	AccNative       AccessFlags = 0x0100
	AccInterface    AccessFlags = 0x0200
	AccAbstract     AccessFlags = 0x0400
	AccStrict       AccessFlags = 0x0800
	AccSynthetic    AccessFlags = 0x1000
	AccAnnotation   AccessFlags = 0x2000
	AccEnum         AccessFlags = 0x4000
	AccModule       AccessFlags = 0x8000 // class
	AccMandated     AccessFlags = 0x8000 // parameter, module
)

// Has reports whether all bits of mask are set.
func (f AccessFlags) Has(mask AccessFlags) bool { return f&mask == mask }

// IsPublic reports whether ACC_PUBLIC is set.
func (f AccessFlags) IsPublic() bool { return f&AccPublic != 0 }

// IsPrivate reports whether ACC_PRIVATE is set.
func (f AccessFlags) IsPrivate() bool { return f&AccPrivate != 0 }

// IsProtected reports whether ACC_PROTECTED is set.
func (f AccessFlags) IsProtected() bool { return f&AccProtected != 0 }

// IsStatic reports whether ACC_STATIC is set.
func (f AccessFlags) IsStatic() bool { return f&AccStatic != 0 }

// IsFinal reports whether ACC_FINAL is set.
func (f AccessFlags) IsFinal() bool { return f&AccFinal != 0 }

// IsSuper reports whether ACC_SUPER is set (classes).
func (f AccessFlags) IsSuper() bool { return f&AccSuper != 0 }

// IsSynchronized reports whether ACC_SYNCHRONIZED is set (methods).
func (f AccessFlags) IsSynchronized() bool { return f&AccSynchronized != 0 }

// IsVolatile reports whether ACC_VOLATILE is set (fields).
func (f AccessFlags) IsVolatile() bool { return f&AccVolatile != 0 }

// IsBridge reports whether ACC_BRIDGE is set (methods).
func (f AccessFlags) IsBridge() bool { return f&AccBridge != 0 }

// IsTransient reports whether ACC_TRANSIENT is set (fields).
func (f AccessFlags) IsTransient() bool { return f&AccTransient != 0 }

// IsVarargs reports whether ACC_VARARGS is set (methods).
func (f AccessFlags) IsVarargs() bool { return f&AccVarargs != 0 }

// IsNative reports whether ACC_NATIVE is set.
func (f AccessFlags) IsNative() bool { return f&AccNative != 0 }

// IsInterface reports whether ACC_INTERFACE is set.
func (f AccessFlags) IsInterface() bool { return f&AccInterface != 0 }

// IsAbstract reports whether ACC_ABSTRACT is set.
func (f AccessFlags) IsAbstract() bool { return f&AccAbstract != 0 }

// IsStrict reports whether ACC_STRICT is set.
func (f AccessFlags) IsStrict() bool { return f&AccStrict != 0 }

// IsSynthetic reports whether ACC_SYNTHETIC is set.
func (f AccessFlags) IsSynthetic() bool { return f&AccSynthetic != 0 }

// IsAnnotation reports whether ACC_ANNOTATION is set.
func (f AccessFlags) IsAnnotation() bool { return f&AccAnnotation != 0 }

// IsEnum reports whether ACC_ENUM is set.
func (f AccessFlags) IsEnum() bool { return f&AccEnum != 0 }

// IsModule reports whether ACC_MODULE is set (classes).
func (f AccessFlags) IsModule() bool { return f&AccModule != 0 }

// FlagKind says where a set of access flags appears, which decides the
// meaning of the overloaded bits when printing them.
type FlagKind uint8

// Places where access flags appear.
const (
	ClassFlags FlagKind = iota
	FieldFlags
	MethodFlags
	InnerClassFlags
)

var flagNames = [...][16]string{
	ClassFlags:      {"public", "", "", "", "final", "super", "", "", "", "interface", "abstract", "", "synthetic", "annotation", "enum", "module"},
	FieldFlags:      {"public", "private", "protected", "static", "final", "", "volatile", "transient", "", "", "", "", "synthetic", "", "enum", ""},
	MethodFlags:     {"public", "private", "protected", "static", "final", "synchronized", "bridge", "varargs", "native", "", "abstract", "strict", "synthetic", "", "", ""},
	InnerClassFlags: {"public", "private", "protected", "static", "final", "", "", "", "", "interface", "abstract", "", "synthetic", "annotation", "enum", ""},
}

// Names returns the lower-case names of the set bits as they apply to kind,
// in bit order; unknown bits are printed in hex (like elf.flagName).
func (f AccessFlags) Names(kind FlagKind) []string {
	var out []string
	table := flagNames[ClassFlags]
	if int(kind) < len(flagNames) {
		table = flagNames[kind]
	}
	for bit := 0; bit < 16; bit++ {
		m := AccessFlags(1) << bit
		if f&m == 0 {
			continue
		}
		if table[bit] != "" {
			out = append(out, table[bit])
		} else {
			out = append(out, fmt.Sprintf("0x%04x", uint16(m)))
		}
	}
	return out
}

// String prints the flags in hex as javap does, e.g. "0x0019"; use Names
// for the keywords, since the meaning of some bits depends on the FlagKind.
func (f AccessFlags) String() string {
	return fmt.Sprintf("0x%04x", uint16(f))
}
