package composable

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

// TestChurnMatchesJVMRuns: for cchurn (strong skipping) and cchurnns (off), the composables our
// findings say re-run when a Churn_<case> caller recomposes with nothing changed — the callees of
// its findings, and inside each callee that runs again, the calls that re-run in turn — are
// exactly those the JVM ran again (testdata/golden/<module>/churn-runs.tsv, tools/composerun
// ChurnRun), case by case.
func TestChurnMatchesJVMRuns(t *testing.T) {
	for _, module := range []string{"cchurn", "cchurnns"} {
		t.Run(module, func(t *testing.T) {
			m, err := fixtures.Get(module)
			if err != nil {
				t.Fatal(err)
			}
			cp, err := classfile.OpenClasspath(append([]string{m.Jar()}, m.Classpath()...))
			if err != nil {
				t.Fatal(err)
			}
			defer cp.Close()
			u := stability.NewUniverse(cp)
			mod := Analyze(Config{Classpath: cp, Universe: u, Input: m.Jar(), CallSites: true,
				Classes: stability.AnalyzeModule(u, m.Jar(), stability.Options{})})
			data, err := os.ReadFile(filepath.Join(fixtures.Root(), module, "churn-runs.tsv"))
			if err != nil {
				t.Fatal(err)
			}
			byCaller := map[string][]*CallSite{}
			for _, s := range mod.CallSites {
				byCaller[s.Caller] = append(byCaller[s.Caller], s)
				for _, a := range s.Arguments {
					quiet := a.Origin == OriginRemembered || a.Origin == OriginState || a.Origin == OriginConstant ||
						a.Compare == Equals && !a.IdentityEquals
					if quiet && a.Churn != "" {
						t.Errorf("%s → %s: a finding on argument %s (%s, compared %s)", s.CallerName, s.CalleeName, a.Param, a.Origin, a.Compare)
					}
				}
			}
			cases, findings, sites := 0, 0, 0
			for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
				c, ran, _ := strings.Cut(line, "\t")
				want := []string{}
				if ran != "-" {
					want = strings.Split(ran, ",")
				}
				sort.Strings(want)
				caller := "cchurn/ChurnKt.Churn_" + c + "(Landroidx/compose/runtime/Composer;I)V"
				if len(byCaller[caller]) == 0 {
					t.Errorf("%s: no call sites found in %s", c, caller)
					continue
				}
				got := rerun(byCaller, caller, nil)
				sort.Strings(got)
				cases++
				sites += len(byCaller[caller])
				if strings.Join(got, ",") == strings.Join(want, ",") {
					findings += len(got)
				} else {
					for _, s := range byCaller[caller] {
						for _, a := range s.Arguments {
							t.Logf("  %s → %s: %s %s %s (%s) churn=%q", c, s.CalleeName, a.Param, a.Compare, a.Origin, a.What, a.Churn)
						}
					}
					t.Errorf("%s: ours %v, the JVM re-ran %v", c, got, want)
				}
			}
			t.Logf("%s: %d cases, %d call sites, %d re-runs found as the JVM recorded", module, cases, sites, findings)
		})
	}
}

// rerun lists the simple names of the composables that run again when caller re-runs with the
// slots in churned receiving new instances.
func rerun(byCaller map[string][]*CallSite, caller string, churned map[int]bool) []string {
	var out []string
	for _, s := range byCaller[caller] {
		next := map[int]bool{}
		runs := s.NeverSkips
		for _, a := range s.Arguments {
			if a.Churn == ChurnFresh || a.Churn == ChurnForwarded && churned[a.fromParam] {
				runs = true
				next[a.slot] = true
			}
		}
		if runs {
			out = append(out, s.CalleeName[strings.LastIndexByte(s.CalleeName, '.')+1:])
			out = append(out, rerun(byCaller, s.Callee, next)...)
		}
	}
	return out
}
