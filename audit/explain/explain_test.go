package explain

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

// TestExplainErrors: a type that cannot be read comes back as the runtime package's typed
// error; an unreadable classpath entry is said once, without an empty location, and the answer
// for a built-in still comes.
func TestExplainErrors(t *testing.T) {
	lib1, err := fixtures.Get("lib1")
	if err != nil {
		t.Fatal(err)
	}
	cp := append([]string{lib1.Jar()}, lib1.Classpath()...)
	var (
		ae *evaluate.ArityError
		be *evaluate.BoundError
		te *evaluate.TypeError
	)
	for _, tt := range []struct {
		typ    string
		target any
	}{
		{"lib1.LTriple<Int, Int>", &ae},
		{"lib1.LBounded<lib1.LStable>", &be},
		{"lib1.LBox<Int", &te},
	} {
		_, err := Explain(context.Background(), scan.Options{Classpath: cp}, tt.typ)
		if !errors.As(err, tt.target) {
			t.Errorf("Explain(%q) = %v (%T), want %T", tt.typ, err, err, tt.target)
		}
	}
	x, err := Explain(context.Background(), scan.Options{Classpath: []string{"/nonexistent/dep.jar"}}, "kotlin.Int")
	if err != nil {
		t.Fatal(err)
	}
	if !x.Unreadable() || x.Verdict != stability.VerdictStable || len(x.Errors) != 1 || x.Errors[0] != "/nonexistent/dep.jar: no such file or directory" {
		t.Errorf("unreadable %t, verdict %s, errors %q", x.Unreadable(), x.Verdict, x.Errors)
	}
}

// TestExplainMissingIsNotUnstable: a class found nowhere leaves every field of the answer
// unknown rather than the Unstable the inference puts in its place.
func TestExplainMissingIsNotUnstable(t *testing.T) {
	x, err := Explain(context.Background(), scan.Options{}, "com.example.Box<kotlin.Int>")
	if err != nil {
		t.Fatal(err)
	}
	if !x.NeedsMissing() || x.Verdict != stability.VerdictRuntime || x.Value != nil || x.ValueNoStrongSkipping != nil ||
		strings.Join(x.Missing, ",") != "com.example.Box" {
		t.Errorf("needs missing %t, verdict %s, value %v, missing %v", x.NeedsMissing(), x.Verdict, x.Value, x.Missing)
	}
	for _, s := range append([]string{x.Stability, x.Effective, x.ValueText, x.StrongSkipping, x.NoStrongSkipping}, x.Reasons...) {
		if strings.Contains(s, "Unstable") || strings.Contains(s, "unstable") {
			t.Errorf("%q calls a missing class unstable", s)
		}
	}
}

// TestExplainCancelled: a cancelled context stops Explain before it reads a jar.
func TestExplainCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Explain(ctx, scan.Options{Classpath: []string{fixtures.RuntimeStubJar()}}, "kotlin.Int"); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
}

// TestClasspathExplain: answers over one opened classpath, asked in any order and from several
// goroutines at once, with their own compilers and configurations, are Explain's answers.
func TestClasspathExplain(t *testing.T) {
	lib1, err := fixtures.Get("lib1")
	if err != nil {
		t.Fatal(err)
	}
	conf := filepath.Join(t.TempDir(), "stability.conf")
	if err := os.WriteFile(conf, []byte("lib1.LUnstable\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cp := append([]string{lib1.Jar()}, lib1.Classpath()...)
	old, err := scan.ParseCompiler("2.0.20")
	if err != nil {
		t.Fatal(err)
	}
	calls := []struct {
		typ     string
		opts    scan.Options
		verdict stability.Verdict
	}{
		{"lib1.LBox<lib1.LData>", scan.Options{}, stability.VerdictStable},
		{"lib1.LBox<lib1.LUnstable>", scan.Options{}, stability.VerdictUnstable},
		{"lib1.LBox<lib1.LUnstable>", scan.Options{Configs: []string{conf}}, stability.VerdictStable},
		{"lib1.LBox<lib1.LData>", scan.Options{Compiler: old}, stability.VerdictStable},
		{"lib1.LPair<lib1.LStable, List<lib1.LData>>", scan.Options{NonJVM: true}, evaluate.VerdictUncertain},
		{"com.example.Missing<Int>", scan.Options{}, stability.VerdictRuntime},
	}
	want := make([]string, len(calls))
	for i, c := range calls {
		opts := c.opts
		opts.Classpath = cp
		x, err := Explain(context.Background(), opts, c.typ)
		if err != nil {
			t.Fatal(err)
		}
		if x.Verdict != c.verdict {
			t.Errorf("call %d, Explain(%q): %s, want %s", i, c.typ, x.Verdict, c.verdict)
		}
		want[i] = jsonOf(t, x)
	}
	c, err := Open(scan.Options{Classpath: cp})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 2 * len(calls) {
				k := (3*len(calls) - 1 - i + g) % len(calls)
				x, err := c.Explain(context.Background(), calls[k].opts, calls[k].typ)
				if err != nil {
					t.Error(err)
					return
				}
				if got := jsonOf(t, x); got != want[k] {
					t.Errorf("call %d, %q:\n got %s\nwant %s", k, calls[k].typ, got, want[k])
				}
			}
		})
	}
	wg.Wait()
}

func jsonOf(t *testing.T, x *Explanation) string {
	b, err := json.Marshal(x)
	if err != nil {
		t.Error(err)
	}
	return string(b)
}
