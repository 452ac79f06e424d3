package archive

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/composestab/composestab/classfile"
)

// fuzzSeeds adds files matching pattern to a fuzz corpus.
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

// readClass reads what a scan reads of a class: its fields, methods (their code decoded) and
// annotations, none of which may panic; classfile's FuzzParse holds every accessor to the
// bytes, whatever archive they come from.
func readClass(c *classfile.Class) {
	_ = c.Fields()
	_ = c.Annotations()
	for _, m := range c.Methods() {
		if m.Code != nil {
			_, _ = m.Code.Instructions()
		}
	}
}

// smallArchives are FuzzOpenArchive's seeds: each shape of input in a few
// hundred bytes (a jar, a multi-release jar, an AAR with classes.jar and a
// lib, a duplicate entry, the issue-26 class, a broken class). Seeds of
// kilobytes (the fixture jars) made each new input the fuzzer found cost a
// minute of minimising, which is quadratic in the input's size: about 230
// inputs in two minutes.
func smallArchives(tb testing.TB) [][]byte {
	crafted, err := os.ReadFile(issue26Class)
	if err != nil {
		tb.Fatal(err)
	}
	mc := minimalClass()
	jar := makeZip(tb, zipFile{"p/Min.class", mc})
	return [][]byte{
		jar,
		makeZip(tb, zipFile{"META-INF/MANIFEST.MF", []byte("Multi-Release: true\n")}, zipFile{"p/Min.class", mc},
			zipFile{"META-INF/versions/9/p/Min.class", mc}),
		makeZip(tb, zipFile{"classes.jar", jar}, zipFile{"libs/a.jar", makeZip(tb, zipFile{"q/Min.class", mc})}),
		makeZip(tb, zipFile{"p/Min.class", mc}, zipFile{"p/Min.class", mc[:40]}),
		makeZip(tb, zipFile{"0000000000.class", crafted}),
		makeZip(tb, zipFile{"p/Min.class", mc}, zipFile{"p/Bad.class", mc[:20]}, zipFile{"../p/Evil.class", mc}),
	}
}

// FuzzOpenArchive opens arbitrary bytes as a jar (or, with aar set, an
// AAR), then reads and parses every class entry and reads each class (readClass).
func FuzzOpenArchive(f *testing.F) {
	for _, b := range smallArchives(f) {
		f.Add(b, false)
		f.Add(b, true)
	}
	// Small limits keep a run cheap whatever the input claims: entries that
	// share compressed bytes inflate at most MaxInputSize in all.
	opts := InputOptions{Limits: Limits{MaxEntrySize: 1 << 20, MaxInputSize: 8 << 20, MaxEntries: 2000}}
	f.Fuzz(func(t *testing.T, data []byte, aar bool) {
		name := "fuzz.jar"
		if aar {
			name = "fuzz.aar"
		}
		in, _ := opts.OpenArchive(name, bytes.NewReader(data), int64(len(data)))
		if in == nil {
			t.Fatal("nil Input")
		}
		cp := NewClasspath(in)
		for _, e := range cp.Entries() {
			c, err := cp.Class(e.ClassName)
			if err != nil {
				if _, ok := err.(*classfile.FormatError); !ok {
					t.Fatalf("error of type %T: %v", err, err)
				}
				continue
			}
			readClass(c)
		}
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
	// Seeds of a few hundred bytes, as for FuzzOpenArchive: the fixture jars
	// (kilobytes) made minimising each new input take a minute.
	fuzzSeeds(f, "../testdata/hostile/*.jar", func(b []byte) { f.Add(b) })
	for _, b := range smallArchives(f) {
		f.Add(b)
	}
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
			fe, ok := err.(*classfile.FormatError)
			if !ok || fe.Path != "fuzz.jar" {
				t.Fatalf("error of type %T: %v", err, err)
			}
			cut = cut || strings.Contains(fe.Msg, "(Limits.MaxInputSize): this class entry")
		}
		if s.Failed > len(errs) && !cut {
			t.Fatalf("%d entries failed, %d errors", s.Failed, len(errs))
		}
		cp := NewClasspath(in)
		scan(cp.Entries(), classfile.ParseOptions{}, func(e *Entry, c *classfile.Class, err error) {
			if err != nil {
				t.Errorf("%s: validated at open, fails in Scan: %v", e.Name, err)
				return
			}
			readClass(c)
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
