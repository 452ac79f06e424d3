package main

import (
	"strings"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
)

// TestMissingClassesNamed: every class a verdict or a reason needs and the classpath lacks is
// named once on stderr, by every command, and the answers say "not on the classpath"; with the
// classpath that holds it, the names go and the answers change.
func TestMissingClassesNamed(t *testing.T) {
	m, err := fixtures.Get("app")
	if err != nil {
		t.Fatal(err)
	}
	app, full := m.Jar(), joinPaths(m.Classpath()...)
	const line = "missing: lib1.LStable (needed by 4 classes and 1 composable, e.g. app.LibBoxOfLib)\n"
	t.Run("composables", func(t *testing.T) {
		_, out, errOut := runCLI(t, "audit", "--composables", app)
		if strings.Count(errOut, "missing: lib1.LStable ") != 1 || !strings.Contains(errOut, line) {
			t.Errorf("stderr does not name lib1.LStable once as %q:\n%s", line, errOut)
		}
		if !strings.Contains(out, "skips    app.ShowLib  undecided: s: LStable (lib1.LStable not on the classpath)") {
			t.Errorf("ShowLib does not say why the comparison of s is undecided:\n%s", out)
		}
		_, out, errOut = runCLI(t, "audit", "--composables", "--classpath", full, app)
		if strings.Contains(errOut, "missing:") || !strings.Contains(out, "skips    app.ShowLib  identity: u: LUnstable (via lib1.LUnstable.$stable = 8)\n") {
			t.Errorf("with the classpath:\n%s%s", out, errOut)
		}
	})
	t.Run("audit", func(t *testing.T) {
		_, _, errOut := runCLI(t, "audit", app)
		if !strings.Contains(errOut, "missing: lib1.LStable (needed by 4 classes, e.g. app.LibBoxOfLib)\n") {
			t.Errorf("stderr:\n%s", errOut)
		}
	})
	t.Run("diff", func(t *testing.T) {
		libv1, libv2 := fixtureJar(t, "libv1"), fixtureJar(t, "libv2")
		_, out, errOut := runCLI(t, "diff", libv1, libv2)
		for _, want := range []string{"old: missing: evo.dep.Dep (needed by 1 class", "new: missing: evo.dep.Dep (needed by 1 class", "new: missing: evo.lib.Moving ("} {
			if !strings.Contains(errOut, want) {
				t.Errorf("stderr lacks %q:\n%s", want, errOut)
			}
		}
		if !strings.Contains(out, "- evo.lib.UsesMoving: stable → unstable: evo.lib.Moving is not on the new classpath\n") {
			t.Errorf("the change of UsesMoving does not say why:\n%s", out)
		}
		_, _, errOut = runCLI(t, "diff", "--old-classpath", v1CP(t), "--new-classpath", v2CP(t), libv1, libv2)
		if strings.Contains(errOut, "missing:") {
			t.Errorf("with both classpaths:\n%s", errOut)
		}
	})
}
