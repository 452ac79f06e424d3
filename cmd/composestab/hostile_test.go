package main

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/composestab/composestab/internal/fixtures"
)

// The hostile corpus: inputs that are broken or built to hurt, each run beside a good jar (lib1),
// as an audited input and on --classpath. Small files are committed in testdata/hostile (go test
// -update rewrites them); the 200 000-entry jar, the 1 GiB bomb and the named pipe are made at
// test time.

func hostileDir() string { return filepath.Join(fixtures.Root(), "..", "hostile") }

var cafebabe = []byte{0xCA, 0xFE, 0xBA, 0xBE}

type hostileEntry struct {
	name string
	data []byte
}

func writeZip(t testing.TB, path string, entries ...hostileEntry) {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, e := range entries {
		fw, err := w.CreateHeader(&zip.FileHeader{Name: e.name, Method: zip.Deflate})
		if err != nil {
			t.Fatal(err)
		}
		fw.Write(e.data)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func zipBytes(t testing.TB, entries ...hostileEntry) []byte {
	t.Helper()
	p := filepath.Join(t.TempDir(), "z.zip")
	writeZip(t, p, entries...)
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// badPoolClass is a class whose this_class points past its two-entry constant pool.
func badPoolClass() []byte {
	b := append([]byte(nil), cafebabe...)
	b = binary.BigEndian.AppendUint16(b, 0)  // minor
	b = binary.BigEndian.AppendUint16(b, 52) // major
	b = binary.BigEndian.AppendUint16(b, 2)  // constant_pool_count
	b = append(b, 1, 0, 1, 'A')              // #1 Utf8 "A"
	b = binary.BigEndian.AppendUint16(b, 0x21)
	b = binary.BigEndian.AppendUint16(b, 7) // this_class: out of range
	return append(b, make([]byte, 10)...)
}

// lib1Class returns the bytes of one class of the lib1 fixture.
func lib1Class(t testing.TB, name string) []byte {
	t.Helper()
	m, err := fixtures.Get("lib1")
	if err != nil {
		t.Fatal(err)
	}
	r, err := zip.OpenReader(m.Jar())
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	f, err := r.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// writeSmallHostile writes the committed part of the corpus into dir.
func writeSmallHostile(t testing.TB, dir string) {
	writeZip(t, filepath.Join(dir, "truncated.jar"), hostileEntry{"a/Trunc.class", cafebabe})
	writeZip(t, filepath.Join(dir, "badmagic.jar"), hostileEntry{"a/Magic.class", []byte("PK\x03\x04 not a class")})
	writeZip(t, filepath.Join(dir, "badpool.jar"), hostileEntry{"a/Pool.class", badPoolClass()})
	writeZip(t, filepath.Join(dir, "evilnames.jar"), hostileEntry{"../../etc/Evil.class", cafebabe}, hostileEntry{"/abs/Evil.class", cafebabe})
	writeZip(t, filepath.Join(dir, "duplicate.jar"), hostileEntry{"a/Twice.class", cafebabe}, hostileEntry{"a/Twice.class", cafebabe})
	writeZip(t, filepath.Join(dir, "mismatch.jar"), hostileEntry{"a/Other.class", lib1Class(t, "lib1/LData.class")})
	inner := zipBytes(t, hostileEntry{"AndroidManifest.xml", []byte("<manifest/>")},
		hostileEntry{"classes.jar", zipBytes(t, hostileEntry{"x/Deep.class", lib1Class(t, "lib1/LData.class")})})
	writeZip(t, filepath.Join(dir, "nested.aar"), hostileEntry{"AndroidManifest.xml", []byte("<manifest/>")}, hostileEntry{"classes.jar", inner})
	writeLiar(t, filepath.Join(dir, "liar.jar"))
}

// writeLiar writes a jar whose entry declares 40 bytes and inflates to 1 MiB.
func writeLiar(t testing.TB, path string) {
	var comp bytes.Buffer
	fw, _ := flate.NewWriter(&comp, flate.BestCompression)
	fw.Write(make([]byte, 1<<20))
	fw.Close()
	writeRaw(t, path, "a/Liar.class", comp.Bytes(), 0, 40)
}

// writeRaw writes a jar of one deflated entry with the given raw deflate stream, CRC-32 and
// declared size.
func writeRaw(t testing.TB, path, name string, comp []byte, crc uint32, size uint64) {
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	rw, err := w.CreateRaw(&zip.FileHeader{Name: name, Method: zip.Deflate, CRC32: crc, CompressedSize64: uint64(len(comp)), UncompressedSize64: size})
	if err != nil {
		t.Fatal(err)
	}
	rw.Write(comp)
	w.Close()
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeBomb writes a jar whose one class inflates to 1 GiB of zeros (about 1 MB on disk): the
// deflate stream is one sync-flushed block of 1 MiB of zeros repeated 1024 times.
func writeBomb(t testing.TB, path string) {
	var block bytes.Buffer
	fw, _ := flate.NewWriter(&block, flate.BestCompression)
	zeros := make([]byte, 1<<20)
	fw.Write(zeros)
	fw.Flush()
	var comp bytes.Buffer
	crc := uint32(0)
	for range 1024 {
		comp.Write(block.Bytes())
		crc = crc32.Update(crc, crc32.IEEETable, zeros)
	}
	comp.Write([]byte{3, 0}) // a final empty fixed-Huffman block
	writeRaw(t, path, "b/Bomb.class", comp.Bytes(), crc, 1<<30)
}

// writeMany writes a jar of 200 000 four-byte "classes".
func writeMany(t testing.TB, path string) {
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := zip.NewWriter(f)
	for i := range 200_000 {
		fw, err := w.CreateHeader(&zip.FileHeader{Name: "m/C" + strconv.Itoa(i) + ".class", Method: zip.Store})
		if err != nil {
			t.Fatal(err)
		}
		fw.Write(cafebabe)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
}

// TestHostileCorpusUpToDate regenerates the committed corpus (with -update) or checks it.
func TestHostileCorpusUpToDate(t *testing.T) {
	dir := hostileDir()
	if fixtures.Updating() {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		writeSmallHostile(t, dir)
		return
	}
	fresh := t.TempDir()
	writeSmallHostile(t, fresh)
	files, _ := filepath.Glob(filepath.Join(fresh, "*"))
	for _, p := range files {
		want, _ := os.ReadFile(p)
		got, err := os.ReadFile(filepath.Join(dir, filepath.Base(p)))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("testdata/hostile/%s is missing or stale (go test ./cmd/composestab -run TestHostileCorpusUpToDate -update)", filepath.Base(p))
		}
	}
}

type auditJSON struct {
	Summary struct {
		Classes int `json:"classes"`
	} `json:"summary"`
	Classes []struct {
		Input string `json:"input"`
	} `json:"classes"`
	Errors []struct {
		Kind    string `json:"kind"`
		Input   string `json:"input"`
		Entry   string `json:"entry"`
		Message string `json:"message"`
	} `json:"errors"`
}

// runCLITimeout is runCLI that fails the test instead of hanging.
func runCLITimeout(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	type result struct {
		code     int
		out, err string
	}
	done := make(chan result, 1)
	go func() {
		var out, errb bytes.Buffer
		code := run(args, &out, &errb)
		done <- result{code, out.String(), errb.String()}
	}()
	select {
	case r := <-done:
		return r.code, r.out, r.err
	case <-time.After(60 * time.Second):
		t.Fatalf("composestab %v did not finish in 60 s", args)
		return 0, "", ""
	}
}

type hostileCase struct {
	name string
	path func(t *testing.T) string
	// want lists "entry\tmessage" of every error about the input
	want []string
}

func committed(name string) func(t *testing.T) string {
	return func(t *testing.T) string { return filepath.Join(hostileDir(), name) }
}

func generated(name string, write func(testing.TB, string)) func(t *testing.T) string {
	return func(t *testing.T) string {
		p := filepath.Join(t.TempDir(), name)
		write(t, p)
		return p
	}
}

var hostileCases = []hostileCase{
	{"truncated class", committed("truncated.jar"), []string{"a/Trunc.class\tunexpected end of data"}},
	{"bad magic", committed("badmagic.jar"), []string{"a/Magic.class\tbad magic"}},
	{"constant-pool index out of range", committed("badpool.jar"), []string{"a/Pool.class\tconstant pool index 7 out of range (count 2)"}},
	{"entry names outside the archive", committed("evilnames.jar"), []string{
		"../../etc/Evil.class\tentry name is not a relative path: not read",
		"/abs/Evil.class\tentry name is not a relative path: not read"}},
	{"duplicate entry", committed("duplicate.jar"), []string{"a/Twice.class\tduplicate entry name: the last one is used, as the JVM does", "a/Twice.class\tunexpected end of data"}},
	{"class under another name", committed("mismatch.jar"), []string{"a/Other.class\tthe entry defines class lib1/LData, not a/Other"}},
	{"AAR inside classes.jar", committed("nested.aar"), []string{
		"classes.jar!/classes.jar\tan archive nested 2 deep, more than the limit of 1 (Limits.MaxDepth): not read"}},
	{"size header lies", committed("liar.jar"), []string{"a/Liar.class\tcannot read entry: inflated size differs from the declared size"}},
	{"1 GiB bomb", generated("bomb.jar", writeBomb), []string{
		"b/Bomb.class\tinflated size 1073741824 bytes exceeds the limit of 67108864 (Limits.MaxEntrySize)"}},
	{"200 000 entries", generated("many.jar", writeMany), []string{
		"\tthe archive has 200000 entries, more than the limit of 100000 (Limits.MaxEntries); none is read"}},
	{"named pipe", generated("pipe.jar", func(t testing.TB, p string) {
		if err := fixtures.MakeFIFO(p); err != nil {
			t.Skip("no named pipes:", err)
		}
	}), []string{"\ta named pipe"}},
}

// TestHostileInputs: each broken or hostile input, audited beside lib1 and put on lib1's
// classpath, exits 3 with exactly the expected errors, and lib1 is still fully reported.
func TestHostileInputs(t *testing.T) {
	lib1 := fixtureJar(t, "lib1")
	for _, tc := range hostileCases {
		t.Run(tc.name, func(t *testing.T) {
			bad := tc.path(t)
			for _, pos := range []struct {
				name string
				args []string
			}{
				{"input", []string{"audit", "--quiet", "--format", "json", lib1, bad}},
				{"classpath", []string{"audit", "--quiet", "--format", "json", "--classpath", bad, lib1}},
			} {
				code, out, errOut := runCLITimeout(t, pos.args...)
				if code != exitUnreadable {
					t.Errorf("%s: exit %d, want %d; stderr %s", pos.name, code, exitUnreadable, errOut)
				}
				var rep auditJSON
				if err := json.Unmarshal([]byte(out), &rep); err != nil {
					t.Fatalf("%s: %v\n%s", pos.name, err, out)
				}
				var got []string
				for _, e := range rep.Errors {
					if e.Input != bad {
						t.Errorf("%s: error about another input: %+v", pos.name, e)
						continue
					}
					if e.Kind != "unreadable" {
						t.Errorf("%s: kind %q", pos.name, e.Kind)
					}
					got = append(got, e.Entry+"\t"+e.Message)
				}
				want := append([]string(nil), tc.want...)
				sort.Strings(got)
				sort.Strings(want)
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s: errors\n%q\nwant\n%q", pos.name, got, want)
				}
				lib1Classes := 0
				for _, c := range rep.Classes {
					if c.Input == lib1 {
						lib1Classes++
					}
				}
				if lib1Classes != 26 {
					t.Errorf("%s: %d lib1 classes reported, want 26", pos.name, lib1Classes)
				}
			}
		})
	}
}

// TestHostileDeterministic: all the committed hostile inputs at once give byte-identical output
// on one core and on several.
func TestHostileDeterministic(t *testing.T) {
	lib1 := fixtureJar(t, "lib1")
	args := []string{"audit", "--quiet", "--format", "json", lib1}
	files, _ := filepath.Glob(filepath.Join(hostileDir(), "*"))
	args = append(args, files...)
	var outs []string
	for _, procs := range []int{1, 4, 1, 8} {
		prev := runtime.GOMAXPROCS(procs)
		_, out, _ := runCLITimeout(t, args...)
		runtime.GOMAXPROCS(prev)
		outs = append(outs, out)
	}
	for i := 1; i < len(outs); i++ {
		if outs[i] != outs[0] {
			t.Fatalf("run %d differs from run 0", i)
		}
	}
}
