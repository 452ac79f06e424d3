package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
)

// TestPlan runs plan as a user does on cchurn (strong skipping) and cchurnns (off): every
// format, the exit codes, and what the first fixes are.
func TestPlan(t *testing.T) {
	cp := []string{"--classpath", fixtureJar(t, "clibv1"), "--classpath", fixtureJar(t, "cplain"), "--classpath", fixtures.RuntimeStubJar()}
	for _, c := range []struct {
		module, first string
		fixes         int
	}{
		{"cchurn", "add-equals", 43},
		{"cchurnns", "add-equals", 29},
	} {
		app := fixtureJar(t, c.module)
		code, out, errOut := runCLI(t, append(append([]string{"plan", "--quiet", "--format", "json"}, cp...), app)...)
		if code != exitOK || errOut != "" {
			t.Fatalf("%s: exit %d\n%s", c.module, code, errOut)
		}
		var p struct {
			Version int `json:"version"`
			Fixes   []struct {
				Kind       string   `json:"kind"`
				Clears     []string `json:"clears"`
				Introduces []string `json:"introduces"`
				Risk       string   `json:"risk"`
			} `json:"fixes"`
			Covered   int      `json:"covered"`
			Uncovered []string `json:"uncovered"`
		}
		if err := json.Unmarshal([]byte(out), &p); err != nil {
			t.Fatal(err)
		}
		if p.Version != 1 || len(p.Fixes) != c.fixes || p.Fixes[0].Kind != c.first {
			t.Errorf("%s: version %d, %d fixes, first %q; want 1, %d, %q", c.module, p.Version, len(p.Fixes), p.Fixes[0].Kind, c.fixes, c.first)
		}
		risky := false
		for _, fx := range p.Fixes {
			if len(fx.Clears) == 0 {
				t.Errorf("%s: a %s fix clears nothing", c.module, fx.Kind)
			}
			if fx.Risk == "" && risky {
				t.Errorf("%s: a safe %s fix ranks below a risky one", c.module, fx.Kind)
			}
			risky = risky || fx.Risk != ""
		}
		for _, format := range []string{"text", "markdown", "sarif", "html"} {
			code, out, errOut := runCLI(t, append(append([]string{"plan", "--quiet", "--top", "3", "--format", format}, cp...), app)...)
			if code != exitOK || errOut != "" || !strings.Contains(out, "add-equals") {
				t.Errorf("%s --format %s: exit %d, stderr %q, output without the first fix", c.module, format, code, errOut)
			}
		}
	}
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"plan"}, exitUsage, "plan needs the app"},
		{[]string{"plan", "--top", "-1", "x.jar"}, exitUsage, "--top -1"},
		{[]string{"plan", "--format", "table", "x.jar"}, exitUsage, "--format"},
		{[]string{"plan", "--quiet", "missing.jar"}, exitUnreadable, ""},
	} {
		code, _, errOut := runCLI(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.err) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, errOut, c.code, c.err)
		}
	}
}
