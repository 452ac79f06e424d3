package composable

import (
	"strings"
	"testing"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

// runCaseOmitted are the arguments a case leaves to their default values (Callers.kt).
var runCaseOmitted = map[string][]int{"Defaults__omitted": {1, 2}}

// TestOutcomesMatchJVMRuns: for capp (strong skipping) and cappns (off), run against the jars it
// was compiled with (v1) and, not recompiled, against clibv2 (v2), every parameter's outcome
// (for one left to type arguments, the outcome of the case's call site) equals the comparison the JVM recorded in the recomposition with equal new arguments, and
// every composable's Skips equals whether it skipped the recomposition with identical ones.
func TestOutcomesMatchJVMRuns(t *testing.T) {
	for _, module := range []string{"capp", "cappns"} {
		for _, set := range []string{"v1", "v2"} {
			t.Run(module+"/"+set, func(t *testing.T) {
				params, skips := checkRuns(t, module, set)
				t.Logf("%s %s: params %d/%d, skip %d/%d", module, set, params.Equal, params.Total, skips.Equal, skips.Total)
				if params.Total < 70 || skips.Total < 36 {
					t.Errorf("only %d parameters and %d composables checked", params.Total, skips.Total)
				}
			})
		}
	}
}

func checkRuns(t *testing.T, module, set string) (params, skips Match) {
	m, err := fixtures.Get(module)
	if err != nil {
		t.Fatal(err)
	}
	var classpath []string
	for _, p := range m.Classpath() {
		if set == "v2" {
			p = strings.ReplaceAll(p, "clibv1", "clibv2")
		}
		classpath = append(classpath, p)
	}
	cp, err := archive.OpenClasspath(append([]string{m.Jar()}, classpath...))
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	u := stability.NewUniverse(cp)
	mod := Analyze(Config{Classpath: cp, Universe: u, Input: m.Jar(), Classes: stability.AnalyzeModule(u, m.Jar(), stability.Options{})})
	strong := mod.Features.StrongSkipping
	if strong != (module == "capp") {
		t.Fatalf("strong skipping detected %t", strong)
	}
	fns := map[string]*Function{}
	for _, f := range mod.Functions {
		fns[f.Class+"."+f.Method] = f
	}
	runs, err := fixtures.ComposableRuns(module, set)
	if err != nil {
		t.Fatal(err)
	}
	skipped := map[string]bool{}
	for _, r := range runs {
		if r.Run == 3 {
			skipped[r.Case] = r.Skipped
		}
	}
	checkedSkip := map[string]bool{}
	for _, r := range runs {
		if r.Run != 2 {
			continue
		}
		f := fns[r.Owner+"."+r.Name+r.Desc]
		if f == nil {
			t.Errorf("%s: %s.%s%s not among our composables", r.Case, r.Owner, r.Name, r.Desc)
			continue
		}
		blocked := false
		var open []string
		for i := range f.Params {
			p := &f.Params[i]
			o := p.Outcome
			if o.Compare == Open {
				// Left to the caller's type arguments: what the case's own call site passes.
				for _, site := range p.Sites {
					if strings.Contains(site.Caller, ".Call_"+r.Case+"(") {
						o = site.Outcome
					}
				}
			}
			for _, x := range runCaseOmitted[r.Case] {
				if p.Index == x && p.Default != nil {
					o = Outcome{Compare: NotCompared} // an omitted default is never compared
				}
			}
			blocked = blocked || o.BlocksSkip
			if o.Compare == Open && p.Compiled == CompareUnlessUnstable {
				open = append(open, p.Name)
			}
			if p.Index != r.Index {
				continue
			}
			params.Total++
			want := jvmComparison(r.Comparisons)
			got := o.Compare
			if got == Unused {
				got = NotCompared
			}
			if got == want {
				params.Equal++
			} else {
				t.Errorf("%s: %s (%s, compiled %s): ours %s %v %v, the JVM %s (%s)", r.Case, r.Param, p.Type, p.Compiled, o.Compare, o.Stable, o.Open, want, strings.Join(r.Comparisons, ","))
			}
		}
		if checkedSkip[r.Case] {
			continue
		}
		checkedSkip[r.Case] = true
		skips.Total++
		ours := f.Skippable && !blocked && len(open) == 0
		if _, omits := runCaseOmitted[r.Case]; !omits && f.Skips != SkipsOpen && ours != (f.Skips == SkipsYes) {
			t.Errorf("%s: Skips %s, its parameters say %t", r.Case, f.Skips, ours)
		}
		if ours == skipped[r.Case] {
			skips.Equal++
		} else {
			t.Errorf("%s: ours skips=%s (blocked %t), the JVM skipped=%t", r.Case, f.Skips, blocked, skipped[r.Case])
		}
	}
	return params, skips
}

// jvmComparison is the one word for a recorded comparison: a vararg's size and an enum's ordinal
// are compared with ==, and the elements decide.
func jvmComparison(cmps []string) Compare {
	word := NotCompared
	for _, c := range cmps {
		if i := strings.LastIndexByte(c, ':'); i >= 0 {
			if c[:i] == "size" && len(cmps) > 1 {
				continue
			}
			c = c[i+1:]
		}
		word = Compare(c)
	}
	return word
}
