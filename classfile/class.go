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

// ParseOptions controls how much of a class Parse decodes.
type ParseOptions struct {
	// SkipCode leaves Method.Code nil and does not validate Code attributes,
	// like ASM's SKIP_CODE.
	SkipCode bool
	// MaxNesting caps how deeply annotation values, and the types of
	// signatures and descriptors, may nest; 0 means DefaultMaxNesting.
	MaxNesting int
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

	// shared is set when a Shared hands the class to several classpaths: Derived keeps what it
	// computes.
	shared    bool
	derivedMu sync.Mutex
	derived   map[any]any
}

// Derived returns derive(), computed once and kept with c when c is shared between classpaths
// (a Shared hands one parsed class to a diff's two sides), so that a fact a later stage of the
// pipeline decodes from the class (its Kotlin metadata) is decoded once for both; for a class
// of one classpath it just calls derive. key names the fact (a value of an unexported type of
// the caller's package); the value must not be modified once returned.
func (c *Class) Derived(key any, derive func() any) any {
	if !c.shared {
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

// Parse parses a class file. data is retained (not copied) and must not be
// modified while the Class is in use.
//
// The reader works like ASM's ClassReader: a class stays in one []byte, the
// constant pool is walked once to record entry offsets and tags, and every
// read goes through one bounds-checked cursor with a sticky error. Parse
// validates the whole structure (constant-pool references and tags, counts,
// attribute lengths, code_length within 1..65535, exception ranges, one
// attribute of each kind that the JVM allows once, annotation trees) up
// front, so the accessors on *Class cannot fail: field, method, annotation
// and inner-class lists are materialised on first use by the same code that
// validated them, and strings are decoded lazily, once per constant-pool
// index. Bytecode is decoded only when Code.Instructions is called. Counts
// read from the file never size an allocation before they are checked
// against the bytes left.
func Parse(data []byte) (*Class, error) {
	return ParseWithOptions(data, ParseOptions{})
}

// ParseWithOptions is Parse with options. Errors are *FormatError; a bad magic
// number wraps ErrNotClassFile.
func ParseWithOptions(data []byte, opts ParseOptions) (*Class, error) {
	p := parser{c: newCursor(data, 0), cls: &Class{data: data, opts: opts}}
	if err := p.parse(); err != nil {
		return nil, err
	}
	return p.cls, nil
}

// parser validates a class in Parse (build false) and, over the same bytes
// with the same code, decodes its lazily read parts (build true): what the
// accessors read is exactly what was validated.
type parser struct {
	c     cursor
	cls   *Class
	pool  *ConstantPool
	name  string
	build bool

	nestingChecked []bool // by constant-pool index, for checkNesting
}

// Attribute names compared as bytes, before any string is made.
var (
	attrCode            = []byte("Code")
	attrConstantValue   = []byte("ConstantValue")
	attrSignature       = []byte("Signature")
	attrSourceFile      = []byte("SourceFile")
	attrVisibleAnns     = []byte("RuntimeVisibleAnnotations")
	attrInvisibleAnns   = []byte("RuntimeInvisibleAnnotations")
	attrInnerClasses    = []byte("InnerClasses")
	attrEnclosingMethod = []byte("EnclosingMethod")
	classMagic          = []byte{0xCA, 0xFE, 0xBA, 0xBE}
)

const (
	errTrailingAttrBytes  = "attribute length does not match its contents"
	errAttrLengthOverflow = "attribute length exceeds remaining data"
)

func (p *parser) err() error {
	if !p.c.failed {
		return nil
	}
	return &FormatError{Class: p.name, Offset: int64(p.c.errOff), Msg: p.c.errMsg}
}

func (p *parser) parse() error {
	c := &p.c
	if len(c.data) < 4 || !bytes.Equal(c.data[:4], classMagic) {
		return &FormatError{Offset: 0, Msg: "bad magic", Err: ErrNotClassFile}
	}
	c.off = 4
	c.mark = 4
	cls := p.cls
	cls.Version.Minor = c.u2()
	cls.Version.Major = c.u2()
	p.pool = readPool(c)
	if c.failed {
		return p.err()
	}
	cls.pool = p.pool
	p.pool.nesting = p.cls.opts.MaxNesting
	p.pool.validate(c)
	if c.failed {
		return p.err()
	}

	c.mark = c.off
	cls.Access = AccessFlags(c.u2())
	cls.this = c.u2()
	if !p.pool.check(c, cls.this, TagClass) {
		return p.err()
	}
	p.name = p.pool.className(cls.this)
	p.pool.class = p.name
	cls.super = c.u2()
	p.pool.checkOpt(c, cls.super, TagClass)
	c.mark = c.off
	cls.ifaceCount = c.count(2, "interfaces")
	cls.ifaceOff = c.off
	for i := 0; i < cls.ifaceCount && !c.failed; i++ {
		c.mark = c.off
		p.pool.check(c, c.u2(), TagClass)
	}
	if c.failed {
		return p.err()
	}

	cls.fieldsOff = c.off
	p.members(false, nil)
	if c.failed {
		return p.err()
	}
	cls.methodsOff = c.off
	p.members(true, nil)
	if c.failed {
		return p.err()
	}
	p.classAttributes()
	if c.failed {
		return p.err()
	}
	// Trailing bytes after the last attribute are tolerated, as the JVM's
	// format check is the only thing that cares and some tools pad classes.
	return nil
}

// attrHeader reads attribute_name_index and attribute_length and returns the
// name bytes and a cursor confined to the attribute body.
func (p *parser) attrHeader() (name []byte, body cursor, ok bool) {
	c := &p.c
	c.mark = c.off
	start := c.off
	idx := c.u2()
	n := c.u4()
	if !p.pool.check(c, idx, TagUtf8) {
		return nil, cursor{}, false
	}
	if uint64(n) > uint64(c.left()) {
		c.fail(errAttrLengthOverflow)
		return nil, cursor{}, false
	}
	body = cursor{data: c.data[:c.off+int(n)], off: c.off, mark: start}
	c.off += int(n)
	return p.pool.utf8Bytes(idx), body, true
}

// sub reports an error found inside an attribute body on the main cursor,
// as does a body not read to its end.
func (p *parser) sub(body *cursor) bool {
	if body.failed {
		p.c.failAt(body.errOff, body.errMsg)
		return false
	}
	if body.off != len(body.data) {
		p.c.failAt(body.mark, errTrailingAttrBytes)
		return false
	}
	return true
}

// within prefixes the error, if any, with the structure it was found in, so
// that the message names the field, method or attribute.
func (p *parser) within(what string) {
	if p.c.failed {
		p.c.errMsg = what + ": " + p.c.errMsg
	}
}

// once fails on the second attribute of a kind a structure may hold only one
// of (JVMS §4.7: Code, ConstantValue, Signature, SourceFile, InnerClasses,
// EnclosingMethod, Runtime(In)VisibleAnnotations); which copy would count is
// a guess, and the JVM refuses such a class.
func (p *parser) once(seen *uint16, bit uint16, name []byte) bool {
	if *seen&bit != 0 {
		p.c.failAt(p.c.mark, "more than one "+string(name)+" attribute")
		return false
	}
	*seen |= bit
	return true
}

// Bits of once's seen set.
const (
	seenCode uint16 = 1 << iota
	seenConstantValue
	seenSignature
	seenSourceFile
	seenVisibleAnns
	seenInvisibleAnns
	seenInnerClasses
	seenEnclosingMethod
)

// u2attr reads an attribute that holds a single constant-pool index with one
// of the tags want; ok is false (the error on the main cursor) otherwise.
func (p *parser) u2attr(body *cursor, want ...Tag) (idx uint16, ok bool) {
	idx = body.u2()
	if !body.failed {
		t := p.pool.Tag(idx)
		okTag := false
		for _, w := range want {
			okTag = okTag || t == w
		}
		if !okTag {
			p.pool.check(body, idx, want[0])
		}
	}
	// Report every failure, a short body's included: a Signature of length 0
	// accepted here was read as index 0 later.
	return idx, p.sub(body)
}

// member is one field_info or method_info as members reads it.
type member struct {
	access      AccessFlags
	name, desc  uint16
	signature   uint16
	constant    uint16
	annotations []Annotation
	code        *Code
}

// members validates, or with p.build decodes, the fields or methods at the
// cursor; fn (if not nil) receives each member read.
func (p *parser) members(methods bool, fn func(m member)) {
	c := &p.c
	c.mark = c.off
	what, plural := "field", "fields"
	if methods {
		what, plural = "method", "methods"
	}
	n := c.count(8, plural)
	for i := 0; i < n && !c.failed; i++ {
		c.mark = c.off
		var m member
		m.access = AccessFlags(c.u2())
		m.name = c.u2()
		m.desc = c.u2()
		if p.pool.check(c, m.name, TagUtf8) && p.pool.check(c, m.desc, TagUtf8) && !p.build {
			p.checkNesting(c, m.desc, "descriptor")
		}
		var seen uint16
		ac := c.count(6, "attributes")
		for j := 0; j < ac && !c.failed; j++ {
			p.memberAttribute(methods, &m, &seen)
		}
		if c.failed {
			p.within(p.memberName(what, i, m.name, m.desc))
			return
		}
		if fn != nil {
			fn(m) // by value: a pointer would move every member to the heap
		}
	}
}

// memberAttribute reads one attribute of a field or method into m.
func (p *parser) memberAttribute(methods bool, m *member, seen *uint16) {
	name, body, ok := p.attrHeader()
	if !ok {
		return
	}
	switch {
	case bytes.Equal(name, attrSignature):
		if p.once(seen, seenSignature, name) {
			si, ok := p.u2attr(&body, TagUtf8)
			switch {
			case ok && p.build:
				m.signature = si
			case ok:
				p.checkNesting(&p.c, si, "signature")
			}
		}
	case !methods && bytes.Equal(name, attrConstantValue):
		if p.once(seen, seenConstantValue, name) {
			m.constant, _ = p.u2attr(&body, TagInteger, TagLong, TagFloat, TagDouble, TagString)
		}
	case bytes.Equal(name, attrVisibleAnns), bytes.Equal(name, attrInvisibleAnns):
		visible := bytes.Equal(name, attrVisibleAnns)
		bit := seenInvisibleAnns
		if visible {
			bit = seenVisibleAnns
		}
		if p.once(seen, bit, name) {
			anns := readAnnotations(&body, p.pool, p.build)
			if p.sub(&body) && p.build {
				// Visible ones first, whatever the attribute order.
				for i := range anns {
					setVisible(&anns[i], visible)
				}
				if visible {
					m.annotations = append(anns, m.annotations...)
				} else {
					m.annotations = append(m.annotations, anns...)
				}
			}
		}
	case methods && bytes.Equal(name, attrCode):
		// Two Code attributes are refused even under SkipCode: the class is
		// malformed whatever the reader wants of it.
		if p.once(seen, seenCode, name) && !p.cls.opts.SkipCode {
			code := readCode(&body, p.pool, p.build)
			if p.sub(&body) {
				m.code = code
			}
		}
	}
	if p.c.failed {
		p.within(string(name) + " attribute")
	}
}

// memberName names a field or method for an error message: by name and
// descriptor when they are valid, else by position.
func (p *parser) memberName(what string, i int, name, desc uint16) string {
	if p.pool.Tag(name) == TagUtf8 && p.pool.Tag(desc) == TagUtf8 {
		return what + " " + strconv.Quote(p.pool.utf8(name)+" "+p.pool.utf8(desc))
	}
	return what + " #" + strconv.Itoa(i)
}

// checkNesting fails when the descriptor or signature at index nests types
// (type arguments and array dimensions) deeper than the limit, so that no
// recursive parser of it, here or in a caller, can be driven arbitrarily deep.
func (p *parser) checkNesting(c *cursor, index uint16, what string) {
	// Each level of nesting takes a character ('[' or '<'): a descriptor no
	// longer than the limit is within it, which is nearly every descriptor.
	limit := p.pool.maxNesting()
	if len(p.pool.utf8Bytes(index)) <= limit {
		return
	}
	// Many members share a descriptor: check each constant once, or a class
	// of 65535 methods with one 64 KiB descriptor costs 4 billion steps.
	if p.nestingChecked == nil {
		p.nestingChecked = make([]bool, p.pool.Len())
	}
	if int(index) >= len(p.nestingChecked) || p.nestingChecked[index] {
		return
	}
	p.nestingChecked[index] = true
	if n := typeNesting(p.pool.utf8Bytes(index)); n > limit {
		c.fail(what + " nests types " + strconv.Itoa(n) + " deep, more than the limit of " + strconv.Itoa(limit) + " (Limits.MaxNesting)")
	}
}

// typeNesting is how deeply the types of a descriptor or generic signature
// nest: each type-argument list and each array dimension is one level.
func typeNesting(s []byte) int {
	var open []int // levels each unclosed '<' added
	depth, run, most := 0, 0, 0
	inName := false // inside the name of an L or T type
	for _, b := range s {
		switch {
		case inName && b == '<':
			open = append(open, run+1)
			depth += run + 1
			run, inName = 0, false
		case inName && b == ';':
			run, inName = 0, false
		case inName:
		case b == '[':
			run++
		case b == 'L' || b == 'T':
			inName = true
		case b == '>':
			if len(open) > 0 {
				depth -= open[len(open)-1]
				open = open[:len(open)-1]
				inName = true // an inner class may follow: ">.Inner<...>;" or ">;"
			}
		default:
			run = 0
		}
		most = max(most, depth+run)
	}
	return most
}

func (p *parser) classAttributes() {
	c := &p.c
	c.mark = c.off
	n := c.count(6, "attributes")
	cls := p.cls
	var seen uint16
	for j := 0; j < n && !c.failed; j++ {
		name, body, ok := p.attrHeader()
		if !ok {
			return
		}
		whole := span{body.off, len(body.data)}
		switch {
		case bytes.Equal(name, attrSourceFile):
			if p.once(&seen, seenSourceFile, name) {
				cls.sourceFile, _ = p.u2attr(&body, TagUtf8)
			}
		case bytes.Equal(name, attrSignature):
			if p.once(&seen, seenSignature, name) {
				if si, ok := p.u2attr(&body, TagUtf8); ok {
					cls.signature = si
					p.checkNesting(c, si, "signature")
				}
			}
		case bytes.Equal(name, attrVisibleAnns):
			if p.once(&seen, seenVisibleAnns, name) {
				cls.visAnn = whole
				readAnnotations(&body, p.pool, false)
				p.sub(&body)
			}
		case bytes.Equal(name, attrInvisibleAnns):
			if p.once(&seen, seenInvisibleAnns, name) {
				cls.invisAnn = whole
				readAnnotations(&body, p.pool, false)
				p.sub(&body)
			}
		case bytes.Equal(name, attrInnerClasses):
			if p.once(&seen, seenInnerClasses, name) {
				cls.inner = whole
				p.innerClasses(&body)
				p.sub(&body)
			}
		case bytes.Equal(name, attrEnclosingMethod):
			if p.once(&seen, seenEnclosingMethod, name) {
				ci := body.u2()
				mi := body.u2()
				if p.pool.check(&body, ci, TagClass) && p.pool.checkOpt(&body, mi, TagNameAndType) && p.sub(&body) {
					em := &enclosingMethod{Class: p.pool.className(ci)}
					if mi != 0 {
						nt := p.pool.nameAndType(mi)
						em.Name, em.Descriptor = nt.Name, nt.Descriptor
					}
					cls.enclosing = em
				} else {
					p.sub(&body)
				}
			}
		}
		if c.failed {
			p.within(string(name) + " attribute")
		}
	}
}

// innerClasses validates, or with p.build decodes, an InnerClasses body.
func (p *parser) innerClasses(body *cursor) []InnerClass {
	k := body.count(8, "inner classes")
	var out []InnerClass
	if p.build {
		out = make([]InnerClass, 0, k)
	}
	for i := 0; i < k && !body.failed; i++ {
		body.mark = body.off
		ci, oi, ni, acc := body.u2(), body.u2(), body.u2(), body.u2()
		if p.pool.check(body, ci, TagClass) && p.pool.checkOpt(body, oi, TagClass) && p.pool.checkOpt(body, ni, TagUtf8) && p.build {
			out = append(out, InnerClass{Inner: p.pool.className(ci), Outer: p.pool.classNameOpt(oi),
				InnerName: p.pool.utf8Opt(ni), Access: AccessFlags(acc)})
		}
	}
	return out
}

// reader returns a parser that decodes, at offset off, what Parse validated.
func (c *Class) reader(off int) *parser {
	return &parser{c: newCursor(c.data, off), cls: c, pool: c.pool, name: c.pool.class, build: true}
}

// body returns a cursor over an attribute body recorded by Parse.
func (c *Class) body(s span) cursor {
	return cursor{data: c.data[:s.end], off: s.off, mark: s.off}
}

// decoded counts a fault (see faults) when a lazy decode of validated bytes
// failed or stopped short of its end.
func decoded(cur *cursor) {
	if cur.failed || cur.off != len(cur.data) {
		faults.Add(1)
	}
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
