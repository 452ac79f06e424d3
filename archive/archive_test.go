package archive

import (
	"archive/zip"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/composestab/composestab/classfile"
)

var fixtureClasses = []string{
	"fixture/All", "fixture/Hidden", "fixture/Sample", "fixture/Sample$1", "fixture/Sample$Inner", "fixture/Sample$Nested",
	"fixture/Shape", "fixture/Shape$Circle", "fixture/Shape$Kind", "fixture/Shape$Square", "fixture/Wide", "fixture/package-info", "module-info",
}

func classNames(entries []*Entry) []string {
	var out []string
	for _, e := range entries {
		out = append(out, e.ClassName)
	}
	sort.Strings(out)
	return out
}

func TestOpenDir(t *testing.T) {
	in, err := openInput("../classfile/testdata/classes")
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if got := classNames(in.Entries); !reflect.DeepEqual(got, fixtureClasses) {
		t.Errorf("classes = %q", got)
	}
	for _, e := range in.Entries {
		if e.Input != "../classfile/testdata/classes" || e.Name != e.ClassName+".class" {
			t.Errorf("entry %+v", e)
		}
		c, err := e.Parse(classfile.ParseOptions{})
		if err != nil || c.Name() != e.ClassName {
			t.Errorf("%s: %v", e.ClassName, err)
		}
	}
}

func TestOpenClassFile(t *testing.T) {
	in, err := openInput("../classfile/testdata/classes/fixture/Sample$Inner.class")
	if err != nil {
		t.Fatal(err)
	}
	if len(in.Entries) != 1 || in.Entries[0].ClassName != "fixture/Sample$Inner" || in.Entries[0].Name != "" {
		t.Fatalf("entries %+v", in.Entries)
	}
	// A broken bare class is reported and not listed; opened lazily it
	// gets an entry named after the file.
	dir := t.TempDir()
	p := filepath.Join(dir, "Broken.class")
	os.WriteFile(p, []byte{0xCA, 0xFE, 0xBA, 0xBE, 0}, 0o644)
	in, err = openInput(p)
	var fe *classfile.FormatError
	if !errors.As(err, &fe) || fe.Path != p || in == nil || len(in.Entries) != 0 || in.Stats.Failed != 1 || in.Stats.ClassEntries != 1 {
		t.Errorf("broken: %v %+v", err, in)
	}
	in, err = InputOptions{Validation: ValidateNone}.Open(p)
	if !errors.As(err, &fe) || fe.Path != p || in == nil || len(in.Entries) != 1 || in.Entries[0].ClassName != "Broken" {
		t.Errorf("broken, lazy: %v %+v", err, in)
	}
	if _, err := openInput(filepath.Join(dir, "missing.jar")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
}

func TestOpenJar(t *testing.T) {
	in, err := openInput("../classfile/testdata/jars/fixture.jar")
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if got := classNames(in.Entries); !reflect.DeepEqual(got, fixtureClasses) {
		t.Errorf("classes = %q", got)
	}
	var n int
	var mu sync.Mutex
	scan(in.Entries, classfile.ParseOptions{}, func(e *Entry, c *classfile.Class, err error) {
		mu.Lock()
		defer mu.Unlock()
		n++
		if err != nil || c.Name() != e.ClassName {
			t.Errorf("%s: %v", e.Name, err)
		}
	})
	if n != len(fixtureClasses) {
		t.Errorf("Scan called %d times", n)
	}
}

func TestMultiRelease(t *testing.T) {
	for _, tc := range []struct {
		max     int
		major   uint16
		release int
	}{
		{0, 61, 17}, {17, 61, 17}, {16, 55, 11}, {11, 55, 11}, {10, 52, 0}, {-1, 52, 0},
	} {
		in, err := InputOptions{MaxRelease: tc.max}.Open("../classfile/testdata/jars/mr.jar")
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"fixture/All", "fixture/Hidden", "fixture/Sample", "fixture/Sample$1", "fixture/Sample$Inner", "fixture/Sample$Nested"}
		if got := classNames(in.Entries); !reflect.DeepEqual(got, want) {
			t.Errorf("max %d: classes %q", tc.max, got)
		}
		for _, e := range in.Entries {
			if e.ClassName != "fixture/Sample" {
				continue
			}
			c, err := e.Parse(classfile.ParseOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if c.Version.Major != tc.major || e.Release != tc.release {
				t.Errorf("max %d: Sample major %d release %d (%s), want %d %d", tc.max, c.Version.Major, e.Release, e.Name, tc.major, tc.release)
			}
		}
		in.Close()
	}
}

func TestMultiReleaseNeedsManifest(t *testing.T) {
	sample, _ := os.ReadFile("../classfile/testdata/classes/fixture/Sample.class")
	old, _ := os.ReadFile("../classfile/testdata/classes8/fixture/Sample.class")
	for _, mr := range []bool{false, true} {
		files := []zipFile{{"fixture/Sample.class", old}, {"META-INF/versions/17/fixture/Sample.class", sample}, {"META-INF/Other.class", sample}}
		if mr {
			files = append(files, zipFile{"META-INF/MANIFEST.MF", []byte("Manifest-Version: 1.0\r\nMulti-Release: true\r\n")})
		}
		in, err := InputOptions{}.OpenArchive("x.jar", bytes.NewReader(makeZip(t, files...)), int64(len(makeZip(t, files...))))
		if err != nil || len(in.Entries) != 1 {
			t.Fatalf("mr=%v: %v %d entries", mr, err, len(in.Entries))
		}
		if want := map[bool]int{false: 0, true: 17}[mr]; in.Entries[0].Release != want {
			t.Errorf("mr=%v: release %d", mr, in.Entries[0].Release)
		}
	}
}

func TestOpenAAR(t *testing.T) {
	in, err := openInput("../classfile/testdata/jars/fixture.aar")
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if len(in.Entries) != len(fixtureClasses)+6 {
		t.Errorf("%d entries", len(in.Entries))
	}
	for i, e := range in.Entries {
		prefix := "classes.jar!/"
		if i >= len(fixtureClasses) {
			prefix = "libs/extra.jar!/"
		}
		if !strings.HasPrefix(e.Name, prefix) || e.Name != prefix+e.ClassName+".class" || e.Input != "../classfile/testdata/jars/fixture.aar" {
			t.Errorf("entry %d: %+v", i, e)
		}
	}
	cp := NewClasspath(in)
	if len(cp.index) != len(fixtureClasses)-1 { // module-info is not a class
		t.Errorf("%d classes", len(cp.index))
	}
	if len(cp.shadowed) != 6 || cp.shadowed[0].Hidden.Name != "libs/extra.jar!/fixture/All.class" || cp.shadowed[0].Winner.Name != "classes.jar!/fixture/All.class" {
		t.Errorf("shadowed = %+v", cp.shadowed)
	}
	c, err := cp.Class("fixture/Sample")
	if err != nil || c.Version.Major != 61 {
		t.Errorf("Sample from AAR: %v", err)
	}
}

func TestClasspath(t *testing.T) {
	cp, err := OpenClasspath([]string{"../classfile/testdata/classes", "../classfile/testdata/jars/mr.jar", "../classfile/testdata/missing.jar", "../classfile/testdata/compose"})
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("err = %v, want not-exist for the missing input", err)
	}
	defer cp.Close()
	if len(cp.Inputs()) != 3 {
		t.Fatalf("%d inputs", len(cp.Inputs()))
	}
	if e := cp.Lookup("fixture/Sample"); e == nil || e.Input != "../classfile/testdata/classes" {
		t.Errorf("Lookup(Sample) = %+v", e)
	}
	if e := cp.Lookup("sample/Foo"); e == nil || e.Input != "../classfile/testdata/compose" {
		t.Errorf("Lookup(Foo) = %+v", e)
	}
	if cp.Lookup("module-info") != nil {
		t.Error("module-info indexed")
	}
	var hidden []string
	for _, s := range cp.shadowed {
		if s.Winner.Input != "../classfile/testdata/classes" || s.Hidden.Input != "../classfile/testdata/jars/mr.jar" || s.Winner.ClassName != s.ClassName {
			t.Errorf("shadow %+v", s)
		}
		hidden = append(hidden, s.ClassName)
	}
	sort.Strings(hidden)
	if want := fixtureClasses[:6]; !reflect.DeepEqual(hidden, want) {
		t.Errorf("hidden %q", hidden)
	}
	if n := len(cp.Entries()); n != len(cp.index) || n != len(fixtureClasses)-1+3 {
		t.Errorf("Entries %d, %d classes", n, len(cp.index))
	}
	// Memoised and concurrent.
	var wg sync.WaitGroup
	got := make([]*classfile.Class, 8)
	for i := range got {
		wg.Go(func() { got[i], _ = cp.Class("sample/Foo") })
	}
	wg.Wait()
	for _, c := range got {
		if c == nil || c != got[0] {
			t.Fatal("Class not memoised")
		}
	}
	_, err = cp.Class("no/Such")
	var nf *NotFoundError
	if !errors.As(err, &nf) || !errors.Is(err, ErrClassNotFound) || nf.ClassName != "no/Such" {
		t.Errorf("missing class err = %v", err)
	}
}

type zipFile struct {
	name string
	data []byte
}

func makeZip(t testing.TB, files ...zipFile) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, f := range files {
		fw, err := w.Create(f.name)
		if err != nil {
			t.Fatal(err)
		}
		fw.Write(f.data)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func openBytes(name string, data []byte, opts InputOptions) (*Input, error) {
	return opts.OpenArchive(name, bytes.NewReader(data), int64(len(data)))
}

func TestArchiveHardening(t *testing.T) {
	good := minimalClass()
	sample, _ := os.ReadFile("../classfile/testdata/classes/fixture/Sample.class")
	bomb := make([]byte, 3<<20) // 3 MiB of zeros deflates to a few KiB

	t.Run("zip bomb", func(t *testing.T) {
		z := makeZip(t, zipFile{"p/Min.class", good}, zipFile{"p/Bomb.class", bomb})
		if len(z) > 64<<10 {
			t.Fatalf("bomb zip is %d bytes", len(z))
		}
		in, err := openBytes("bomb.jar", z, InputOptions{Limits: Limits{MaxEntrySize: 1 << 20}})
		var fe *classfile.FormatError
		if !errors.Is(err, ErrTooLarge) || !errors.As(err, &fe) || fe.Path != "bomb.jar" || fe.Entry != "p/Bomb.class" {
			t.Errorf("bomb: %v", err)
		}
		if len(in.Entries) != 1 || in.Stats.Failed != 1 {
			t.Fatalf("%d entries, stats %+v", len(in.Entries), in.Stats)
		}
		if _, err := in.Entries[0].Parse(classfile.ParseOptions{}); err != nil {
			t.Errorf("good entry: %v", err)
		}
	})
	t.Run("lying size header", func(t *testing.T) {
		// Declared uncompressed size under the cap, real data over it.
		var buf bytes.Buffer
		w := zip.NewWriter(&buf)
		var comp bytes.Buffer
		cw := zip.NewWriter(&comp) // reuse zip's deflater to get raw deflate bytes
		fw, _ := cw.Create("x")
		fw.Write(bomb)
		cw.Close()
		zr, _ := zip.NewReader(bytes.NewReader(comp.Bytes()), int64(comp.Len()))
		raw, _ := zr.File[0].OpenRaw()
		rawBytes := new(bytes.Buffer)
		rawBytes.ReadFrom(raw)
		hdr := &zip.FileHeader{Name: "p/Liar.class", Method: zip.Deflate, CRC32: zr.File[0].CRC32,
			CompressedSize64: uint64(rawBytes.Len()), UncompressedSize64: 1000}
		rw, _ := w.CreateRaw(hdr)
		rw.Write(rawBytes.Bytes())
		w.Close()
		in, err := openBytes("liar.jar", buf.Bytes(), InputOptions{Limits: Limits{MaxEntrySize: 1 << 20}})
		if err == nil || len(in.Entries) != 0 || in.Stats.Failed != 1 {
			t.Errorf("lying entry: %v, %d entries", err, len(in.Entries))
		}
		in, err = openBytes("liar.jar", buf.Bytes(), InputOptions{Validation: ValidateNone, Limits: Limits{MaxEntrySize: 1 << 20}})
		if err != nil || len(in.Entries) != 1 {
			t.Fatalf("%v", err)
		}
		if _, err := in.Entries[0].Read(); err == nil {
			t.Error("lying entry read without error")
		}
	})
	t.Run("corrupt zip", func(t *testing.T) {
		in, err := openBytes("junk.jar", []byte("PK\x03\x04 this is not really a zip file at all"), InputOptions{})
		var fe *classfile.FormatError
		if !errors.As(err, &fe) || fe.Path != "junk.jar" || in == nil || len(in.Entries) != 0 {
			t.Errorf("%v %+v", err, in)
		}
		z := makeZip(t, zipFile{"p/Min.class", good})
		if _, err := openBytes("cut.jar", z[:len(z)-10], InputOptions{}); err == nil {
			t.Error("truncated zip accepted")
		}
	})
	t.Run("bad entry does not stop the scan", func(t *testing.T) {
		z := makeZip(t, zipFile{"p/Min.class", good}, zipFile{"p/Bad.class", good[:40]}, zipFile{"fixture/Sample.class", sample},
			zipFile{"p/", nil}, zipFile{"readme.txt", []byte("hi")})
		in, err := openBytes("mixed.jar", z, InputOptions{Validation: ValidateNone})
		if err != nil || len(in.Entries) != 3 {
			t.Fatalf("%v, %d entries", err, len(in.Entries))
		}
		var mu sync.Mutex
		errs := map[string]error{}
		scan(in.Entries, classfile.ParseOptions{}, func(e *Entry, c *classfile.Class, err error) {
			mu.Lock()
			errs[e.Name] = err
			mu.Unlock()
		})
		var fe *classfile.FormatError
		if !errors.As(errs["p/Bad.class"], &fe) || fe.Path != "mixed.jar" || fe.Entry != "p/Bad.class" || fe.Class != "p/Bad" {
			t.Errorf("bad: %v", errs["p/Bad.class"])
		}
		if errs["p/Min.class"] != nil || errs["fixture/Sample.class"] != nil {
			t.Errorf("good entries: %v", errs)
		}
	})
	t.Run("AAR with corrupt classes.jar", func(t *testing.T) {
		lib := makeZip(t, zipFile{"p/Min.class", good})
		aar := makeZip(t, zipFile{"AndroidManifest.xml", []byte("<manifest/>")}, zipFile{"classes.jar", []byte("garbage")}, zipFile{"libs/good.jar", lib},
			zipFile{"libs/sub/ignored.jar", lib}, zipFile{"p/Top.class", good})
		in, err := openBytes("bad.aar", aar, InputOptions{})
		var fe *classfile.FormatError
		if !errors.As(err, &fe) || fe.Path != "bad.aar" || fe.Entry != "classes.jar" {
			t.Errorf("err = %v", err)
		}
		if len(in.Entries) != 1 || in.Entries[0].Name != "libs/good.jar!/p/Min.class" {
			t.Fatalf("entries %+v", in.Entries)
		}
		if c, err := in.Entries[0].Parse(classfile.ParseOptions{}); err != nil || c.Name() != "p/Min" {
			t.Errorf("nested parse: %v", err)
		}
	})
	t.Run("AAR nested jar over cap", func(t *testing.T) {
		var buf bytes.Buffer
		w := zip.NewWriter(&buf)
		fw, _ := w.CreateHeader(&zip.FileHeader{Name: "pad.bin", Method: zip.Store})
		fw.Write(bomb) // stored, so the jar itself is over the cap
		w.Close()
		lib := buf.Bytes()
		aar := makeZip(t, zipFile{"classes.jar", lib})
		_, err := openBytes("big.aar", aar, InputOptions{Limits: Limits{MaxEntrySize: 1 << 20}})
		if !errors.Is(err, ErrTooLarge) {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("nesting depth", func(t *testing.T) {
		lib := makeZip(t, zipFile{"p/Min.class", good})
		aar := makeZip(t, zipFile{"classes.jar", lib})
		in, err := openBytes("deep.aar", aar, InputOptions{Limits: Limits{MaxDepth: -1}})
		var fe *classfile.FormatError
		if !errors.Is(err, ErrNestingTooDeep) || !errors.As(err, &fe) || fe.Entry != "classes.jar" || len(in.Entries) != 0 {
			t.Errorf("err = %v", err)
		}
		in, err = openBytes("ok.aar", aar, InputOptions{Limits: Limits{MaxDepth: 1}})
		if err != nil || len(in.Entries) != 1 {
			t.Errorf("depth 1: %v", err)
		}
	})
}
