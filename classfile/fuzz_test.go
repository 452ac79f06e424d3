package classfile

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// fuzzSeeds adds the committed fixtures to a fuzz corpus.
func fuzzSeeds(f *testing.F, pattern string, add func([]byte)) {
	files, _ := filepath.Glob(pattern)
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		add(data)
	}
}

// FuzzParse parses arbitrary bytes and, when they parse, calls every
// accessor and decodes every instruction: nothing may panic.
func FuzzParse(f *testing.F) {
	f.Add(minimalClass())
	for _, pat := range []string{"testdata/classes/*.class", "testdata/classes/fixture/*.class", "testdata/compose/sample/*.class"} {
		fuzzSeeds(f, pat, func(b []byte) { f.Add(b) })
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, opts := range []ParseOptions{{}, {SkipCode: true}} {
			c, err := ParseWithOptions(data, opts)
			if err != nil {
				if _, ok := err.(*FormatError); !ok {
					t.Fatalf("error of type %T: %v", err, err)
				}
				continue
			}
			fuzzExercise(c)
		}
	})
}

func fuzzExercise(c *Class) {
	_ = exercise(c, nil, nil)
	for i := 0; i < c.Pool().Len()+2; i++ {
		idx := uint16(i)
		_, _ = c.Pool().Constant(idx)
		_, _ = c.Pool().UTF8(idx)
		_, _ = c.Pool().MemberRef(idx)
		_, _ = c.Pool().ClassName(idx)
		_, _ = c.Pool().NameAndType(idx)
	}
	visit := func(anns []Annotation) {
		for i := range anns {
			for _, e := range anns[i].Elements {
				walkValue(e.Value)
			}
		}
	}
	visit(c.Annotations())
	for _, f := range c.Fields() {
		visit(f.Annotations)
	}
	for _, m := range c.Methods() {
		visit(m.Annotations)
		if m.Code != nil {
			_ = m.Code.LocalVariables()
			for _, in := range must(m.Code.Instructions()) {
				_ = in.Opcode.String()
				if in.Index != 0 {
					_, _ = c.Pool().Constant(in.Index)
				}
			}
		}
	}
	_ = c.Method("<clinit>", "()V")
	_ = c.Field("$stable")
	// FirstLine reads the line tables in place and must agree with the decoded methods.
	if got, want := c.FirstLine(), methodsFirstLine(c); got != want {
		panic(fmt.Sprintf("FirstLine %d, methods say %d", got, want))
	}
}

func must[T any](v T, _ error) T { return v }

func walkValue(v ElementValue) {
	v.Int()
	v.Long()
	v.Float()
	v.Double()
	v.Bool()
	v.String()
	v.Strings()
	v.Ints()
	if v.Annotation != nil {
		for _, e := range v.Annotation.Elements {
			walkValue(e.Value)
		}
	}
	for _, e := range v.Array {
		walkValue(e)
	}
}

// FuzzOpenArchive opens arbitrary bytes as a jar (or, with aar set, an
// AAR), then reads and parses every class entry.
func FuzzOpenArchive(f *testing.F) {
	fuzzSeeds(f, "testdata/jars/*", func(b []byte) { f.Add(b, false); f.Add(b, true) })
	f.Add(makeZip(f, zipFile{"p/Min.class", minimalClass()}, zipFile{"META-INF/MANIFEST.MF", []byte("Multi-Release: true\n")},
		zipFile{"META-INF/versions/9/p/Min.class", minimalClass()}), false)
	f.Fuzz(func(t *testing.T, data []byte, aar bool) {
		name := "fuzz.jar"
		if aar {
			name = "fuzz.aar"
		}
		in, _ := InputOptions{Limits: Limits{MaxEntrySize: 1 << 20}}.OpenArchive(name, bytes.NewReader(data), int64(len(data)))
		if in == nil {
			t.Fatal("nil Input")
		}
		// Class contents are FuzzParse's job; here only the archive layer
		// is exercised, which keeps each run cheap enough to minimise.
		cp := NewClasspath(in)
		for _, e := range cp.Entries() {
			c, err := cp.Class(e.ClassName)
			if err != nil {
				if _, ok := err.(*FormatError); !ok {
					t.Fatalf("error of type %T: %v", err, err)
				}
				continue
			}
			_ = c.Name()
		}
		_ = cp.Shadowed()
		_ = cp.Close()
	})
}

// FuzzScan opens a mutated small jar the way the audit does (eager
// validation, then the classpath and Scan over every entry) under small
// limits, and checks the promises of the scan: every class entry is listed,
// skipped or failed (the counts add up), every problem is a *FormatError
// naming the input, every listed entry parses (validation left nothing to
// find later), and opening twice gives the same entries and errors.
func FuzzScan(f *testing.F) {
	fuzzSeeds(f, "testdata/jars/*.jar", func(b []byte) { f.Add(b) })
	fuzzSeeds(f, "../testdata/hostile/*.jar", func(b []byte) { f.Add(b) })
	f.Add(makeZip(f, zipFile{"p/Min.class", minimalClass()}, zipFile{"p/Bad.class", minimalClass()[:20]}, zipFile{"../p/Evil.class", minimalClass()}))
	opts := InputOptions{Limits: Limits{MaxEntrySize: 1 << 20, MaxInputSize: 4 << 20, MaxEntries: 2000, MaxNesting: 64}}
	f.Fuzz(func(t *testing.T, data []byte) {
		open := func() (*Input, []error) {
			in, err := opts.OpenArchive("fuzz.jar", bytes.NewReader(data), int64(len(data)))
			return in, flatten(nil, err)
		}
		in, errs := open()
		s := in.Stats
		sum := len(in.Entries) + s.Failed
		for _, n := range s.Skipped {
			sum += n
		}
		if sum != s.ClassEntries {
			t.Fatalf("%d class entries, %d listed + %d failed + %v skipped", s.ClassEntries, len(in.Entries), s.Failed, s.Skipped)
		}
		// One error per failed entry, except that hitting MaxInputSize is
		// one error for the entry where it happens and all after it.
		cut := false
		for _, err := range errs {
			fe, ok := err.(*FormatError)
			if !ok || fe.Path != "fuzz.jar" {
				t.Fatalf("error of type %T: %v", err, err)
			}
			cut = cut || strings.Contains(fe.Msg, "(Limits.MaxInputSize): this class entry")
		}
		if s.Failed > len(errs) && !cut {
			t.Fatalf("%d entries failed, %d errors", s.Failed, len(errs))
		}
		cp := NewClasspath(in)
		Scan(cp.Entries(), ParseOptions{}, func(e *Entry, c *Class, err error) {
			if err != nil {
				t.Errorf("%s: validated at open, fails in Scan: %v", e.Name, err)
			}
		})
		in2, errs2 := open()
		if !reflect.DeepEqual(entryNames(in.Entries), entryNames(in2.Entries)) || fmt.Sprint(errs) != fmt.Sprint(errs2) {
			t.Fatalf("two opens differ:\n%v\n%v\n--\n%v\n%v", entryNames(in.Entries), errs, entryNames(in2.Entries), errs2)
		}
	})
}

func entryNames(entries []*Entry) []string {
	out := make([]string, len(entries))
	for i, e := range entries {
		out[i] = e.Name + " " + e.ClassName
	}
	return out
}
