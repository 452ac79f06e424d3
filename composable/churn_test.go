package composable

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/composestab/composestab/archive"
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
			cp, err := archive.OpenClasspath(append([]string{m.Jar()}, m.Classpath()...))
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
				got := Reruns(mod.CallSites, caller)
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

// TestCallSitesInlinedCode: in every compose fixture, no call site names an inline marker
// ($i$a$-…, $i$f$…) as its caller or callee, or prints one, and every line is one of the caller's
// source file (a call inside an inlined function's body is placed at the call of that function,
// not at the renumbered lines Kotlin gives inlined code). Strong skipping off, every call that
// never skips for an unstable parameter type names the class that decides it.
func TestCallSitesInlinedCode(t *testing.T) {
	mods, err := fixtures.Modules()
	if err != nil {
		t.Fatal(err)
	}
	sources := filepath.Join(fixtures.Root(), "..", "src")
	checked, inlined := 0, 0
	for _, m := range mods {
		if m.Kind != fixtures.KindCompose || strings.HasPrefix(m.Name, "sweep") {
			continue
		}
		cp, err := archive.OpenClasspath(append([]string{m.Jar()}, m.Classpath()...))
		if err != nil {
			t.Fatal(err)
		}
		u := stability.NewUniverse(cp)
		mod := Analyze(Config{Classpath: cp, Universe: u, Input: m.Jar(), CallSites: true})
		lines := map[string]int{}
		for _, s := range mod.CallSites {
			checked++
			text := strings.Join([]string{s.Caller, s.CallerName, s.Callee, s.CalleeName, s.Why, s.String()}, " ")
			for _, a := range s.Arguments {
				text += " " + a.What
			}
			if strings.Contains(text, "$i$") {
				t.Errorf("%s: an inline marker in a call site: %s", m.Name, text)
			}
			if s.NeverSkips && strings.Contains(s.Why, "unstable:") && len(s.Unstable) == 0 {
				t.Errorf("%s: %s → %s never skips (%s) without a class to blame", m.Name, s.CallerName, s.CalleeName, s.Why)
			}
			n, ok := lines[s.File]
			if !ok {
				data, err := os.ReadFile(filepath.Join(sources, m.Name, s.File))
				if err != nil {
					data, err = os.ReadFile(filepath.Join(sources, strings.TrimSuffix(m.Name, "ns"), s.File))
				}
				if err == nil {
					n = strings.Count(string(data), "\n") + 1
				}
				lines[s.File] = n
			}
			if n > 0 && (s.Line <= 0 || s.Line > n) {
				t.Errorf("%s: %s → %s at %s:%d, past the file's %d lines", m.Name, s.CallerName, s.CalleeName, s.File, s.Line, n)
			}
			if strings.HasSuffix(s.CallerName, ".Churn_inlineBody") && strings.HasSuffix(s.CalleeName, ".ShowToken") {
				inlined++
				if s.Line != 282 {
					t.Errorf("%s: the call inside WithFreshInside's inlined body is at line %d, want 282 (the call of WithFreshInside)", m.Name, s.Line)
				}
			}
		}
		cp.Close()
	}
	if inlined == 0 || checked < 300 {
		t.Errorf("%d call sites checked, %d in Churn_inlineBody", checked, inlined)
	}
	t.Logf("%d call sites", checked)
}

// TestChurnOrigins pins where the argument of each issue-41 pattern comes from in cchurn (strong
// skipping), the caller's side that TestChurnMatchesJVMRuns checks only through the re-runs.
func TestChurnOrigins(t *testing.T) {
	m, err := fixtures.Get("cchurn")
	if err != nil {
		t.Fatal(err)
	}
	cp, err := archive.OpenClasspath(append([]string{m.Jar()}, m.Classpath()...))
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	mod := Analyze(Config{Classpath: cp, Universe: stability.NewUniverse(cp), Input: m.Jar(), CallSites: true})
	got := map[string]string{}
	for _, s := range mod.CallSites {
		c, ok := strings.CutPrefix(s.CallerName, "cchurn.Churn_")
		if !ok || len(s.Arguments) == 0 || got[c] != "" {
			continue
		}
		a := s.Arguments[0]
		got[c] = fmt.Sprintf("%s %s %s", a.Origin, a.Compare, a.Churn)
		if a.What != "" {
			got[c] += " (" + a.What + ")"
		}
	}
	for c, want := range map[string]string{
		"rememberKeyPoint":        "remembered equals ",
		"rememberKeyCounter":      "remembered equals ",
		"rememberKeyToken":        "fresh equals fresh (a new cchurn.Token remembered under a key that changes on every call (a new cchurn.Token))",
		"lambdaCapturesPoint":     "fresh identity fresh (a lambda remembered under a key that changes on every call (a new clib.Point))",
		"lambdaCapturesNearPoint": "remembered identity ",
		"intArray":                "fresh identity fresh (a new IntArray on every call)",
		"emptyArray":              "fresh identity fresh (a new array of clib.Point on every call)",
		"mutableList":             "fresh equals  (built by CollectionsKt.mutableListOf on every call)",
		"madeCounter":             "fresh identity fresh (built by FactoriesKt.makeCounter on every call)",
		"madeIndirect":            "fresh identity fresh (built by FactoriesKt.makeCounterIndirect on every call)",
		"pickedCounter":           "fresh identity fresh (built by FactoriesKt.pickCounter on every call)",
		"cachedCounter":           "unknown identity  (returned by FactoriesKt.cachedCounter)",
		"cachedToken":             "unknown equals  (returned by FactoriesKt.cachedToken)",
		"getterToken":             "fresh equals fresh (built by TokenFactory.getFresh on every call)",
		"madePoint":               "fresh equals  (built by FactoriesKt.makePoint on every call)",
		"varargPoints":            "fresh equals  (a new array of clib.Point on every call)",
		"varargTokens":            "fresh equals fresh (an array whose element 0 is a new cchurn.Token on every call)",
		"varargShared":            "fresh none  (a new array of clib.Counter on every call)",
	} {
		if got[c] != want {
			t.Errorf("%s: %q, want %q", c, got[c], want)
		}
	}
}
