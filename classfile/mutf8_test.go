package classfile

import (
	"sync"
	"sync/atomic"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

func TestDecodeModifiedUTF8(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   []byte
		want string
	}{
		{"empty", nil, ""},
		{"ascii", []byte("java/lang/Object"), "java/lang/Object"},
		{"encoded NUL", []byte{'a', 0xC0, 0x80, 'b'}, "a\x00b"},
		{"raw NUL is invalid", []byte{'a', 0x00}, "a\uFFFD"},
		{"two-byte", []byte{0xC3, 0xA9}, "é"},
		{"three-byte", []byte{0xE2, 0x82, 0xAC}, "€"},
		{"surrogate pair", []byte{0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80}, "\U0001F600"},
		{"lone high surrogate", []byte{0xED, 0xA0, 0xBD, 'x'}, "\uFFFDx"},
		{"lone low surrogate", []byte{0xED, 0xB8, 0x80}, "\uFFFD"},
		{"high then non-surrogate", []byte{0xED, 0xA0, 0xBD, 0xE2, 0x82, 0xAC}, "\uFFFD€"},
		{"two highs", []byte{0xED, 0xA0, 0xBD, 0xED, 0xA0, 0xBD}, "\uFFFD\uFFFD"},
		{"four-byte form is not modified UTF-8", []byte{0xF0, 0x9F, 0x98, 0x80}, "\uFFFD\uFFFD\uFFFD\uFFFD"},
		{"truncated two-byte", []byte{'a', 0xC3}, "a\uFFFD"},
		{"truncated three-byte", []byte{0xE2, 0x82}, "\uFFFD\uFFFD"},
		{"stray continuation", []byte{0x80, 'a'}, "\uFFFDa"},
	} {
		if got := decodeModifiedUTF8(tc.in); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
		if got := decodeModifiedUTF8Reference(tc.in); got != tc.want {
			t.Errorf("%s: the reference gives %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestUTF8Memoized(t *testing.T) {
	b := newBuilder()
	i := b.utf8Bytes([]byte{'k', 0xC0, 0x80})
	c, err := Parse(b.build(0x21, "p/M", "java/lang/Object", nil, nil, nil))
	if err != nil {
		t.Fatal(err)
	}
	s1, _ := c.Pool().UTF8(i)
	s2, _ := c.Pool().UTF8(i)
	if s1 != "k\x00" || c.Pool().state[c.Pool().rank[i]/16].Load()>>(c.Pool().rank[i]%16*2)&3 != utf8Done || c.Pool().strs[c.Pool().rank[i]] != s2 {
		t.Errorf("memo: %q %q", s1, s2)
	}
}

// TestUTF8ConcurrentReaders has goroutines race to decode the same entries: each gets the right
// string, and the race detector sees no unsynchronised write.
func TestUTF8ConcurrentReaders(t *testing.T) {
	b := newBuilder()
	var idx []uint16
	for k := range 64 {
		idx = append(idx, b.utf8Bytes([]byte{'s', byte('0' + k%10), 0xC0, 0x80}))
	}
	c, err := Parse(b.build(0x21, "p/M", "java/lang/Object", nil, nil, nil))
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for k, i := range idx {
				if s, _ := c.Pool().UTF8(i); s != "s"+string(rune('0'+k%10))+"\x00" {
					t.Errorf("entry %d: %q", i, s)
				}
			}
		})
	}
	wg.Wait()
}

func TestMentions(t *testing.T) {
	for _, tc := range []struct {
		name   string
		consts []string
		s      string
		want   bool
	}{
		{"in a descriptor", []string{"(Landroidx/compose/runtime/Composer;I)V"}, "androidx/compose/runtime/Composer;", true},
		{"a whole constant", []string{"androidx/compose/runtime/Composer;"}, "androidx/compose/runtime/Composer;", true},
		{"a prefix only", []string{"androidx/compose/runtime/Composer"}, "androidx/compose/runtime/Composer;", false},
		{"split over two constants", []string{"androidx/compose/", "runtime/Composer;"}, "androidx/compose/runtime/Composer;", false},
		{"the class's own name", nil, "p/M", true},
		{"absent", []string{"kotlin/Metadata"}, "Composer", false},
	} {
		b := newBuilder()
		for _, s := range tc.consts {
			b.utf8Bytes([]byte(s))
		}
		c, err := Parse(b.build(0x21, "p/M", "java/lang/Object", nil, nil, nil))
		if err != nil {
			t.Fatal(err)
		}
		if got := c.Mentions(tc.s); got != tc.want {
			t.Errorf("%s: Mentions(%q) = %v, want %v", tc.name, tc.s, got, tc.want)
		}
	}
}

// decodeModifiedUTF8Reference decodes as the JVM reads a Utf8 constant: bytes to Java chars
// (UTF-16 units), a malformed byte to U+FFFD, then the chars as UTF-16 (an unpaired surrogate to
// U+FFFD).
func decodeModifiedUTF8Reference(b []byte) string {
	var units []uint16
	for i := 0; i < len(b); {
		switch x := b[i]; {
		case x != 0 && x < 0x80:
			units = append(units, uint16(x))
			i++
		case x>>5 == 6 && i+1 < len(b) && b[i+1]>>6 == 2:
			units = append(units, uint16(x&0x1F)<<6|uint16(b[i+1]&0x3F))
			i += 2
		case x>>4 == 14 && i+2 < len(b) && b[i+1]>>6 == 2 && b[i+2]>>6 == 2:
			units = append(units, uint16(x&0x0F)<<12|uint16(b[i+1]&0x3F)<<6|uint16(b[i+2]&0x3F))
			i += 3
		default:
			units = append(units, utf8.RuneError)
			i++
		}
	}
	return string(utf16.Decode(units))
}

// FuzzModifiedUTF8 holds the decoder to the JVM's reading of the bytes.
func FuzzModifiedUTF8(f *testing.F) {
	for _, s := range [][]byte{nil, []byte("a/b"), {0xC0, 0x80, 0xC2, 0x80, 0xC3, 0xBF}, {0xC1, 0xBF, 0xE0, 0x80, 0x80},
		{0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80}, {0xF0, 0x9F, 0x98, 0x80}, {0xDF}, {0x00, 0x7F, 0x80}} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := decodeModifiedUTF8(b), decodeModifiedUTF8Reference(b); got != want {
			t.Fatalf("% x: got %q, want %q", b, got, want)
		}
	})
}

// BenchmarkDecodeModifiedUTF8 decodes a string like Kotlin's d1: bytes 0-255 as chars.
func BenchmarkDecodeModifiedUTF8(b *testing.B) {
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
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		decodeModifiedUTF8(in)
	}
}

// TestUtf8Is holds utf8Is to utf8(i) == s on every constant of the fixture classes and on
// crafted spellings: NUL as C0 80, an overlong ASCII letter, a supplementary character.
func TestUtf8Is(t *testing.T) {
	classes := parseFiles(t, "testdata/classes/fixture/*.class")
	if len(classes) == 0 {
		t.Fatal("no fixture classes")
	}
	for _, c := range classes {
		p := c.pool
		for i := 1; i < len(p.tags); i++ {
			s := p.utf8Opt(uint16(i))
			for _, cand := range []string{s, s + "x", "", "Lkotlin/Metadata;", "d1"} {
				if got, want := p.utf8Is(uint16(i), cand), p.utf8(uint16(i)) == cand; got != want {
					t.Errorf("%s #%d %q: utf8Is %q = %v, want %v", c.Name(), i, s, cand, got, want)
				}
			}
		}
	}
	for _, tc := range []struct {
		raw  []byte
		s    string
		want bool
	}{
		{[]byte("d1"), "d1", true},
		{[]byte{'a', 0xC0, 0x80, 'b'}, "a\x00b", true},
		{[]byte{0xC1, 0xA4, '1'}, "d1", decodeModifiedUTF8([]byte{0xC1, 0xA4, '1'}) == "d1"},
		{[]byte{0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80}, "\U0001F600", true},
		{[]byte("d2"), "d1", false},
	} {
		pool := &ConstantPool{data: append([]byte{0, byte(len(tc.raw))}, tc.raw...), offs: []uint32{0, 0},
			tags: []Tag{TagNone, TagUtf8}, rank: []uint16{0, 0}, strs: make([]string, 1), state: make([]atomic.Uint32, 1)}
		if got := pool.utf8Is(1, tc.s); got != tc.want || got != (pool.utf8(1) == tc.s) {
			t.Errorf("% x vs %q: utf8Is = %v, want %v (utf8 = %q)", tc.raw, tc.s, got, tc.want, pool.utf8(1))
		}
	}
}
