package classfile

import (
	"bytes"
	"strconv"
)

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
