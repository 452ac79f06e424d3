package classfile

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
)

// TestTruncatedEverywhere cuts valid classes at every byte offset: each cut
// must give a *FormatError, never a panic or success.
func TestTruncatedEverywhere(t *testing.T) {
	inputs := map[string][]byte{"minimal": minimalClass()}
	for _, f := range []string{"testdata/classes/fixture/Sample.class", "testdata/compose/sample/Foo.class", "testdata/classes/module-info.class"} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs[f] = data
	}
	for name, data := range inputs {
		for _, opts := range []ParseOptions{{}, {SkipCode: true}} {
			for i := range len(data) {
				c, err := ParseWithOptions(data[:i], opts)
				var fe *FormatError
				if c != nil || !errors.As(err, &fe) {
					t.Fatalf("%s cut at %d: class %v, err %v", name, i, c != nil, err)
				}
				if fe.Offset < 0 || fe.Offset > int64(i) {
					t.Fatalf("%s cut at %d: offset %d", name, i, fe.Offset)
				}
			}
		}
	}
}

func TestBrokenClasses(t *testing.T) {
	type tc struct {
		name    string
		data    []byte
		msg     string // substring of the error
		class   string // expected FormatError.Class
		isMagic bool
	}
	var cases []tc
	add := func(name string, data []byte, msg, class string) {
		cases = append(cases, tc{name: name, data: data, msg: msg, class: class})
	}
	cases = append(cases,
		tc{name: "empty", data: nil, msg: "bad magic", isMagic: true},
		tc{name: "bad magic", data: []byte{0xCA, 0xFE, 0xBA, 0xBF, 0, 0, 0, 52}, msg: "bad magic", isMagic: true},
		tc{name: "zip magic", data: []byte("PK\x03\x04rest"), msg: "bad magic", isMagic: true},
	)

	{ // constant_pool_count far beyond the data: rejected before allocation.
		data := cat([]byte{0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 52}, be16(0xFFFF), []byte{1, 0, 0})
		add("huge cp count", data, "constant pool count exceeds remaining data", "")
	}
	add("cp count 0", cat([]byte{0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 52}, be16(0), make([]byte, 20)), "constant pool count is 0", "")
	{
		b := newBuilder()
		b.raw(Tag(2), be16(0))
		add("unknown cp tag", b.build(0x21, "A", "", nil, nil, nil), "unknown tag 2", "")
	}
	{
		b := newBuilder()
		b.raw(TagClass, be16(0))
		add("Class with index 0", b.build(0x21, "A", "", nil, nil, nil), "index 0", "")
	}
	{
		b := newBuilder()
		b.raw(TagString, be16(999))
		add("String out of range", b.build(0x21, "A", "", nil, nil, nil), "out of range", "")
	}
	{
		b := newBuilder()
		i := b.integer(1)
		b.raw(TagClass, be16(i))
		add("Class pointing at Integer", b.build(0x21, "A", "", nil, nil, nil), "want Utf8, got Integer", "")
	}
	{
		b := newBuilder()
		b.raw(TagMethodHandle, []byte{10}, be16(1))
		add("bad method handle kind", b.build(0x21, "A", "", nil, nil, nil), "bad method handle kind 10", "")
	}
	{
		b := newBuilder()
		f := b.ref(TagFieldref, "X", "f", "I")
		b.raw(TagMethodHandle, []byte{6}, be16(f))
		add("invokeStatic handle to a field", b.build(0x21, "A", "", nil, nil, nil), "want Methodref, got Fieldref", "")
	}
	{
		b := newBuilder()
		ok := b.long(1)
		b.raw(TagString, be16(ok+1))
		add("reference to Long second slot", b.build(0x21, "A", "", nil, nil, nil), "want Utf8, got none", "")
	}
	{ // A Long as the last entry claims a slot past the end.
		data := cat([]byte{0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 52}, be16(2), []byte{5}, make([]byte, 8), make([]byte, 16))
		add("Long in last slot", data, "8-byte constant in the last slot", "")
	}
	{
		b := newBuilder()
		u := b.utf8("A")
		data := b.buildRaw("A", "")
		// Point this_class at the Utf8 instead of the Class.
		idx := bytes.LastIndex(data, cat(be16(0x21), be16(u+1)))
		copy(data[idx+2:], be16(u))
		add("this_class wrong tag", cat(data, be16(0), be16(0), be16(0), be16(0)), "want Class, got Utf8", "")
	}
	{
		b := newBuilder()
		data := b.buildRaw("A", "", be16(0), be16(0), be16(0), be16(0))
		copy(data[len(data)-12:], be16(0)) // this_class = 0
		add("this_class 0", data, "index 0", "")
	}
	{
		b := newBuilder()
		add("super wrong tag", b.buildRaw("A", "", be16(0), be16(0), be16(0), be16(0)), "", "")
		data := cases[len(cases)-1].data
		copy(data[len(data)-10:], be16(b.utf8("A")))
		cases[len(cases)-1].msg = "want Class, got Utf8"
		cases[len(cases)-1].class = "A"
	}
	{
		b := newBuilder()
		add("huge interfaces count", b.buildRaw("A", "", be16(0xFFFF), be16(1)), "interfaces count exceeds remaining data", "A")
	}
	{
		b := newBuilder()
		add("huge fields count", b.buildRaw("A", "", be16(0), be16(0xFFFF), make([]byte, 40)), "fields count exceeds remaining data", "A")
	}
	{
		b := newBuilder()
		add("huge methods count", b.buildRaw("A", "", be16(0), be16(0), be16(5000), make([]byte, 40)), "methods count exceeds remaining data", "A")
	}
	{
		b := newBuilder()
		name := b.utf8("Weird")
		add("huge attribute length", b.buildRaw("A", "", be16(0), be16(0), be16(0), be16(1), be16(name), be32(0xFFFFFFFF)), "attribute length exceeds remaining data", "A")
	}
	{
		b := newBuilder()
		add("attribute name not Utf8", b.buildRaw("A", "", be16(0), be16(0), be16(0), be16(1), be16(2), be32(0)), "want Utf8, got Class", "A")
	}
	{
		b := newBuilder()
		sig := b.attr("Signature", be16(b.utf8("x")), []byte{0})
		add("Signature length 3", b.build(0x21, "A", "", nil, nil, [][]byte{sig}), "attribute length does not match", "A")
	}
	{
		b := newBuilder()
		sig := b.attr("SourceFile", be16(b.class("B")))
		add("SourceFile pointing at Class", b.build(0x21, "A", "", nil, nil, [][]byte{sig}), "want Utf8, got Class", "A")
	}
	{
		b := newBuilder()
		cv := b.attr("ConstantValue", be16(b.utf8("x")))
		f := b.member(0x19, "F", "I", cv)
		add("ConstantValue pointing at Utf8", b.build(0x21, "A", "", [][]byte{f}, nil, nil), "want Integer, got Utf8", "A")
	}
	{
		b := newBuilder()
		ann := b.attr("RuntimeVisibleAnnotations", be16(0xFFFF), make([]byte, 10))
		add("huge annotation count", b.build(0x21, "A", "", nil, nil, [][]byte{ann}), "annotations count exceeds", "A")
	}
	{
		b := newBuilder()
		ann := b.attr("RuntimeInvisibleAnnotations", be16(1), be16(b.utf8("LX;")), be16(1), be16(b.utf8("v")), []byte{'[', 0xFF, 0xFF}, make([]byte, 6))
		add("huge array count", b.build(0x21, "A", "", nil, nil, [][]byte{ann}), "array elements count exceeds", "A")
	}
	{
		b := newBuilder()
		ann := b.attr("RuntimeVisibleAnnotations", be16(1), be16(b.utf8("LX;")), be16(1), be16(b.utf8("v")), []byte{'x', 0, 1})
		add("bad element tag", b.build(0x21, "A", "", nil, nil, [][]byte{ann}), "bad element_value tag 'x'", "A")
	}
	{
		b := newBuilder()
		ann := b.attr("RuntimeVisibleAnnotations", be16(1), be16(b.utf8("LX;")), be16(1), be16(b.utf8("v")), []byte{'J'}, be16(b.integer(3)))
		add("J element pointing at Integer", b.build(0x21, "A", "", nil, nil, [][]byte{ann}), "want Long, got Integer", "A")
	}
	{
		b := newBuilder()
		ann := b.attr("RuntimeVisibleAnnotations", be16(1), be16(b.utf8("LX;")), be16(0), []byte{0})
		add("annotation attribute with trailing byte", b.build(0x21, "A", "", nil, nil, [][]byte{ann}), "attribute length does not match", "A")
	}
	{ // 2000 nested '@' values: refused by depth, not by stack exhaustion.
		b := newBuilder()
		typ, v := b.utf8("LX;"), b.utf8("v")
		var body []byte
		body = append(body, cat(be16(1), be16(typ), be16(1), be16(v))...)
		for range 2000 {
			body = append(body, cat([]byte{'@'}, be16(typ), be16(1), be16(v))...)
		}
		body = append(body, cat([]byte{'I'}, be16(b.integer(1)))...)
		ann := b.attr("RuntimeVisibleAnnotations", body)
		add("deeply nested annotations", b.build(0x21, "A", "", nil, nil, [][]byte{ann}), "annotations nested more than 255 deep", "A")
	}
	{
		b := newBuilder()
		code := b.attr("Code", be16(1), be16(1), be32(0xFFFFFF00), []byte{0xb1})
		m := b.member(0x9, "m", "()V", code)
		add("huge code length", b.build(0x21, "A", "", nil, [][]byte{m}, nil), `method "m ()V": Code attribute: code length 4294967040 outside 1..65535`, "A")
	}
	{
		b := newBuilder()
		code := b.attr("Code", be16(1), be16(1), be32(60000), []byte{0xb1})
		m := b.member(0x9, "m", "()V", code)
		add("code length beyond attribute", b.build(0x21, "A", "", nil, [][]byte{m}, nil), "code length exceeds attribute", "A")
	}
	{
		b := newBuilder()
		code := b.attr("Code", be16(1), be16(1), be32(1), []byte{0xb1}, be16(0x7FFF), make([]byte, 8))
		m := b.member(0x9, "m", "()V", code)
		add("huge exception table", b.build(0x21, "A", "", nil, [][]byte{m}, nil), "exception table count exceeds", "A")
	}
	{
		b := newBuilder()
		code := b.attr("Code", be16(1), be16(1), be32(1), []byte{0xb1}, be16(1), be16(0), be16(1), be16(0), be16(b.utf8("E")), be16(0))
		m := b.member(0x9, "m", "()V", code)
		add("catch type not a Class", b.build(0x21, "A", "", nil, [][]byte{m}, nil), "want Class, got Utf8", "A")
	}
	{
		b := newBuilder()
		em := b.attr("EnclosingMethod", be16(b.class("O")), be16(b.utf8("m")))
		add("EnclosingMethod method not NameAndType", b.build(0x21, "A", "", nil, nil, [][]byte{em}), "want NameAndType, got Utf8", "A")
	}
	{
		b := newBuilder()
		ic := b.attr("InnerClasses", be16(2), be16(b.class("A$B")), be16(0), be16(0), be16(0))
		add("InnerClasses count beyond length", b.build(0x21, "A", "", nil, nil, [][]byte{ic}), "inner classes count exceeds", "A")
	}

	// Attributes too short for the index they hold (issue 26: Parse accepted
	// them and the lazy readers read index 0), and attributes allowed once.
	{
		b := newBuilder()
		f := b.member(0x2, "f", "I", b.attr("Signature"))
		add("field Signature of length 0", b.build(0x21, "A", "", [][]byte{f}, nil, nil), `field "f I": Signature attribute: unexpected end of data`, "A")
	}
	{
		b := newBuilder()
		m := b.member(0x401, "m", "()V", b.attr("Signature", []byte{0}))
		add("method Signature of length 1", b.build(0x21, "A", "", nil, [][]byte{m}, nil), `method "m ()V": Signature attribute: unexpected end of data`, "A")
	}
	{
		b := newBuilder()
		f := b.member(0x19, "F", "I", b.attr("ConstantValue"))
		add("ConstantValue of length 0", b.build(0x21, "A", "", [][]byte{f}, nil, nil), `field "F I": ConstantValue attribute: unexpected end of data`, "A")
	}
	{
		b := newBuilder()
		add("SourceFile of length 0", b.build(0x21, "A", "", nil, nil, [][]byte{b.attr("SourceFile")}), "SourceFile attribute: unexpected end of data", "A")
	}
	{
		b := newBuilder()
		add("EnclosingMethod of length 2", b.build(0x21, "A", "", nil, nil, [][]byte{b.attr("EnclosingMethod", be16(b.class("O")))}),
			"EnclosingMethod attribute: unexpected end of data", "A")
	}
	{
		b := newBuilder()
		sig := b.attr("Signature", be16(b.utf8("LB;")))
		add("two class Signatures", b.build(0x21, "A", "", nil, nil, [][]byte{sig, sig}), "Signature attribute: more than one Signature attribute", "A")
	}
	{
		b := newBuilder()
		code := b.code(0, 1, []byte{byte(OpReturn)})
		m := b.member(0x9, "m", "()V", code, code)
		add("two Code attributes", b.build(0x21, "A", "", nil, [][]byte{m}, nil), `method "m ()V": Code attribute: more than one Code attribute`, "A")
	}
	{
		b := newBuilder()
		ann := b.attr("RuntimeVisibleAnnotations", be16(0))
		f := b.member(0x2, "f", "I", ann, ann)
		add("two field annotation attributes", b.build(0x21, "A", "", [][]byte{f}, nil, nil), "more than one RuntimeVisibleAnnotations attribute", "A")
	}
	{
		b := newBuilder()
		ic := b.attr("InnerClasses", be16(0))
		add("two InnerClasses", b.build(0x21, "A", "", nil, nil, [][]byte{ic, ic}), "more than one InnerClasses attribute", "A")
	}
	{
		b := newBuilder()
		code := b.attr("Code", be16(1), be16(1), be32(1), []byte{0xb1}, be16(1), be16(0), be16(1), be16(1), be16(0), be16(0))
		m := b.member(0x9, "m", "()V", code)
		add("exception handler outside code", b.build(0x21, "A", "", nil, [][]byte{m}, nil), "exception table entry 0: range [0, 1) or handler 1 outside the code of length 1", "A")
	}
	{
		b := newBuilder()
		code := b.attr("Code", be16(1), be16(1), be32(1), []byte{0xb1}, be16(1), be16(0), be16(2), be16(0), be16(0), be16(0))
		m := b.member(0x9, "m", "()V", code)
		add("exception range past code", b.build(0x21, "A", "", nil, [][]byte{m}, nil), "exception table entry 0: range [0, 2)", "A")
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cls, err := Parse(c.data)
			var fe *FormatError
			if cls != nil || !errors.As(err, &fe) {
				t.Fatalf("got class %v, err %v", cls != nil, err)
			}
			if !strings.Contains(fe.Msg, c.msg) {
				t.Errorf("Msg = %q, want it to contain %q", fe.Msg, c.msg)
			}
			if fe.Class != c.class {
				t.Errorf("Class = %q, want %q", fe.Class, c.class)
			}
			if errors.Is(err, ErrNotClassFile) != c.isMagic {
				t.Errorf("errors.Is(ErrNotClassFile) = %v", !c.isMagic)
			}
			if fe.Offset < 0 || fe.Offset > int64(len(c.data)) {
				t.Errorf("Offset %d outside data", fe.Offset)
			}
			// SkipCode must not hide structural errors outside Code.
			if _, err := ParseWithOptions(c.data, ParseOptions{SkipCode: true}); err == nil && !strings.Contains(c.name, "code") &&
				!strings.Contains(c.name, "exception") && !strings.Contains(c.name, "catch") {
				t.Errorf("SkipCode accepted it")
			}
		})
	}
}

// TestUnknownAttributesSkipped: unknown and unused attributes, even with
// garbage bodies, are skipped by length.
func TestUnknownAttributesSkipped(t *testing.T) {
	b := newBuilder()
	junk := b.attr("com.example.Weird", []byte{0xFF, 0xFF, 0xFF, 0xFF, 0, 1, 2})
	lnt := b.attr("LineNumberTable", []byte{0xFF})
	code := b.attr("Code", be16(1), be16(1), be32(1), []byte{0xb1}, be16(0), be16(2), lnt, junk)
	m := b.member(0x9, "m", "()V", code, junk, b.attr("Exceptions", []byte{0xFF}))
	f := b.member(0x2, "f", "I", junk)
	data := b.build(0x21, "A", "java/lang/Object", [][]byte{f}, [][]byte{m}, [][]byte{junk, b.attr("BootstrapMethods", []byte{0xFF, 0xFF})})
	c, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if c.Method("m", "()V").Code == nil || c.Field("f") == nil {
		t.Error("members lost")
	}
	// Trailing bytes after the class are tolerated.
	if _, err := Parse(append(data, 0, 0, 0)); err != nil {
		t.Errorf("trailing bytes: %v", err)
	}
}

func TestFormatErrorString(t *testing.T) {
	errTooLarge := errors.New("entry exceeds size limit") // as archive.ErrTooLarge
	for _, tc := range []struct {
		err  *FormatError
		want string
	}{
		{&FormatError{Offset: 0, Msg: "bad magic", Err: ErrNotClassFile}, "classfile: at offset 0: bad magic: not a class file"},
		{&FormatError{Path: "a.jar", Entry: "p/A.class", Class: "p/A", Offset: 12, Msg: "x"}, "classfile: a.jar!p/A.class (class p/A) at offset 12: x"},
		{&FormatError{Path: "a.jar", Offset: -1, Err: errTooLarge}, "classfile: a.jar: entry exceeds size limit"},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
	if !errors.Is(&FormatError{Err: errTooLarge}, errTooLarge) {
		t.Error("Unwrap")
	}
}
