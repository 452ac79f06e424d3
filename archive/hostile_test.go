package archive

import (
	"archive/zip"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/internal/fixtures"
)

func statsAddUp(t *testing.T, in *Input) {
	t.Helper()
	sum := len(in.Entries) + in.Stats.Failed
	for _, n := range in.Stats.Skipped {
		sum += n
	}
	if sum != in.Stats.ClassEntries {
		t.Errorf("%s: %d class entries, %d listed + %d failed + %v skipped", in.Path, in.Stats.ClassEntries, len(in.Entries), in.Stats.Failed, in.Stats.Skipped)
	}
}

func TestStatsAddUp(t *testing.T) {
	for _, p := range []string{"../classfile/testdata/jars/fixture.jar", "../classfile/testdata/jars/mr.jar", "../classfile/testdata/jars/fixture.aar", "../classfile/testdata/classes", "../testdata/hostile/nested.aar", "../testdata/hostile/duplicate.jar"} {
		in, _ := openInput(p)
		statsAddUp(t, in)
	}
	in, _ := openInput("../classfile/testdata/jars/fixture.aar")
	if in.Stats.Skipped[SkipNotOnClasspath] != 0 || len(in.Entries) != len(fixtureClasses)+6 {
		t.Errorf("fixture.aar: %+v", in.Stats)
	}
	in, _ = openInput("../classfile/testdata/jars/mr.jar")
	if in.Stats.Skipped[SkipOtherRelease] == 0 {
		t.Errorf("mr.jar: %+v", in.Stats)
	}
}

func TestMaxInputSize(t *testing.T) {
	good := minimalClass()
	z := makeZip(t, zipFile{"p/A.class", good}, zipFile{"p/B.class", good}, zipFile{"p/C.class", good})
	in, err := openBytes("big.jar", z, InputOptions{Validation: ValidateNone, Limits: Limits{MaxInputSize: int64(len(good)) + 10}})
	var fe *classfile.FormatError
	if !errors.Is(err, ErrTooLarge) || !errors.As(err, &fe) || fe.Entry != "p/B.class" || len(in.Entries) != 1 || in.Stats.Failed != 2 {
		t.Errorf("%v; %d entries, %+v", err, len(in.Entries), in.Stats)
	}
	statsAddUp(t, in)
}

func TestMaxEntries(t *testing.T) {
	z := makeZip(t, zipFile{"p/A.class", minimalClass()}, zipFile{"p/B.class", minimalClass()}, zipFile{"readme", nil})
	in, err := openBytes("many.jar", z, InputOptions{Limits: Limits{MaxEntries: 2}})
	if !errors.Is(err, ErrTooManyEntries) || len(in.Entries) != 0 {
		t.Errorf("%v; %d entries", err, len(in.Entries))
	}
}

// TestNotRegular: a named pipe is refused at once, as an input or as a .class file in a folder,
// and a symbolic-link loop in a folder ends the walk.
func TestNotRegular(t *testing.T) {
	dir := t.TempDir()
	pipe := filepath.Join(dir, "pipe.jar")
	if err := fixtures.MakeFIFO(pipe); err != nil {
		t.Skip("no named pipes:", err)
	}
	if _, err := openInput(pipe); !errors.Is(err, ErrNotRegular) {
		t.Errorf("pipe input: %v", err)
	}
	classes := filepath.Join(dir, "classes", "p")
	os.MkdirAll(classes, 0o755)
	os.WriteFile(filepath.Join(classes, "Min.class"), minimalClass(), 0o644)
	_ = fixtures.MakeFIFO(filepath.Join(classes, "Pipe.class")) // pipe.jar above was made, so this one is too
	os.Symlink("..", filepath.Join(classes, "loop"))
	os.Symlink("Pipe.class", filepath.Join(classes, "Link.class"))
	in, err := openInput(filepath.Join(dir, "classes"))
	var got []string
	for _, e := range flatten(nil, err) {
		var fe *classfile.FormatError
		if !errors.As(e, &fe) || !errors.Is(e, ErrNotRegular) {
			t.Errorf("error %v", e)
			continue
		}
		got = append(got, fe.Entry)
	}
	if len(got) != 2 || got[0] != "p/Link.class" || got[1] != "p/Pipe.class" || len(in.Entries) != 1 || in.Entries[0].ClassName != "p/Min" {
		t.Errorf("errors for %q, entries %d", got, len(in.Entries))
	}
	statsAddUp(t, in)
}

// TestErrorsDeterministic: the joined error of a classpath is the same whatever the number of
// validating goroutines.
func TestErrorsDeterministic(t *testing.T) {
	paths, _ := filepath.Glob("../testdata/hostile/*")
	var first string
	for _, procs := range []int{1, 3, 8} {
		prev := runtime.GOMAXPROCS(procs)
		_, err := OpenClasspath(paths)
		runtime.GOMAXPROCS(prev)
		if first == "" {
			first = err.Error()
		} else if err.Error() != first {
			t.Fatalf("GOMAXPROCS %d:\n%s\nwant\n%s", procs, err, first)
		}
	}
}

// manyEntriesJar is a jar of n four-byte "classes".
func manyEntriesJar(b *testing.B, n int) []byte {
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for i := range n {
		fw, _ := w.CreateHeader(&zip.FileHeader{Name: "m/C" + strconv.Itoa(i) + ".class", Method: zip.Store})
		fw.Write([]byte{0xCA, 0xFE, 0xBA, 0xBE})
	}
	w.Close()
	return buf.Bytes()
}

// BenchmarkHostileManyEntries opens a jar of 200 000 truncated classes with the entry limit
// raised, so that every one is validated and reported; see allocs and B/op.
func BenchmarkHostileManyEntries(b *testing.B) {
	data := manyEntriesJar(b, 200_000)
	for _, v := range []Validation{ValidateAll, ValidateNone} {
		b.Run("validate="+[...]string{ValidateAll: "all", ValidateNone: "none"}[v], func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				in, _ := InputOptions{Validation: v, Limits: Limits{MaxEntries: 1 << 20}}.OpenArchive("many.jar", bytes.NewReader(data), int64(len(data)))
				if in.Stats.ClassEntries != 200_000 {
					b.Fatal(in.Stats)
				}
			}
		})
	}
}

// TestLinkedFolders: a class folder whose sub-folders are symbolic links (as
// Gradle and Bazel trees have) lists the classes behind the links, as the
// JVM's class loader reads them; links that loop back, alone or in a ring of
// two, end without repeating, and a dangling link is not a class.
// A class read under a linked name is refused for its name, as the JVM does.
func TestLinkedFolders(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, name string) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		b := newBuilder()
		if err := os.WriteFile(p, b.build(0x0031, name, "java/lang/Object", nil, nil, nil), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, rel string) {
		if err := os.Symlink(target, filepath.Join(dir, filepath.FromSlash(rel))); err != nil {
			t.Skip("no symbolic links:", err)
		}
	}
	write("classes/p/Min.class", "p/Min")
	write("elsewhere/q/Q.class", "q/Q")
	write("elsewhere/r/R.class", "r/R")
	write("classes/a/A.class", "a/A")
	write("classes/b/B.class", "b/B")
	link(filepath.Join(dir, "elsewhere", "q"), "classes/q") // absolute, out of the tree
	link("../elsewhere/r", "classes/r")                     // relative
	link("../b", "classes/a/tob")                           // a ring: a/tob -> b,
	link("../a", "classes/b/toa")                           // b/toa -> a
	link("..", "classes/p/up")                              // a loop to a parent
	link("nowhere", "classes/p/dangling")                   // leads nowhere, not a class
	for _, root := range []string{filepath.Join(dir, "classes"), filepath.Join(dir, "classes") + "/"} {
		in, err := openInput(root)
		// The JVM reads a/tob/B.class too, and refuses it for its name.
		var got []string
		for _, e := range flatten(nil, err) {
			var fe *classfile.FormatError
			if errors.As(e, &fe) {
				got = append(got, fe.Entry)
			}
		}
		if strings.Join(got, " ") != "a/tob/B.class b/toa/A.class" {
			t.Errorf("%s: errors for %q; %v", root, got, err)
		}
		want := []string{"a/A", "b/B", "p/Min", "q/Q", "r/R"}
		if got := classNames(in.Entries); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: entries\n%q\nwant\n%q", root, got, want)
		}
		statsAddUp(t, in)
	}
}

// TestLinkFarm: links that multiply the paths of a small tree (each level
// links twice to the next: 2^20 paths) stop at the entry limit with an error.
func TestLinkFarm(t *testing.T) {
	dir := t.TempDir()
	for i := range 20 {
		lv := filepath.Join(dir, "d"+strconv.Itoa(i))
		os.MkdirAll(lv, 0o755)
		for _, n := range []string{"x", "y"} {
			if err := os.Symlink(filepath.Join(dir, "d"+strconv.Itoa(i+1)), filepath.Join(lv, n)); err != nil {
				t.Skip("no symbolic links:", err)
			}
		}
	}
	os.MkdirAll(filepath.Join(dir, "d20"), 0o755)
	in, err := InputOptions{Limits: Limits{MaxEntries: 1000}}.Open(filepath.Join(dir, "d0"))
	if !errors.Is(err, ErrTooManyEntries) || in == nil {
		t.Fatalf("%v", err)
	}
}
