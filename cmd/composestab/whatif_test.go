package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
)

// whatIfDeps copies the producers' dependencies, as 2.0.20 built them, into a folder of jars, as
// a user's build has them, and returns it.
func whatIfDeps(t *testing.T, modules ...string) string {
	t.Helper()
	deps := t.TempDir()
	for _, m := range modules {
		data, err := os.ReadFile(fixtures.CompilerJar("2.0.20", m))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(deps, m+".jar"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(fixtures.RuntimeStubJar(), filepath.Join(deps, "runtime-stub.jar")); err != nil {
		t.Fatal(err)
	}
	return deps
}

// TestDiffCompilerWhatIf runs the Kotlin-bump what-if as a user does, in both views: a
// published library as an app consumes it (the default, audit's view: it lists exactly the
// classes whose audit --compiler A and audit --compiler B answers differ), and an app's own
// classes as each release compiles them (--as-compiled); each output format's causes.
func TestDiffCompilerWhatIf(t *testing.T) {
	lib := fixtures.CompilerJar("2.0.20", "producers")
	libDeps := whatIfDeps(t, "pdep")
	code, out, errOut := runCLI(t, "diff", "--classpath", libDeps, "--old-compiler", "2.3.0", "--new-compiler", "2.4.20", lib)
	for _, want := range []string{
		"- producers.MutableObject: as an app built by 2.4.20 instead of 2.3.0 consumes it: unstable → stable (Unstable → Stable); because the compiler rule objects-stable (since 2.4.0",
		"- producers.Event: as an app built by 2.4.20 instead of 2.3.0 consumes it: unstable → uncertain (Unstable → Uncertain(Event)); because the compiler rule interfaces-uncertain (since 2.4.0",
		"1 regression, 10 improvements, 1 neutral change; 0 errors",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if code != exitFindings || !strings.Contains(errOut, "1 stability regression") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	// The default view is audit's: the classes listed are those whose audit answers differ.
	answers := func(compiler string) map[string]string {
		_, out, _ := runCLI(t, "audit", "--format", "json", "--classpath", libDeps, "--compiler", compiler, lib)
		var rep struct {
			Classes []struct{ Name, Verdict, Stability string }
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		for _, c := range rep.Classes {
			m[c.Name] = c.Verdict + " " + c.Stability
		}
		return m
	}
	var differ []string
	before, after := answers("2.3.0"), answers("2.4.20")
	for name, a := range after {
		if b, ok := before[name]; ok && a != b {
			differ = append(differ, name)
		}
	}
	code, out, _ = runCLI(t, "diff", "--format", "json", "--classpath", libDeps, "--old-compiler", "2.3.0", "--new-compiler", "2.4.20", lib)
	var d struct {
		Changes []struct {
			Class, Part string
			Causes      []struct{ Kind, Rule, Since string }
		}
	}
	if err := json.Unmarshal([]byte(out), &d); err != nil || code != exitFindings {
		t.Fatalf("json: exit %d, %v", code, err)
	}
	var listed []string
	for _, c := range d.Changes {
		listed = append(listed, c.Class)
		if c.Part != "as consumed" || len(c.Causes) == 0 || c.Causes[0].Kind != "compiler" || c.Causes[0].Rule == "" || c.Causes[0].Since == "" {
			t.Errorf("json: %s: part %q, causes %+v", c.Class, c.Part, c.Causes)
		}
	}
	slices.Sort(differ)
	if strings.Join(listed, " ") != strings.Join(differ, " ") || len(listed) == 0 {
		t.Errorf("the what-if lists %v\naudit --compiler 2.3.0 and 2.4.20 differ on %v", listed, differ)
	}

	// An app's own classes, as each release compiles them.
	deps := whatIfDeps(t, "producers", "pdep")
	app := fixtures.CompilerJar("2.0.20", "appconsumer")
	base := []string{"diff", "--as-compiled", "--classpath", deps, "--old-compiler", "2.0.20", "--new-compiler", "2.4.20", app}
	code, out, errOut = runCLI(t, base...)
	for _, want := range []string{
		"- consumer.U_HalfUsed_Mut: as compiled by 2.4.20 instead of 2.0.20: Runtime(HalfUsed), $stable = 0 → Unstable, $stable = 8; fields runtime v → unstable v; because the compiler rule runtime-other-files (since 2.4.0",
		"- consumer.U_MutableObject: as compiled by 2.4.20 instead of 2.0.20: Runtime(MutableObject), $stable = 8 → Stable, $stable = 0; mask 0 → 1; fields runtime v → stable v; because the compiler rule objects-stable (since 2.4.0",
		"2 regressions, 2 improvements, 15 neutral changes; 0 errors",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if code != exitFindings || !strings.Contains(errOut, "2 stability regressions") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	// The app's classes as a consumer sees them: their $stable is in their bytes, whichever
	// release reads it.
	code, out, _ = runCLI(t, "diff", "--classpath", deps, "--old-compiler", "2.0.20", "--new-compiler", "2.4.20", app)
	if code != exitOK || !strings.Contains(out, "0 regressions, 0 improvements, 0 neutral changes") {
		t.Errorf("as consumed: exit %d\n%s", code, out)
	}
	// The same release on both sides changes nothing.
	code, out, _ = runCLI(t, "diff", "--as-compiled", "--classpath", deps, "--old-compiler", "2.4", "--new-compiler", "2.4.20", app)
	if code != exitOK || !strings.Contains(out, "0 regressions, 0 improvements, 0 neutral changes") {
		t.Errorf("2.4 → 2.4.20: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, "diff", "--as-compiled", "--classpath", deps, "--old-compiler", "2.3.21", "--new-compiler", "2.4.0", lib)
	if code != exitFindings || !strings.Contains(out, "producers.MutableObject: as compiled by 2.4.0 instead of 2.3.21") || !strings.Contains(out, "objects-stable") {
		t.Errorf("as compiled: exit %d\n%s", code, out)
	}
	// A dependency that cannot be read is named on stderr and the exit code says so; the
	// prediction for the rest still prints.
	corrupt := filepath.Join(t.TempDir(), "corrupt.jar")
	if err := os.WriteFile(corrupt, []byte("PK\x03\x04 not a zip"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCLI(t, append(base, "--classpath", corrupt)...)
	if code != exitUnreadable || !strings.Contains(errOut, "corrupt.jar") || !strings.Contains(out, "2 regressions") {
		t.Errorf("corrupt classpath entry: exit %d\nstderr %s\nstdout %s", code, errOut, out)
	}
}
