package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
)

// TestDiffCompilerWhatIf runs the Kotlin-bump what-if as a user does: the app's jar, its
// dependencies in a folder of jars, and each output format's causes.
func TestDiffCompilerWhatIf(t *testing.T) {
	deps := t.TempDir()
	for _, m := range []string{"producers", "pdep"} {
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
	app := fixtures.CompilerJar("2.0.20", "appconsumer")
	base := []string{"diff", "--classpath", deps, "--old-compiler", "2.0.20", "--new-compiler", "2.4.20", app}
	code, out, errOut := runCLI(t, base...)
	for _, want := range []string{
		"- consumer.U_HalfUsed_Mut: an app's build by 2.4.20 instead of 2.0.20: Runtime(HalfUsed), $stable = 0 → Unstable, $stable = 8; because the compiler rule runtime-other-files (since 2.4.0",
		"- consumer.U_MutableObject: an app's build by 2.4.20 instead of 2.0.20: Runtime(MutableObject), $stable = 8 → Stable, $stable = 0; because the compiler rule objects-stable (since 2.4.0",
		"2 regressions, 2 improvements, 0 neutral changes; 0 errors",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if code != exitFindings || !strings.Contains(errOut, "2 stability regressions") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	code, out, _ = runCLI(t, append(base, "--format", "json")...)
	var d struct {
		Changes []struct {
			Class  string
			Causes []struct{ Kind, Rule, Since string }
		}
	}
	if err := json.Unmarshal([]byte(out), &d); err != nil || code != exitFindings {
		t.Fatalf("json: exit %d, %v", code, err)
	}
	for _, c := range d.Changes {
		if len(c.Causes) == 0 || c.Causes[0].Kind != "compiler" || c.Causes[0].Rule == "" || c.Causes[0].Since == "" {
			t.Errorf("json: %s: causes %+v", c.Class, c.Causes)
		}
	}
	// The same release on both sides changes nothing; the report of a rebuilt library does.
	code, out, _ = runCLI(t, "diff", "--classpath", deps, "--old-compiler", "2.4", "--new-compiler", "2.4.20", app)
	if code != exitOK || !strings.Contains(out, "0 regressions, 0 improvements, 0 neutral changes") {
		t.Errorf("2.4 → 2.4.20: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, "diff", "--as-compiled", "--classpath", deps, "--old-compiler", "2.3.21", "--new-compiler", "2.4.0",
		fixtures.CompilerJar("2.0.20", "producers"))
	if code != exitFindings || !strings.Contains(out, "producers.MutableObject") || !strings.Contains(out, "objects-stable") {
		t.Errorf("as compiled: exit %d\n%s", code, out)
	}
	// A dependency that cannot be read is named on stderr and the exit code says so; the
	// prediction for the rest still prints.
	corrupt := filepath.Join(t.TempDir(), "corrupt.jar")
	if err := os.WriteFile(corrupt, []byte("PK\x03\x04 not a zip"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCLI(t, "diff", "--classpath", deps, "--classpath", corrupt, "--old-compiler", "2.0.20", "--new-compiler", "2.4.20", app)
	if code != exitUnreadable || !strings.Contains(errOut, "corrupt.jar") || !strings.Contains(out, "2 regressions") {
		t.Errorf("corrupt classpath entry: exit %d\nstderr %s\nstdout %s", code, errOut, out)
	}
}
