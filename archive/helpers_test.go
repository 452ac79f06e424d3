package archive

import (
	"encoding/binary"
	"testing"

	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/internal/par"
)

// Conveniences only the tests use.

// openInput opens path with the default options.
func openInput(path string) (*Input, error) { return InputOptions{}.Open(path) }

// scan reads and parses entries on GOMAXPROCS goroutines and calls fn for
// each one, with either the class or its error. fn may be called
// concurrently and in any order; scan returns when every call has returned.
func scan(entries []*Entry, opts classfile.ParseOptions, fn func(e *Entry, c *classfile.Class, err error)) {
	par.For(len(entries), func(i int) {
		e := entries[i]
		c, err := e.Parse(opts)
		fn(e, c, err)
	})
}

// kotlinHome is the Kotlin distribution's folder, which may not exist.
func kotlinHome() string { home, _ := fixtures.KotlinHome(); return home }

// kotlinLib is the path of a jar of the Kotlin distribution, skipping the test without it.
func kotlinLib(tb testing.TB, name string) string { return fixtures.KotlinLib(tb, name) }

// classBuilder assembles small class files by hand: the classes of the archives the tests build.
// It is a copy of the part of classfile's test builder those need.
type classBuilder struct {
	major, minor uint16
	pool         []byte
	count        uint16 // next constant-pool index
	utf8s        map[string]uint16
}

func newBuilder() *classBuilder {
	return &classBuilder{major: 52, count: 1, utf8s: map[string]uint16{}}
}

func be16(v uint16) []byte { return binary.BigEndian.AppendUint16(nil, v) }
func be32(v uint32) []byte { return binary.BigEndian.AppendUint32(nil, v) }

func cat(parts ...[]byte) []byte {
	var out []byte
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// raw appends an entry with the given tag and payload and returns its index.
func (b *classBuilder) raw(tag classfile.Tag, payload ...[]byte) uint16 {
	i := b.count
	b.pool = append(b.pool, byte(tag))
	b.pool = append(b.pool, cat(payload...)...)
	b.count++
	if tag == classfile.TagLong || tag == classfile.TagDouble {
		b.count++
	}
	return i
}

// utf8Bytes adds a Utf8 entry with exactly these (modified UTF-8) bytes.
func (b *classBuilder) utf8Bytes(s []byte) uint16 {
	return b.raw(classfile.TagUtf8, be16(uint16(len(s))), s)
}

func (b *classBuilder) utf8(s string) uint16 {
	if i, ok := b.utf8s[s]; ok {
		return i
	}
	i := b.utf8Bytes([]byte(s))
	b.utf8s[s] = i
	return i
}

func (b *classBuilder) class(name string) uint16 {
	return b.raw(classfile.TagClass, be16(b.utf8(name)))
}
func (b *classBuilder) str(s string) uint16 { return b.raw(classfile.TagString, be16(b.utf8(s))) }
func (b *classBuilder) nameAndType(name, desc string) uint16 {
	return b.raw(classfile.TagNameAndType, be16(b.utf8(name)), be16(b.utf8(desc)))
}
func (b *classBuilder) ref(tag classfile.Tag, owner, name, desc string) uint16 {
	c := b.class(owner)
	nt := b.nameAndType(name, desc)
	return b.raw(tag, be16(c), be16(nt))
}

// attr encodes an attribute with the given name and body.
func (b *classBuilder) attr(name string, body ...[]byte) []byte {
	data := cat(body...)
	return cat(be16(b.utf8(name)), be32(uint32(len(data))), data)
}

// member encodes a field_info or method_info.
func (b *classBuilder) member(access uint16, name, desc string, attrs ...[]byte) []byte {
	return cat(be16(access), be16(b.utf8(name)), be16(b.utf8(desc)), be16(uint16(len(attrs))), cat(attrs...))
}

// code encodes a Code attribute with no handlers and no sub-attributes.
func (b *classBuilder) code(maxStack, maxLocals uint16, bytecode []byte) []byte {
	return b.attr("Code", be16(maxStack), be16(maxLocals), be32(uint32(len(bytecode))), bytecode, be16(0), be16(0))
}

// build assembles the class. this and super are names ("" super = index 0).
func (b *classBuilder) build(access uint16, this, super string, fields, methods, attrs [][]byte) []byte {
	thisIdx := b.class(this)
	var superIdx uint16
	if super != "" {
		superIdx = b.class(super)
	}
	return cat(
		[]byte{0xCA, 0xFE, 0xBA, 0xBE}, be16(b.minor), be16(b.major),
		be16(b.count), b.pool,
		be16(access), be16(thisIdx), be16(superIdx), be16(0),
		be16(uint16(len(fields))), cat(fields...),
		be16(uint16(len(methods))), cat(methods...),
		be16(uint16(len(attrs))), cat(attrs...),
	)
}

// minimalClass returns a valid class with one field, one method with code
// and a SourceFile, used as the base for mutation tests.
func minimalClass() []byte {
	b := newBuilder()
	fr := b.ref(classfile.TagFieldref, "p/Min", "$stable", "I")
	f := b.member(0x0019, "$stable", "I")
	m := b.member(0x0008, "<clinit>", "()V", b.code(1, 0, cat([]byte{byte(classfile.OpBipush), 8, byte(classfile.OpPutstatic)}, be16(fr), []byte{byte(classfile.OpReturn)})))
	src := b.attr("SourceFile", be16(b.utf8("Min.kt")))
	return b.build(0x0031, "p/Min", "java/lang/Object", [][]byte{f}, [][]byte{m}, [][]byte{src})
}
