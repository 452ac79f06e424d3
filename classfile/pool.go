package classfile

import (
	"math"
	"strconv"
	"sync"
	"sync/atomic"
)

// Tag is a constant-pool entry tag (JVMS table 4.4-B).
type Tag uint8

// Constant-pool tags. TagNone marks index 0 and the unusable second slot of a
// Long or Double.
const (
	TagNone               Tag = 0
	TagUtf8               Tag = 1
	TagInteger            Tag = 3
	TagFloat              Tag = 4
	TagLong               Tag = 5
	TagDouble             Tag = 6
	TagClass              Tag = 7
	TagString             Tag = 8
	TagFieldref           Tag = 9
	TagMethodref          Tag = 10
	TagInterfaceMethodref Tag = 11
	TagNameAndType        Tag = 12
	TagMethodHandle       Tag = 15
	TagMethodType         Tag = 16
	TagDynamic            Tag = 17
	TagInvokeDynamic      Tag = 18
	TagModule             Tag = 19
	TagPackage            Tag = 20
)

var tagNames = [...]string{
	TagNone: "none", TagUtf8: "Utf8", TagInteger: "Integer", TagFloat: "Float", TagLong: "Long",
	TagDouble: "Double", TagClass: "Class", TagString: "String", TagFieldref: "Fieldref",
	TagMethodref: "Methodref", TagInterfaceMethodref: "InterfaceMethodref",
	TagNameAndType: "NameAndType", TagMethodHandle: "MethodHandle", TagMethodType: "MethodType",
	TagDynamic: "Dynamic", TagInvokeDynamic: "InvokeDynamic", TagModule: "Module", TagPackage: "Package",
}

// String returns the JVMS name of the tag, e.g. "Methodref".
func (t Tag) String() string {
	if int(t) < len(tagNames) && tagNames[t] != "" {
		return tagNames[t]
	}
	return "Tag(" + strconv.Itoa(int(t)) + ")"
}

// entrySize is the size of each entry's payload after the tag byte; 0 means
// invalid, -1 means variable (Utf8).
var entrySize = [...]int8{
	TagUtf8: -1, TagInteger: 4, TagFloat: 4, TagLong: 8, TagDouble: 8, TagClass: 2, TagString: 2,
	TagFieldref: 4, TagMethodref: 4, TagInterfaceMethodref: 4, TagNameAndType: 4,
	TagMethodHandle: 3, TagMethodType: 2, TagDynamic: 4, TagInvokeDynamic: 4, TagModule: 2, TagPackage: 2,
}

// Constant is a decoded constant-pool value: int32, int64, float32, float64,
// string (a CONSTANT_String), or one of ClassRef, MemberRef, NameAndType,
// MethodHandle, MethodType, Dynamic, ModuleRef, PackageRef.
type Constant any

// ClassRef is a CONSTANT_Class: an internal name ("java/lang/String") or an
// array descriptor ("[Ljava/lang/String;").
type ClassRef struct{ Name string }

// MemberRef is a CONSTANT_Fieldref, Methodref or InterfaceMethodref; Kind is
// the tag (TagFieldref, TagMethodref or TagInterfaceMethodref) as a byte.
type MemberRef struct {
	Kind       byte
	Owner      string // internal name of the declaring class
	Name       string
	Descriptor string
}

// NameAndType is a CONSTANT_NameAndType.
type NameAndType struct{ Name, Descriptor string }

// MethodHandle is a CONSTANT_MethodHandle; RefKind is 1..9 (REF_getField ..
// REF_invokeInterface) and Ref the referenced field or method.
type MethodHandle struct {
	RefKind byte
	Ref     MemberRef
}

// MethodType is a CONSTANT_MethodType.
type MethodType struct{ Descriptor string }

// Dynamic is a CONSTANT_Dynamic or CONSTANT_InvokeDynamic (Kind tells which);
// BootstrapIndex indexes the BootstrapMethods attribute.
type Dynamic struct {
	Kind           byte
	BootstrapIndex uint16
	Name           string
	Descriptor     string
}

// ModuleRef is a CONSTANT_Module.
type ModuleRef struct{ Name string }

// PackageRef is a CONSTANT_Package (internal form, "java/lang").
type PackageRef struct{ Name string }

// ConstantPool gives access to a class's constant pool. Entries are located
// once at parse time; Utf8 values are decoded on first use and memoised per
// index, so concurrent readers are safe and each string is built once.
type ConstantPool struct {
	data    []byte
	offs    []uint32 // offset of each entry's payload (after the tag byte)
	tags    []Tag
	strs    []string        // decoded Utf8 entries by rank (utf8Rank), valid where their state is utf8Done
	rank    []uint16        // each Utf8 entry's place among the Utf8 entries: strs holds only those
	state   []atomic.Uint32 // 2 bits per index: utf8Absent, utf8Storing or utf8Done
	class   string          // for error messages, set after this_class is read
	nesting int             // ParseOptions.MaxNesting, 0 for the default
}

func (p *ConstantPool) maxNesting() int {
	if p.nesting <= 0 {
		return DefaultMaxNesting
	}
	return p.nesting
}

// Len returns constant_pool_count: valid indexes are 1..Len()-1.
func (p *ConstantPool) Len() int { return len(p.tags) }

// Tag returns the tag at index, or TagNone for 0, an out-of-range index, or
// the second slot of a Long or Double.
func (p *ConstantPool) Tag(index uint16) Tag {
	if int(index) >= len(p.tags) {
		return TagNone
	}
	return p.tags[index]
}

// readPool walks the constant pool once, recording where each entry starts.
func readPool(c *cursor) *ConstantPool {
	c.mark = c.off
	n := int(c.u2())
	if c.failed {
		return nil
	}
	// Each entry takes at least 3 bytes, so a count larger than that is a lie
	// we must not allocate for.
	if (n-1)*3 > c.left() {
		c.fail("constant pool count exceeds remaining data")
		return nil
	}
	if n == 0 {
		c.fail("constant pool count is 0")
		return nil
	}
	p := newConstantPool(c.data, n)
	for i := 1; i < n; i++ {
		c.mark = c.off
		t := Tag(c.u1())
		if c.failed {
			return nil
		}
		if int(t) >= len(entrySize) || entrySize[t] == 0 {
			c.fail("constant pool entry " + strconv.Itoa(i) + ": unknown tag " + strconv.Itoa(int(t)))
			return nil
		}
		p.tags[i] = t
		p.offs[i] = uint32(c.off)
		size := int(entrySize[t])
		if size < 0 {
			size = int(c.u2())
		}
		c.skip(size)
		if t == TagLong || t == TagDouble {
			i++ // the next slot is unusable; its tag stays TagNone
			if i >= n {
				c.fail("constant pool entry " + strconv.Itoa(i-1) + ": 8-byte constant in the last slot")
				return nil
			}
		}
	}
	if c.failed {
		return nil
	}
	// A string slot for each Utf8 entry only: about half the entries, and the only pointers.
	p.rank = grow(p.rank, n)
	u := 0
	for i, t := range p.tags {
		if t == TagUtf8 {
			p.rank[i] = uint16(u)
			u++
		}
	}
	p.strs = grow(p.strs, u)
	p.state = grow(p.state, (u+15)/16)
	return p
}

// pools holds the constant pools of released classes (Class.Release), whose arrays the next
// Parse reuses: a scan parses a class per entry, and these arrays are a sixth of what it
// allocates.
var pools sync.Pool

// newConstantPool returns a pool over data with room for n entries, all TagNone: a released
// one's arrays when they are large enough.
func newConstantPool(data []byte, n int) *ConstantPool {
	p, _ := pools.Get().(*ConstantPool)
	if p == nil {
		p = &ConstantPool{}
	}
	p.data = data
	p.offs = grow(p.offs, n)
	p.tags = grow(p.tags, n)
	return p
}

// maxPooledEntries is the largest pool release keeps: more entries than nearly every class has.
const maxPooledEntries = 1 << 13

// grow returns s's storage cut to n zeroed elements, or new storage when it is too small.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// release puts p back for the next Parse, keeping none of its strings alive.
func (p *ConstantPool) release() {
	if poisonReleased {
		for i := range p.offs {
			p.offs[i], p.tags[i], p.rank[i] = math.MaxUint32, 0xEE, math.MaxUint16
		}
		for i := range p.strs {
			p.strs[i] = "\x00poisoned"
		}
		return
	}
	if cap(p.offs) > maxPooledEntries {
		return // a rare giant: let it go rather than keep it for every later class
	}
	clear(p.strs)
	*p = ConstantPool{offs: p.offs[:0], tags: p.tags[:0], rank: p.rank[:0], strs: p.strs[:0], state: p.state[:0]}
	pools.Put(p)
}

// validate checks every cross-reference inside the pool so that accessors
// on validated indexes cannot fail later.
func (p *ConstantPool) validate(c *cursor) {
	for i := 1; i < len(p.tags) && !c.failed; i++ {
		t := p.tags[i]
		off := int(p.offs[i])
		c.mark = off - 1
		switch t {
		case TagClass, TagString, TagMethodType, TagModule, TagPackage:
			p.check(c, p.u2(off), TagUtf8)
		case TagFieldref, TagMethodref, TagInterfaceMethodref:
			p.check(c, p.u2(off), TagClass)
			p.check(c, p.u2(off+2), TagNameAndType)
		case TagNameAndType:
			p.check(c, p.u2(off), TagUtf8)
			p.check(c, p.u2(off+2), TagUtf8)
		case TagDynamic, TagInvokeDynamic:
			p.check(c, p.u2(off+2), TagNameAndType)
		case TagMethodHandle:
			kind := p.data[off]
			ref := p.u2(off + 1)
			switch kind {
			case 1, 2, 3, 4:
				p.check(c, ref, TagFieldref)
			case 5, 8:
				p.check(c, ref, TagMethodref)
			case 6, 7:
				if p.Tag(ref) != TagInterfaceMethodref {
					p.check(c, ref, TagMethodref)
				}
			case 9:
				p.check(c, ref, TagInterfaceMethodref)
			default:
				c.fail("constant pool entry " + strconv.Itoa(i) + ": bad method handle kind " + strconv.Itoa(int(kind)))
			}
		}
	}
}

// u2 reads a big-endian u2 at an offset recorded by readPool (always in range).
func (p *ConstantPool) u2(off int) uint16 {
	return uint16(p.data[off])<<8 | uint16(p.data[off+1])
}

func (p *ConstantPool) u4(off int) uint32 {
	d := p.data[off : off+4]
	return uint32(d[0])<<24 | uint32(d[1])<<16 | uint32(d[2])<<8 | uint32(d[3])
}

// check records a format error on c unless index holds an entry with tag want.
func (p *ConstantPool) check(c *cursor, index uint16, want Tag) bool {
	if c.failed {
		return false
	}
	if msg := p.badIndex(index, want); msg != "" {
		c.fail(msg)
		return false
	}
	return true
}

// checkOpt is check for an index that may also be 0 ("none").
func (p *ConstantPool) checkOpt(c *cursor, index uint16, want Tag) bool {
	return index == 0 || p.check(c, index, want)
}

func (p *ConstantPool) badIndex(index uint16, want Tag) string {
	if index == 0 {
		return "constant pool index 0 where a " + want.String() + " is required"
	}
	if int(index) >= len(p.tags) {
		return "constant pool index " + strconv.Itoa(int(index)) + " out of range (count " + strconv.Itoa(len(p.tags)) + ")"
	}
	if got := p.tags[index]; got != want {
		return "constant pool index " + strconv.Itoa(int(index)) + ": want " + want.String() + ", got " + got.String()
	}
	return ""
}

func (p *ConstantPool) errorf(index uint16, msg string) error {
	off := int64(-1)
	if int(index) < len(p.offs) && index != 0 {
		off = int64(p.offs[index]) - 1
	}
	return &FormatError{Class: p.class, Offset: off, Msg: msg}
}

// utf8 decodes the Utf8 entry at index, memoising the result. Callers pass
// indexes that Parse checked; any other is a fault (see faults) and gives "",
// never an out-of-range read.
func (p *ConstantPool) utf8(index uint16) string {
	if p.Tag(index) != TagUtf8 {
		faults.Add(1)
		return ""
	}
	r := p.rank[index]
	w, shift := &p.state[r/16], r%16*2
	if w.Load()>>shift&3 == utf8Done {
		return p.strs[r]
	}
	off := int(p.offs[index])
	n := int(p.u2(off))
	s := decodeModifiedUTF8(p.data[off+2 : off+2+n])
	// The first decoder to claim the slot stores its string; one that loses
	// the race (to a goroutine decoding the same entry) returns its own copy.
	// No lock, and no allocation beyond the string itself.
	for {
		old := w.Load()
		if old>>shift&3 != utf8Absent {
			return s
		}
		if w.CompareAndSwap(old, old|utf8Storing<<shift) {
			break
		}
	}
	p.strs[r] = s
	w.Or(utf8Done << shift)
	return s
}

// The states of a memoised Utf8 entry; storing, then done, each set a bit.
const (
	utf8Absent  uint32 = 0
	utf8Storing uint32 = 1
	utf8Done    uint32 = 3
)

// utf8Bytes returns the raw bytes of a valid Utf8 entry, for comparisons that
// need no string; nil (and a fault) for any other index.
func (p *ConstantPool) utf8Bytes(index uint16) []byte {
	if p.Tag(index) != TagUtf8 {
		faults.Add(1)
		return nil
	}
	off := int(p.offs[index])
	n := int(p.u2(off))
	return p.data[off+2 : off+2+n]
}

// utf8Is tells whether the Utf8 entry at index is s, as utf8(index) == s does, without decoding
// it when its bytes are plain ASCII (they then are the string).
func (p *ConstantPool) utf8Is(index uint16, s string) bool {
	b := p.utf8Bytes(index) // nil for another entry, as utf8 gives ""
	if string(b) == s {
		return true
	}
	for _, x := range b {
		if x == 0 || x >= 0x80 {
			return p.utf8(index) == s // modified UTF-8 may spell s otherwise
		}
	}
	return false
}

// utf8Opt is utf8 that maps index 0 to "".
func (p *ConstantPool) utf8Opt(index uint16) string {
	if index == 0 {
		return ""
	}
	return p.utf8(index)
}

// className returns the name of a valid Class entry ("" and a fault for any
// other index).
func (p *ConstantPool) className(index uint16) string {
	if p.Tag(index) != TagClass {
		faults.Add(1)
		return ""
	}
	return p.utf8(p.u2(int(p.offs[index])))
}

func (p *ConstantPool) classNameOpt(index uint16) string {
	if index == 0 {
		return ""
	}
	return p.className(index)
}

// nameAndType reads a valid NameAndType entry (zero and a fault for any other
// index).
func (p *ConstantPool) nameAndType(index uint16) NameAndType {
	if p.Tag(index) != TagNameAndType {
		faults.Add(1)
		return NameAndType{}
	}
	off := int(p.offs[index])
	return NameAndType{Name: p.utf8(p.u2(off)), Descriptor: p.utf8(p.u2(off + 2))}
}

// memberRef reads a valid Fieldref, Methodref or InterfaceMethodref (zero and a
// fault for any other index).
func (p *ConstantPool) memberRef(index uint16) MemberRef {
	if t := p.Tag(index); t != TagFieldref && t != TagMethodref && t != TagInterfaceMethodref {
		faults.Add(1)
		return MemberRef{}
	}
	off := int(p.offs[index])
	nt := p.nameAndType(p.u2(off + 2))
	return MemberRef{Kind: byte(p.tags[index]), Owner: p.className(p.u2(off)), Name: nt.Name, Descriptor: nt.Descriptor}
}

// UTF8 returns the decoded string of a CONSTANT_Utf8 entry.
func (p *ConstantPool) UTF8(index uint16) (string, error) {
	if msg := p.badIndex(index, TagUtf8); msg != "" {
		return "", p.errorf(index, msg)
	}
	return p.utf8(index), nil
}

// ClassName returns the name of a CONSTANT_Class entry.
func (p *ConstantPool) ClassName(index uint16) (string, error) {
	if msg := p.badIndex(index, TagClass); msg != "" {
		return "", p.errorf(index, msg)
	}
	return p.className(index), nil
}

// MemberRef returns a CONSTANT_Fieldref, Methodref or InterfaceMethodref.
func (p *ConstantPool) MemberRef(index uint16) (MemberRef, error) {
	t := p.Tag(index)
	if t != TagFieldref && t != TagMethodref && t != TagInterfaceMethodref {
		return MemberRef{}, p.errorf(index, p.badIndex(index, TagMethodref)+" (or Fieldref, InterfaceMethodref)")
	}
	return p.memberRef(index), nil
}

// Constant decodes the entry at index: int32, float32, int64, float64,
// string (CONSTANT_String), ClassRef, MemberRef, NameAndType, MethodHandle,
// MethodType, Dynamic, ModuleRef or PackageRef. A Utf8 entry is not a
// constant in its own right (use UTF8); asking for it, for index 0, an index
// out of range or the second slot of a Long/Double is a format error.
func (p *ConstantPool) Constant(index uint16) (Constant, error) {
	t := p.Tag(index)
	if t == TagNone {
		if index == 0 {
			return nil, p.errorf(index, "constant pool index 0 is not a constant")
		}
		if int(index) >= len(p.tags) {
			return nil, p.errorf(index, p.badIndex(index, TagNone))
		}
		return nil, p.errorf(index, "constant pool index "+strconv.Itoa(int(index))+" is the second slot of a Long or Double")
	}
	off := int(p.offs[index])
	switch t {
	case TagInteger:
		return int32(p.u4(off)), nil
	case TagFloat:
		return math.Float32frombits(p.u4(off)), nil
	case TagLong:
		return int64(uint64(p.u4(off))<<32 | uint64(p.u4(off+4))), nil
	case TagDouble:
		return math.Float64frombits(uint64(p.u4(off))<<32 | uint64(p.u4(off+4))), nil
	case TagString:
		return p.utf8(p.u2(off)), nil
	case TagClass:
		return ClassRef{Name: p.className(index)}, nil
	case TagFieldref, TagMethodref, TagInterfaceMethodref:
		return p.memberRef(index), nil
	case TagNameAndType:
		return p.nameAndType(index), nil
	case TagMethodHandle:
		return MethodHandle{RefKind: p.data[off], Ref: p.memberRef(p.u2(off + 1))}, nil
	case TagMethodType:
		return MethodType{Descriptor: p.utf8(p.u2(off))}, nil
	case TagDynamic, TagInvokeDynamic:
		nt := p.nameAndType(p.u2(off + 2))
		return Dynamic{Kind: byte(t), BootstrapIndex: p.u2(off), Name: nt.Name, Descriptor: nt.Descriptor}, nil
	case TagModule:
		return ModuleRef{Name: p.utf8(p.u2(off))}, nil
	case TagPackage:
		return PackageRef{Name: p.utf8(p.u2(off))}, nil
	}
	return nil, p.errorf(index, "constant pool index "+strconv.Itoa(int(index))+": "+t.String()+" is not a constant (use UTF8)")
}
