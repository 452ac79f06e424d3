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

// IsSynthetic reports whether ACC_SYNTHETIC is set.
func (f AccessFlags) IsSynthetic() bool { return f&AccSynthetic != 0 }

// flagKind says where a set of access flags appears, which decides the
// meaning of the overloaded bits when printing them.
type flagKind uint8

// Places where access flags appear.
const (
	classFlags flagKind = iota
	fieldFlags
	methodFlags
	innerClassFlags
)

var flagNames = [...][16]string{
	classFlags:      {"public", "", "", "", "final", "super", "", "", "", "interface", "abstract", "", "synthetic", "annotation", "enum", "module"},
	fieldFlags:      {"public", "private", "protected", "static", "final", "", "volatile", "transient", "", "", "", "", "synthetic", "", "enum", ""},
	methodFlags:     {"public", "private", "protected", "static", "final", "synchronized", "bridge", "varargs", "native", "", "abstract", "strict", "synthetic", "", "", ""},
	innerClassFlags: {"public", "private", "protected", "static", "final", "", "", "", "", "interface", "abstract", "", "synthetic", "annotation", "enum", ""},
}

// names returns the lower-case names of the set bits as they apply to kind,
// in bit order; unknown bits are printed in hex (like elf.flagName).
func (f AccessFlags) names(kind flagKind) []string {
	var out []string
	table := flagNames[classFlags]
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

// String prints the flags in hex as javap does, e.g. "0x0019": the meaning
// of some bits depends on where the flags appear.
func (f AccessFlags) String() string {
	return fmt.Sprintf("0x%04x", uint16(f))
}
