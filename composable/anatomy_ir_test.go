package composable

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

// irFunction is one block of a <module>-ir-anatomy.txt golden (testdata/generate-irdump): what
// the Kotlin JVM backend's IR holds of a composable right after the Compose lowerings.
type irFunction struct {
	key, name string
	params    []string
	groups    []string // "startRestartGroup 123", "skipToGroupEnd"
	compares  []string // "name changed(Object)"
	decide    string   // "shouldExecute 3 2 1" or "getSkipping"
}

func readIRGolden(t *testing.T, path string) []*irFunction {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []*irFunction
	var cur *irFunction
	for _, line := range strings.Split(string(data), "\n") {
		word, rest, _ := strings.Cut(line, " ")
		switch word {
		case "fun":
			k, n, _ := strings.Cut(rest, " ")
			cur = &irFunction{key: k, name: n}
			out = append(out, cur)
		case "params":
			cur.params = strings.Fields(rest)
		case "group":
			cur.groups = append(cur.groups, rest)
		case "compare":
			n, call, _ := strings.Cut(rest, " ")
			cur.compares = append(cur.compares, irParam(n)+" "+irCall(call))
		case "decide":
			cur.decide = rest
		}
	}
	return out
}

// irCall turns the IR's changed(kotlin.Any?) into the JVM overload's changed(Object).
func irCall(c string) string {
	name, typ, _ := strings.Cut(strings.TrimSuffix(c, ")"), "(")
	jvm := map[string]string{"kotlin.Int": "int", "kotlin.Long": "long", "kotlin.Boolean": "boolean", "kotlin.Float": "float",
		"kotlin.Double": "double", "kotlin.Char": "char", "kotlin.Byte": "byte", "kotlin.Short": "short"}[typ]
	if jvm == "" {
		jvm = "Object"
	}
	return name + "(" + jvm + ")"
}

func irParam(n string) string {
	if strings.HasPrefix(n, "<this>") || strings.HasPrefix(n, "$this") {
		return "<this>"
	}
	return n
}

var binConst = regexp.MustCompile(`0b([01]+)`)

// TestAnatomyMatchesIRDump compares every fixture composable's anatomy, read from the committed
// jars, with the IR the compiler dumped after the Compose lowerings: the compiled parameters
// ($composer, $changed…, $default…), the number of slots, the group calls with their keys in
// order, the preamble's comparisons per parameter and the skip decision's constants.
func TestAnatomyMatchesIRDump(t *testing.T) {
	goldens, _ := filepath.Glob(filepath.Join(fixtures.Root(), "*", "*-ir-anatomy.txt"))
	if len(goldens) < 8 {
		t.Fatalf("only %d IR goldens", len(goldens))
	}
	for _, g := range goldens {
		module := filepath.Base(filepath.Dir(g))
		t.Run(module, func(t *testing.T) {
			m, err := fixtures.Get(module)
			if err != nil {
				t.Fatal(err)
			}
			// A key names a function and, with the same FunctionKeyMeta, its binary-compatibility
			// stub (a $default mask, no groups): the two are told apart by their signatures.
			byKey := map[string][]*Anatomy{}
			ancfg := anatomyConfig(t, m)
			for _, f := range ancfg.mod.Functions {
				if f.Lambda {
					continue
				}
				a, err := ancfg.mod.Anatomize(ancfg.cfg, f)
				if err != nil {
					continue
				}
				if k, ok := anatomyKey(a); ok {
					byKey[k] = append(byKey[k], a)
				}
			}
			var found, sig, groups, cmps, decide int
			irs := readIRGolden(t, g)
			for _, ir := range irs {
				var a *Anatomy
				for _, c := range byKey[ir.key] {
					if a == nil || anatomySignature(c) == irSignature(ir) {
						a = c
					}
				}
				if a == nil {
					t.Logf("%s %s: no compiled composable with this key", ir.key, ir.name)
					continue
				}
				found++
				if got, want := anatomySignature(a), irSignature(ir); got == want {
					sig++
				} else {
					t.Logf("%s signature: ours %s, IR %s", ir.name, got, want)
				}
				if got, want := strings.Join(anatomyGroups(a), "; "), strings.Join(ir.groups, "; "); got == want {
					groups++
				} else {
					t.Logf("%s groups:\n ours %s\n IR   %s", ir.name, got, want)
				}
				if got, want := strings.Join(anatomyCompares(a), "; "), strings.Join(irCompares(ir), "; "); got == want {
					cmps++
				} else {
					t.Logf("%s comparisons: ours %s, IR %s", ir.name, got, want)
				}
				if got := anatomyDecision(a); got == ir.decide {
					decide++
				} else {
					t.Logf("%s decision: ours %q, IR %q", ir.name, got, ir.decide)
				}
			}
			t.Logf("%s: %d IR composables, %d found by key; equal: signature %d, groups %d, comparisons %d, decision %d",
				module, len(irs), found, sig, groups, cmps, decide)
			// Every composable is found, and its signature, groups, comparisons and decision are
			// the IR's.
			for what, n := range map[string]int{"found": found, "signature": sig, "groups": groups, "comparisons": cmps, "decision": decide} {
				if n != len(irs) {
					t.Errorf("%s equal for only %d of %d", what, n, len(irs))
				}
			}
		})
	}
}

type anatomyFixture struct {
	cfg Config
	mod *Module
}

func anatomyConfig(t *testing.T, m fixtures.Module) anatomyFixture {
	cp, err := archive.OpenClasspath(append([]string{m.Jar()}, m.Classpath()...))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cp.Close() })
	var opts stability.Options
	for _, f := range m.Flags {
		if _, conf, ok := strings.Cut(f, "stabilityConfigurationPath="); ok {
			if opts.Config, err = stability.LoadConfig(filepath.Join(fixtures.Root(), "..", conf)); err != nil {
				t.Fatal(err)
			}
		}
	}
	u := stability.NewUniverse(cp)
	cfg := Config{Classpath: cp, Universe: u, Input: m.Jar(), Options: opts, Classes: stability.AnalyzeModule(u, m.Jar(), opts)}
	return anatomyFixture{cfg: cfg, mod: Analyze(cfg)}
}

// anatomyKey is a function's key: its FunctionKeyMeta's, else its restart group's (a
// ComposeDefaultImpls wrapper has no annotation), as irsummary.py reads the IR's.
func anatomyKey(a *Anatomy) (string, bool) {
	if a.Key != nil {
		return strconv.Itoa(int(*a.Key)), true
	}
	for _, g := range a.Groups {
		if g.Kind == "restart" && g.Key != nil {
			return strconv.Itoa(int(*g.Key)), true
		}
	}
	return "", false
}

// anatomySignature is the slot count and the compiled parameters from $composer on.
func anatomySignature(a *Anatomy) string {
	var tail []string
	for _, p := range a.JVM {
		if p.Role == "composer" || p.Role == "changed" || p.Role == "default" {
			tail = append(tail, p.Name)
		}
	}
	return strconv.Itoa(len(a.Params)) + " " + strings.Join(tail, " ")
}

func irSignature(ir *irFunction) string {
	for i, p := range ir.params {
		if p == "$composer" {
			return strconv.Itoa(i) + " " + strings.Join(ir.params[i:], " ")
		}
	}
	return "no $composer"
}

func anatomyGroups(a *Anatomy) []string {
	var out []string
	for _, g := range a.Groups {
		if g.Kind == "marker" || g.Kind == "end-marker" {
			continue
		}
		s := g.Call
		if g.Key != nil {
			s += " " + strconv.Itoa(int(*g.Key))
		}
		out = append(out, s)
	}
	return out
}

func anatomyCompares(a *Anatomy) []string {
	var out []string
	for _, p := range a.Params {
		for _, c := range p.Calls {
			n := irParam(p.Name)
			if strings.HasPrefix(c, "element: ") || (strings.HasPrefix(c, "changed") && p.Type != "" && strings.HasPrefix(c, "changed(Object)") && strings.Contains(p.Type, "Array")) {
				n = "vararg"
			}
			if i := strings.Index(c, ": "); i >= 0 {
				c = c[i+2:]
			}
			out = append(out, n+" "+c)
		}
	}
	return sortedSet(out)
}

func anatomyDecision(a *Anatomy) string {
	if a.Decision == nil {
		return ""
	}
	if a.Decision.Call != "shouldExecute" {
		return a.Decision.Call
	}
	s := a.Decision.Call
	for _, op := range a.Decision.Operands {
		for _, m := range binConst.FindAllStringSubmatch(op, -1) {
			v, _ := strconv.ParseInt(m[1], 2, 64)
			s += " " + strconv.FormatInt(int64(int32(v)), 10)
		}
	}
	return s
}

func sortedSet(in []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}

// irCompares are the IR's preamble comparisons: none without a skip decision (a changed() call
// there is a remember key), and a vararg's element variable named as the vararg.
func irCompares(ir *irFunction) []string {
	if ir.decide == "" {
		return nil
	}
	params := map[string]bool{"<this>": true}
	for _, p := range ir.params {
		params[p] = true
	}
	var out []string
	for _, c := range ir.compares {
		n, call, _ := strings.Cut(c, " ")
		if !params[n] {
			n = "vararg"
		}
		out = append(out, n+" "+call)
	}
	return sortedSet(out)
}
