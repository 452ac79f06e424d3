package archive

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/composestab/composestab/classfile"
)

// storedStream is data as a DEFLATE stream of two stored blocks split at split: streams of one
// length and one content whose bytes differ with the split.
func storedStream(data []byte, split int) []byte {
	var b bytes.Buffer
	for i, part := range [][]byte{data[:split], data[split:]} {
		b.WriteByte(byte(i)) // BFINAL on the second, BTYPE 00
		b.Write(binary.LittleEndian.AppendUint16(nil, uint16(len(part))))
		b.Write(binary.LittleEndian.AppendUint16(nil, ^uint16(len(part))))
		b.Write(part)
	}
	return b.Bytes()
}

// writeJar writes a jar of entries given as raw deflated streams of content.
func writeJar(t *testing.T, path string, entries []struct {
	name    string
	content []byte
	raw     []byte // nil: deflate content
}) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for _, e := range entries {
		if e.raw == nil {
			w, err := zw.CreateHeader(&zip.FileHeader{Name: e.name, Method: zip.Deflate})
			if err != nil {
				t.Fatal(err)
			}
			w.Write(e.content)
			continue
		}
		w, err := zw.CreateRaw(&zip.FileHeader{Name: e.name, Method: zip.Deflate, CRC32: crc32.ChecksumIEEE(e.content),
			CompressedSize64: uint64(len(e.raw)), UncompressedSize64: uint64(len(e.content))})
		if err != nil {
			t.Fatal(err)
		}
		w.Write(e.raw)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
}

// TestShared checks two classpaths reading through one Shared, as a diff's two sides do: a
// byte-identical entry is one *Class for both, anything else each side's own, errors name each
// side's own input, and the cells keep no class once both sides have theirs.
func TestShared(t *testing.T) {
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join("../classfile/testdata/classes/fixture", name+".class"))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	sample, shape, all, hidden := read("Sample"), read("Shape"), read("All"), read("Hidden")
	dir := t.TempDir()
	type entry = struct {
		name    string
		content []byte
		raw     []byte
	}
	broken := append([]byte(nil), sample[:40]...)
	writeJar(t, filepath.Join(dir, "old.jar"), []entry{
		{"fixture/Sample.class", sample, nil},
		{"fixture/Shape.class", shape, nil},
		{"fixture/All.class", all, storedStream(all, 10)},
		{"fixture/Hidden.class", broken, nil},
	})
	writeJar(t, filepath.Join(dir, "new.jar"), []entry{
		{"fixture/Sample.class", sample, nil},
		{"fixture/Shape.class", hidden, nil}, // another class under the name: the entry is broken
		{"fixture/All.class", all, storedStream(all, 11)},
		{"fixture/Hidden.class", broken, nil},
	})
	sh := NewShared()
	var cps [2]*Classpath
	for i, name := range []string{"old.jar", "new.jar"} {
		cp, err := InputOptions{Validation: ValidateDeferred}.OpenClasspath([]string{filepath.Join(dir, name)})
		if err != nil {
			t.Fatal(err)
		}
		defer cp.Close()
		cp.SetShared(sh)
		cps[i] = cp
	}
	type result struct {
		c   *classfile.Class
		err error
	}
	var results [2]map[string]result
	var wg sync.WaitGroup
	for i, cp := range cps {
		results[i] = map[string]result{}
		wg.Go(func() {
			for _, e := range cp.Inputs()[0].Entries {
				c, err := cp.Check(e)
				results[i][e.ClassName] = result{c, err}
			}
		})
	}
	wg.Wait()
	for _, tc := range []struct {
		class          string
		same, oldFails bool
		newFails       bool
	}{
		{"fixture/Sample", true, false, false},
		{"fixture/Shape", false, false, true},
		{"fixture/All", false, false, false},  // same key and content, other compressed bytes
		{"fixture/Hidden", false, true, true}, // broken on both sides
	} {
		o, n := results[0][tc.class], results[1][tc.class]
		if (o.err != nil) != tc.oldFails || (n.err != nil) != tc.newFails {
			t.Errorf("%s: errors %v and %v", tc.class, o.err, n.err)
			continue
		}
		if tc.same != (o.c != nil && o.c == n.c) {
			t.Errorf("%s: shared = %v, want %v", tc.class, o.c == n.c, tc.same)
		}
		for i, r := range []result{o, n} {
			if r.c != nil && r.c.Name() != tc.class {
				t.Errorf("%s: side %d read class %s", tc.class, i, r.c.Name())
			}
			var fe *classfile.FormatError
			if r.err != nil && (!errors.As(r.err, &fe) || !strings.HasSuffix(fe.Path, []string{"old.jar", "new.jar"}[i])) {
				t.Errorf("%s: side %d's error names another input: %v", tc.class, i, r.err)
			}
		}
	}
	// A fact derived from the shared class is derived once for both sides; from a class of one
	// classpath, each time.
	type fact struct{}
	alone, err := classfile.Parse(sample)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		c    *classfile.Class
		want int
	}{{results[0]["fixture/Sample"].c, 1}, {alone, 2}} {
		calls := 0
		for range 2 {
			tc.c.Derived(fact{}, func() any { calls++; return calls })
		}
		if calls != tc.want {
			t.Errorf("%s: derived %d times, want %d", tc.c.Name(), calls, tc.want)
		}
	}
	for k, cell := range sh.cells {
		if cell.c != nil || cell.expect != 0 {
			t.Errorf("%s: the cell still holds its class (%d to take it)", k.class, cell.expect)
		}
	}
}
