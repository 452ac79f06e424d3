package diff

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

// propertyPairs are the release pairs the what-if property is checked on: every consecutive
// pair whose rules differ, the jump issue 41 was found on (2.3.0 → 2.4.20), the longest jump
// (every rule at once), and one pair whose rules are the same (nothing may change).
var propertyPairs = [][2]string{
	{"2.0.21", "2.1.0"}, {"2.1.0", "2.1.20"}, {"2.2.10", "2.2.20"}, {"2.2.21", "2.3.0"}, {"2.3.21", "2.4.0"},
	{"2.3.0", "2.4.20"}, {"2.0.20", "2.4.20"}, {"2.4.20", "2.5.0-Beta1"},
}

// corpusCase is one scan's inputs and classpath.
type corpusCase struct {
	name string
	opts scan.Options
}

// fixtureCorpus is every jar the fixtures hold: each module of testdata/golden against the jars
// it was compiled with, and each module every release built (testdata/golden/compilers) against
// its own.
func fixtureCorpus(t *testing.T) []corpusCase {
	t.Helper()
	mods, err := fixtures.Modules()
	if err != nil {
		t.Fatal(err)
	}
	var out []corpusCase
	for _, m := range mods {
		out = append(out, corpusCase{m.Name, scan.Options{Inputs: []string{m.Jar()}, Classpath: m.Classpath(), IncludeNonPublic: true}})
	}
	versions, err := fixtures.CompilerVersions()
	if err != nil {
		t.Fatal(err)
	}
	stub := fixtures.RuntimeStubJar()
	for _, v := range versions {
		jar := func(m string) string { return fixtures.CompilerJar(v, m) }
		libs := []string{jar("producers"), jar("pdep"), stub}
		for _, c := range []struct {
			module, jar string
			cp          []string
		}{
			{"pdep", jar("pdep"), []string{stub}},
			{"producers", jar("producers"), []string{jar("pdep"), stub}},
			{"pconfig", jar("pconfig"), []string{stub}},
			{"consumer", jar("consumer"), libs},
			{"selfconsumer", jar("selfconsumer"), libs},
			{"appconsumer", jar("appconsumer"), []string{fixtures.CompilerJar("2.0.20", "producers"), fixtures.CompilerJar("2.0.20", "pdep"), stub}},
			{"pverify", jar("pverify"), []string{filepath.Join(filepath.Dir(jar("pverify")), "pverify-nocompose.jar"), stub}},
			{"pverify-nocompose", filepath.Join(filepath.Dir(jar("pverify")), "pverify-nocompose.jar"), []string{stub}},
		} {
			out = append(out, corpusCase{"compilers/" + v + "/" + c.module, scan.Options{Inputs: []string{c.jar}, Classpath: c.cp, IncludeNonPublic: true}})
		}
	}
	return out
}

// consumedAnswer is audit --compiler's answer for a class: its verdict and effective stability.
func consumedAnswer(c *scan.Class) (string, bool) {
	return string(c.Verdict) + " " + c.Stability, true
}

// compiledAnswer is audit --compiler's as-compiled answer for a class the plugin processes: its
// block of audit --format compose-report (the inferred stability as the compiler prints it, the
// verdict of each field), its mask and the $stable a rebuild writes (JSON "inferredMask",
// "inferredValue"); for a Kotlin class of an input built without Compose, the same of the
// analysis it would have had (Class.CompiledResult).
func compiledAnswer(c *scan.Class) (string, bool) {
	r := c.CompiledResult()
	if r == nil || !r.Processed {
		return "", false
	}
	var fields []string
	for _, f := range r.Fields {
		fields = append(fields, string(stability.VerdictOf(f.Stability))+" "+f.Field.Name)
	}
	value := "unknown"
	if c.InferredValue != nil {
		value = fmt.Sprint(*c.InferredValue)
	}
	return fmt.Sprintf("marked=%v stability=%q mask=%d $stable=%s fields=%v", r.Marked, r.Stability.String(), r.Mask, value, fields), true
}

// propertyCount is what the property found for one input, pair and view.
type propertyCount struct {
	classes, differ, reported, mismatches, combined int
}

// checkWhatIfProperty checks the what-if against two scans of the same inputs, one with each
// release as --compiler: in each view, the classes the what-if lists are exactly those whose
// answers in the two scans differ, and each has its causes (checkCauses). It returns the
// counts per input and view.
func checkWhatIfProperty(t *testing.T, opts scan.Options, a, b string) map[string]map[string]*propertyCount {
	t.Helper()
	scanWith := func(v string) *scan.Report {
		o := opts
		o.Compiler = scan.Compiler{Release: release(t, v)}
		rep, err := scan.Scan(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	ra, rb := scanWith(a), scanWith(b)
	defer ra.Close()
	defer rb.Close()
	// Both views out of the same scans, as CompilerWhatIf gives each.
	ds, err := compilerWhatIf(context.Background(), opts, release(t, a), release(t, b), []bool{false, true})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]*propertyCount{}
	for i, view := range []string{ViewConsumed, ViewCompiled} {
		answer := consumedAnswer
		if view == ViewCompiled {
			answer = compiledAnswer
		}
		count := func(input string) *propertyCount {
			if out[input] == nil {
				out[input] = map[string]*propertyCount{}
			}
			if out[input][view] == nil {
				out[input][view] = &propertyCount{}
			}
			return out[input][view]
		}
		oldAnswers := map[string]string{}
		for _, c := range ra.Classes {
			if s, ok := answer(c); ok {
				oldAnswers[c.JVMName] = s
			}
		}
		want := map[string]string{} // class name → input
		for _, c := range rb.Classes {
			s, ok := answer(c)
			if !ok {
				continue
			}
			count(c.Input).classes++
			if o, ok := oldAnswers[c.JVMName]; ok && o != s {
				want[c.Name] = c.Input
				count(c.Input).differ++
			}
		}
		d := ds[i]
		got := map[string]bool{}
		for _, c := range d.Changes {
			got[c.Class] = true
			count(c.Input).reported++
			if c.Part != view {
				t.Errorf("%s: part %q in the %s view", c.Class, c.Part, view)
			}
			if len(c.Causes) > 1 && c.Causes[0].Detail != "" {
				count(c.Input).combined++
			}
			if _, ok := want[c.Class]; !ok {
				count(c.Input).mismatches++
				t.Errorf("%s → %s, %s: %s listed, its answers do not differ: %s", a, b, view, c.Class, c.Message)
			}
		}
		for name, input := range want {
			if !got[name] {
				count(input).mismatches++
				t.Errorf("%s → %s, %s: %s not listed, its answers differ", a, b, view, name)
			}
		}
		checkCauses(t, d, a, b)
	}
	return out
}

// add adds c's counts to p.
func (p *propertyCount) add(c *propertyCount) {
	p.classes += c.classes
	p.differ += c.differ
	p.reported += c.reported
	p.mismatches += c.mismatches
	p.combined += c.combined
}

func (p propertyCount) String() string {
	return fmt.Sprintf("%d class answers, %d differ, %d reported (%d with rules acting together), %d mismatches",
		p.classes, p.differ, p.reported, p.combined, p.mismatches)
}

// propertyOver checks the property for every case and pair, and logs what it found: a line per
// jar and view with a difference, and the totals per pair and view.
func propertyOver(t *testing.T, corpus []corpusCase, pairs [][2]string) {
	for _, p := range pairs {
		a, b := p[0], p[1]
		t.Run(a+"→"+b, func(t *testing.T) {
			totals := map[string]*propertyCount{ViewConsumed: {}, ViewCompiled: {}}
			jars := 0
			for _, c := range corpus {
				counts := checkWhatIfProperty(t, c.opts, a, b)
				for _, input := range slices.Sorted(maps.Keys(counts)) {
					jars++
					for _, view := range []string{ViewConsumed, ViewCompiled} {
						n := counts[input][view]
						if n == nil {
							continue
						}
						totals[view].add(n)
						if n.differ > 0 || n.reported > 0 {
							name := filepath.Base(input)
							if len(c.opts.Inputs) == 1 {
								name = c.name
							}
							t.Logf("%s → %s, %s, %s: %v", a, b, name, view, n)
						}
					}
				}
			}
			for _, view := range []string{ViewConsumed, ViewCompiled} {
				t.Logf("%s → %s, %d jars with classes, %s: %v", a, b, jars, view, totals[view])
			}
		})
	}
}

// TestCompilerWhatIfProperty is issue 41's property: for each release pair, the what-if lists,
// in the default view, exactly the classes whose audit --compiler A and audit --compiler B
// answers (verdict, stability) differ, and, with --as-compiled, exactly those whose as-compiled
// answers (inferred stability, $stable written, mask, field verdicts) differ; each with its
// rule changes as causes. The fast loop takes the modules of testdata/golden on the pair of
// issue 41 and the pair of every rule; the long loop every fixture jar (each release's modules
// too) on every pair of propertyPairs (TestCompilerWhatIfPropertyAll), and the Kotlin
// distribution's jars (TestCompilerWhatIfPropertyKotlin).
func TestCompilerWhatIfProperty(t *testing.T) {
	var corpus []corpusCase
	for _, c := range fixtureCorpus(t) {
		if !strings.HasPrefix(c.name, "compilers/") {
			corpus = append(corpus, c)
		}
	}
	propertyOver(t, corpus, [][2]string{{"2.3.0", "2.4.20"}, {"2.0.20", "2.4.20"}})
}

// TestCompilerWhatIfPropertyAll is the property over every fixture jar and every pair of
// propertyPairs.
func TestCompilerWhatIfPropertyAll(t *testing.T) {
	fixtures.SkipUnlessLong(t, "the compiler what-if against audit --compiler over every fixture jar and release pair")
	propertyOver(t, fixtureCorpus(t), propertyPairs)
}

// TestCompilerWhatIfPropertyKotlin is the property over the Kotlin distribution's jars
// (lib/*.jar, the inputs of one scan, each counted on its own).
func TestCompilerWhatIfPropertyKotlin(t *testing.T) {
	fixtures.SkipUnlessLong(t, "the compiler what-if against audit --compiler over the Kotlin distribution's jars")
	home := fixtures.NeedKotlin(t)
	jars, err := filepath.Glob(filepath.Join(home, "lib", "*.jar"))
	if err != nil || len(jars) == 0 {
		t.Fatalf("no jars in %s/lib: %v", home, err)
	}
	sort.Strings(jars)
	propertyOver(t, []corpusCase{{"kotlin/lib", scan.Options{Inputs: jars, IncludeNonPublic: true}}},
		[][2]string{{"2.3.0", "2.4.20"}, {"2.0.20", "2.4.20"}, {"2.1.0", "2.1.20"}, {"2.2.21", "2.3.0"}})
}

// TestCompilerWhatIfRulesActTogether checks the rules a change names as acting together against
// scans of their own, on the Kotlin distribution's kotlin-metadata-jvm.jar and kotlin-reflect.jar
// (2.3.0 → 2.4.20 as compiled, where open-seed-uncertain and runtime-other-files act together on
// fields of other files' open classes): with all of them turned back the class's answer is no
// longer 2.4.20's, with any one alone it still is.
func TestCompilerWhatIfRulesActTogether(t *testing.T) {
	fixtures.SkipUnlessLong(t, "rules acting together, against scans with them turned back, on the Kotlin distribution's jars")
	opts := scan.Options{Inputs: []string{fixtures.KotlinLib(t, "kotlin-metadata-jvm.jar"), fixtures.KotlinLib(t, "kotlin-reflect.jar")},
		Classpath: []string{fixtures.KotlinLib(t, "kotlin-stdlib.jar")}, IncludeNonPublic: true}
	a, b := "2.3.0", "2.4.20"
	d, err := CompilerWhatIf(context.Background(), opts, WhatIf{Old: release(t, a), New: release(t, b), AsCompiled: true})
	if err != nil {
		t.Fatal(err)
	}
	checkCauses(t, d, a, b)
	rules := map[string]stability.RuleChange{}
	for _, rc := range stability.RuleChanges(release(t, a), release(t, b)) {
		rules[rc.Name] = rc
	}
	// answersWith scans with the rules turned back, cached by the set.
	cache := map[string]map[string]string{}
	answersWith := func(names ...string) map[string]string {
		key := strings.Join(names, " ")
		if m, ok := cache[key]; ok {
			return m
		}
		o := opts
		o.Compiler, o.RuleOverride = scan.Compiler{Release: release(t, b)}, map[string]bool{}
		for _, n := range names {
			o.RuleOverride[n] = rules[n].Old
		}
		rep, err := scan.Scan(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		defer rep.Close()
		m := map[string]string{}
		for _, c := range rep.Classes {
			if s, ok := compiledAnswer(c); ok {
				m[c.Name] = s
			}
		}
		cache[key] = m
		return m
	}
	now := answersWith()
	together := 0
	for _, c := range d.Changes {
		if len(c.Causes) < 2 || c.Causes[0].Detail == "" {
			continue
		}
		together++
		var names []string
		for _, cause := range c.Causes {
			names = append(names, cause.Rule)
		}
		if answersWith(names...)[c.Class] == now[c.Class] {
			t.Errorf("%s: turning back %v together leaves it as %s has it", c.Class, names, b)
		}
		for _, n := range names {
			if answersWith(n)[c.Class] != now[c.Class] {
				t.Errorf("%s: turning back %s alone moves it: no need of %v", c.Class, n, names)
			}
		}
	}
	if together == 0 {
		t.Fatalf("no change with rules acting together among %d", len(d.Changes))
	}
	t.Logf("%s → %s: %d of %d changes with rules acting together, each checked against %d scans", a, b, together, len(d.Changes), len(cache))
}
