package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
)

// TestCheckHalfClasspath: a baseline dumped with the dependencies, checked without them (a CI
// job whose resolution half failed), fails the gate, and every change names the missing class
// as its cause: none blames the code, whose bytes are the same.
func TestCheckHalfClasspath(t *testing.T) {
	app := fixtureJar(t, "capp")
	full := strings.Join([]string{fixtureJar(t, "clibv1"), fixtureJar(t, "cplain"), fixtures.RuntimeStubJar()}, string(os.PathListSeparator))
	code, base, _ := runCLI(t, "dump", "--composables", "--classpath", full, app)
	if code != exitOK {
		t.Fatalf("dump: exit %d", code)
	}
	file := filepath.Join(t.TempDir(), "capp.baseline")
	os.WriteFile(file, []byte(base), 0o644)
	code, out, _ := runCLI(t, "check", "--quiet", "--format", "json", "--baseline", file, "--classpath", fixtures.RuntimeStubJar(), app)
	var rep struct {
		Composables []struct {
			Name, Part, Kind, Message string
			Causes                    []struct{ Kind, Class, Detail string }
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != exitFindings {
		t.Fatalf("exit %d, %v", code, err)
	}
	_, _, errOut := runCLI(t, "check", "--baseline", file, "--classpath", fixtures.RuntimeStubJar(), app)
	for _, jar := range []string{"clibv1.jar", "cplain.jar"} {
		if want := "warning: " + jar + " was on the classpath of the baseline and is not on this one\n"; !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if len(rep.Composables) < 20 {
		t.Fatalf("%d composable changes", len(rep.Composables))
	}
	for _, c := range rep.Composables {
		if len(c.Causes) == 0 {
			t.Errorf("%s %s: no cause", c.Name, c.Part)
		}
		for _, cause := range c.Causes {
			if cause.Kind != "missing-class" || cause.Detail != "new" || !strings.Contains(c.Message, cause.Class+" is not on the new classpath") {
				t.Errorf("%s %s: cause %+v: %s", c.Name, c.Part, cause, c.Message)
			}
		}
	}
}

// TestDiffOldClasspathMissing: a class whose dependencies were absent from the old classpath is
// said to have changed because they were absent, not because a field "became stable because it
// is an enum".
func TestDiffOldClasspathMissing(t *testing.T) {
	lib2, lib1, stub := fixtureJar(t, "lib2"), fixtureJar(t, "lib1"), fixtures.RuntimeStubJar()
	code, out, _ := runCLI(t, "diff", "--quiet", "--old-classpath", stub, "--new-classpath", stub+string(os.PathListSeparator)+lib1, lib2, lib2)
	for _, want := range []string{
		"- lib2.L2Mixed: runtime → stable: lib1.LData is not on the old classpath; lib1.LEnum is not on the old classpath; lib1.LObject is not on the old classpath; lib1.LValue is not on the old classpath\n",
		"- lib2.L2WrapUnstable: runtime → unstable: lib1.LUnstable is not on the old classpath\n",
	} {
		if code != exitFindings || !strings.Contains(out, want) {
			t.Errorf("exit %d, no %q in\n%s", code, want, out)
		}
	}
	if strings.Contains(out, "became") {
		t.Errorf("a field reason from one side only:\n%s", out)
	}
}
