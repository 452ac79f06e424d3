package diff

import (
	"context"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

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
// differently between the two releases, introduced after the old one.
func checkCauses(t *testing.T, d *Report, a, b string) {
	t.Helper()
	changes := map[string]bool{}
	for _, rc := range stability.RuleChanges(a, b) {
		changes[rc.Name] = true
	}
	for _, c := range d.Changes {
		if len(c.Causes) == 0 {
			t.Errorf("%s: no cause: %s", c.Class, c.Message)
		}
		for _, cause := range c.Causes {
			if cause.Kind != CauseCompiler || !changes[cause.Rule] {
				t.Errorf("%s: cause %+v is not a rule change between %s and %s", c.Class, cause, a, b)
			}
		}
	}
}

// TestCompilerWhatIfMatchesApps checks diff --old-compiler A --new-compiler B against the apps
// the releases really build: appconsumer is the same sources compiled by each release over the
// same library jars (2.0.20's), and the what-if must list exactly the holder classes whose
// JVM-reflected $stable differs between A's build and B's, each with a rule change as its cause.
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
				WhatIf{Old: a, New: b})
			if err != nil {
				t.Fatal(err)
			}
			var predicted []string
			for _, c := range d.Changes {
				predicted = append(predicted, c.Class)
			}
			sort.Strings(real)
			sort.Strings(predicted)
			if strings.Join(real, " ") != strings.Join(predicted, " ") {
				t.Errorf("predicted %v\nthe JVM: %v", predicted, real)
			}
			checkCauses(t, d, a, b)
			t.Logf("%s → %s: %d/%d holders changed as predicted (of %d), %d predicted", a, b, len(real), len(real), holders, len(predicted))
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
					Classpath: []string{fixtures.CompilerJar(v, "pdep"), fixtures.RuntimeStubJar()}, Compiler: v, IncludeNonPublic: true})
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
				Classpath: []string{fixtures.CompilerJar(a, "pdep"), fixtures.RuntimeStubJar()}, IncludeNonPublic: true}, WhatIf{Old: a, New: b, AsCompiled: true})
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
