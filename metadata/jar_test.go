package metadata

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/internal/par"
)

// kotlinLib is the lib folder of the Kotlin distribution the goldens were
// made with (KOTLIN_HOME, or where the project's setup installs it).
func kotlinLib() string {
	home, _ := fixtures.KotlinHome()
	return filepath.Join(home, "lib")
}

// entryHeader is one class of a jar with its kotlin.Metadata header.
type entryHeader struct {
	name string
	h    *Header
}

// jarHeaders reads the kotlin.Metadata header of every class of a jar, as
// kmdump does: entries under META-INF/ and classes without the annotation
// are skipped. The result is sorted by entry name.
func jarHeaders(t testing.TB, path string) []entryHeader {
	t.Helper()
	in, err := archive.InputOptions{}.Open(path)
	if in == nil {
		t.Fatalf("open %s: %v", path, err)
	}
	defer in.Close()
	if err != nil {
		t.Errorf("open %s: %v", path, err)
	}
	var mu sync.Mutex
	var out []entryHeader
	par.For(len(in.Entries), func(i int) {
		e := in.Entries[i]
		if strings.HasPrefix(e.Name, "META-INF/") {
			return
		}
		c, err := e.Parse(classfile.ParseOptions{SkipCode: true})
		if err != nil {
			t.Errorf("parse %s: %v", e.Name, err)
			return
		}
		h, ok := HeaderFromClass(c)
		if !ok {
			return
		}
		mu.Lock()
		out = append(out, entryHeader{e.Name, h})
		mu.Unlock()
	})
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// readGolden splits a golden file into entry name → block text.
func readGolden(t *testing.T, path string) ([]string, map[string]string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	}
	data, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	blocks := map[string]string{}
	var cur string
	var b strings.Builder
	flush := func() {
		if cur != "" {
			blocks[cur] = b.String()
		}
		b.Reset()
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "entry ") {
			flush()
			cur, _, _ = strings.Cut(strings.TrimPrefix(line, "entry "), " ")
			names = append(names, cur)
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	flush()
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return names, blocks
}

// goldenJar finds the jar a golden describes: a project fixture
// testdata/golden/<name>/<name>.jar, else <name>.jar of the Kotlin
// distribution. skip is set when only the distribution could have it and it
// is not installed.
func goldenJar(name string) (path string, skip bool) {
	fixture := filepath.Join("..", "testdata", "golden", name, name+".jar")
	if _, err := os.Stat(fixture); err == nil {
		return fixture, false
	}
	lib := filepath.Join(kotlinLib(), name+".jar")
	if _, err := os.Stat(lib); err != nil {
		return lib, true
	}
	return lib, false
}

// TestGoldens checks that our rendering of every class equals what
// kotlin-metadata-jvm printed (testdata/tools/kmdump), class by class.
func TestGoldens(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "golden", "metadata", "*.txt"))
	gz, _ := filepath.Glob(filepath.Join("..", "testdata", "golden", "metadata", "*.txt.gz"))
	files = append(files, gz...)
	if len(files) == 0 {
		t.Fatal("no goldens in testdata/golden/metadata")
	}
	for _, golden := range files {
		name := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(golden), ".gz"), ".txt")
		t.Run(name, func(t *testing.T) {
			jar, skip := goldenJar(name)
			if skip {
				fixtures.NoOracle(t, "%s not installed", jar)
			}
			wantNames, want := readGolden(t, golden)
			got := map[string]string{}
			var gotNames []string
			for _, e := range jarHeaders(t, jar) {
				md, err := Read(e.h)
				got[e.name] = entryText(e.name, e.h, md, err)
				gotNames = append(gotNames, e.name)
			}
			compareGolden(t, golden, wantNames, want, gotNames, got)
		})
	}
}

// compareGolden reports missing and extra entries and the first differing
// line of the first few differing entries.
func compareGolden(t *testing.T, golden string, wantNames []string, want map[string]string, gotNames []string, got map[string]string) {
	t.Helper()
	const maxReports = 5
	reports := 0
	for _, n := range wantNames {
		g, ok := got[n]
		switch {
		case !ok:
			t.Errorf("%s: entry %s is in the golden but not decoded", golden, n)
			reports++
		case g != want[n]:
			t.Errorf("%s: entry %s differs:\n%s", golden, n, firstDiff(want[n], g))
			reports++
		}
		if reports >= maxReports {
			t.Fatalf("stopping after %d differences", reports)
		}
	}
	for _, n := range gotNames {
		if _, ok := want[n]; !ok {
			t.Errorf("%s: entry %s is decoded but not in the golden", golden, n)
			if reports++; reports >= maxReports {
				t.Fatalf("stopping after %d differences", reports)
			}
		}
	}
	t.Logf("%d entries compared", len(wantNames))
}

func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("  line %d\n  want (kotlin-metadata-jvm): %s\n  got  (composestab):         %s", i+1, w, g)
		}
	}
	return "  (no line differs)"
}

// TestDecodeDistributionJars decodes every class of the Kotlin
// distribution's jars (kotlin-compiler.jar holds ~17,500 classes with
// metadata), strictly, and requires zero errors.
func TestDecodeDistributionJars(t *testing.T) {
	fixtures.SkipUnlessLong(t, "decodes ~40,000 classes")
	lib := filepath.Dir(fixtures.KotlinLib(t, "kotlin-compiler.jar"))
	jars, _ := filepath.Glob(filepath.Join(lib, "*.jar"))
	for _, jar := range jars {
		t.Run(filepath.Base(jar), func(t *testing.T) {
			n, failed := 0, 0
			for _, e := range jarHeaders(t, jar) {
				n++
				md, err := ReadOptions{Strict: true}.Read(e.h)
				if err != nil {
					var fe *FormatError
					if errors.As(err, &fe) {
						fe.Class = e.name
					}
					if failed++; failed <= 10 {
						t.Errorf("%v", err)
					}
					continue
				}
				if len(md.Warnings) > 0 {
					t.Errorf("%s: warnings %q", e.name, md.Warnings)
				}
			}
			if failed > 0 {
				t.Errorf("%d of %d classes failed", failed, n)
			}
			t.Logf("%d classes with metadata", n)
		})
	}
}

// BenchmarkRead decodes every class of kotlin-stdlib.jar; B/s is bytes of
// decoded d1 per second.
func BenchmarkRead(b *testing.B) {
	jar := filepath.Join(kotlinLib(), "kotlin-stdlib.jar")
	if _, err := os.Stat(jar); err != nil {
		b.Skipf("%s not installed", jar)
	}
	entries := jarHeaders(b, jar)
	var d1 int64
	for _, e := range entries {
		d1 += int64(len(decodeD1(e.h.Data1)))
	}
	b.SetBytes(d1)
	b.ReportAllocs()
	for b.Loop() {
		for _, e := range entries {
			if _, err := Read(e.h); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(entries))*float64(b.N)/b.Elapsed().Seconds(), "classes/s")
}
