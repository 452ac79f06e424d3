package main

import (
	"encoding/json"
	"slices"
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
		{"cchurn", "add-equals", 44},
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

// TestPlanDependencyVersion: cappns (strong skipping off) built against com.example:clib 1.0,
// with 2.0 in the repository: the plan proposes the upgrade, and what it clears and introduces is
// exactly the difference between the findings with clibv1.jar and with clibv2.jar on the
// classpath — the analysis the recording Composer's runs against clibv2 hold
// (composable.TestOutcomesMatchJVMRuns, cappns v2).
func TestPlanDependencyVersion(t *testing.T) {
	type planJSON struct {
		Findings []struct{ Key string }
		Fixes    []struct {
			Kind       string
			Target     struct{ Dependency string }
			Edit       string
			Clears     []string
			Introduces []string
		}
	}
	run := func(args ...string) planJSON {
		t.Helper()
		code, out, errOut := runCLI(t, append([]string{"plan", "--quiet", "--format", "json"}, args...)...)
		if code != exitOK || errOut != "" {
			t.Fatalf("plan %v: exit %d\n%s", args, code, errOut)
		}
		var p planJSON
		if err := json.Unmarshal([]byte(out), &p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	app := fixtureJar(t, "cappns")
	rest := []string{"--classpath", fixtureJar(t, "cplain"), "--classpath", fixtures.RuntimeStubJar(), app}
	p := run(append(append(cardsRepo(t), "--classpath", "com.example:clib:1.0"), rest...)...)
	v1 := run(append([]string{"--classpath", fixtureJar(t, "clibv1")}, rest...)...)
	v2 := run(append([]string{"--classpath", fixtureJar(t, "clibv2")}, rest...)...)
	keys := func(p planJSON) map[string]bool {
		m := map[string]bool{}
		for _, f := range p.Findings {
			m[f.Key] = true
		}
		return m
	}
	k1, k2 := keys(v1), keys(v2)
	var gone, came []string
	for k := range k1 {
		if !k2[k] {
			gone = append(gone, k)
		}
	}
	for k := range k2 {
		if !k1[k] {
			came = append(came, k)
		}
	}
	slices.Sort(gone)
	slices.Sort(came)
	for _, fx := range p.Fixes {
		if fx.Kind != "dependency-version" {
			continue
		}
		if fx.Target.Dependency != "com.example:clib:1.0" || !strings.Contains(fx.Edit, "to 2.0") {
			t.Errorf("%+v", fx)
		}
		if !slices.Equal(fx.Clears, gone) || !slices.Equal(fx.Introduces, came) || len(gone) != 11 || len(came) != 2 {
			t.Errorf("clears %v introduces %v; with clibv2.jar gone %v, new %v", fx.Clears, fx.Introduces, gone, came)
		}
		return
	}
	t.Errorf("no dependency-version fix among %d", len(p.Fixes))
}
