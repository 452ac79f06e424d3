package classfile

import (
	"bytes"
	"reflect"
	"slices"
	"testing"
)

// annotationClass builds a class whose RuntimeVisibleAnnotations (and, when invisible is not
// nil, RuntimeInvisibleAnnotations) hold the annotations the functions write: each gets the
// builder, to add constants, and returns one annotation.
func annotationClass(t *testing.T, visible, invisible []func(*classBuilder) []byte) *Class {
	t.Helper()
	b := newBuilder()
	attr := func(name string, anns []func(*classBuilder) []byte) []byte {
		body := be16(uint16(len(anns)))
		for _, a := range anns {
			body = append(body, a(b)...)
		}
		return b.attr(name, body)
	}
	attrs := [][]byte{attr("RuntimeVisibleAnnotations", visible)}
	if invisible != nil {
		attrs = append(attrs, attr("RuntimeInvisibleAnnotations", invisible))
	}
	c, err := Parse(b.build(0x21, "p/M", "java/lang/Object", nil, nil, attrs))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// ann writes an annotation of type desc with the given elements, each a name and the bytes of
// its element_value.
func ann(desc string, elems ...func(*classBuilder) (string, []byte)) func(*classBuilder) []byte {
	return func(b *classBuilder) []byte {
		out := cat(be16(b.utf8(desc)), be16(uint16(len(elems))))
		for _, e := range elems {
			name, v := e(b)
			out = cat(out, be16(b.utf8(name)), v)
		}
		return out
	}
}

// strArray is an element that is an array of s values with exactly these modified UTF-8 bytes.
func strArray(name string, raw ...[]byte) func(*classBuilder) (string, []byte) {
	return func(b *classBuilder) (string, []byte) {
		v := cat([]byte{'['}, be16(uint16(len(raw))))
		for _, r := range raw {
			v = cat(v, []byte{'s'}, be16(b.utf8Bytes(r)))
		}
		return name, v
	}
}

// intElem is an element that is one int.
func intElem(name string, n int32) func(*classBuilder) (string, []byte) {
	return func(b *classBuilder) (string, []byte) { return name, cat([]byte{'I'}, be16(b.integer(n))) }
}

// mixedArray is an element that is an array of a string then an int.
func mixedArray(name string) func(*classBuilder) (string, []byte) {
	return func(b *classBuilder) (string, []byte) {
		return name, cat([]byte{'[', 0, 2, 's'}, be16(b.utf8("x")), []byte{'I'}, be16(b.integer(1)))
	}
}

// TestAnnotationUTF8 checks the raw bytes AnnotationUTF8 gives on crafted annotations, and that
// they are what AnnotationStrings decodes.
func TestAnnotationUTF8(t *testing.T) {
	const km = "Lkotlin/Metadata;"
	surrogatePair := []byte{0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80}
	for _, tc := range []struct {
		name              string
		visible           []func(*classBuilder) []byte
		invisible         []func(*classBuilder) []byte
		descriptor, field string
		want              [][]byte
		ok                bool
	}{
		{name: "strings kept verbatim",
			visible:    []func(*classBuilder) []byte{ann(km, strArray("d1", []byte("ab"), []byte{0xC0, 0x80, 'A'}, surrogatePair))},
			descriptor: km, field: "d1", want: [][]byte{[]byte("ab"), {0xC0, 0x80, 'A'}, surrogatePair}, ok: true},
		{name: "malformed bytes verbatim too",
			visible:    []func(*classBuilder) []byte{ann(km, strArray("d1", []byte{0xFF, 0x00, 0xED, 0xA0, 0xBD}))},
			descriptor: km, field: "d1", want: [][]byte{{0xFF, 0x00, 0xED, 0xA0, 0xBD}}, ok: true},
		{name: "an empty string",
			visible:    []func(*classBuilder) []byte{ann(km, strArray("d1", []byte{}))},
			descriptor: km, field: "d1", want: [][]byte{{}}, ok: true},
		{name: "the second element",
			visible:    []func(*classBuilder) []byte{ann(km, intElem("k", 1), strArray("d1", []byte("x")), strArray("d2", []byte("y"), []byte("z")))},
			descriptor: km, field: "d2", want: [][]byte{[]byte("y"), []byte("z")}, ok: true},
		{name: "an empty array is ok",
			visible:    []func(*classBuilder) []byte{ann(km, strArray("d1"))},
			descriptor: km, field: "d1", ok: true},
		{name: "an invisible annotation",
			visible:    []func(*classBuilder) []byte{ann("Lp/Other;")},
			invisible:  []func(*classBuilder) []byte{ann(km, strArray("d1", []byte("inv")))},
			descriptor: km, field: "d1", want: [][]byte{[]byte("inv")}, ok: true},
		{name: "element absent",
			visible:    []func(*classBuilder) []byte{ann(km, strArray("d1", []byte("x")))},
			descriptor: km, field: "d2"},
		{name: "annotation absent",
			visible:    []func(*classBuilder) []byte{ann(km, strArray("d1", []byte("x")))},
			descriptor: "Lp/Other;", field: "d1"},
		{name: "not an array",
			visible:    []func(*classBuilder) []byte{ann(km, intElem("d1", 7))},
			descriptor: km, field: "d1"},
		{name: "an array holding an int",
			visible:    []func(*classBuilder) []byte{ann(km, mixedArray("d1"))},
			descriptor: km, field: "d1"},
		{name: "only the first annotation of the type counts",
			visible:    []func(*classBuilder) []byte{ann(km, intElem("k", 1)), ann(km, strArray("d1", []byte("late")))},
			descriptor: km, field: "d1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := annotationClass(t, tc.visible, tc.invisible)
			keep := []byte("kept")
			got, ok := c.AnnotationUTF8(tc.descriptor, tc.field, [][]byte{keep})
			if ok != tc.ok || len(got) == 0 || !bytes.Equal(got[0], keep) || !sameBytes(got[1:], tc.want) {
				t.Fatalf("AnnotationUTF8 = %q %v, want [kept] then %q %v", got, ok, tc.want, tc.ok)
			}
			agreesWithStrings(t, c, tc.descriptor, tc.field)
		})
	}
}

// sameBytes tells whether a and b hold equal byte strings, nil and empty alike.
func sameBytes(a, b [][]byte) bool {
	return slices.EqualFunc(a, b, bytes.Equal)
}

// agreesWithStrings checks AnnotationUTF8 against AnnotationStrings for one element: the same
// ok, as many slices as strings, and each slice decoding to its string.
func agreesWithStrings(t *testing.T, c *Class, descriptor, name string) {
	t.Helper()
	raw, ok := c.AnnotationUTF8(descriptor, name, nil)
	strs, sok := c.AnnotationStrings(descriptor, name)
	if ok != sok || len(raw) != len(strs) {
		t.Fatalf("%s: AnnotationUTF8(%s, %s) = %q %v, AnnotationStrings = %q %v", c.Name(), descriptor, name, raw, ok, strs, sok)
	}
	for i, b := range raw {
		if s := decodeModifiedUTF8(b); s != strs[i] {
			t.Errorf("%s: AnnotationUTF8(%s, %s)[%d] decodes to %q, AnnotationStrings gives %q", c.Name(), descriptor, name, i, s, strs[i])
		}
	}
}

// TestAnnotationUTF8Capped checks that appending to a returned slice cannot write over the
// class's bytes: the next string is still there.
func TestAnnotationUTF8Capped(t *testing.T) {
	c := annotationClass(t, []func(*classBuilder) []byte{ann("LX;", strArray("v", []byte("ab"), []byte("cd")))}, nil)
	raw, ok := c.AnnotationUTF8("LX;", "v", nil)
	if !ok || len(raw) != 2 || cap(raw[0]) != 2 {
		t.Fatalf("AnnotationUTF8 = %q %v, cap %d", raw, ok, cap(raw[0]))
	}
	_ = append(raw[0], "XXXXXXXX"...)
	if got, _ := c.AnnotationStrings("LX;", "v"); !reflect.DeepEqual(got, []string{"ab", "cd"}) {
		t.Errorf("after an append to the first slice the strings are %q", got)
	}
}

// TestAnnotationUTF8Fixtures holds AnnotationUTF8 to AnnotationStrings on every element of every
// class annotation of the fixtures (and of kotlin-stdlib.jar when present), and an absent one.
func TestAnnotationUTF8Fixtures(t *testing.T) {
	arrays := 0
	eachFixtureClass(t, func(c *Class) {
		for _, a := range c.Annotations() {
			for _, el := range append(a.Elements, ElementPair{Name: "absent"}) {
				agreesWithStrings(t, c, a.Type, el.Name)
				if _, ok := c.AnnotationStrings(a.Type, el.Name); ok {
					arrays++
				}
			}
		}
	})
	if arrays == 0 {
		t.Fatal("no string arrays compared")
	}
	t.Logf("%d string arrays compared", arrays)
}
