package archive

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/composestab/composestab/classfile"
)

// released tells whether a class's storage went back for reuse (Class.Release empties it).
func released(c *classfile.Class) bool { return c.Pool() == nil }

// TestBorrowReturn checks who may recycle a class's storage: the last Return of a class that
// Class never handed out, and nothing else.
func TestBorrowReturn(t *testing.T) {
	sample, err := os.ReadFile("../classfile/testdata/classes/fixture/Sample.class")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	jar := filepath.Join(dir, "a.jar")
	writeJar(t, jar, []struct {
		name    string
		content []byte
		raw     []byte
	}{{"fixture/Sample.class", sample, nil}})
	const name = "fixture/Sample"
	open := func(t *testing.T, v Validation, shared bool) *Classpath {
		cp, err := InputOptions{Validation: v}.OpenClasspath([]string{jar})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cp.Close() })
		if shared {
			cp.SetShared(NewShared())
		}
		return cp
	}
	borrow := func(t *testing.T, cp *Classpath) *classfile.Class {
		c, err := cp.Borrow(name)
		if err != nil || c.Name() != name {
			t.Fatalf("Borrow: %v, %v", c, err)
		}
		return c
	}
	for _, tc := range []struct {
		name     string
		deferred bool
		shared   bool
		// run does its calls and returns the classes it checks, each with whether it must have
		// been released.
		run func(t *testing.T, cp *Classpath) map[*classfile.Class]bool
	}{
		{"one borrower", false, false, func(t *testing.T, cp *Classpath) map[*classfile.Class]bool {
			c := borrow(t, cp)
			cp.Return(c)
			again := borrow(t, cp) // parsed again: the first is gone
			if again == c {
				t.Error("Borrow after the last Return gave the released class")
			}
			cp.Return(again)
			return map[*classfile.Class]bool{c: true, again: true}
		}},
		{"two borrowers", false, false, func(t *testing.T, cp *Classpath) map[*classfile.Class]bool {
			c, d := borrow(t, cp), borrow(t, cp)
			if c != d {
				t.Error("two borrowers got two classes")
			}
			cp.Return(c)
			if released(c) {
				t.Error("released while the second borrower holds it")
			}
			cp.Return(d)
			return map[*classfile.Class]bool{c: true}
		}},
		{"kept, then borrowed", false, false, func(t *testing.T, cp *Classpath) map[*classfile.Class]bool {
			k, err := cp.Class(name)
			if err != nil {
				t.Fatal(err)
			}
			c := borrow(t, cp)
			cp.Return(c)
			return map[*classfile.Class]bool{k: false, c: false}
		}},
		{"borrowed, then kept", false, false, func(t *testing.T, cp *Classpath) map[*classfile.Class]bool {
			c := borrow(t, cp)
			k, err := cp.Class(name)
			if err != nil || k != c {
				t.Fatalf("Class while lent: %p %v, want %p", k, err, c)
			}
			cp.Return(c)
			return map[*classfile.Class]bool{c: false}
		}},
		{"check lends", true, false, func(t *testing.T, cp *Classpath) map[*classfile.Class]bool {
			c, err := cp.Check(cp.Inputs()[0].Entries[0])
			if err != nil || c == nil {
				t.Fatalf("Check: %v, %v", c, err)
			}
			b := borrow(t, cp)
			cp.Return(b)
			if released(c) {
				t.Error("released while Check's loan is out")
			}
			cp.Return(c)
			k, err := cp.Class(name)
			if err != nil || k == c {
				t.Fatalf("Class after the loans: %p %v", k, err)
			}
			return map[*classfile.Class]bool{c: true, k: false}
		}},
		{"settle", true, false, func(t *testing.T, cp *Classpath) map[*classfile.Class]bool {
			if err := cp.Settle(); err != nil {
				t.Fatal(err)
			}
			k, err := cp.Class(name)
			if err != nil {
				t.Fatal(err)
			}
			return map[*classfile.Class]bool{k: false}
		}},
		{"shared", false, true, func(t *testing.T, cp *Classpath) map[*classfile.Class]bool {
			c := borrow(t, cp)
			cp.Return(c)
			return map[*classfile.Class]bool{c: false}
		}},
		{"nil", false, false, func(t *testing.T, cp *Classpath) map[*classfile.Class]bool {
			cp.Return(nil)
			return nil
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := ValidateAll
			if tc.deferred {
				v = ValidateDeferred
			}
			cp := open(t, v, tc.shared)
			for c, want := range tc.run(t, cp) {
				if got := released(c); got != want {
					t.Errorf("class %p released = %v, want %v", c, got, want)
				}
				if !released(c) && c.Name() != name {
					t.Errorf("a kept class reads %q", c.Name())
				}
			}
			if len(cp.loans) != 0 {
				t.Errorf("%d loans outstanding", len(cp.loans))
			}
		})
	}
}

// TestBufferClass checks the size classes of the class buffers.
func TestBufferClass(t *testing.T) {
	for _, tc := range []struct {
		n    uint64
		k    int
		keep bool
	}{
		{0, 0, true}, {1, 0, true}, {1024, 0, true}, {1025, 1, true}, {2048, 1, true},
		{4097, 3, true}, {1 << 20, 10, true}, {1<<20 + 1, 0, false},
	} {
		k, keep := bufferClass(tc.n)
		if k != tc.k || keep != tc.keep {
			t.Errorf("bufferClass(%d) = %d, %v; want %d, %v", tc.n, k, keep, tc.k, tc.keep)
		}
		if b := getBuffer(tc.n); uint64(len(b)) != tc.n || (tc.keep && cap(b) != 1<<(minBufferShift+tc.k)) {
			t.Errorf("getBuffer(%d): len %d cap %d", tc.n, len(b), cap(b))
		}
	}
}

// TestSupertypesRecorded checks that a classpath answers Supertypes from what it recorded when
// it first read each class, and that a later classpath of a job vouched for by a byte-identical
// twin (Shared) neither inflates the entry again nor loses its supertypes or its errors.
func TestSupertypesRecorded(t *testing.T) {
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join("../classfile/testdata/classes/fixture", name+".class"))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	dir := t.TempDir()
	for _, name := range []string{"a.jar", "b.jar"} {
		writeJar(t, filepath.Join(dir, name), []struct {
			name    string
			content []byte
			raw     []byte
		}{
			{"fixture/Sample.class", read("Sample"), nil},
			{"fixture/Shape$Circle.class", read("Shape$Circle"), nil},
			{"fixture/Hidden.class", read("Sample")[:40], nil}, // broken
		})
	}
	sh := NewShared()
	open := func(name string) *Classpath {
		cp, _ := InputOptions{Validation: ValidateDeferred}.OpenClasspath([]string{filepath.Join(dir, name)})
		t.Cleanup(func() { cp.Close() })
		cp.SetShared(sh)
		return cp
	}
	a := open("a.jar")
	if err := a.Settle(); err == nil {
		t.Fatal("Settle: no error for the broken entry")
	}
	// b joins the job after a let go of every class: its entries are vouched for, not read.
	b := open("b.jar")
	for _, e := range b.Inputs()[0].Entries {
		c, err := b.Check(e)
		if (err != nil) != (e.ClassName == "fixture/Hidden") || c != nil {
			t.Errorf("%s: Check = %v, %v", e.ClassName, c, err)
		}
		var fe *classfile.FormatError
		if err != nil && (!errors.As(err, &fe) || !strings.HasSuffix(fe.Path, "b.jar")) {
			t.Errorf("%s: the error names another input: %v", e.ClassName, err)
		}
	}
	if err := b.Settle(); err == nil {
		t.Error("b's Settle: no error for the broken entry")
	}
	if a, b := a.Inputs()[0].Stats, b.Inputs()[0].Stats; !reflect.DeepEqual(a, b) {
		t.Errorf("stats differ: %+v and %+v", a, b)
	}
	for _, tc := range []struct {
		class, super string
		interfaces   []string
		err          bool
	}{
		{"fixture/Sample", "java/util/ArrayList", []string{"java/io/Serializable", "java/lang/Cloneable"}, false}, // as javap says
		{"fixture/Shape$Circle", "java/lang/Record", []string{"fixture/Shape"}, false},
		{"fixture/Hidden", "", nil, true},
		{"fixture/Nowhere", "", nil, true},
	} {
		for i, cp := range []*Classpath{a, b} {
			if e := cp.Lookup(tc.class); e != nil && cp.cells[e].supers == nil {
				t.Errorf("%s: side %d recorded no supertypes", tc.class, i)
			}
			super, interfaces, err := cp.Supertypes(tc.class)
			if super != tc.super || !slices.Equal(interfaces, tc.interfaces) || (err != nil) != tc.err {
				t.Errorf("%s: side %d: Supertypes = %q, %q, %v", tc.class, i, super, interfaces, err)
			}
		}
	}
}
