package classfile

import (
	"bytes"
	"errors"
	"iter"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/composestab/composestab/internal/fixtures"
)

// issue26Class is a 734-byte class (found by fuzzing the audit) whose field
// carries a Signature attribute of length 0. Parse used to accept it and
// Class.Fields then read constant-pool index 0 as a Utf8: "slice bounds out
// of range [:51968] with capacity 735" in ConstantPool.utf8.
const issue26Class = "testdata/crafted/issue26-field-signature-length0.class"

// issue26Error is what every way of opening it must report: the field, the
// attribute, the class and the attribute's offset.
func checkIssue26Error(t *testing.T, err error, path, entry string) {
	t.Helper()
	var fe *FormatError
	if !errors.As(err, &fe) {
		t.Fatalf("error %T %v, want a *FormatError", err, err)
	}
	want := FormatError{Path: path, Entry: entry, Class: "0000000000", Offset: 715,
		Msg: `field "0000000000 0000000000": Signature attribute: unexpected end of data`}
	if fe.Path != want.Path || fe.Entry != want.Entry || fe.Class != want.Class || fe.Offset != want.Offset || fe.Msg != want.Msg {
		t.Errorf("got  %+v\nwant %+v", *fe, want)
	}
}

// TestIssue26Parse: Parse refuses the crafted class with an error naming the field, the
// attribute, the class and the attribute's offset (archive's TestIssue26PanicInput opens it in
// every kind of input).
func TestIssue26Parse(t *testing.T) {
	data, err := os.ReadFile(issue26Class)
	if err != nil {
		t.Fatal(err)
	}
	if c, err := Parse(data); c != nil {
		t.Fatalf("parsed (%v); Fields would read index 0", exerciseAll(c))
	} else {
		checkIssue26Error(t, err, "", "")
	}
}

// mutants yields every truncation of data, then data with each byte in turn
// replaced by 0x00, 0xFF, its successor and its complement (in one buffer,
// reused).
func mutants(data []byte) iter.Seq2[int, []byte] {
	return func(yield func(int, []byte) bool) {
		n := 0
		for i := range len(data) {
			if !yield(n, data[:i]) {
				return
			}
			n++
		}
		m := bytes.Clone(data)
		for i := range data {
			for _, b := range []byte{0, 0xFF, data[i] + 1, ^data[i]} {
				if b == data[i] {
					continue
				}
				m[i] = b
				if !yield(n, m) {
					return
				}
				n++
			}
			m[i] = data[i]
		}
	}
}

// TestMutations parses every truncation and single-byte change of the
// crafted class and of valid ones, with and without SkipCode: each is a
// *FormatError inside the data, or a class whose every accessor reads back
// what Parse validated (exerciseAll).
func TestMutations(t *testing.T) {
	inputs := map[string][]byte{"minimal": minimalClass()}
	files := []string{issue26Class, "testdata/classes/fixture/Sample.class", "testdata/compose/sample/Foo.class",
		"testdata/classes/fixture/Sample$Inner.class", "testdata/classes/module-info.class"}
	if !fixtures.Long() {
		files = files[:1] // the fast loop; the long one mutates every file
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs[f] = data
	}
	for name, data := range inputs {
		parsed, failed := 0, 0
		for i, m := range mutants(data) {
			for _, opts := range []ParseOptions{{}, {SkipCode: true}} {
				c, err := ParseWithOptions(m, opts)
				if err != nil {
					var fe *FormatError
					if c != nil || !errors.As(err, &fe) || fe.Offset < 0 || fe.Offset > int64(len(m)) {
						t.Fatalf("%s mutant %d: class %v, err %#v", name, i, c != nil, err)
					}
					failed++
					continue
				}
				parsed++
				if err := exerciseAll(c); err != nil {
					t.Fatalf("%s mutant %d (%+v): %v", name, i, opts, err)
				}
			}
		}
		t.Logf("%s: %d mutants parsed, %d refused", name, parsed, failed)
		if failed == 0 {
			t.Errorf("%s: no mutant refused", name)
		}
	}
}

// nopClass is a class whose <clinit> is n-1 nops and a return.
func nopClass(n int) []byte {
	b := newBuilder()
	code := append(bytes.Repeat([]byte{byte(OpNop)}, n-1), byte(OpReturn))
	m := b.member(0x0008, "<clinit>", "()V", b.code(0, 0, code))
	return b.build(0x0031, "p/Nops", "java/lang/Object", nil, [][]byte{m}, nil)
}

// TestCodeLength: code_length must be 1..65535 (JVMS §4.7.3). A <clinit> of
// 120 000 getstatic instructions is refused by Parse without a look at them.
func TestCodeLength(t *testing.T) {
	big := func() []byte {
		b := newBuilder()
		fr := b.ref(TagFieldref, "p/Big", "x", "I")
		insn := cat([]byte{byte(OpGetstatic)}, be16(fr))
		code := append(bytes.Repeat(insn, 120_000), byte(OpReturn))
		m := b.member(0x0008, "<clinit>", "()V", b.code(1, 0, code))
		return b.build(0x0031, "p/Big", "java/lang/Object", nil, [][]byte{m}, nil)
	}()
	for _, tc := range []struct {
		name string
		data []byte
		msg  string // "" for a class that parses
	}{
		{"120000 getstatic", big, `method "<clinit> ()V": Code attribute: code length 360001 outside 1..65535`},
		{"65536 bytes", nopClass(65536), "code length 65536 outside 1..65535"},
		{"65535 bytes", nopClass(65535), ""},
		{"1 byte", nopClass(1), ""},
		{"empty", func() []byte {
			b := newBuilder()
			m := b.member(0x0008, "<clinit>", "()V", b.code(0, 0, nil))
			return b.build(0x0031, "p/Nops", "java/lang/Object", nil, [][]byte{m}, nil)
		}(), "code length 0 outside 1..65535"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			c, err := Parse(tc.data)
			if tc.msg == "" {
				if err != nil {
					t.Fatal(err)
				}
				ins, err := c.Method("<clinit>", "()V").Code.Instructions()
				if err != nil || len(ins) != len(c.Method("<clinit>", "()V").Code.Bytecode) {
					t.Fatalf("%d instructions, %v", len(ins), err)
				}
				return
			}
			var fe *FormatError
			if !errors.As(err, &fe) || !strings.Contains(fe.Msg, tc.msg) {
				t.Fatalf("err %v, want %q", err, tc.msg)
			}
			if fe.Class == "" || fe.Offset <= 0 {
				t.Errorf("class %q, offset %d", fe.Class, fe.Offset)
			}
			// No instruction is decoded: refusing it allocates a handful of
			// slices, whatever the code's size.
			if n := testing.AllocsPerRun(5, func() { _, _ = Parse(tc.data) }); n > 20 {
				t.Errorf("%v allocations to refuse it", n)
			}
			if d := time.Since(start); d > time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}
