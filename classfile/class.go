package classfile

import (
	"bytes"
	"strconv"
	"sync"
	"sync/atomic"
)

// Version is a class-file version; Java 8 is 52.0, Java 17 is 61.0.
type Version struct{ Major, Minor uint16 }

// String returns "major.minor", e.g. "61.0".
func (v Version) String() string {
	return strconv.Itoa(int(v.Major)) + "." + strconv.Itoa(int(v.Minor))
}

// java returns the Java SE release that introduced this major version (1 for
// 45 through 48 meaning 1.0-1.4, 5 for 49, 8 for 52, ...), or 0 if unknown.
func (v Version) java() int {
	switch {
	case v.Major < 45:
		return 0
	case v.Major <= 48:
		return 1
	}
	return int(v.Major) - 44
}

// DefaultMaxNesting caps how deeply annotation values and the types of a generic signature or
// descriptor nest (ParseOptions.MaxNesting): 255, the JVM's limit on array dimensions.
const DefaultMaxNesting = 255

// ParseOptions controls how much of a class Parse decodes.
type ParseOptions struct {
	// SkipCode leaves Method.Code nil and does not validate Code attributes,
	// like ASM's SKIP_CODE.
	SkipCode bool
	// MaxNesting caps how deeply annotation values, and the types of
	// signatures and descriptors, may nest; 0 means DefaultMaxNesting.
	MaxNesting int
	// Shared says that the class will be handed to several readers (an archive.Shared hands
	// one parsed class to a diff's two sides): Class.Derived then keeps what it computes.
	Shared bool
}

// A Class is a parsed class file. The zero value is not useful; use Parse.
// It is safe for concurrent use.
type Class struct {
	// Version is the class-file version.
	Version Version
	// Access holds the class access_flags.
	Access AccessFlags

	data []byte
	pool *ConstantPool
	opts ParseOptions

	this, super uint16
	ifaceOff    int // offset of the first interface index
	ifaceCount  int
	fieldsOff   int // offset of fields_count
	methodsOff  int // offset of methods_count

	sourceFile, signature uint16
	visAnn, invisAnn      span // annotation attribute bodies
	inner                 span // the InnerClasses attribute body
	enclosing             *enclosingMethod

	ifacesOnce  sync.Once
	ifaces      []string
	fieldsOnce  sync.Once
	fields      []Field
	methodsOnce sync.Once
	methods     []Method
	annsOnce    sync.Once
	anns        []Annotation
	innerOnce   sync.Once
	innerList   []InnerClass

	derivedMu sync.Mutex
	derived   map[any]any
}

// Derived returns derive(), computed once and kept with c when c is shared between classpaths
// (parsed with ParseOptions.Shared), so that a fact a later stage of the
// pipeline decodes from the class (its Kotlin metadata) is decoded once for both; for a class
// of one classpath it just calls derive. key names the fact (a value of an unexported type of
// the caller's package); the value must not be modified once returned.
func (c *Class) Derived(key any, derive func() any) any {
	if !c.opts.Shared {
		return derive()
	}
	c.derivedMu.Lock()
	v, ok := c.derived[key]
	c.derivedMu.Unlock()
	if ok {
		return v
	}
	v = derive() // outside the lock: derive may ask for other facts of c
	c.derivedMu.Lock()
	defer c.derivedMu.Unlock()
	if first, ok := c.derived[key]; ok {
		return first // another goroutine derived it meanwhile: everyone gets one value
	}
	if c.derived == nil {
		c.derived = map[any]any{}
	}
	c.derived[key] = v
	return v
}

// Release gives up c's storage: its constant pool's arrays go back for the next Parse to reuse,
// and it returns the bytes c was parsed from, for its caller to read the next class into. c and
// everything read from it that is not a string or a number (a Method's Code, a Pool) must not be
// used afterwards: a caller that releases a class owns it alone. A class parsed with
// ParseOptions.Shared is not released: it returns nil.
func (c *Class) Release() []byte {
	if c.opts.Shared || c.pool == nil {
		return nil
	}
	data := c.data
	c.pool.release()
	c.pool, c.data = nil, nil
	return data
}

// span is an attribute body, data[off:end]; the zero span is an absent
// attribute (no body ends at offset 0).
type span struct{ off, end int }

func (s span) present() bool { return s.end > 0 }

// faults counts the times a lazy accessor found bytes that Parse had
// validated to be invalid after all: a gap in validation, which costs a
// partial or zero value instead of a panic. The accessors decode with the
// code that validated the bytes, so it should stay 0; tests and fuzz
// targets check that it does.
var faults atomic.Int64

// Field is a field_info.
type Field struct {
	Access     AccessFlags
	Name       string
	Descriptor string
	Signature  string // generic signature, "" if absent
	// ConstantValue is the ConstantValue attribute (int32, int64, float32,
	// float64 or string), nil if absent.
	ConstantValue Constant
	// Annotations holds the visible then the invisible annotations.
	Annotations []Annotation
}

// Method is a method_info.
type Method struct {
	Access     AccessFlags
	Name       string
	Descriptor string
	Signature  string // generic signature, "" if absent
	// Annotations holds the visible then the invisible annotations.
	Annotations []Annotation
	// Code is the Code attribute, nil for abstract and native methods or when
	// parsed with SkipCode.
	Code *Code
}

// Annotation returns the method annotation with the given type descriptor, or nil.
func (m *Method) Annotation(descriptor string) *Annotation {
	return findAnnotation(m.Annotations, descriptor)
}

// InnerClass is one entry of the InnerClasses attribute. Outer and InnerName
// are "" for local and anonymous classes.
type InnerClass struct {
	Inner     string
	Outer     string
	InnerName string
	Access    AccessFlags
}

// enclosingMethod is the EnclosingMethod attribute of a local or anonymous
// class. Name and Descriptor are "" when the class is not enclosed by a
// method (e.g. it appears in an initializer).
type enclosingMethod struct {
	Class      string
	Name       string
	Descriptor string
}

// Name returns the internal name of the class, e.g. "com/example/Foo$Inner".
func (c *Class) Name() string { return c.pool.className(c.this) }

// SuperName returns the internal name of the superclass, "" for
// java/lang/Object and module-info.
func (c *Class) SuperName() string { return c.pool.classNameOpt(c.super) }

// Interfaces returns the internal names of the direct superinterfaces.
func (c *Class) Interfaces() []string {
	c.ifacesOnce.Do(func() {
		if c.ifaceCount == 0 {
			return
		}
		c.ifaces = make([]string, c.ifaceCount)
		cur := newCursor(c.data, c.ifaceOff)
		for i := range c.ifaces {
			c.ifaces[i] = c.pool.className(cur.u2())
		}
	})
	return c.ifaces
}

// SourceFile returns the SourceFile attribute, "" if absent.
func (c *Class) SourceFile() string { return c.pool.utf8Opt(c.sourceFile) }

// Mentions reports whether a Utf8 constant of the class contains s. The constant pool keeps class
// names and descriptors verbatim (modified UTF-8 is UTF-8 for text without NUL or supplementary
// characters), so this tells cheaply, without decoding anything, whether a class can refer to a
// given class at all.
func (c *Class) Mentions(s string) bool {
	p, sb := c.pool, []byte(s)
	for i, t := range p.tags {
		if t != TagUtf8 {
			continue
		}
		// Most constants are short names: skip those without reading them.
		if b := p.utf8Bytes(uint16(i)); len(b) >= len(sb) && bytes.Contains(b, sb) {
			return true
		}
	}
	return false
}

// Signature returns the generic Signature attribute, "" if absent.
func (c *Class) Signature() string { return c.pool.utf8Opt(c.signature) }

// Pool returns the constant pool.
func (c *Class) Pool() *ConstantPool { return c.pool }

// InnerClasses returns the InnerClasses attribute entries.
func (c *Class) InnerClasses() []InnerClass {
	c.innerOnce.Do(func() {
		if !c.inner.present() {
			return
		}
		cur := c.body(c.inner)
		c.innerList = c.reader(0).innerClasses(&cur)
		decoded(&cur)
	})
	return c.innerList
}

// Annotations returns the class's RuntimeVisibleAnnotations followed by its
// RuntimeInvisibleAnnotations.
func (c *Class) Annotations() []Annotation {
	c.annsOnce.Do(func() {
		c.anns = c.annotationsAt(nil, c.visAnn, true)
		c.anns = c.annotationsAt(c.anns, c.invisAnn, false)
	})
	return c.anns
}

// AnnotationTypes returns the type descriptors of the class annotations, in the order of
// Annotations, without building their elements.
func (c *Class) AnnotationTypes() []string {
	var out []string
	for _, s := range [2]span{c.visAnn, c.invisAnn} {
		if !s.present() {
			continue
		}
		cur := c.body(s)
		for n := int(cur.u2()); n > 0 && !cur.failed; n-- {
			out = append(out, c.pool.utf8(cur.u2()))
			skipElements(&cur)
		}
	}
	return out
}

// AnnotationValue returns the element name of the class annotation of type descriptor, as
// Annotation(descriptor).Value(name) does, building only that element: for a reader of a few
// elements of one annotation on a hot path (kotlin.Metadata's, say).
func (c *Class) AnnotationValue(descriptor, name string) (ElementValue, bool) {
	cur, visible, ok := c.findElement(descriptor, name)
	if !ok {
		return ElementValue{}, false
	}
	var v ElementValue
	readElementValue(&cur, c.pool, &v, 0)
	setVisibleValue(&v, visible)
	return v, !cur.failed
}

// AnnotationStrings returns the strings of an array-of-strings element of the class annotation
// of type descriptor (kotlin.Metadata's d1 and d2, say), without an ElementValue per string: ok
// is false unless the element is an array of s elements, and an empty array yields an empty,
// non-nil slice.
func (c *Class) AnnotationStrings(descriptor, name string) ([]string, bool) {
	cur, _, ok := c.findElement(descriptor, name)
	if !ok || cur.u1() != '[' {
		return nil, false
	}
	n := int(cur.u2())
	out := make([]string, 0, n)
	for ; n > 0 && !cur.failed; n-- {
		if cur.u1() != 's' {
			return nil, false
		}
		out = append(out, c.pool.utf8(cur.u2()))
	}
	return out, !cur.failed
}

// AnnotationUTF8 appends to dst the raw modified UTF-8 bytes of the strings AnnotationStrings
// returns for the same element, and its ok: for a reader that decodes them its own way
// (kotlin.Metadata's d1 into bytes, say) without making a string of each. An empty array
// appends nothing and is ok; when ok is false nothing is appended, except for strings before a
// truncation that Parse should have refused, which AnnotationStrings returns too.
//
// The slices alias the class's bytes: they are valid only while c is, and must not be
// modified. A class may be recycled (Release), so a caller copies what it keeps.
func (c *Class) AnnotationUTF8(descriptor, name string, dst [][]byte) ([][]byte, bool) {
	cur, _, ok := c.findElement(descriptor, name)
	if !ok || cur.u1() != '[' {
		return dst, false
	}
	start := len(dst)
	for n := int(cur.u2()); n > 0 && !cur.failed; n-- {
		if cur.u1() != 's' {
			return dst[:start], false
		}
		b := c.pool.utf8Bytes(cur.u2())
		dst = append(dst, b[:len(b):len(b)]) // capped: an append by the caller copies
	}
	return dst, !cur.failed
}

// findElement leaves a cursor at the element_value of element name of the first class annotation
// of type descriptor; the annotations were validated when the class was parsed.
func (c *Class) findElement(descriptor, name string) (cur cursor, visible, ok bool) {
	for k, s := range [2]span{c.visAnn, c.invisAnn} {
		if !s.present() {
			continue
		}
		cur = c.body(s)
		for n := int(cur.u2()); n > 0 && !cur.failed; n-- {
			if !c.pool.utf8Is(cur.u2(), descriptor) {
				skipElements(&cur)
				continue
			}
			for m := int(cur.u2()); m > 0 && !cur.failed; m-- {
				if c.pool.utf8Is(cur.u2(), name) {
					return cur, k == 0, true
				}
				skipValue(&cur)
			}
			return cursor{}, false, false // like Annotation, only the first of that type
		}
	}
	return cursor{}, false, false
}

// skipElements moves cur past an annotation's element_value_pairs, validated when the class was
// parsed: their structure alone, no constant looked at.
func skipElements(cur *cursor) {
	for m := int(cur.u2()); m > 0 && !cur.failed; m-- {
		cur.skip(2)
		skipValue(cur)
	}
}

// skipValue moves cur past a validated element_value.
func skipValue(cur *cursor) {
	switch cur.u1() {
	case 'e':
		cur.skip(4)
	case '@':
		cur.skip(2)
		skipElements(cur)
	case '[':
		for n := int(cur.u2()); n > 0 && !cur.failed; n-- {
			skipValue(cur)
		}
	default: // a constant's or a class's index
		cur.skip(2)
	}
}

func (c *Class) annotationsAt(dst []Annotation, s span, visible bool) []Annotation {
	if !s.present() {
		return dst
	}
	cur := c.body(s)
	dst = appendAnnotations(dst, &cur, c.pool, visible)
	decoded(&cur)
	return dst
}

// Fields returns the fields in class-file order.
func (c *Class) Fields() []Field {
	c.fieldsOnce.Do(func() {
		p := c.reader(c.fieldsOff)
		p.members(false, func(m member) {
			if c.fields == nil {
				c.fields = make([]Field, 0, c.memberCount(c.fieldsOff))
			}
			f := Field{Access: m.access, Name: c.pool.utf8(m.name), Descriptor: c.pool.utf8(m.desc),
				Signature: c.pool.utf8Opt(m.signature), Annotations: m.annotations}
			if m.constant != 0 {
				f.ConstantValue, _ = c.pool.Constant(m.constant)
			}
			c.fields = append(c.fields, f)
		})
		if p.c.failed {
			faults.Add(1)
		}
	})
	return c.fields
}

// Methods returns the methods in class-file order.
func (c *Class) Methods() []Method {
	c.methodsOnce.Do(func() {
		p := c.reader(c.methodsOff)
		p.members(true, func(m member) {
			if c.methods == nil {
				c.methods = make([]Method, 0, c.memberCount(c.methodsOff))
			}
			c.methods = append(c.methods, Method{Access: m.access, Name: c.pool.utf8(m.name), Descriptor: c.pool.utf8(m.desc),
				Signature: c.pool.utf8Opt(m.signature), Annotations: m.annotations, Code: m.code})
		})
		if p.c.failed {
			faults.Add(1)
		}
	})
	return c.methods
}

// memberCount is the fields_count or methods_count at off, which Parse
// checked against the bytes left.
func (c *Class) memberCount(off int) int {
	cur := newCursor(c.data, off)
	return int(cur.u2())
}

// Method returns the first method with the given name and descriptor
// (descriptor "" matches any), or nil.
func (c *Class) Method(name, descriptor string) *Method {
	ms := c.Methods()
	for i := range ms {
		if ms[i].Name == name && (descriptor == "" || ms[i].Descriptor == descriptor) {
			return &ms[i]
		}
	}
	return nil
}

// Field returns the field with the given name, or nil.
func (c *Class) Field(name string) *Field {
	fs := c.Fields()
	for i := range fs {
		if fs[i].Name == name {
			return &fs[i]
		}
	}
	return nil
}
