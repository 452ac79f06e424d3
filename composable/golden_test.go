package composable

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

// reports are our four report files of one module, by suffix.
type reports map[string]string

// analyzeFixture runs the analysis over a fixture module with its compile classpath, or with
// the classpath given.
func analyzeFixture(t testing.TB, m fixtures.Module, classpath []string) (*Module, reports) {
	t.Helper()
	cp, err := classfile.OpenClasspath(append([]string{m.Jar()}, classpath...))
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
	var txt, csv, js bytes.Buffer
	if err := WriteComposablesTxt(&txt, mod.Functions); err != nil {
		t.Fatal(err)
	}
	if err := WriteComposablesCSV(&csv, mod.Functions); err != nil {
		t.Fatal(err)
	}
	if err := WriteModuleJSON(&js, mod.Metrics, mod.Features); err != nil {
		t.Fatal(err)
	}
	return mod, reports{"composables.txt": txt.String(), "composables.csv": csv.String(), "module.json": js.String()}
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
	for _, suffix := range []string{"composables.txt", "composables.csv", "module.json"} {
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
		case "composables.txt":
			match, diffs = compareBlocks(ours[suffix], string(want))
			if match.Equal == match.Total && ours[suffix] != string(want) {
				diffs = append(diffs, "same blocks in another order")
			}
		case "composables.csv":
			match, diffs = compareUnits(strings.SplitAfter(ours[suffix], "\n"), strings.SplitAfter(string(want), "\n"))
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

func TestReportsMatchCompilerDev(t *testing.T) {
	mods, err := fixtures.Modules()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mods {
		if m.Kind != fixtures.KindCompose {
			continue
		}
		_, ours := analyzeFixture(t, m, m.Classpath())
		res := compareModule(t, m, ours)
		t.Logf("%s: txt %v csv %v json %v", m.Name, res["composables.txt"], res["composables.csv"], res["module.json"])
	}
}

func TestDebugArgs(t *testing.T) {
	name := os.Getenv("CS_MODULE")
	if name == "" {
		t.Skip()
	}
	m, _ := fixtures.Get(name)
	cp, _ := classfile.OpenClasspath(append([]string{m.Jar()}, m.Classpath()...))
	u := stability.NewUniverse(cp)
	ck := NewCallSiteChecker(cp, u, nil, m.Jar(), stability.Options{}, os.Getenv("CS_WEAK") == "")
	for _, e := range cp.Entries() {
		if e.Input != m.Jar() {
			continue
		}
		checks, _ := ck.CheckClass(e.ClassName)
		for _, c := range checks {
			if c.Status == SiteRestart {
				continue
			}
			var parts []string
			for i, a := range ck.Arguments(c) {
				s := c.Slots[i]
				parts = append(parts, s.Param+"="+a.Stability.String()+map[bool]string{true: "/static"}[a.Static]+map[bool]string{true: "/certain"}[a.Certain]+" ["+s.Type+"|"+s.Skip+"]")
			}
			t.Logf("%s.%s -> %s: %s %s", c.Class, c.Method[:strings.IndexByte(c.Method, '(')], c.Callee.Name, c.Reason, strings.Join(parts, "; "))
		}
	}
}
