package metadata

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"unicode/utf16"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/internal/par"
)

// HeaderForRead decodes d1 from the class file's modified UTF-8 bytes itself; HeaderFromClass has
// classfile decode them into strings (its lenient decoder: a malformed byte or an unpaired
// surrogate becomes U+FFFD), whose chars appendChars then takes the low bytes of. These tests hold
// the first to the second, on class files built with exactly the bytes under test: the oracle is
// classfile's decoder itself, reached the way a scan reaches it, with no hook into classfile.

// d1Cases are modified UTF-8 strings, well-formed and not, with the low bytes of their chars and
// their first char as Java sees the string classfile decodes.
var d1Cases = []struct {
	name  string
	in    []byte
	want  []byte
	first rune // -1 for an empty string
}{
	{"empty", nil, nil, -1},
	{"ASCII", []byte("a/B"), []byte("a/B"), 'a'},
	{"NUL as C0 80", []byte{0xC0, 0x80, 'x'}, []byte{0x00, 'x'}, 0},
	{"raw NUL is malformed", []byte{0x00, 'x'}, []byte{0xFD, 'x'}, 0xFFFD},
	{"two-byte", []byte{0xC3, 0xA9}, []byte{0xE9}, 0xE9},
	{"two-byte above U+00FF keeps the low byte", []byte{0xC4, 0x81}, []byte{0x01}, 0x101},
	{"overlong two-byte ASCII", []byte{0xC1, 0xA4}, []byte{'d'}, 'd'},
	{"three-byte", []byte{0xE2, 0x82, 0xAC}, []byte{0xAC}, 0x20AC},
	{"overlong three-byte NUL", []byte{0xE0, 0x80, 0x80}, []byte{0x00}, 0},
	{"surrogate pair", []byte{0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80}, []byte{0x3D, 0x00}, 0xD83D},
	{"lone high surrogate", []byte{0xED, 0xA0, 0xBD, 'x'}, []byte{0xFD, 'x'}, 0xFFFD},
	{"lone low surrogate", []byte{'x', 0xED, 0xB8, 0x80}, []byte{'x', 0xFD}, 'x'},
	{"high surrogate at the end", []byte{0xED, 0xA0, 0xBD}, []byte{0xFD}, 0xFFFD},
	{"two highs then a low", []byte{0xED, 0xA0, 0xBD, 0xED, 0xA0, 0xBE, 0xED, 0xB8, 0x80}, []byte{0xFD, 0x3E, 0x00}, 0xFFFD},
	{"high then a BMP char", []byte{0xED, 0xA0, 0xBD, 0xE2, 0x82, 0xAC}, []byte{0xFD, 0xAC}, 0xFFFD},
	{"pair truncated in its low half", []byte{0xED, 0xA0, 0xBD, 0xED, 0xB8}, []byte{0xFD, 0xFD, 0xFD}, 0xFFFD},
	{"truncated two-byte", []byte{'a', 0xC3}, []byte{'a', 0xFD}, 'a'},
	{"truncated three-byte", []byte{0xE2, 0x82}, []byte{0xFD, 0xFD}, 0xFFFD},
	{"bad continuation", []byte{0xE2, 'a', 0x82}, []byte{0xFD, 'a', 0xFD}, 0xFFFD},
	{"four-byte form", []byte{0xF0, 0x9F, 0x98, 0x80}, []byte{0xFD, 0xFD, 0xFD, 0xFD}, 0xFFFD},
	{"stray continuation", []byte{0x80, 'a'}, []byte{0xFD, 'a'}, 0xFFFD},
	{"UTF-8 mode marker", []byte{0xC0, 0x80, 0x0A, 0xC2, 0x80, 0xC3, 0xBF}, []byte{0x00, 0x0A, 0x80, 0xFF}, 0},
	{"7-bit mode marker", []byte{0xEF, 0xBF, 0xBF, 0x01, 0x7F}, []byte{0xFF, 0x01, 0x7F}, 0xFFFF},
}

// TestModifiedUTF8Chars checks the chars of each case, by the new decoding and by classfile's
// strings.
func TestModifiedUTF8Chars(t *testing.T) {
	for _, tc := range d1Cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := appendModifiedUTF8Chars(nil, tc.in); !bytes.Equal(got, tc.want) {
				t.Errorf("appendModifiedUTF8Chars(% x) = % x, want % x", tc.in, got, tc.want)
			}
			h := fromClass(t, KindClass, [][]byte{tc.in})
			if got := appendChars(nil, h.Data1); !bytes.Equal(got, tc.want) {
				t.Errorf("classfile decodes %q, whose chars are % x, want % x", h.Data1, got, tc.want)
			}
			if got := decodeChars([][]byte{tc.in}).first; got != tc.first {
				t.Errorf("first char %U, want %U", got, tc.first)
			}
		})
	}
}

// TestHeaderForRead reads crafted classes through HeaderForRead: what Read makes of them, what
// the header keeps, and that a Read that changes nothing of d1's chars can be repeated.
func TestHeaderForRead(t *testing.T) {
	body := pb(nil).i32(3, 0).msg(10, pb(nil).i32(2, 2).msg(3, classType(3)))
	raw := d1Bytes(table(len(testStrings)), body)
	class := "class [public final class] com/example/Foo\n  jvm module=main\n  val [public final hasGetter] x: kotlin/Int get[public final]\n"
	noData := &FormatError{Field: "d1", Offset: -1, Err: ErrNoData}
	for _, tc := range []struct {
		name  string
		kind  Kind
		d1    [][]byte
		data1 []string // the header's Data1
		want  string   // Read's rendering
		err   error
	}{
		{"UTF-8 mode", KindClass, [][]byte{joinModifiedUTF8(utf8Mode(raw, 0))}, nil, class, nil},
		{"UTF-8 mode in strings of 7 chars", KindClass, eachModifiedUTF8(utf8Mode(raw, 7)), nil, class, nil},
		{"8-to-7 mode with its marker", KindClass, [][]byte{joinModifiedUTF8(mode8to7(raw, true))}, nil, class, nil},
		{"8-to-7 mode without", KindClass, [][]byte{joinModifiedUTF8(mode8to7(raw, false))}, nil, class, nil},
		{"multi-file facade keeps its names", KindMultiFileClassFacade, [][]byte{[]byte("a/FooKt__A"), []byte("a/FooKt__B")},
			[]string{"a/FooKt__A", "a/FooKt__B"}, "multiFileClassFacade\n  part a/FooKt__A\n  part a/FooKt__B\n", nil},
		{"d1 absent", KindClass, nil, nil, "", noData},
		{"d1 empty", KindFileFacade, [][]byte{}, nil, "", noData},
		{"d1 only the marker", KindClass, [][]byte{{0xC0, 0x80}}, nil, "", &FormatError{Field: "d1", Offset: 0, Err: ErrNoData}},
		{"synthetic class without d1", KindSyntheticClass, [][]byte{}, nil, "syntheticClass\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := classfile.Parse(kotlinClass(int32(tc.kind), tc.d1, testStrings))
			if err != nil {
				t.Fatal(err)
			}
			h, ok := HeaderForRead(c)
			if !ok || h.Kind != tc.kind || !slices.Equal(h.Data1, tc.data1) || !slices.Equal(h.Data2, testStrings) {
				t.Fatalf("HeaderForRead = %+v %v", h, ok)
			}
			for range 2 {
				md, err := Read(h)
				if !reflect.DeepEqual(err, tc.err) {
					t.Fatalf("Read error %v, want %v", err, tc.err)
				}
				if err == nil && md.text() != tc.want {
					t.Fatalf("Read gives\n%s\nwant\n%s", md.text(), tc.want)
				}
			}
		})
	}
	if _, ok := HeaderForRead(mustParse(t, javaClass())); ok {
		t.Error("a header for a class without kotlin.Metadata")
	}
}

// TestCharCount checks the count that sizes d1's chars: exact for well-formed text, eight bytes
// at a time and then one by one.
func TestCharCount(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    string
		want int
	}{
		{"empty", "", 0},
		{"ASCII, longer than a word", "kotlin/collections/List", 23},
		{"NUL", "\x00a\x00", 3},
		{"two-byte", "\u00e9\u00ff\u0080\u00e9\u00ff\u0080\u00e9", 7},
		{"three-byte", "\u20ac\uffff\u20ac", 3},
		{"supplementary, two chars", "a\U0001F600b\U0001F600", 6},
		{"mixed", "\x00\u00ff\u20ac\U0001F600kotlin/Metadata\u00e9", 21},
	} {
		b := joinModifiedUTF8([]string{tc.s})
		if got := charCount(b); got != tc.want || got != len(appendModifiedUTF8Chars(nil, b)) {
			t.Errorf("%s: charCount(% x) = %d, want %d", tc.name, b, got, tc.want)
		}
	}
}

// FuzzD1Bytes holds HeaderForRead to HeaderFromClass on arbitrary d1 strings: data cut into
// strings of the lengths cuts gives (the rest is the last string), in a class of kind kind&7, d1
// left out when kind&8, an empty array when kind&16. The chars, the count and the first char
// match appendChars and firstChar on classfile's strings, and Read gives the same result and
// error for both headers, with each option, also after the class's bytes are overwritten.
func FuzzD1Bytes(f *testing.F) {
	for _, tc := range d1Cases {
		f.Add(tc.in, []byte(nil), uint8(KindClass))
	}
	pair := []byte{0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80}
	f.Add(pair, []byte{3}, uint8(KindClass))                               // a pair split across two strings
	f.Add([]byte{'a', 0xC0, 0x80, 'b'}, []byte{1, 0, 2}, uint8(KindClass)) // an empty string between two
	f.Add([]byte{}, []byte{0}, uint8(KindClass))                           // two empty strings
	f.Add([]byte("x"), []byte(nil), uint8(KindClass|8))                    // d1 left out
	f.Add([]byte("x"), []byte(nil), uint8(KindSyntheticClass|16))          // d1 an empty array
	f.Add([]byte("a/FooKt__A"), []byte{4}, uint8(KindMultiFileClassFacade))
	body := pb(nil).i32(3, 0).msg(10, pb(nil).i32(2, 2).msg(3, classType(3)))
	raw := d1Bytes(table(len(testStrings)), body)
	f.Add(joinModifiedUTF8(utf8Mode(raw, 0)), []byte{5}, uint8(KindClass))
	f.Add(joinModifiedUTF8(mode8to7(raw, true)), []byte(nil), uint8(KindClass))
	f.Add(joinModifiedUTF8(mode8to7(raw, false)), []byte{9, 1}, uint8(KindClass))
	f.Add(joinModifiedUTF8(utf8Mode(raw, 0)), []byte(nil), uint8(KindFileFacade))
	f.Fuzz(func(t *testing.T, data, cuts []byte, kind uint8) {
		cuts = cuts[:min(len(cuts), 1000)] // a constant pool holds 65,535 entries
		var d1 [][]byte
		switch {
		case kind&8 != 0:
		case kind&16 != 0:
			d1 = [][]byte{}
		default:
			d1 = cut(data, cuts)
		}
		class := kotlinClass(int32(kind&7), d1, testStrings)
		c, err := classfile.Parse(class)
		if err != nil {
			t.Fatalf("parse: %v", err)
		}
		old, _ := HeaderFromClass(c)
		h, _ := HeaderForRead(c)
		clear(class) // the header keeps nothing of the class's bytes
		if err := sameHeaders(old, h); err != nil {
			t.Fatal(err)
		}
		if err := sameReads(old, h); err != nil {
			t.Fatal(err)
		}
	})
}

// cut splits data into strings of the lengths cuts gives, the rest of data last.
func cut(data, cuts []byte) [][]byte {
	var out [][]byte
	for _, n := range cuts {
		n := min(int(n), len(data))
		out, data = append(out, data[:n]), data[n:]
	}
	return append(out, data)
}

// joinModifiedUTF8 encodes strings in modified UTF-8, as the compiler writes d1, and joins them.
func joinModifiedUTF8(strs []string) []byte {
	var out []byte
	for _, s := range strs {
		for _, u := range utf16.Encode([]rune(s)) {
			switch {
			case u != 0 && u < 0x80:
				out = append(out, byte(u))
			case u < 0x800:
				out = append(out, 0xC0|byte(u>>6), 0x80|byte(u&0x3F))
			default:
				out = append(out, 0xE0|byte(u>>12), 0x80|byte(u>>6&0x3F), 0x80|byte(u&0x3F))
			}
		}
	}
	return out
}

// eachModifiedUTF8 encodes strings in modified UTF-8 one by one.
func eachModifiedUTF8(strs []string) [][]byte {
	var out [][]byte
	for _, s := range strs {
		out = append(out, joinModifiedUTF8([]string{s}))
	}
	return out
}

// sameHeaders checks what a header from HeaderForRead holds against one from HeaderFromClass:
// every field but d1 alike, and d1's count, chars and first char those of Data1.
func sameHeaders(old, h *Header) error {
	if (old == nil) != (h == nil) {
		return fmt.Errorf("HeaderFromClass %v, HeaderForRead %v", old, h)
	}
	if old == nil {
		return nil
	}
	if h.Kind == KindMultiFileClassFacade {
		if h.d1 != nil || !slices.Equal(h.Data1, old.Data1) {
			return fmt.Errorf("facade d1 %q (%v), want %q", h.Data1, h.d1, old.Data1)
		}
		return sameButD1(old, h)
	}
	if h.Data1 != nil || h.d1 == nil {
		return fmt.Errorf("Data1 %q, d1 %v: want only d1", h.Data1, h.d1)
	}
	first := rune(-1)
	if len(old.Data1) > 0 && old.Data1[0] != "" {
		first = firstChar(old.Data1[0])
	}
	if want := appendChars(nil, old.Data1); h.d1.n != len(old.Data1) || !bytes.Equal(h.d1.chars, want) || h.d1.first != first {
		return fmt.Errorf("d1 %q: HeaderForRead has %d strings, chars % x, first %U; want %d, % x, %U",
			old.Data1, h.d1.n, h.d1.chars, h.d1.first, len(old.Data1), want, first)
	}
	if got, want := h.d1Bytes(), decodeD1(old.Data1); !bytes.Equal(got, want) {
		return fmt.Errorf("d1 %q: bytes % x, want % x", old.Data1, got, want)
	}
	return sameButD1(old, h)
}

// sameButD1 compares two headers but for Data1 and d1.
func sameButD1(old, h *Header) error {
	a, b := *old, *h
	a.Data1, a.d1, b.Data1, b.d1 = nil, nil, nil, nil
	if !reflect.DeepEqual(a, b) {
		return fmt.Errorf("header %+v, want %+v", b, a)
	}
	return nil
}

// sameReads checks that Read, with each option, gives the same Metadata but for its Header, and
// the same error, for old and h; h twice, for it keeps its chars from one Read to the next.
func sameReads(old, h *Header) error {
	for _, o := range []ReadOptions{{}, {SkipFunctions: true}, {Strict: true}} {
		want, wantErr := o.Read(old)
		if want != nil {
			want.Header = nil
		}
		for range 2 {
			got, err := o.Read(h)
			if got != nil {
				if got.Header != h {
					return fmt.Errorf("%+v: the header is not kept", o)
				}
				got.Header = nil
			}
			if !reflect.DeepEqual(err, wantErr) || !reflect.DeepEqual(got, want) {
				return fmt.Errorf("%+v: Read gives %v %v, want %v %v", o, describe(got), err, describe(want), wantErr)
			}
		}
	}
	return nil
}

// describe renders md for a failure message.
func describe(md *Metadata) string {
	if md == nil {
		return "<nil>"
	}
	return md.text()
}

// fromClass is HeaderFromClass of a class built with kind and d1 (and testStrings as d2).
func fromClass(t *testing.T, kind Kind, d1 [][]byte) *Header {
	t.Helper()
	c, err := classfile.Parse(kotlinClass(int32(kind), d1, testStrings))
	if err != nil {
		t.Fatal(err)
	}
	h, ok := HeaderFromClass(c)
	if !ok {
		t.Fatal("no kotlin.Metadata")
	}
	return h
}

// kotlinClass assembles a class file whose one attribute holds a kotlin.Metadata annotation of
// kind k and version 2.4.0, with d1's strings exactly these modified UTF-8 bytes (nil leaves d1
// out) and d2 these strings. Strings longer than a constant holds are cut short.
func kotlinClass(k int32, d1 [][]byte, d2 []string) []byte {
	var pool []byte
	count := uint16(1)
	add := func(tag byte, payload ...byte) []byte {
		pool = append(append(pool, tag), payload...)
		count++
		return binary.BigEndian.AppendUint16(nil, count-1)
	}
	utf8Const := func(b []byte) []byte {
		b = b[:min(len(b), 0xFFFF)]
		return add(1, append(binary.BigEndian.AppendUint16(nil, uint16(len(b))), b...)...)
	}
	integer := func(n int32) []byte { return add(3, binary.BigEndian.AppendUint32(nil, uint32(n))...) }
	strs := func(raw [][]byte) []byte {
		v := append([]byte{'['}, binary.BigEndian.AppendUint16(nil, uint16(len(raw)))...)
		for _, b := range raw {
			v = append(append(v, 's'), utf8Const(b)...)
		}
		return v
	}
	var d2raw [][]byte
	for _, s := range d2 {
		d2raw = append(d2raw, []byte(s))
	}
	elems := [][]byte{
		cat(utf8Const([]byte("k")), []byte{'I'}, integer(k)),
		cat(utf8Const([]byte("mv")), []byte{'[', 0, 3, 'I'}, integer(2), []byte{'I'}, integer(4), []byte{'I'}, integer(0)),
		cat(utf8Const([]byte("d2")), strs(d2raw)),
	}
	if d1 != nil {
		elems = append(elems, cat(utf8Const([]byte("d1")), strs(d1)))
	}
	ann := cat(utf8Const([]byte(MetadataDescriptor)), []byte{0, byte(len(elems))}, cat(elems...))
	attr := cat(utf8Const([]byte("RuntimeVisibleAnnotations")), binary.BigEndian.AppendUint32(nil, uint32(2+len(ann))), []byte{0, 1}, ann)
	this := add(7, utf8Const([]byte("p/K"))...)
	super := add(7, utf8Const([]byte("java/lang/Object"))...)
	return cat([]byte{0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 52}, binary.BigEndian.AppendUint16(nil, count), pool,
		[]byte{0, 0x21}, this, super, []byte{0, 0, 0, 0, 0, 0, 0, 1}, attr)
}

// javaClass is a class file without kotlin.Metadata.
func javaClass() []byte {
	b := kotlinClass(1, nil, nil)
	i := bytes.Index(b, []byte(MetadataDescriptor))
	copy(b[i:], "Lkotlin/Metadatb;")
	return b
}

func mustParse(t *testing.T, b []byte) *classfile.Class {
	t.Helper()
	c, err := classfile.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func cat(parts ...[]byte) []byte { return slices.Concat(parts...) }

// TestHeaderForReadJars holds HeaderForRead to HeaderFromClass on every class with
// kotlin.Metadata of kotlin-stdlib.jar and, in the long loop, kotlin-compiler.jar: the same
// header but for d1, and Read giving the same Metadata and error with each option, after the
// class was released and its bytes overwritten.
func TestHeaderForReadJars(t *testing.T) {
	for _, jar := range []string{"kotlin-stdlib.jar", "kotlin-compiler.jar"} {
		t.Run(jar, func(t *testing.T) {
			if jar == "kotlin-compiler.jar" {
				fixtures.SkipUnlessLong(t, "reads ~17,500 classes' metadata, each nine times")
			}
			sameOnJar(t, fixtures.KotlinLib(t, jar))
		})
	}
}

// sameOnJar compares the two headers, and their reads, of every class of the jar at path.
func sameOnJar(t *testing.T, path string) {
	in, err := archive.InputOptions{}.Open(path)
	if in == nil {
		t.Fatalf("open %s: %v", path, err)
	}
	defer in.Close()
	var classes, failures atomic.Int64
	par.For(len(in.Entries), func(i int) {
		e := in.Entries[i]
		if strings.HasPrefix(e.Name, "META-INF/") || !strings.HasSuffix(e.Name, ".class") {
			return
		}
		c, err := e.Parse(classfile.ParseOptions{SkipCode: true})
		if err != nil {
			t.Errorf("parse %s: %v", e.Name, err)
			return
		}
		old, _ := HeaderFromClass(c)
		h, _ := HeaderForRead(c)
		clear(c.Release())
		if old == nil && h == nil {
			return
		}
		classes.Add(1)
		err = sameHeaders(old, h)
		if err == nil {
			err = sameReads(old, h)
		}
		if err != nil && failures.Add(1) <= 5 {
			t.Errorf("%s: %v", e.Name, err)
		}
	})
	if classes.Load() == 0 {
		t.Fatal("no class with kotlin.Metadata")
	}
	t.Logf("%d classes with kotlin.Metadata, %d differ", classes.Load(), failures.Load())
}

// BenchmarkHeader parses every class of kotlin-stdlib.jar and makes its header and d1's bytes,
// as Read starts: with d1's strings (HeaderFromClass) and without (HeaderForRead).
func BenchmarkHeader(b *testing.B) {
	path := fixtures.KotlinLib(b, "kotlin-stdlib.jar")
	in, err := archive.InputOptions{}.Open(path)
	if in == nil {
		b.Fatalf("open %s: %v", path, err)
	}
	defer in.Close()
	var classes [][]byte
	for i := range in.Entries {
		if e := in.Entries[i]; strings.HasSuffix(e.Name, ".class") && !strings.HasPrefix(e.Name, "META-INF/") {
			data, err := e.Read()
			if err != nil {
				b.Fatal(err)
			}
			classes = append(classes, data)
		}
	}
	for _, way := range []struct {
		name   string
		header func(*classfile.Class) (*Header, bool)
	}{{"HeaderFromClass", HeaderFromClass}, {"HeaderForRead", HeaderForRead}} {
		b.Run(way.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, data := range classes {
					c, err := classfile.ParseWithOptions(data, classfile.ParseOptions{SkipCode: true})
					if err != nil {
						b.Fatal(err)
					}
					if h, ok := way.header(c); ok && h.Kind != KindMultiFileClassFacade {
						_ = h.d1Bytes()
					}
				}
			}
		})
	}
}

// d1Like is modified UTF-8 like Kotlin's d1 in UTF-8 mode: bytes 0-255 as chars, NUL as C0 80.
func d1Like() []byte {
	var in []byte
	for i := range 4096 {
		switch c := byte(i * 7); {
		case c == 0:
			in = append(in, 0xC0, 0x80)
		case c < 0x80:
			in = append(in, c)
		default:
			in = append(in, 0xC0|c>>6, 0x80|c&0x3F)
		}
	}
	return in
}

// BenchmarkModifiedUTF8Chars decodes a d1-like string to its chars: straight from its bytes, and
// the way HeaderFromClass and Read go, through a string (classfile's decoder, reached through a
// freshly parsed class, as its strings are memoised; "parse only" is that parse alone).
func BenchmarkModifiedUTF8Chars(b *testing.B) {
	in := d1Like()
	class := kotlinClass(1, [][]byte{in}, nil)
	b.Run("direct", func(b *testing.B) {
		b.SetBytes(int64(len(in)))
		b.ReportAllocs()
		for b.Loop() {
			decodeChars([][]byte{in})
		}
	})
	b.Run("through strings", func(b *testing.B) {
		b.SetBytes(int64(len(in)))
		b.ReportAllocs()
		for b.Loop() {
			c, _ := classfile.Parse(class)
			s, _ := c.AnnotationStrings(MetadataDescriptor, "d1")
			appendChars(nil, s)
		}
	})
	b.Run("parse only", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			classfile.Parse(class)
		}
	})
}
