package metadata

import (
	"sort"
	"strings"
	"unicode/utf16"
)

// predefinedStrings is the JVM string table's list of well-known names
// (JvmNameResolverBase.PREDEFINED_STRINGS); a record may point into it
// instead of carrying a string.
var predefinedStrings = [...]string{
	"kotlin/Any", "kotlin/Nothing", "kotlin/Unit", "kotlin/Throwable", "kotlin/Number",
	"kotlin/Byte", "kotlin/Double", "kotlin/Float", "kotlin/Int",
	"kotlin/Long", "kotlin/Short", "kotlin/Boolean", "kotlin/Char",
	"kotlin/CharSequence", "kotlin/String", "kotlin/Comparable", "kotlin/Enum", "kotlin/Array",
	"kotlin/ByteArray", "kotlin/DoubleArray", "kotlin/FloatArray", "kotlin/IntArray",
	"kotlin/LongArray", "kotlin/ShortArray", "kotlin/BooleanArray", "kotlin/CharArray",
	"kotlin/Cloneable", "kotlin/Annotation",
	"kotlin/collections/Iterable", "kotlin/collections/MutableIterable",
	"kotlin/collections/Collection", "kotlin/collections/MutableCollection",
	"kotlin/collections/List", "kotlin/collections/MutableList",
	"kotlin/collections/Set", "kotlin/collections/MutableSet",
	"kotlin/collections/Map", "kotlin/collections/MutableMap",
	"kotlin/collections/Map.Entry", "kotlin/collections/MutableMap.MutableEntry",
	"kotlin/collections/Iterator", "kotlin/collections/MutableIterator",
	"kotlin/collections/ListIterator", "kotlin/collections/MutableListIterator",
}

// Operations of a StringTableTypes record, applied after substring and
// replace_char.
const (
	opNone              = 0 // use the string as is
	opInternalToClassID = 1 // java/util/Map$Entry -> java/util/Map.Entry
	opDescToClassID     = 2 // Ljava/util/Map$Entry; -> java/util/Map.Entry
)

// strRecord is one StringTableTypes.Record. It covers the string-table
// indices [end-range, end): the compiler collapses runs of identical
// records with range, and we keep them collapsed, so a huge range costs
// nothing.
type strRecord struct {
	end        int64
	predefined int32
	hasPredef  bool
	str        string
	hasStr     bool
	op         int32
	substr     []int32 // begin, end in UTF-16 units when len >= 2
	replace    []int32 // from, to chars when len >= 2
}

// stringTable resolves the string indices of a JVM kotlin.Metadata: the
// StringTableTypes records at the start of d1 and the strings of d2
// (JvmNameResolverBase).
type stringTable struct {
	d2     []string
	recs   []strRecord
	total  int64
	local  []int32 // sorted indices of local class names
	cache  []string
	cached []bool
}

// readStringTable decodes a StringTableTypes message.
func (d *decoder) readStringTable(m msg, d2 []string) *stringTable {
	// Records are most of a class's metadata strings: size their slice once.
	t := &stringTable{d2: d2, recs: make([]strRecord, 0, countFields(m.b, fieldStringTableTypesRecord))}
	r := d.fields(m, "StringTableTypes")
	var f field
	for r.next(&f) {
		switch f.num {
		case fieldStringTableTypesRecord:
			if f.bytes() {
				d.readStringRecord(t, f.b)
			}
		case fieldStringTableTypesLocalName:
			t.local = r.appendInts(t.local, &f)
		}
	}
	sort.Slice(t.local, func(i, j int) bool { return t.local[i] < t.local[j] })
	n := t.total
	if lim := int64(len(d2) + len(t.recs) + 1); n > lim {
		n = lim
	}
	t.cache = make([]string, n)
	t.cached = make([]bool, n)
	return t
}

func (d *decoder) readStringRecord(t *stringTable, m msg) {
	rec := strRecord{}
	rng := int32(1)
	r := d.fields(m, "StringTableTypes.Record")
	var f field
	for r.next(&f) {
		switch f.num {
		case fieldRecordRange:
			if v, ok := f.i32(); ok {
				rng = v
			}
		case fieldRecordPredefinedIndex:
			if v, ok := f.i32(); ok {
				rec.predefined, rec.hasPredef = v, true
			}
		case fieldRecordOperation:
			if v, ok := f.i32(); ok && v >= opNone && v <= opDescToClassID {
				rec.op = v
			}
		case fieldRecordSubstringIndex:
			rec.substr = r.appendInts(rec.substr, &f)
		case fieldRecordReplaceChar:
			rec.replace = r.appendInts(rec.replace, &f)
		case fieldRecordString:
			if f.bytes() {
				rec.str, rec.hasStr = strings.ToValidUTF8(string(f.b.b), "\uFFFD"), true
			}
		}
	}
	if rng > 0 {
		t.total += int64(rng)
	}
	rec.end = t.total
	t.recs = append(t.recs, rec)
}

// str resolves a string index; an index out of range sets d.err and yields "".
func (d *decoder) str(i int32) string {
	if d.err != nil {
		return ""
	}
	s, err := d.strs.get(i)
	if err != nil {
		d.fail("string table", -1, err)
	}
	return s
}

// className is str with the JVM convention that local class names get a
// leading '.' (NameResolver.getClassName in kotlin-metadata-jvm).
func (d *decoder) className(i int32) string {
	s := d.str(i)
	if d.err == nil && d.strs.isLocal(i) {
		return "." + s
	}
	return s
}

func (t *stringTable) isLocal(i int32) bool {
	k := sort.Search(len(t.local), func(j int) bool { return t.local[j] >= i })
	return k < len(t.local) && t.local[k] == i
}

func (t *stringTable) get(i int32) (string, error) {
	if i < 0 || int64(i) >= t.total {
		return "", &IndexError{Table: "string table", Index: int64(i), Len: t.total}
	}
	if int64(i) < int64(len(t.cache)) && t.cached[i] {
		return t.cache[i], nil
	}
	k := sort.Search(len(t.recs), func(j int) bool { return t.recs[j].end > int64(i) })
	rec := &t.recs[k]
	var s string
	switch {
	case rec.hasStr:
		s = rec.str
	case rec.hasPredef && rec.predefined >= 0 && int(rec.predefined) < len(predefinedStrings):
		s = predefinedStrings[rec.predefined]
	default:
		if int(i) >= len(t.d2) {
			return "", &IndexError{Table: "d2", Index: int64(i), Len: int64(len(t.d2))}
		}
		s = t.d2[i]
	}
	if len(rec.substr) >= 2 {
		s = substring16(s, rec.substr[0], rec.substr[1])
	}
	if len(rec.replace) >= 2 {
		s = replaceChar16(s, uint16(rec.replace[0]), uint16(rec.replace[1]))
	}
	switch rec.op {
	case opInternalToClassID:
		s = strings.ReplaceAll(s, "$", ".")
	case opDescToClassID:
		if len16(s) >= 2 {
			s = substring16(s, 1, int32(len16(s)-1))
		}
		s = strings.ReplaceAll(s, "$", ".")
	}
	if int64(i) < int64(len(t.cache)) {
		t.cache[i], t.cached[i] = s, true
	}
	return s, nil
}

// Java strings index UTF-16 units; the helpers below take the byte fast path
// for ASCII, which is nearly every name.

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func len16(s string) int {
	if isASCII(s) {
		return len(s)
	}
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// substring16 is Java's substring(begin, end), ignored (as the official
// reader does) when the bounds are not valid.
func substring16(s string, begin, end int32) string {
	if begin < 0 || begin > end || int(end) > len16(s) {
		return s
	}
	if isASCII(s) {
		return s[begin:end]
	}
	u := utf16.Encode([]rune(s))
	return string(utf16.Decode(u[begin:end]))
}

// replaceChar16 is Java's String.replace(char, char).
func replaceChar16(s string, from, to uint16) string {
	if from < 0x80 && to < 0x80 {
		return strings.ReplaceAll(s, string(rune(from)), string(rune(to)))
	}
	u := utf16.Encode([]rune(s))
	for i, c := range u {
		if c == from {
			u[i] = to
		}
	}
	return string(utf16.Decode(u))
}

// Qualified names as stored by the non-JVM formats (.kotlin_builtins,
// .kotlin_metadata, klib fragments): a QualifiedNameTable whose entries
// point to a parent entry and a short name in a plain StringTable. The JVM
// format does not use it (its class names are whole strings), but the
// decoder is kept next to the JVM table so both follow one naming rule:
// packages joined by '/', classes by '.', and a leading '.' for local names.

// Kinds of QualifiedNameTable.QualifiedName.
const (
	qnClass   = 0
	qnPackage = 1 // the default
	qnLocal   = 2
)

type qualifiedName struct {
	parent int32 // -1: none
	short  int32
	kind   int32
}

type qualifiedNameTable struct {
	names   []qualifiedName
	strings []string
}

// readStringList decodes a plain StringTable message.
func (d *decoder) readStringList(m msg) []string {
	var out []string
	r := d.fields(m, "StringTable")
	var f field
	for r.next(&f) {
		if f.num == fieldStringTableString && f.bytes() {
			out = append(out, strings.ToValidUTF8(string(f.b.b), "\uFFFD"))
		}
	}
	return out
}

// readQualifiedNameTable decodes a QualifiedNameTable message whose short
// names index strs.
func (d *decoder) readQualifiedNameTable(m msg, strs []string) *qualifiedNameTable {
	t := &qualifiedNameTable{strings: strs}
	r := d.fields(m, "QualifiedNameTable")
	var f field
	for r.next(&f) {
		if f.num != fieldQualifiedNameTableQualifiedName || !f.bytes() {
			continue
		}
		q := qualifiedName{parent: -1, kind: qnPackage}
		hasShort := false
		qr := d.fields(f.b, "QualifiedName")
		var g field
		for qr.next(&g) {
			v, ok := g.i32()
			if !ok {
				continue
			}
			switch g.num {
			case fieldQualifiedNameParentQualifiedName:
				q.parent = v
			case fieldQualifiedNameShortName:
				q.short, hasShort = v, true
			case fieldQualifiedNameKind:
				if v >= qnClass && v <= qnLocal {
					q.kind = v
				}
			}
		}
		if !hasShort {
			d.missing("QualifiedName.short_name", f.off)
		}
		t.names = append(t.names, q)
	}
	return t
}

// className returns the Kotlin class name of entry i, e.g. "a/b/Outer.Inner",
// with a leading '.' when any part is local.
func (t *qualifiedNameTable) className(i int32) (string, error) {
	var pkg, cls []string
	local := false
	// A well-formed chain visits each entry at most once.
	for steps := 0; i != -1; steps++ {
		if i < 0 || int(i) >= len(t.names) {
			return "", &IndexError{Table: "qualified name table", Index: int64(i), Len: int64(len(t.names))}
		}
		if steps > len(t.names) {
			return "", &detailError{ErrInconsistent, "qualified name parents form a cycle"}
		}
		q := t.names[i]
		if q.short < 0 || int(q.short) >= len(t.strings) {
			return "", &IndexError{Table: "string table", Index: int64(q.short), Len: int64(len(t.strings))}
		}
		s := t.strings[q.short]
		switch q.kind {
		case qnClass:
			cls = append(cls, s)
		case qnPackage:
			pkg = append(pkg, s)
		case qnLocal:
			cls = append(cls, s)
			local = true
		}
		i = q.parent
	}
	reverse(pkg)
	reverse(cls)
	name := strings.Join(cls, ".")
	if len(pkg) > 0 {
		name = strings.Join(pkg, "/") + "/" + name
	}
	if local {
		name = "." + name
	}
	return name, nil
}

func reverse(s []string) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}
