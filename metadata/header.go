package metadata

import (
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
// annotation's defaults for the elements the class file leaves out.
type Header struct {
	Kind            Kind     // k: KindClass when absent
	MetadataVersion []int    // mv
	Data1           []string // d1: protobuf bytes as strings, or part names for KindMultiFileClassFacade
	Data2           []string // d2: the strings d1 refers to
	ExtraString     string   // xs: facade name for KindMultiFileClassPart
	PackageName     string   // pn: Kotlin package when it differs from the JVM one
	ExtraInt        int      // xi: flags (bit 3: strict version semantics)
}

// HeaderFromClass reads the kotlin.Metadata annotation of c. ok is false
// when the class has none (a Java class). Elements of the wrong type are
// treated as absent.
func HeaderFromClass(c *classfile.Class) (h *Header, ok bool) {
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
	h.Data1, _ = c.AnnotationStrings(MetadataDescriptor, "d1")
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
