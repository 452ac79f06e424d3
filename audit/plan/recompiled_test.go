package plan

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/composable"
	"github.com/composestab/composestab/internal/fixtures"
)

// recompiled is one row of testdata/src/cchurn-fixes/fixes.tsv: a fix applied to the sources for
// real and compiled again by the real compiler (testdata/generate-plan).
type recompiled struct {
	name, module, expect, kind, target, config string
	jar, runs                                  string
	base                                       string // the row compared with, "" for the module
}

func readFixes(t *testing.T) []recompiled {
	data, err := os.ReadFile(filepath.Join(fixtures.Root(), "..", "src", "cchurn-fixes", "fixes.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var out []recompiled
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 9 {
			t.Fatalf("fixes.tsv: %q", line)
		}
		dir := filepath.Join(fixtures.Root(), "cchurn-fixes", f[0])
		r := recompiled{name: f[0], module: f[1], expect: f[2], kind: f[3], target: f[4], config: f[7],
			jar: filepath.Join(dir, f[0]+".jar"), runs: filepath.Join(dir, "churn-runs.tsv")}
		if f[8] != "-" {
			r.base = f[8]
		}
		out = append(out, r)
	}
	// Strong skipping: cchurn is cchurnns's sources compiled with it.
	out = append(out, recompiled{name: "strong-skipping", module: "cchurnns", expect: "proposed", kind: string(StrongSkipping), config: "-",
		jar: filepath.Join(fixtures.Root(), "cchurn", "cchurn.jar"), runs: filepath.Join(fixtures.Root(), "cchurn", "churn-runs.tsv")})
	return out
}

// scanJar scans jar as module's sources compiled (its classpath), with one configuration line.
func scanJar(t *testing.T, module, jar, config string) (*scan.Report, scan.Options) {
	t.Helper()
	m, err := fixtures.Get(module)
	if err != nil {
		t.Fatal(err)
	}
	opts := scan.Options{Inputs: []string{jar}, Classpath: m.Classpath(), Composables: true, CallSites: true, SuggestConfig: true}
	if config != "-" {
		path := filepath.Join(t.TempDir(), "stability.conf")
		if err := os.WriteFile(path, []byte(config+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		opts.Configs = []string{path}
	}
	rep, err := scan.Scan(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rep.Close() })
	return rep, opts
}

func readRuns(t *testing.T, path string) map[string]string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		c, ran, _ := strings.Cut(line, "\t")
		out[c] = ran
	}
	return out
}

// TestPlanMatchesRecompiled: for every fix of fixes.tsv, applied to the sources for real and
// compiled again by Kotlin 2.4.20, the findings that disappear and appear are exactly the plan's
// clears and introduces for that fix; the JVM's churn runs (a recording Composer recomposing each
// Churn_<case> caller) change exactly in the cases those findings are about; and a fix experts
// expect to work that does not (@Stable on a class whose equals is identity, remember under a
// key new on every call) changes no finding and no run, and the plan does not propose it.
func TestPlanMatchesRecompiled(t *testing.T) {
	plans := map[string]*Plan{}
	bases := map[string]*scan.Report{}
	for _, module := range []string{"cchurn", "cchurnns"} {
		m, err := fixtures.Get(module)
		if err != nil {
			t.Fatal(err)
		}
		rep, opts := scanJar(t, module, m.Jar(), "-")
		p, err := Build(context.Background(), rep, Options{Scan: opts})
		if err != nil {
			t.Fatal(err)
		}
		plans[module], bases[module] = p, rep
	}
	fixes := readFixes(t)
	baseRunsOf := map[string]string{}
	for _, fx := range fixes {
		if fx.expect != "base" {
			continue
		}
		// A starting point the module does not have, built like a fix: its own plan and runs.
		rep, opts := scanJar(t, fx.module, fx.jar, fx.config)
		p, err := Build(context.Background(), rep, Options{Scan: opts})
		if err != nil {
			t.Fatal(err)
		}
		plans[fx.name], bases[fx.name], baseRunsOf[fx.name] = p, rep, fx.runs
	}
	for _, fx := range fixes {
		if fx.expect == "base" {
			continue
		}
		from := fx.module
		if fx.base != "" {
			from = fx.base
		}
		t.Run(fx.name, func(t *testing.T) {
			base := plans[from]
			rep, opts := scanJar(t, fx.module, fx.jar, fx.config)
			after, err := Build(context.Background(), rep, Options{Scan: opts})
			if err != nil {
				t.Fatal(err)
			}
			gone, came := diffKeys(base.Findings, after.Findings), diffKeys(after.Findings, base.Findings)
			baseRunsFile := filepath.Join(fixtures.Root(), fx.module, "churn-runs.tsv")
			if fx.base != "" {
				baseRunsFile = baseRunsOf[fx.base]
			}
			baseRuns := readRuns(t, baseRunsFile)
			runs := readRuns(t, fx.runs)
			var changed []string
			for c, ran := range baseRuns {
				if runs[c] != ran {
					changed = append(changed, c)
				}
			}
			sort.Strings(changed)
			var found *Fix
			for _, f := range base.Fixes {
				if string(f.Kind) == fx.kind && matches(f.Target, fx.target) {
					found = f
				}
			}
			if fx.expect == "not-proposed" {
				if found != nil {
					t.Errorf("the plan proposes %s %s, which changes nothing", fx.kind, fx.target)
				}
				if len(gone)+len(came) > 0 || len(changed) > 0 {
					t.Errorf("recompiled with the fix: findings gone %v, new %v, runs changed in %v; want none", gone, came, changed)
				}
				return
			}
			if found == nil {
				t.Fatalf("the plan does not propose %s %s", fx.kind, fx.target)
			}
			if !slices.Contains(Kinds, found.Kind) {
				t.Errorf("%s is not among Kinds (its SARIF rule)", found.Kind)
			}
			if got, want := strings.Join(found.Clears, "\n"), strings.Join(gone, "\n"); got != want {
				t.Errorf("clears:\n%s\nrecompiled, gone:\n%s", got, want)
			}
			if got, want := strings.Join(found.Introduces, "\n"), strings.Join(came, "\n"); got != want {
				t.Errorf("introduces:\n%s\nrecompiled, new:\n%s", got, want)
			}
			// The JVM: the composables the model, with the fix applied, says re-run in each
			// Churn_<case> are those the recording Composer ran again in the recompiled jar.
			predicted := bases[from].Composables[0].Module.Replan(found.edit)
			for c, ran := range runs {
				got := composable.Reruns(predicted, "cchurn/ChurnKt.Churn_"+c+"(Landroidx/compose/runtime/Composer;I)V")
				sort.Strings(got)
				want := []string{}
				if ran != "-" {
					want = strings.Split(ran, ",")
				}
				sort.Strings(want)
				if strings.Join(got, ",") != strings.Join(want, ",") {
					t.Errorf("%s: the model with the fix re-runs %v, the JVM ran %v again", c, got, want)
				}
			}
			t.Logf("%s %s: clears %d, introduces %d; recompiled: %d gone, %d new; JVM runs changed in %d cases",
				found.Kind, found.id(), len(found.Clears), len(found.Introduces), len(gone), len(came), len(changed))
		})
	}
	// The model agrees that the traps clear nothing: @Stable on Token (its equals is identity).
	ic := bases["cchurn"].Composables[0]
	before := (&module{ic: ic}).findings(ic.CallSites)
	after := (&module{ic: ic}).findings(ic.Module.Replan(composable.Edit{Stable: []string{"cchurn/Token"}}))
	if d := diffKeys(before, after); len(d) > 0 {
		t.Errorf("@Stable on Token clears %v", d)
	}
}

// matches tells whether a fix's target is the row's: a class name, FILE:LINE of a call site, or
// "" for a module.
func matches(t Target, target string) bool {
	switch {
	case target == "":
		return t.Class == "" && t.Caller == ""
	case t.Class != "":
		return t.Class == target
	}
	file, line, _ := strings.Cut(target, ":")
	return strings.HasSuffix(t.File, "/"+file) && line == strconv.Itoa(t.Line)
}
