package scan

import (
	"archive/zip"
	"bufio"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
)

// TestEveryEntryAccounted: for every fixture jar (and the Kotlin distribution's jars when
// installed), each class entry is reported or skipped with a reason, and the counts add up to the
// entries in the zip.
func TestEveryEntryAccounted(t *testing.T) {
	mods, err := fixtures.Modules()
	if err != nil {
		t.Fatal(err)
	}
	jars := []string{fixtures.RuntimeStubJar()}
	for _, m := range mods {
		jars = append(jars, m.Jar())
	}
	if fixtures.Long() {
		for _, n := range []string{"kotlin-stdlib.jar", "kotlinx-coroutines-core-jvm.jar", "kotlin-reflect.jar"} {
			jars = append(jars, fixtures.KotlinLib(t, n))
		}
	}
	for _, jar := range jars {
		t.Run(filepath.Base(jar), func(t *testing.T) {
			rep, err := Scan(context.Background(), Options{Inputs: []string{jar}})
			if err != nil {
				t.Fatal(err)
			}
			s := rep.Summary
			sum := s.Classes
			for _, n := range s.Skipped {
				sum += n
			}
			if want := classEntries(t, jar); s.Entries != want || sum != s.Entries || s.Classes != len(rep.Classes) {
				t.Errorf("entries %d (reported %d + skipped %d = %d), zip has %d class entries; %v", s.Entries, s.Classes, sum-s.Classes, sum, want, s.Skipped)
			}
			for _, e := range rep.Errors {
				if e.Kind != ErrInitFails { // app's BoomOnInit throws on purpose
					t.Errorf("error: %v", e)
				}
			}
		})
	}
}

// classEntries counts a jar's .class entries, every one: a class's other multi-release versions
// are counted as skipped ("other-release"), entries outside the classpath roots as
// "not-on-classpath".
func classEntries(t *testing.T, jar string) int {
	r, err := zip.OpenReader(jar)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	n := 0
	for _, f := range r.File {
		if strings.HasSuffix(f.Name, ".class") {
			n++
		}
	}
	return n
}

// TestJavaClassesAsTheCompilerSeesThem: every Java fixture class is reported, and where the app
// module's compiler report has a field of that (non-generic) Java type, our verdict for the class
// is the compiler's verdict for the field.
func TestJavaClassesAsTheCompilerSeesThem(t *testing.T) {
	app, err := fixtures.Get("app")
	if err != nil {
		t.Fatal(err)
	}
	jl, err := fixtures.Get("javalib")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Scan(context.Background(), Options{Inputs: []string{jl.Jar()}})
	if err != nil {
		t.Fatal(err)
	}
	bySimple := map[string]*Class{}
	for _, c := range rep.Classes {
		bySimple[c.Name[strings.LastIndexByte(c.Name, '.')+1:]] = c
	}
	if rep.Summary.Entries != classEntries(t, jl.Jar()) || len(rep.Classes) != rep.Summary.Entries {
		t.Errorf("reported %d of %d Java classes", len(rep.Classes), rep.Summary.Entries)
	}
	f, err := os.Open(app.Report("-classes.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	field := regexp.MustCompile(`^  (stable|unstable|runtime) (?:val|var) \w+: (\w+)$`)
	checked := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		m := field.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		c := bySimple[m[2]]
		if c == nil || !strings.HasPrefix(c.Name, "javalib.") {
			continue
		}
		checked++
		if string(c.Verdict) != m[1] {
			t.Errorf("%s: verdict %s, the compiler's field line says %q", c.Name, c.Verdict, sc.Text())
		}
	}
	if checked < 6 {
		t.Errorf("only %d field lines checked", checked)
	}
}

// TestScanCancelled: a cancelled context stops the scan with ctx.Err() and no report.
func TestScanCancelled(t *testing.T) {
	m, err := fixtures.Get("lib1")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rep, err := Scan(ctx, Options{Inputs: []string{m.Jar()}, Classpath: m.Classpath()})
	if !errors.Is(err, context.Canceled) || rep != nil {
		t.Fatalf("Scan after cancel: %v, %v", rep, err)
	}
}

// TestProgressCountsEntries: the progress callback counts the class entries read, so a bar
// moves within one big jar, and ends at the total.
func TestProgressCountsEntries(t *testing.T) {
	m, err := fixtures.Get("app")
	if err != nil {
		t.Fatal(err)
	}
	var calls [][2]int
	_, err = Scan(context.Background(), Options{Inputs: []string{m.Jar()}, Classpath: m.Classpath(),
		Progress: func(done, total int) { calls = append(calls, [2]int{done, total}) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) < 3 {
		t.Fatalf("%d progress calls for one jar: %v", len(calls), calls)
	}
	last := calls[len(calls)-1]
	if last[0] != last[1] || last[1] < 200 {
		t.Errorf("last call %v, want done == total, the jar's class entries", last)
	}
	for i := 1; i < len(calls); i++ {
		if calls[i][0] <= calls[i-1][0] {
			t.Errorf("progress went back: %v then %v", calls[i-1], calls[i])
		}
	}
}

// TestPanicIsInternalError: a panic while reading one input — here standing in for a bug —
// is an internal error naming that input, its entries counted as unreadable; the other input is
// reported in full.
func TestPanicIsInternalError(t *testing.T) {
	lib1, err := fixtures.Get("lib1")
	if err != nil {
		t.Fatal(err)
	}
	lib2, err := fixtures.Get("lib2")
	if err != nil {
		t.Fatal(err)
	}
	testHook = func(input string) {
		if input == lib2.Jar() {
			panic("deliberate")
		}
	}
	defer func() { testHook = nil }()
	good, err := Scan(context.Background(), Options{Inputs: []string{lib1.Jar()}, Classpath: []string{fixtures.RuntimeStubJar()}})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Scan(context.Background(), Options{Inputs: []string{lib1.Jar(), lib2.Jar()}, Classpath: []string{fixtures.RuntimeStubJar()}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Errors) != 1 || rep.Errors[0].Kind != ErrInternal || rep.Errors[0].Input != lib2.Jar() ||
		!strings.Contains(rep.Errors[0].Message, "deliberate") || len(rep.Errors[0].Stack()) == 0 || !rep.Unreadable() {
		t.Fatalf("errors %v", rep.Errors)
	}
	if rep.Summary.Classes != good.Summary.Classes || rep.Summary.Skipped[SkipUnreadable] != 11 {
		t.Errorf("reported %d classes (lib1 alone: %d), unreadable %d (lib2 has 11 class entries)", rep.Summary.Classes, good.Summary.Classes, rep.Summary.Skipped[SkipUnreadable])
	}
}
