package composable

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

func analyzeSites(t *testing.T, module string) *Module {
	t.Helper()
	m, err := fixtures.Get(module)
	if err != nil {
		t.Fatal(err)
	}
	cp, err := archive.OpenClasspath(append([]string{m.Jar()}, m.Classpath()...))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cp.Close() })
	u := stability.NewUniverse(cp)
	return Analyze(Config{Classpath: cp, Universe: u, Input: m.Jar(), CallSites: true,
		Classes: stability.AnalyzeModule(u, m.Jar(), stability.Options{})})
}

// siteFindings are the findings of call sites, keyed by what stays when the module is compiled
// again (caller and callee by qualified name, the line, the parameter): a churn per argument,
// and a call that never skips.
func siteFindings(sites []*CallSite) []string {
	var out []string
	for _, s := range sites {
		at := fmt.Sprintf("%s → %s @%s:%d", s.CallerName, s.CalleeName, s.File, s.Line)
		for _, a := range s.Arguments {
			if a.Churn != "" {
				out = append(out, fmt.Sprintf("churn %s %s (%s)", at, a.Param, a.Churn))
			}
		}
		if s.NeverSkips {
			out = append(out, "never-skips "+at)
		}
	}
	sort.Strings(out)
	return out
}

// TestReplanNothingChanges: with no edit, the analysis run again finds exactly what it found.
func TestReplanNothingChanges(t *testing.T) {
	for _, module := range []string{"cchurn", "cchurnns", "capp", "cappns", "app", "kinds", "kindsns"} {
		mod := analyzeSites(t, module)
		got, want := siteFindings(mod.Replan(Edit{})), siteFindings(mod.CallSites)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: replanned without an edit:\n%s\nwant\n%s", module, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestReplanStrongSkipping: the same sources compiled by the real compiler without strong
// skipping (cchurnns, cappns) and with it (cchurn, capp): the analysis of the first, run again
// with strong skipping turned on, finds exactly the findings of the second.
func TestReplanStrongSkipping(t *testing.T) {
	for _, c := range []struct{ off, on string }{{"cchurnns", "cchurn"}, {"cappns", "capp"}} {
		off, on := analyzeSites(t, c.off), analyzeSites(t, c.on)
		got := siteFindings(off.Replan(Edit{StrongSkipping: true}))
		want := siteFindings(on.CallSites)
		if extra, missing := setDiff(got, want), setDiff(want, got); len(extra)+len(missing) > 0 {
			t.Errorf("%s with strong skipping: predicted, not in %s:\n%s\nin %s, not predicted:\n%s", c.off, c.on, strings.Join(extra, "\n"), c.on, strings.Join(missing, "\n"))
		}
		t.Logf("%s: %d findings off, %d predicted with strong skipping, %d in %s", c.off, len(siteFindings(off.CallSites)), len(got), len(want), c.on)
	}
}

// setDiff is a minus b.
func setDiff(a, b []string) []string {
	in := map[string]bool{}
	for _, s := range b {
		in[s] = true
	}
	var out []string
	for _, s := range a {
		if !in[s] {
			out = append(out, s)
		}
	}
	return out
}
