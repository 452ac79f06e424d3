package metadata

import (
	"encoding/binary"
	"math/bits"
	"slices"

	"github.com/composestab/composestab/classfile"
)

// The kotlin.Metadata annotation's descriptor, and the bits of its xi
// (Header.ExtraInt) that matter here.
const (
	// MetadataDescriptor is the descriptor of the kotlin.Metadata annotation.
	MetadataDescriptor = "Lkotlin/Metadata;"
	// StrictVersionSemantics is set in xi by compilers whose output must not
	// be read by a compiler one minor version older (pre-release features).
	StrictVersionSemantics = 1 << 3
)

// Header holds the values of one kotlin.Metadata annotation, with the
// annotation's defaults for the elements the class file leaves out. A header
// from HeaderForRead leaves Data1 nil but for KindMultiFileClassFacade.
type Header struct {
	Kind            Kind     // k: KindClass when absent
	MetadataVersion []int    // mv
	Data1           []string // d1: protobuf bytes as strings, or part names for KindMultiFileClassFacade
	Data2           []string // d2: the strings d1 refers to
	ExtraString     string   // xs: facade name for KindMultiFileClassPart
	PackageName     string   // pn: Kotlin package when it differs from the JVM one
	ExtraInt        int      // xi: flags (bit 3: strict version semantics)

	// d1 is d1 as HeaderForRead decoded it, Data1 left nil; Read takes it while Data1 is nil
	// (a caller that sets Data1 has Read decode that).
	d1 *d1Chars
}

// d1Chars is what Read needs of d1's strings, decoded straight from the class file's modified
// UTF-8: each check Read makes of Data1 has its answer here.
type d1Chars struct {
	n     int    // the number of strings: len(Data1)
	chars []byte // the low byte of every char of the strings, in order: appendChars(nil, Data1)
	first rune   // the first char of Data1[0], -1 when there is none or Data1[0] is ""
}

// d1Len is the number of d1 strings.
func (h *Header) d1Len() int {
	if h.Data1 == nil && h.d1 != nil {
		return h.d1.n
	}
	return len(h.Data1)
}

// d1Bytes is the protobuf bytes d1 carries; the caller must not modify them.
func (h *Header) d1Bytes() []byte {
	if h.Data1 == nil && h.d1 != nil {
		return charsToBytes(h.d1.chars, h.d1.first)
	}
	return decodeD1(h.Data1)
}

// HeaderFromClass reads the kotlin.Metadata annotation of c. ok is false
// when the class has none (a Java class). Elements of the wrong type are
// treated as absent.
func HeaderFromClass(c *classfile.Class) (h *Header, ok bool) {
	if h, ok = headerWithoutD1(c); ok {
		h.Data1, _ = c.AnnotationStrings(MetadataDescriptor, "d1")
	}
	return h, ok
}

// HeaderForRead reads the kotlin.Metadata annotation of c for Read, which gives the same
// Metadata (but for its Header) and the same error for it as for HeaderFromClass(c). It
// decodes d1 straight from the class file's modified UTF-8 into what Read needs, without a
// string per d1 element, so Data1 is left nil, except for KindMultiFileClassFacade, whose d1
// are class names: Data1 holds them. Nothing of the header refers to c's bytes, so c may be
// released afterwards. ok is false when the class has no kotlin.Metadata.
func HeaderForRead(c *classfile.Class) (h *Header, ok bool) {
	if h, ok = headerWithoutD1(c); !ok || h.Kind == KindMultiFileClassFacade {
		if ok {
			h.Data1, _ = c.AnnotationStrings(MetadataDescriptor, "d1")
		}
		return h, ok
	}
	var buf [4][]byte // on the stack: d1 is rarely more than one string (of up to 65,535 bytes)
	raw, _ := c.AnnotationUTF8(MetadataDescriptor, "d1", buf[:0])
	h.d1 = decodeChars(raw)
	return h, true
}

// decodeChars reads d1's strings, raw modified UTF-8, into the chars Read decodes: into a
// slice of their own, for the class's bytes may be recycled.
func decodeChars(raw [][]byte) *d1Chars {
	size := 0
	for _, b := range raw {
		size += charCount(b)
	}
	d := &d1Chars{n: len(raw), chars: make([]byte, 0, size), first: -1}
	if len(raw) > 0 && len(raw[0]) > 0 {
		d.first, _, _ = javaChar(raw[0], 0)
	}
	for _, b := range raw {
		d.chars = appendModifiedUTF8Chars(d.chars, b)
	}
	return d
}

// charCount counts the chars of b, a well-formed modified UTF-8 string: they start at every byte
// but a continuation byte (10xxxxxx). It sizes the chars of d1, which the header keeps, exactly;
// a malformed string only makes append grow them.
func charCount(b []byte) int {
	n, cont := len(b), 0
	for ; len(b) >= 8; b = b[8:] { // eight bytes at a time: bit 7 set, bit 6 (shifted to 7) clear
		w := binary.LittleEndian.Uint64(b)
		cont += bits.OnesCount64(w &^ (w << 1) & 0x8080808080808080)
	}
	for _, x := range b {
		cont += int(x >> 7 &^ (x >> 6) & 1)
	}
	return n - cont
}

// headerWithoutD1 reads the kotlin.Metadata annotation of c but for its d1.
func headerWithoutD1(c *classfile.Class) (h *Header, ok bool) {
	// Element by element: building the annotation would make an ElementValue of every d1 and d2
	// string, the bulk of a scan's garbage.
	if !slices.Contains(c.AnnotationTypes(), MetadataDescriptor) {
		return nil, false
	}
	value := func(name string) (classfile.ElementValue, bool) { return c.AnnotationValue(MetadataDescriptor, name) }
	h = &Header{Kind: KindClass}
	if v, ok := value("k"); ok {
		if k, ok := v.Int(); ok {
			h.Kind = Kind(k)
		}
	}
	if v, ok := value("mv"); ok {
		if mv, ok := v.Ints(); ok {
			h.MetadataVersion = make([]int, len(mv))
			for i, n := range mv {
				h.MetadataVersion[i] = int(n)
			}
		}
	}
	h.Data2, _ = c.AnnotationStrings(MetadataDescriptor, "d2")
	if v, ok := value("xs"); ok {
		h.ExtraString, _ = v.String()
	}
	if v, ok := value("pn"); ok {
		h.PackageName, _ = v.String()
	}
	if v, ok := value("xi"); ok {
		if xi, ok := v.Int(); ok {
			h.ExtraInt = int(xi)
		}
	}
	return h, true
}
