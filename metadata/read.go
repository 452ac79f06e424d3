package metadata

import (
	"google.golang.org/protobuf/encoding/protowire"
)

// The metadata version this decoder was written against (Kotlin 2.4.20
// writes 2.4.0). Like the compiler, a lenient or strict reader accepts one
// minor version more unless the header asks for strict semantics.
var (
	knownVersion = [3]int{2, 4, 0}
	nextVersion  = [3]int{2, 5, 0}
)

// Read decodes h leniently, like kotlin-metadata-jvm's readLenient: a
// metadata version newer than this decoder knows is decoded as far as it is
// understood and noted in Metadata.Warnings; a version below 1.1 (pre-1.0
// Kotlin) or a malformed one is refused. Errors are *FormatError, never a
// panic; the caller may fill in the error's Class.
//
// The pipeline mirrors the official reader:
//
//   - d1's strings are turned back into bytes (UTF-8 mode: the first string
//     starts with U+0000 and each char is one byte; otherwise the older
//     8-to-7-bit mode);
//   - the bytes start with a length-delimited StringTableTypes (the JVM
//     string table: records with range, predefined string, substring,
//     replace_char and the INTERNAL_TO_CLASS_ID / DESC_TO_CLASS_ID
//     operations over d2) followed by a Class, Package or lambda Function
//     message;
//   - the messages are walked with protowire, fields in any order, unknown
//     fields and mistyped fields skipped like the Java runtime does;
//   - protobuf defaults (absent class/function/constructor flags mean 6,
//     absent property flags 518, absent accessor flags inherit the
//     property's annotations, visibility and modality), *_id indirections
//     into the TypeTable and its first_nullable rule are applied in one
//     place, so the model never shows them.
//
// Hostile input is bounded: nested types and annotation values are limited
// to a depth of 128, the type table's indirections to a number of expanded
// types proportional to the input, and no allocation is sized by a count
// read from the input.
func Read(h *Header) (*Metadata, error) { return ReadOptions{}.Read(h) }

// ReadOptions choose how much Read decodes. The zero value is Read.
type ReadOptions struct {
	// Strict also refuses metadata versions newer than this decoder supports, like
	// kotlin-metadata-jvm's readStrict.
	Strict bool
	// SkipFunctions leaves the Functions of a Class or Package nil without decoding them: a
	// reader that needs only a class's shape (its type parameters, supertypes, constructors and
	// properties) saves about a third of the work, and a malformed function goes unnoticed.
	SkipFunctions bool
}

// Read decodes h as the options say.
func (o ReadOptions) Read(h *Header) (*Metadata, error) {
	strict := o.Strict
	md := &Metadata{Header: h, Kind: h.Kind, Flags: h.ExtraInt}
	mv := h.MetadataVersion
	if len(mv) == 0 {
		return nil, versionError(mv, "missing")
	}
	if !versionAtLeast(mv, 1, 1, 0) {
		return nil, versionError(mv, "below 1.1.0 (pre-1.0 Kotlin)")
	}
	limit := nextVersion
	if h.ExtraInt&StrictVersionSemantics != 0 {
		limit = knownVersion
	}
	if newerMinor(mv, limit) {
		if strict {
			return nil, versionError(mv, "newer than "+formatVersion(limit[:2]))
		}
		md.Warnings = append(md.Warnings, "metadata version "+formatVersion(mv)+
			" is newer than "+formatVersion(limit[:2])+"; decoded what is understood")
	}
	// The official model keeps the version as major.minor.patch and
	// fails on anything shorter or negative.
	if len(mv) < 3 || mv[0] < 0 || mv[1] < 0 || mv[2] < 0 {
		return nil, versionError(mv, "not major.minor.patch")
	}
	copy(md.Version[:], mv)

	d := &decoder{ignoreUnknownVR: !versionAtLeast(mv, 1, 4, 0), skipFunctions: o.SkipFunctions}
	switch md.Kind {
	case KindClass, KindFileFacade, KindMultiFileClassPart:
		if h.d1Len() == 0 {
			return nil, &FormatError{Field: "d1", Offset: -1, Err: ErrNoData}
		}
		body := d.start(h)
		if d.err != nil {
			return nil, d.err
		}
		if md.Kind == KindClass {
			md.Class = d.readClass(body)
		} else {
			md.Package = d.readPackage(body)
		}
		if md.Kind == KindMultiFileClassPart {
			md.FacadeClassName = h.ExtraString
		}
	case KindSyntheticClass:
		if h.d1Len() > 0 {
			body := d.start(h)
			if d.err != nil {
				return nil, d.err
			}
			md.Lambda = d.readFunction(body, nil, true)
		}
	case KindMultiFileClassFacade:
		md.PartClassNames = append([]string{}, h.Data1...)
	}
	if d.err != nil {
		return nil, d.err
	}
	return md, nil
}

// start decodes d1, reads the length-delimited StringTableTypes at its
// start and returns the message that follows.
func (d *decoder) start(h *Header) msg {
	b := h.d1Bytes()
	d.budget = budgetBase + budgetPerByte*len(b)
	if len(b) == 0 {
		d.fail("d1", 0, ErrNoData)
		return msg{}
	}
	v, n := protowire.ConsumeBytes(b)
	if n < 0 {
		d.failWire("StringTableTypes", 0, n)
		return msg{}
	}
	d.strs = d.readStringTable(msg{b: v, off: n - len(v)}, h.Data2)
	return msg{b: b[n:], off: n}
}

func versionError(mv []int, reason string) error {
	return &FormatError{Field: "mv", Offset: -1, Err: &VersionError{Version: append([]int(nil), mv...), Reason: reason}}
}

// component returns part i of a version, -1 when absent (BinaryVersion).
func component(mv []int, i int) int {
	if i < len(mv) {
		return mv[i]
	}
	return -1
}

func versionAtLeast(mv []int, major, minor, patch int) bool {
	a, b, c := component(mv, 0), component(mv, 1), component(mv, 2)
	if a != major {
		return a > major
	}
	if b != minor {
		return b > minor
	}
	return c >= patch
}

// newerMinor compares major and minor only, as MetadataVersion does.
func newerMinor(mv []int, limit [3]int) bool {
	a, b := component(mv, 0), component(mv, 1)
	if a != limit[0] {
		return a > limit[0]
	}
	return b > limit[1]
}
