package diff

import (
	"context"
	"maps"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

// release is the supported release of that name.
func release(t testing.TB, name string) stability.Release {
	t.Helper()
	r, ok := stability.ParseRelease(name)
	if !ok {
		t.Fatalf("release %q is not supported", name)
	}
	return r
}

// whatIfPairs are the release pairs the what-if is checked on: every two consecutive fixture
// releases, and the long jump 2.0.20 → 2.4.20.
func whatIfPairs(t *testing.T) [][2]string {
	versions, err := fixtures.CompilerVersions()
	if err != nil {
		t.Fatal(err)
	}
	var pairs [][2]string
	for i := 1; i < len(versions); i++ {
		pairs = append(pairs, [2]string{versions[i-1], versions[i]})
	}
	return append(pairs, [2]string{"2.0.20", "2.4.20"}) // 2.3.21 → 2.4.0 is among the consecutive ones
}

// checkCauses requires every change to name at least one rule that the release table has
// differently between the two releases, introduced after the old one, each once; rules that act
// together (a Detail) are two or more, each naming the others.
func checkCauses(t *testing.T, d *Report, a, b string) {
	t.Helper()
	changes := map[string]bool{}
	for _, rc := range stability.RuleChanges(release(t, a), release(t, b)) {
		changes[rc.Name] = true
	}
	check := func(what, msg string, causes []Cause) {
		if len(causes) == 0 {
			t.Errorf("%s: no cause: %s", what, msg)
		}
		seen := map[string]bool{}
		together := 0
		for _, cause := range causes {
			if cause.Kind != CauseCompiler || !changes[cause.Rule] || seen[cause.Rule] {
				t.Errorf("%s: cause %+v is not a rule change between %s and %s, or twice", what, cause, a, b)
			}
			seen[cause.Rule] = true
			if cause.Detail != "" {
				together++
			}
		}
		if together > 0 && (together != len(causes) || together < 2 || !strings.Contains(msg, "act together")) {
			t.Errorf("%s: rules acting together are two or more, all of the causes, and the message says so: %+v: %s", what, causes, msg)
		}
	}
	for _, c := range d.Changes {
		check(c.Class, c.Message, c.Causes)
	}
	for _, c := range d.Composables {
		check(c.Name+" "+c.Part, c.Message, c.Causes)
	}
}

// stableWritten reads the $stable of a ViewCompiled prediction's text ("Runtime(C), $stable = 0,
// mask …"), "" when not known.
var stableWritten = regexp.MustCompile(`, \$stable = (\d+),`)

// TestCompilerWhatIfMatchesApps checks diff --as-compiled --old-compiler A --new-compiler B
// against the apps the releases really build: appconsumer is the same sources compiled by each
// release over the same library jars (2.0.20's), and the what-if must list, among its changes, a
// different $stable for exactly the holder classes whose JVM-reflected $stable differs between
// A's build and B's, each with a rule change as its cause.
func TestCompilerWhatIfMatchesApps(t *testing.T) {
	base := "2.0.20"
	cp := []string{fixtures.CompilerJar(base, "producers"), fixtures.CompilerJar(base, "pdep"), fixtures.RuntimeStubJar()}
	for _, p := range whatIfPairs(t) {
		a, b := p[0], p[1]
		t.Run(a+"→"+b, func(t *testing.T) {
			ta, err := fixtures.StableValues("compilers/" + a + "/appconsumer")
			if err != nil {
				t.Fatal(err)
			}
			tb, err := fixtures.StableValues("compilers/" + b + "/appconsumer")
			if err != nil {
				t.Fatal(err)
			}
			var real []string
			holders := 0
			for k, va := range ta {
				vb, ok := tb[k]
				if !ok || !strings.HasPrefix(k, "consumer/U_") {
					continue
				}
				holders++
				if va.Value != vb.Value || va.Err != vb.Err {
					real = append(real, strings.ReplaceAll(k, "/", "."))
				}
			}
			d, err := CompilerWhatIf(context.Background(), scan.Options{Inputs: []string{fixtures.CompilerJar(a, "appconsumer")}, Classpath: cp},
				WhatIf{Old: release(t, a), New: release(t, b), AsCompiled: true})
			if err != nil {
				t.Fatal(err)
			}
			var predicted []string
			for _, c := range d.Changes {
				o, n := stableWritten.FindStringSubmatch(c.Old), stableWritten.FindStringSubmatch(c.New)
				if o == nil || n == nil {
					t.Errorf("%s: no $stable in %q → %q", c.Class, c.Old, c.New)
					continue
				}
				if o[1] != n[1] {
					predicted = append(predicted, c.Class)
				}
			}
			sort.Strings(real)
			sort.Strings(predicted)
			if strings.Join(real, " ") != strings.Join(predicted, " ") {
				t.Errorf("predicted %v\nthe JVM: %v", predicted, real)
			}
			checkCauses(t, d, a, b)
			t.Logf("%s → %s: %d/%d holders changed as predicted (of %d), %d predicted, %d changes as compiled", a, b, len(real), len(real), holders, len(predicted), len(d.Changes))
		})
	}
}

// blockLine reads a -classes.txt block's class line and the lines of its body.
var (
	blockStart = regexp.MustCompile(`^(\w+) class (\S+) \{$`)
	blockField = regexp.MustCompile(`^  (\w+) (?:val|var) ([^:]+): `)
	blockStab  = regexp.MustCompile(`^  <runtime stability> = (.*)$`)
)

// reportBlocks reads a module's -classes.txt as the what-if's as-compiled keys, without masks:
// simple class name → "verdict stability (fields: verdict name, …)".
func reportBlocks(t *testing.T, path string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	seen := map[string]int{}
	var name, verdict, stab string
	var fields []string
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case blockStart.MatchString(line):
			m := blockStart.FindStringSubmatch(line)
			verdict, name, stab, fields = m[1], m[2][strings.LastIndexByte(m[2], '.')+1:], "marked stable", nil
		case blockField.MatchString(line):
			m := blockField.FindStringSubmatch(line)
			fields = append(fields, m[1]+" "+m[2])
		case blockStab.MatchString(line):
			stab = blockStab.FindStringSubmatch(line)[1]
		case line == "}":
			seen[name]++
			out[name] = verdict + " " + stab + " (fields: " + strings.Join(fields, ", ") + ")"
		}
	}
	for n, k := range seen {
		if k > 1 {
			delete(out, n) // two classes of one simple name: not comparable by name
		}
	}
	return out
}

// TestCompilerWhatIfAsCompiled checks diff --as-compiled against the libraries the releases
// really build: the producers fixture's report blocks (verdicts, field verdicts, runtime
// stability) and @StabilityInferred masks, as built by A and by B, differ for exactly the classes
// the what-if lists.
func TestCompilerWhatIfAsCompiled(t *testing.T) {
	for _, p := range whatIfPairs(t) {
		a, b := p[0], p[1]
		t.Run(a+"→"+b, func(t *testing.T) {
			ba := reportBlocks(t, fixtures.CompilerReport(a, "producers", "classes.txt"))
			bb := reportBlocks(t, fixtures.CompilerReport(b, "producers", "classes.txt"))
			masks := func(v string) map[string]int32 {
				rep, err := scan.Scan(context.Background(), scan.Options{Inputs: []string{fixtures.CompilerJar(v, "producers")},
					Classpath: []string{fixtures.CompilerJar(v, "pdep"), fixtures.RuntimeStubJar()}, Compiler: scan.Compiler{Release: release(t, v)}, IncludeNonPublic: true})
				if err != nil {
					t.Fatal(err)
				}
				defer rep.Close()
				out := map[string]int32{}
				for _, c := range rep.Classes {
					if c.StabilityInferred != nil {
						out[c.Name[strings.LastIndexByte(c.Name, '.')+1:]] = *c.StabilityInferred
					}
				}
				return out
			}
			ma, mb := masks(a), masks(b)
			var real []string
			for n, ka := range ba {
				kb, ok := bb[n]
				if ok && (ka != kb || ma[n] != mb[n]) {
					real = append(real, n)
				}
			}
			d, err := CompilerWhatIf(context.Background(), scan.Options{Inputs: []string{fixtures.CompilerJar(a, "producers")},
				Classpath: []string{fixtures.CompilerJar(a, "pdep"), fixtures.RuntimeStubJar()}, IncludeNonPublic: true}, WhatIf{Old: release(t, a), New: release(t, b), AsCompiled: true})
			if err != nil {
				t.Fatal(err)
			}
			var predicted []string
			for _, c := range d.Changes {
				n := c.Class[strings.LastIndexByte(c.Class, '.')+1:]
				if _, ok := ba[n]; ok {
					predicted = append(predicted, n)
				}
			}
			sort.Strings(real)
			sort.Strings(predicted)
			if strings.Join(real, " ") != strings.Join(predicted, " ") {
				t.Errorf("predicted %v\nthe compilers: %v", predicted, real)
			}
			checkCauses(t, d, a, b)
			t.Logf("%s → %s: %d/%d report blocks changed as predicted (of %d), %d predicted", a, b, len(real), len(real), len(ba), len(predicted))
		})
	}
}

// TestActTogether checks the search for rules that act together on rules of made-up effects (a
// target moves when the rules turned back include …): one that needs two rules turned back gets
// both, one that needs all of three gets the three, one that needs either of two pairs gets the
// later pair, and one that even every rule turned back does not move gets none. Targets with the
// same rules left share each trial.
func TestActTogether(t *testing.T) {
	rcs := []stability.RuleChange{{Name: "a"}, {Name: "b"}, {Name: "c"}, {Name: "d"}}
	moves := map[string]func(back map[string]bool) bool{
		"both":  func(back map[string]bool) bool { return back["a"] && back["b"] },
		"three": func(back map[string]bool) bool { return back["a"] && back["c"] && back["d"] },
		"pairs": func(back map[string]bool) bool { return back["a"] && back["b"] || back["c"] && back["d"] },
		"never": func(back map[string]bool) bool { return false },
	}
	trials, asks := 0, 0
	got, err := actTogether(slices.Sorted(maps.Keys(moves)), rcs, func(sets [][]stability.RuleChange) ([]map[string]bool, error) {
		asks++
		var out []map[string]bool
		for _, back := range sets {
			trials++
			set := map[string]bool{}
			for _, rc := range back {
				set[rc.Name] = true
			}
			moved := map[string]bool{}
			for id, f := range moves {
				moved[id] = f(set)
			}
			out = append(out, moved)
		}
		return out, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	names := func(rs []stability.RuleChange) string {
		var out []string
		for _, r := range rs {
			out = append(out, r.Name)
		}
		return strings.Join(out, " ")
	}
	for id, want := range map[string]string{"both": "a b", "three": "a c d", "pairs": "c d", "never": ""} {
		if g := names(got[id]); g != want {
			t.Errorf("%s: rules %q, want %q", id, g, want)
		}
	}
	// Every rule turned back once; then, per rule, one trial per distinct set left: a: {bcd};
	// b: {acd} (both, three), {cd} (pairs); c: {abd}, {ad}, {d}; d: {ab}, {ac}, {c}.
	if trials != 1+1+2+3+3 || asks != 1+len(rcs) {
		t.Errorf("%d trials in %d asks", trials, asks)
	}
	if got, err := actTogether(nil, rcs, nil); err != nil || len(got) != 0 {
		t.Errorf("no target: %v, %v", got, err)
	}
}
