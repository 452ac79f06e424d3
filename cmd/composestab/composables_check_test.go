package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/diff"
	"github.com/composestab/composestab/internal/fixtures"
)

// TestComposablesCheckAgainstJVMRuns is the workflow of a team that keeps its composables in CI:
// dump --composables of capp (strong skipping) and cappns (off) against the clibv1 jars it was
// compiled with, then check it, not recompiled, against the clibv2 jars. The changes reported
// must be exactly those the JVM recorded between the two runs (testdata/golden/<app>/
// composable-runs-v1.tsv and -v2.tsv): each parameter whose comparison moved, each composable
// whose skipping moved, and nothing else; every cause must name a class whose $stable the JVM
// computed as the cause's old value with clibv1 and its new value with clibv2.
func TestComposablesCheckAgainstJVMRuns(t *testing.T) {
	dir := t.TempDir()
	for _, module := range []string{"capp", "cappns"} {
		t.Run(module, func(t *testing.T) {
			m, err := fixtures.Get(module)
			if err != nil {
				t.Fatal(err)
			}
			v1 := strings.Join(m.Classpath(), string(os.PathListSeparator))
			v2 := strings.ReplaceAll(v1, "clibv1", "clibv2")
			code, out, stderr := runCLI(t, "dump", "--composables", "--classpath", v1, m.Jar())
			if code != exitOK || stderr != "" {
				t.Fatalf("dump: exit %d: %s", code, stderr)
			}
			file := filepath.Join(dir, module+".stab")
			if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
			// The same inputs: clean.
			if code, out, stderr := runCLI(t, "check", "--strict", "--composables", "--baseline", file, "--classpath", v1, m.Jar()); code != exitOK {
				t.Fatalf("check against v1: exit %d\n%s%s", code, out, stderr)
			}
			// check --composables against a baseline without them says how to write one.
			classesOnly := filepath.Join(dir, module+"-classes.stab")
			_, plain, _ := runCLI(t, "dump", "--classpath", v1, m.Jar())
			if err := os.WriteFile(classesOnly, []byte(plain), 0o644); err != nil {
				t.Fatal(err)
			}
			if code, _, stderr := runCLI(t, "check", "--composables", "--baseline", classesOnly, "--classpath", v1, m.Jar()); code != exitUsage || !strings.Contains(stderr, "dump --composables") {
				t.Errorf("check --composables against a classes-only baseline: exit %d: %s", code, stderr)
			}
			code, out, stderr = runCLI(t, "check", "--baseline", file, "--classpath", v2, m.Jar(), "--format", "json")
			if code != exitFindings {
				t.Errorf("check against v2: exit %d, want %d (regressions): %s", code, exitFindings, stderr)
			}
			var rep diff.Report
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatal(err)
			}
			want, wantAt := jvmChanges(t, module)
			got := map[string]bool{}
			old, new := stableValues(t, "clibv1"), stableValues(t, "clibv2")
			for _, c := range rep.Composables {
				part, caller, atSite := strings.Cut(c.Part, " at ")
				got[c.Key+"|"+part] = true
				if atSite && !want[c.Key+"|"+part] || atSite && !wantAt[c.Key+"|"+part+"|"+caller] || !atSite && !want[c.Key+"|"+c.Part] {
					t.Errorf("reported, but the JVM runs did not change: %s %s: %s", c.Name, c.Part, c.Message)
				}
				for _, cause := range c.Causes {
					internal := strings.ReplaceAll(cause.Class, ".", "/")
					if cause.Kind != diff.CauseDependency || cause.Old == nil || cause.New == nil ||
						int(*cause.Old) != old[internal] || int(*cause.New) != new[internal] || *cause.Old == *cause.New {
						t.Errorf("%s %s: cause %s, the JVM: %s.$stable %d → %d", c.Name, c.Part, cause, cause.Class, old[internal], new[internal])
					}
				}
				if len(c.Causes) == 0 {
					t.Errorf("%s %s: no cause", c.Name, c.Part)
				}
			}
			// diff --composables of the same app against the two dependency sets says the same.
			code, dout, stderr := runCLI(t, "diff", "--composables", "--old-classpath", v1, "--new-classpath", v2, m.Jar(), m.Jar(), "--format", "json")
			var drep diff.Report
			if err := json.Unmarshal([]byte(dout), &drep); code != exitFindings || err != nil {
				t.Fatalf("diff: exit %d, %v: %s", code, err, stderr)
			}
			if a, b := jsonOf(t, drep.Composables), jsonOf(t, rep.Composables); a != b {
				t.Errorf("diff --composables and check disagree:\n%s\n%s", a, b)
			}
			var keys []string
			for k := range want {
				keys = append(keys, k)
				if !got[k] {
					t.Errorf("the JVM runs changed, not reported: %s", k)
				}
			}
			sort.Strings(keys)
			t.Logf("%s: %d changes recorded by the JVM, %d reported (%d regressions, %d improvements)",
				module, len(want), len(rep.Composables), rep.Count(diff.Regression), rep.Count(diff.Improvement))
		})
	}
}

// jvmChanges reads what moved between the v1 and v2 runs of a module: "key|parameter NAME" for a
// comparison in the recomposition with equal new arguments, "key|skips" for skipping in the one
// with identical arguments; at holds the same keys followed by the caller of the case that saw
// the change, for changes reported at one call site. Cases that leave arguments to their defaults are left out: their
// omitted parameters are not compared on either side.
func jvmChanges(t *testing.T, module string) (changed, at map[string]bool) {
	t.Helper()
	type row struct {
		cmp     string
		skipped bool
	}
	read := func(set string) map[string]row {
		runs, err := fixtures.ComposableRuns(module, set)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]row{}
		for _, r := range runs {
			if strings.HasSuffix(r.Case, "__omitted") {
				continue
			}
			key := r.Owner + "." + r.Name + r.Desc
			switch r.Run {
			case 2:
				if r.Index >= 0 {
					out[r.Case+"|"+key+"|parameter "+paramName(r.Param)] = row{cmp: jvmWord(r.Comparisons)}
				}
			case 3:
				out[r.Case+"|"+key+"|skips"] = row{skipped: r.Skipped}
			}
		}
		return out
	}
	v1, v2 := read("v1"), read("v2")
	changed, at = map[string]bool{}, map[string]bool{}
	for k, a := range v1 {
		if b := v2[k]; a != b {
			c, key, _ := strings.Cut(k, "|")
			changed[key] = true
			// A change seen by one case's caller: Call_<case> in Callers.kt (package capp in both apps).
			at[key+"|capp/CallersKt.Call_"+c+"(Landroidx/compose/runtime/Composer;I)V"] = true
		}
	}
	return changed, at
}

// paramName is the name our reports give a JVM argument: receivers are <this>.
func paramName(jvm string) string {
	if jvm == "this" || strings.HasPrefix(jvm, "$this$") {
		return "<this>"
	}
	return jvm
}

// jvmWord is the one word for a recorded comparison, as composable's tests read it.
func jvmWord(cmps []string) string {
	word := "none"
	for _, c := range cmps {
		if i := strings.LastIndexByte(c, ':'); i >= 0 {
			if c[:i] == "size" && len(cmps) > 1 {
				continue
			}
			c = c[i+1:]
		}
		word = c
	}
	return word
}

// stableValues are the JVM's $stable values of a fixture module, by internal name.
func stableValues(t *testing.T, module string) map[string]int {
	t.Helper()
	vals, err := fixtures.StableValues(module)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for k, v := range vals {
		out[k] = v.Value
	}
	return out
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestComposablesLayouts: the composable baseline of an app does not depend on how its classes
// reach composestab. capp as a Gradle class folder (found by walking the project), as an AAR
// and through a symbolic link, with its dependencies in a folder of jars, dumps the same
// composables as the jar, and each layout's dump checks clean against the jar's.
func TestComposablesLayouts(t *testing.T) {
	tr := newTree(t).
		classes("capp", "proj/app/build/tmp/kotlin-classes/debug").
		aar("capp", "aars/capp-release.aar").
		jar("clibv1", "libs/clib.jar").jar("cplain", "libs/cplain.jar").jar("runtime-stub", "libs/runtime.jar").
		link(fixtureJar(t, "capp"), "linked/capp.jar")
	libs := tr.path("libs")
	dump := func(path string) string {
		t.Helper()
		code, out, stderr := runCLI(t, "dump", "--composables", "--classpath", libs, path)
		if code != exitOK {
			t.Fatalf("dump %s: exit %d: %s", path, code, stderr)
		}
		return regexpInputs.ReplaceAllString(out, "")
	}
	want := dump(fixtureJar(t, "capp"))
	if n := strings.Count(want, "\ncomposable "); n < 70 {
		t.Fatalf("the jar's dump has %d composables", n)
	}
	file := tr.path("capp.stab")
	if err := os.WriteFile(file, []byte(want), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{tr.path("proj"), tr.path("aars/capp-release.aar"), tr.path("linked")} {
		if got := dump(path); got != want {
			t.Errorf("%s: the dump differs from the jar's", path)
		}
		if code, out, stderr := runCLI(t, "check", "--strict", "--baseline", file, "--classpath", libs, path); code != exitOK {
			t.Errorf("check %s: exit %d\n%s%s", path, code, out, stderr)
		}
	}
}

// TestCallSitesWorkflow: audit --call-sites and verify's identity-churn and unstable-param-type
// rules on the churn fixtures, as a team runs them: the findings the JVM confirms
// (composable/churn_test.go) are listed with file and line, verify warns once per call without
// failing (warnings pass --fail-on error), fails with --fail-on warning, and a suppression drops
// them all. Strong skipping off, a callee that never skips is no identity churn: it is one
// unstable-param-type finding per class, on the input that declares it; no inline marker
// ($i$a$-…) is ever printed.
func TestCallSitesWorkflow(t *testing.T) {
	m, err := fixtures.Get("cchurn")
	if err != nil {
		t.Fatal(err)
	}
	cp := strings.Join(m.Classpath(), string(os.PathListSeparator))
	code, out, stderr := runCLI(t, "audit", "--call-sites", "--classpath", cp, m.Jar())
	if code != exitOK || stderr != "" {
		t.Fatalf("audit --call-sites: exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"- cchurn/Churn.kt:24  ShowCounter recomposes on every recomposition of cchurn.Churn_freshCounter: argument `c: Counter` is a new clib.Counter on every call and ShowCounter compares it by identity (fix: remember it, or make the type stable)\n",
		"- cchurn/Churn.kt:35  cchurn.Churn_rememberedCounter → cchurn.ShowCounter: c: remembered\n",
		"- cchurn/Churn.kt:189  ShowInts recomposes on every recomposition of cchurn.Churn_intArray: argument `a: IntArray` is a new IntArray on every call",
		"- cchurn/Churn.kt:215  ShowCounter recomposes on every recomposition of cchurn.Churn_madeCounter: argument `c: Counter` is built by FactoriesKt.makeCounter on every call",
		"- cchurn/Churn.kt:282  ShowToken recomposes on every recomposition of cchurn.Churn_inlineBody: ",
		"55 composable calls, 33 calls re-run their callee on every recomposition; strong skipping on\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("audit --call-sites lacks %q:\n%s", want, out)
		}
	}
	for _, not := range []string{"$i$", "Churn_rememberKeyPoint:", "Churn_lambdaCapturesNearPoint:"} {
		if strings.Contains(out, not) {
			t.Errorf("audit --call-sites prints %q:\n%s", not, out)
		}
	}
	type violations struct {
		Violations []struct{ Class, Rule, Severity, Part, Message, Input string }
		Suppressed int
	}
	count := func(v violations) map[string]int {
		n := map[string]int{}
		for _, x := range v.Violations {
			if x.Severity == "warning" {
				n[x.Rule]++
			}
		}
		return n
	}
	code, out, _ = runCLI(t, "verify", "--classpath", cp, m.Jar(), "--format", "json")
	var v violations
	if err := json.Unmarshal([]byte(out), &v); err != nil || code != exitOK {
		t.Fatalf("verify: exit %d, %v", code, err)
	}
	// 31 calls re-run by what they pass; ShowCounters(vararg counters: Counter) never skips,
	// strong skipping or not: clib.Counter's finding.
	if n := count(v); n["identity-churn"] != 31 || n["unstable-param-type"] != 1 || len(v.Violations) != 32 {
		t.Errorf("verify: %v, want 31 identity-churn and 1 unstable-param-type warnings: %+v", n, v.Violations)
	}
	if code, _, _ := runCLI(t, "verify", "--fail-on", "warning", "--classpath", cp, m.Jar()); code != exitFindings {
		t.Errorf("verify --fail-on warning: exit %d", code)
	}
	code, out, _ = runCLI(t, "verify", "--suppress", "identity-churn:cchurn.**", "--suppress", "unstable-param-type:clib.Counter",
		"--classpath", cp, m.Jar(), "--format", "json")
	v = violations{}
	if err := json.Unmarshal([]byte(out), &v); err != nil || code != exitOK || v.Suppressed != 32 || len(v.Violations) != 0 {
		t.Errorf("verify --suppress: exit %d, %d suppressed, %d left", code, v.Suppressed, len(v.Violations))
	}
	code, out, _ = runCLI(t, "verify", "--format", "sarif", "--classpath", cp, m.Jar())
	if code != exitOK || strings.Count(out, `"ruleId": "identity-churn"`) != 31 {
		t.Errorf("verify --format sarif: exit %d, %d identity-churn results", code, strings.Count(out, `"ruleId": "identity-churn"`))
	}

	ns, err := fixtures.Get("cchurnns")
	if err != nil {
		t.Fatal(err)
	}
	code, out, _ = runCLI(t, "verify", "--classpath", cp, ns.Jar(), "--format", "json")
	v = violations{}
	if err := json.Unmarshal([]byte(out), &v); err != nil || code != exitOK {
		t.Fatalf("verify cchurnns: exit %d, %v", code, err)
	}
	var types []string
	for _, x := range v.Violations {
		switch {
		case strings.Contains(x.Message, "$i$") || strings.Contains(x.Part, "$i$"):
			t.Errorf("an inline marker in %+v", x)
		case x.Rule == "identity-churn" && strings.Contains(x.Message, "strong skipping is off"):
			t.Errorf("identity-churn on a call that never skips: %s", x.Message)
		case x.Rule == "unstable-param-type":
			types = append(types, x.Class+"@"+filepath.Base(x.Input))
		}
	}
	want := "cchurn.LocalVar@cchurnns.jar clib.Counter@clibv1.jar clib.Items@clibv1.jar cplain.PlainPoint@cplain.jar java.util.ArrayList@. kotlin.Array@. kotlin.IntArray@."
	if n := count(v); n["identity-churn"] != 14 || strings.Join(types, " ") != want {
		t.Errorf("verify cchurnns: %v\n types %s\n want  %s", n, strings.Join(types, " "), want)
	}
}

// TestComposablesByCoordinate: a composable baseline of a library named by its Maven coordinate
// (its dependencies resolved from the caches) is the one its files give, and checks clean
// against the coordinate.
func TestComposablesByCoordinate(t *testing.T) {
	repos, file := coordRepos(t)
	lib2 := file("com.example", "lib2", "1.0", "lib2-1.0.jar")
	lib1 := file("com.example", "lib1", "1.0", "lib1-1.0.jar")
	runtime := file("com.example.compose", "runtime", "1.0", "runtime-1.0.jar")
	code, byCoord, stderr := runCLI(t, append(append([]string{"dump", "--composables", "--quiet"}, repos...), "com.example:lib2:1.0")...)
	if code != exitOK {
		t.Fatalf("dump by coordinate: exit %d: %s", code, stderr)
	}
	_, byPath, _ := runCLI(t, "dump", "--composables", "--classpath", joinPaths(lib1, runtime), lib2)
	if regexpInputs.ReplaceAllString(byCoord, "") != regexpInputs.ReplaceAllString(byPath, "") {
		t.Errorf("the baseline by coordinate differs from the one by path")
	}
	if n := strings.Count(byCoord, "\ncomposable "); n == 0 {
		t.Fatalf("no composables in lib2")
	}
	base := filepath.Join(t.TempDir(), "lib2.stab")
	if err := os.WriteFile(base, []byte(byCoord), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, stderr := runCLI(t, append(append([]string{"check", "--strict", "--quiet", "--baseline", base}, repos...), "com.example:lib2:1.0")...); code != exitOK {
		t.Errorf("check by coordinate: exit %d\n%s%s", code, out, stderr)
	}
}
