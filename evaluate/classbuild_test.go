package evaluate

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/classfile"
)

// classBuilder assembles class files by hand for tests of initializers no compiler emits (a
// store jumped over, stores on two branches, huge expressions). It is a minimal copy of the
// classfile package's test builder: a constant pool, static int fields and methods with code.
type classBuilder struct {
	maxStack uint16 // of <clinit>; 0 means 64
	pool     []byte
	count    uint16 // next constant-pool index
	utf8s    map[string]uint16
}

func newClassBuilder() *classBuilder {
	return &classBuilder{count: 1, utf8s: map[string]uint16{}}
}

func u2(v uint16) []byte { return binary.BigEndian.AppendUint16(nil, v) }
func u4(v uint32) []byte { return binary.BigEndian.AppendUint32(nil, v) }

func concat(parts ...[]byte) []byte {
	var out []byte
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func (b *classBuilder) entry(tag classfile.Tag, payload ...[]byte) uint16 {
	i := b.count
	b.pool = append(b.pool, byte(tag))
	b.pool = append(b.pool, concat(payload...)...)
	b.count++
	return i
}

func (b *classBuilder) utf8(s string) uint16 {
	if i, ok := b.utf8s[s]; ok {
		return i
	}
	i := b.entry(classfile.TagUtf8, u2(uint16(len(s))), []byte(s))
	b.utf8s[s] = i
	return i
}

func (b *classBuilder) class(name string) uint16 {
	return b.entry(classfile.TagClass, u2(b.utf8(name)))
}

func (b *classBuilder) integer(v int32) uint16 { return b.entry(classfile.TagInteger, u4(uint32(v))) }

func (b *classBuilder) str(s string) uint16 { return b.entry(classfile.TagString, u2(b.utf8(s))) }

// field returns a Fieldref to owner.name of type desc.
func (b *classBuilder) field(owner, name, desc string) uint16 {
	c := b.class(owner)
	nt := b.entry(classfile.TagNameAndType, u2(b.utf8(name)), u2(b.utf8(desc)))
	return b.entry(classfile.TagFieldref, u2(c), u2(nt))
}

// method returns a Methodref to owner.name desc.
func (b *classBuilder) method(owner, name, desc string) uint16 {
	c := b.class(owner)
	nt := b.entry(classfile.TagNameAndType, u2(b.utf8(name)), u2(b.utf8(desc)))
	return b.entry(classfile.TagMethodref, u2(c), u2(nt))
}

// handler is an exception_table entry of a test <clinit>.
type handler struct{ start, end, pc uint16 }

// build assembles class this (super Object) with a static int $stable field, its ConstantValue
// if constant is non-nil, and a <clinit> with code and handlers if code is non-nil.
func (b *classBuilder) build(this string, constant *int32, code []byte, handlers ...handler) []byte {
	thisIdx, superIdx := b.class(this), b.class("java/lang/Object")
	var fattrs []byte
	nfattrs := uint16(0)
	if constant != nil {
		k := b.integer(*constant)
		fattrs, nfattrs = concat(u2(b.utf8("ConstantValue")), u4(2), u2(k)), 1
	}
	field := concat(u2(0x0019), u2(b.utf8(StableField)), u2(b.utf8("I")), u2(nfattrs), fattrs)
	var methods []byte
	nmethods := uint16(0)
	if code != nil {
		var table []byte
		for _, h := range handlers {
			table = concat(table, u2(h.start), u2(h.end), u2(h.pc), u2(0))
		}
		maxStack := b.maxStack
		if maxStack == 0 {
			maxStack = 64
		}
		body := concat(u2(maxStack), u2(4), u4(uint32(len(code))), code, u2(uint16(len(handlers))), table, u2(0))
		attr := concat(u2(b.utf8("Code")), u4(uint32(len(body))), body)
		methods = concat(u2(0x0008), u2(b.utf8("<clinit>")), u2(b.utf8("()V")), u2(1), attr)
		nmethods = 1
	}
	return concat(
		[]byte{0xCA, 0xFE, 0xBA, 0xBE}, u2(0), u2(52),
		u2(b.count), b.pool,
		u2(0x0031), u2(thisIdx), u2(superIdx), u2(0),
		u2(1), field,
		u2(nmethods), methods,
		u2(0),
	)
}

// asm writes bytecode with forward and backward labels.
type asm struct {
	code   []byte
	labels map[string]int
	fixups []fixup
}

type fixup struct {
	at, from int // where the 2-byte offset goes, and the branch's own offset
	label    string
}

func (a *asm) op(ops ...classfile.Opcode) *asm {
	for _, o := range ops {
		a.code = append(a.code, byte(o))
	}
	return a
}

// idx writes an instruction with a 2-byte constant-pool index (getstatic, putstatic, ldc_w, ...).
func (a *asm) idx(o classfile.Opcode, i uint16) *asm {
	a.code = append(a.code, byte(o), byte(i>>8), byte(i))
	return a
}

func (a *asm) bipush(v int8) *asm {
	a.code = append(a.code, byte(classfile.OpBipush), byte(v))
	return a
}

func (a *asm) label(name string) *asm {
	if a.labels == nil {
		a.labels = map[string]int{}
	}
	a.labels[name] = len(a.code)
	return a
}

// jump writes a branch (if*, goto) to label.
func (a *asm) jump(o classfile.Opcode, label string) *asm {
	from := len(a.code)
	a.code = append(a.code, byte(o), 0, 0)
	a.fixups = append(a.fixups, fixup{at: from + 1, from: from, label: label})
	return a
}

// tableswitch writes a tableswitch over low.. with the given targets and default.
func (a *asm) tableswitch(low int32, def string, targets ...string) *asm {
	from := len(a.code)
	a.code = append(a.code, byte(classfile.OpTableswitch))
	for len(a.code)%4 != 0 {
		a.code = append(a.code, 0)
	}
	a.switchTarget(from, def)
	a.code = append(a.code, u4(uint32(low))...)
	a.code = append(a.code, u4(uint32(low+int32(len(targets))-1))...)
	for _, t := range targets {
		a.switchTarget(from, t)
	}
	return a
}

func (a *asm) switchTarget(from int, label string) {
	a.fixups = append(a.fixups, fixup{at: len(a.code), from: from, label: "4:" + label})
	a.code = append(a.code, 0, 0, 0, 0)
}

// bytes resolves the labels and returns the code.
func (a *asm) bytes(t testing.TB) []byte {
	for _, f := range a.fixups {
		label, wide := f.label, false
		if len(label) > 2 && label[:2] == "4:" {
			label, wide = label[2:], true
		}
		to, ok := a.labels[label]
		if !ok {
			t.Fatalf("no label %s", label)
		}
		rel := to - f.from
		if wide {
			binary.BigEndian.PutUint32(a.code[f.at:], uint32(int32(rel)))
		} else {
			binary.BigEndian.PutUint16(a.code[f.at:], uint16(int16(rel)))
		}
	}
	return a.code
}

// testClasspath puts the classes (internal name → bytes) into an in-memory jar.
func testClasspath(t testing.TB, classes map[string][]byte) *archive.Classpath {
	t.Helper()
	cp, err := openTestClasspath(classes)
	if err != nil {
		t.Fatal(err)
	}
	return cp
}

// openTestClasspath is testClasspath for classes that may be rejected: the error is the
// archive's (the jar itself is always readable).
func openTestClasspath(classes map[string][]byte) (*archive.Classpath, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, data := range classes {
		w, err := zw.Create(name + ".class")
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(data); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	in, err := archive.InputOptions{}.OpenArchive("test.jar", bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if in == nil {
		return nil, err
	}
	return archive.NewClasspath(in), err
}
