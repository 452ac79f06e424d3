package classfile

import "strconv"

// Annotation is one annotation from a Runtime(In)VisibleAnnotations attribute
// or nested inside an element value.
type Annotation struct {
	// Type is the annotation type descriptor, e.g. "Lkotlin/Metadata;".
	Type string
	// Visible is true for RuntimeVisibleAnnotations (and nested annotations
	// inside them).
	Visible bool
	// Elements holds the explicit element-value pairs in class-file order;
	// defaults declared on the annotation type are not included.
	Elements []ElementPair
}

// ElementPair is one element_value_pair of an annotation.
type ElementPair struct {
	Name  string
	Value ElementValue
}

// Value returns the value of the element called name.
func (a *Annotation) Value(name string) (ElementValue, bool) {
	for i := range a.Elements {
		if a.Elements[i].Name == name {
			return a.Elements[i].Value, true
		}
	}
	return ElementValue{}, false
}

// ElementValue is an annotation element_value (JVMS §4.7.16.1).
type ElementValue struct {
	// Tag is one of 'B','C','D','F','I','J','S','Z','s','e','c','@','['.
	Tag byte
	// Const holds the value for the primitive tags and 's': int32 for
	// B C I S Z, int64 for J, float32 for F, float64 for D, string for s.
	Const Constant
	// EnumType (a descriptor) and EnumName are set for 'e'.
	EnumType, EnumName string
	// Class is the return descriptor for 'c' ("Ljava/lang/String;", "V", "I").
	Class string
	// Annotation is set for '@'.
	Annotation *Annotation
	// Array is set for '['.
	Array []ElementValue
}

// Int returns the value of a B, C, I, S or Z element.
func (v ElementValue) Int() (int32, bool) {
	x, ok := v.Const.(int32)
	return x, ok
}

// String returns the value of an s element.
func (v ElementValue) String() (string, bool) {
	x, ok := v.Const.(string)
	return x, ok && v.Tag == 's'
}

// Ints returns the values of an array of B, C, I, S or Z elements (e.g.
// kotlin.Metadata mv). An empty array yields an empty, non-nil slice.
func (v ElementValue) Ints() ([]int32, bool) {
	if v.Tag != '[' {
		return nil, false
	}
	out := make([]int32, len(v.Array))
	for i, e := range v.Array {
		x, ok := e.Int()
		if !ok {
			return nil, false
		}
		out[i] = x
	}
	return out, true
}

func findAnnotation(anns []Annotation, descriptor string) *Annotation {
	for i := range anns {
		if anns[i].Type == descriptor {
			return &anns[i]
		}
	}
	return nil
}

// appendAnnotations decodes a validated annotations attribute body.
func appendAnnotations(dst []Annotation, c *cursor, p *ConstantPool, visible bool) []Annotation {
	anns := readAnnotations(c, p, true)
	for i := range anns {
		setVisible(&anns[i], visible)
	}
	return append(dst, anns...)
}

func setVisible(a *Annotation, visible bool) {
	a.Visible = visible
	for i := range a.Elements {
		setVisibleValue(&a.Elements[i].Value, visible)
	}
}

func setVisibleValue(v *ElementValue, visible bool) {
	if v.Annotation != nil {
		setVisible(v.Annotation, visible)
	}
	for i := range v.Array {
		setVisibleValue(&v.Array[i], visible)
	}
}

// readAnnotations reads num_annotations and the annotations that follow. With
// build false it only validates (nothing is allocated); with build true the
// input must already have been validated.
func readAnnotations(c *cursor, p *ConstantPool, build bool) []Annotation {
	c.mark = c.off
	n := c.count(4, "annotations")
	var out []Annotation
	if build && n > 0 {
		out = make([]Annotation, n)
	}
	for i := 0; i < n && !c.failed; i++ {
		if build {
			readAnnotation(c, p, &out[i], 0)
		} else {
			readAnnotation(c, p, nil, 0)
		}
	}
	return out
}

func readAnnotation(c *cursor, p *ConstantPool, a *Annotation, depth int) {
	if depth > p.maxNesting() {
		c.fail("annotations nested more than " + strconv.Itoa(p.maxNesting()) + " deep (Limits.MaxNesting)")
		return
	}
	c.mark = c.off
	ti := c.u2()
	if !p.check(c, ti, TagUtf8) {
		return
	}
	n := c.count(5, "element-value pairs")
	if a != nil {
		a.Type = p.utf8(ti)
		if n > 0 {
			a.Elements = make([]ElementPair, n)
		}
	}
	for i := 0; i < n && !c.failed; i++ {
		c.mark = c.off
		ni := c.u2()
		if !p.check(c, ni, TagUtf8) {
			return
		}
		if a != nil {
			a.Elements[i].Name = p.utf8(ni)
			readElementValue(c, p, &a.Elements[i].Value, depth)
		} else {
			readElementValue(c, p, nil, depth)
		}
	}
}

func readElementValue(c *cursor, p *ConstantPool, v *ElementValue, depth int) {
	c.mark = c.off
	tag := c.u1()
	if c.failed {
		return
	}
	if v != nil {
		v.Tag = tag
	}
	switch tag {
	case 'B', 'C', 'I', 'S', 'Z', 'D', 'F', 'J', 's':
		want := TagInteger
		switch tag {
		case 'D':
			want = TagDouble
		case 'F':
			want = TagFloat
		case 'J':
			want = TagLong
		case 's':
			want = TagUtf8
		}
		idx := c.u2()
		if !p.check(c, idx, want) || v == nil {
			return
		}
		if tag == 's' {
			v.Const = p.utf8(idx)
		} else {
			v.Const, _ = p.Constant(idx)
		}
	case 'e':
		ti, ni := c.u2(), c.u2()
		if p.check(c, ti, TagUtf8) && p.check(c, ni, TagUtf8) && v != nil {
			v.EnumType, v.EnumName = p.utf8(ti), p.utf8(ni)
		}
	case 'c':
		ci := c.u2()
		if p.check(c, ci, TagUtf8) && v != nil {
			v.Class = p.utf8(ci)
		}
	case '@':
		if v != nil {
			v.Annotation = &Annotation{}
			readAnnotation(c, p, v.Annotation, depth+1)
		} else {
			readAnnotation(c, p, nil, depth+1)
		}
	case '[':
		n := c.count(3, "array elements")
		if depth+1 > p.maxNesting() {
			c.fail("annotations nested more than " + strconv.Itoa(p.maxNesting()) + " deep (Limits.MaxNesting)")
			return
		}
		if v != nil {
			v.Array = make([]ElementValue, n)
		}
		for i := 0; i < n && !c.failed; i++ {
			if v != nil {
				readElementValue(c, p, &v.Array[i], depth+1)
			} else {
				readElementValue(c, p, nil, depth+1)
			}
		}
	default:
		c.fail("bad element_value tag " + quoteByte(tag))
	}
}

func quoteByte(b byte) string {
	if b >= 0x20 && b < 0x7f {
		return "'" + string(rune(b)) + "'"
	}
	const hex = "0123456789abcdef"
	return "0x" + string([]byte{hex[b>>4], hex[b&15]})
}
