package composable

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

// reports are our four report files of one module, by suffix.
type reports map[string]string

// analyzeFixture runs the analysis over a fixture module with its compile classpath, or with
// the classpath given.
func analyzeFixture(t testing.TB, m fixtures.Module, classpath []string) (*Module, reports) {
	t.Helper()
	cp, err := archive.OpenClasspath(append([]string{m.Jar()}, classpath...))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cp.Close() })
	var opts stability.Options
	for _, f := range m.Flags {
		if _, conf, ok := strings.Cut(f, "stabilityConfigurationPath="); ok {
			cfg, err := stability.LoadConfig(filepath.Join(fixtures.Root(), "..", conf))
			if err != nil {
				t.Fatal(err)
			}
			opts.Config = cfg
		}
	}
	u := stability.NewUniverse(cp)
	classes := stability.AnalyzeModule(u, m.Jar(), opts)
	mod := Analyze(Config{Classpath: cp, Universe: u, Input: m.Jar(), Options: opts, Classes: classes})
	return mod, writeReports(t, mod, classes)
}

// writeReports renders our four report files of a module.
func writeReports(t testing.TB, mod *Module, classes []*stability.ClassResult) reports {
	t.Helper()
	var cls, txt, csv, js bytes.Buffer
	if err := stability.WriteClassesReport(&cls, classes); err != nil {
		t.Fatal(err)
	}
	if err := WriteComposablesTxt(&txt, mod.Functions); err != nil {
		t.Fatal(err)
	}
	if err := WriteComposablesCSV(&csv, mod.Functions); err != nil {
		t.Fatal(err)
	}
	if err := WriteModuleJSON(&js, mod.Metrics, mod.Features); err != nil {
		t.Fatal(err)
	}
	return reports{"classes.txt": cls.String(), "composables.txt": txt.String(), "composables.csv": csv.String(), "module.json": js.String()}
}

// Match counts how many units of one report file equal the compiler's: blocks of
// composables.txt, rows of the csv, keys of module.json.
type Match struct{ Equal, Total int }

// compareBlocks matches the composables.txt blocks by function header and counts the equal
// ones; order is checked apart.
func compareBlocks(ours, want string) (Match, []string) {
	split := func(s string) []string {
		var out []string
		var cur strings.Builder
		for _, line := range strings.SplitAfter(s, "\n") {
			if line == "" {
				continue
			}
			if !strings.HasPrefix(line, " ") && !strings.HasPrefix(line, ")") && cur.Len() > 0 {
				out = append(out, cur.String())
				cur.Reset()
			}
			cur.WriteString(line)
		}
		if cur.Len() > 0 {
			out = append(out, cur.String())
		}
		return out
	}
	return compareUnits(split(ours), split(want))
}

// splitBlocks splits classes.txt after each closing brace line.
func splitBlocks(s string) []string {
	var out []string
	for _, b := range strings.SplitAfter(s, "}\n") {
		if b != "" {
			out = append(out, b)
		}
	}
	return out
}

// lines splits text into its lines, each with its newline.
func lines(s string) []string {
	var out []string
	for _, l := range strings.SplitAfter(s, "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// compareUnits counts the wanted units found among ours (as a multiset) and lists the misses.
func compareUnits(ours, want []string) (Match, []string) {
	have := map[string]int{}
	for _, u := range ours {
		have[u]++
	}
	m := Match{Total: len(want)}
	var diffs []string
	for _, u := range want {
		if have[u] > 0 {
			have[u]--
			m.Equal++
			continue
		}
		diffs = append(diffs, "compiler: "+u)
	}
	for u, n := range have {
		for ; n > 0; n-- {
			diffs = append(diffs, "ours:     "+u)
		}
	}
	return m, diffs
}

func compareJSON(ours, want string) (Match, []string) {
	var o, w map[string]any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		return Match{}, []string{"compiler json: " + err.Error()}
	}
	if err := json.Unmarshal([]byte(ours), &o); err != nil {
		return Match{Total: len(w)}, []string{"our json: " + err.Error()}
	}
	var m Match
	var diffs []string
	flat := func(x map[string]any) map[string]string {
		out := map[string]string{}
		for k, v := range x {
			if sub, ok := v.(map[string]any); ok {
				for k2, v2 := range sub {
					b, _ := json.Marshal(v2)
					out[k+"."+k2] = string(b)
				}
				continue
			}
			b, _ := json.Marshal(v)
			out[k] = string(b)
		}
		return out
	}
	fo, fw := flat(o), flat(w)
	for k, v := range fw {
		m.Total++
		if fo[k] == v {
			m.Equal++
			continue
		}
		diffs = append(diffs, k+": compiler "+v+", ours "+fo[k])
	}
	return m, diffs
}

// compareModule compares our reports with the compiler's files of the module.
func compareModule(t *testing.T, m fixtures.Module, ours reports) map[string]Match {
	out := map[string]Match{}
	for _, suffix := range []string{"classes.txt", "composables.txt", "composables.csv", "module.json"} {
		path := m.Report(suffix)
		if path == "" {
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var match Match
		var diffs []string
		switch suffix {
		case "classes.txt":
			match, diffs = compareUnits(splitBlocks(ours[suffix]), splitBlocks(string(want)))
		case "composables.txt":
			match, diffs = compareBlocks(ours[suffix], string(want))
			if match.Equal == match.Total && ours[suffix] != string(want) {
				diffs = append(diffs, "same blocks in another order")
			}
		case "composables.csv":
			match, diffs = compareUnits(lines(ours[suffix]), lines(string(want)))
		default:
			match, diffs = compareJSON(ours[suffix], string(want))
		}
		out[suffix] = match
		for _, d := range diffs {
			t.Logf("%s %s: %s", m.Name, suffix, strings.TrimRight(d, "\n"))
		}
	}
	return out
}

// TestReportsMatchCompiler rebuilds the compiler's report files of every compose fixture module
// from its jar and compares them with the compiler's own: composables.txt block for block,
// the csv row for row, module.json key for key (featureFlags included), classes.txt block for
// block. Where the bytecode does not hold what the compiler counted, the test pins the number of
// units that match, so that a regression fails and an improvement shows; the log lists every
// difference. What cannot be recovered, and why, is in the comments of the table.
func TestReportsMatchCompiler(t *testing.T) {
	type counts struct{ classes, txt, csv, json Match }
	all := func(classes, fns, keys int) counts {
		return counts{Match{classes, classes}, Match{fns, fns}, Match{fns + 1, fns + 1}, Match{keys, keys}}
	}
	tests := []struct {
		module string
		// drop names a dependency left off the classpath.
		drop string
		want counts
	}{
		{module: "lib1", want: all(22, 7, 27)},
		{module: "lib2", want: all(10, 3, 27)},
		// app: the arguments of the inline call InlineComposable { Text("inline") } are gone
		// with the call the inliner replaced (its inlined composable lambda is found by its
		// inline marker and counted); the other argument counters differ where the compiler's
		// expression stability needs the source (val initializers, stable-function results,
		// anonymous objects, which certain arguments it records).
		{module: "app", want: counts{Match{282, 282}, Match{49, 49}, Match{50, 50}, Match{24, 27}}},
		// configured: listOf(Unstable(1)) is a stable function's result whose type argument the
		// bytecode erases.
		{module: "configured", want: counts{Match{49, 49}, Match{3, 3}, Match{4, 4}, Match{25, 27}}},
		{module: "nostrong", want: all(4, 15, 27)},
		{module: "depv1", want: all(3, 0, 27)},
		{module: "libv1", want: all(13, 3, 27)},
		{module: "depv2", want: all(3, 0, 27)},
		{module: "libv2", want: all(13, 3, 27)},
		// kinds, kindsns (strong skipping on and off; kinds also has Positions.kt: unused varargs,
		// which the preamble still compares, and empty-collection defaults, static calls): the
		// call KInline("i") { KText(it) } is
		// inlined, so its two arguments are not seen (totalArguments, staticArguments), and the
		// stability counters differ where expression stability needs the source.
		{module: "kinds", want: counts{Match{8, 8}, Match{32, 32}, Match{33, 33}, Match{23, 27}}},
		{module: "kindsns", want: counts{Match{8, 8}, Match{25, 25}, Match{26, 26}, Match{23, 27}}},
		{module: "usesdep", want: all(1, 2, 27)},
		// Without kinds on the classpath its classes are missing, so unstable: the class, the
		// parameters and the arguments of types from kinds are reported unstable, and the calls
		// of kinds' composables cannot be resolved (their arguments are not counted).
		{module: "usesdep", drop: "kinds", want: counts{Match{0, 1}, Match{0, 2}, Match{3, 3}, Match{22, 27}}},
	}
	for _, tt := range tests {
		name := tt.module
		if tt.drop != "" {
			name += "-without-" + tt.drop
		}
		t.Run(name, func(t *testing.T) {
			m, err := fixtures.Get(tt.module)
			if err != nil {
				t.Fatal(err)
			}
			var cp []string
			for _, p := range m.Classpath() {
				if tt.drop == "" || filepath.Base(p) != tt.drop+".jar" {
					cp = append(cp, p)
				}
			}
			_, ours := analyzeFixture(t, m, cp)
			res := compareModule(t, m, ours)
			got := counts{res["classes.txt"], res["composables.txt"], res["composables.csv"], res["module.json"]}
			t.Logf("%s: classes.txt %d/%d, composables.txt %d/%d, csv %d/%d, module.json %d/%d", name,
				got.classes.Equal, got.classes.Total, got.txt.Equal, got.txt.Total, got.csv.Equal, got.csv.Total, got.json.Equal, got.json.Total)
			if got != tt.want {
				t.Errorf("matches = %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestReportsEveryCompiler compares the composables reports with each of the 17 releases' own:
// selfconsumer is the consumer sources compiled by release V, and with V's rules our
// composables.txt and composables.csv must equal V's, and module.json every key but the argument
// counters (its ShowAny(make<C>()) arguments have types only the source knows): the names
// (qualified from 2.2.20) and the feature flags (OptimizeNonSkippingGroups and PausableComposition
// off before 2.2.0, no PausableComposition before 2.1.0).
func TestReportsEveryCompiler(t *testing.T) {
	counters := map[string]bool{"knownStableArguments": true, "knownUnstableArguments": true, "unknownStableArguments": true,
		"certainArguments": true, "staticArguments": true}
	for _, v := range stability.SupportedCompilers {
		t.Run(v, func(t *testing.T) {
			dir := filepath.Join(fixtures.Root(), "compilers", v)
			jar := filepath.Join(dir, "selfconsumer", "selfconsumer.jar")
			cp, err := archive.OpenClasspath([]string{jar, filepath.Join(dir, "producers", "producers.jar"), filepath.Join(dir, "pdep", "pdep.jar"), fixtures.RuntimeStubJar()})
			if err != nil {
				t.Fatal(err)
			}
			defer cp.Close()
			opts := stability.Options{Release: release(t, v)}
			u := stability.NewUniverse(cp)
			classes := stability.AnalyzeModule(u, jar, opts)
			ours := writeReports(t, Analyze(Config{Classpath: cp, Universe: u, Input: jar, Options: opts, Classes: classes}), classes)
			read := func(suffix string) string {
				data, err := os.ReadFile(filepath.Join(dir, "selfconsumer", "consumer-"+suffix))
				if err != nil {
					t.Fatal(err)
				}
				return string(data)
			}
			if got, want := ours["composables.txt"], read("composables.txt"); got != want {
				t.Errorf("composables.txt:\n%s\nthe compiler's:\n%s", got, want)
			}
			if got, want := ours["composables.csv"], read("composables.csv"); got != want {
				t.Errorf("composables.csv:\n%s\nthe compiler's:\n%s", got, want)
			}
			m, diffs := compareJSON(ours["module.json"], read("module.json"))
			wrong := 0
			for _, d := range diffs {
				if key, _, _ := strings.Cut(d, ":"); !counters[key] {
					t.Errorf("module.json %s", d)
					wrong++
				}
			}
			t.Logf("%s: composables.txt and csv identical, module.json %d/%d keys (%d argument counters need the source)", v, m.Equal, m.Total, m.Total-m.Equal-wrong)
		})
	}
}
