package diff

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/baseline"
	"github.com/composestab/composestab/audit/internal/audittest"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/stability"
)

// evolution lists what the diff of libv1 → libv2 must say about every case of the fixture
// sources (testdata/src/libv1 and libv2), keyed by (class, part).
var evolution = []struct {
	class, part string
	kind        ChangeKind
	old, new    string
	message     string
}{
	{"evo.lib.AddedStable", "", Neutral, "", "Stable", "class added: stable"},
	{"evo.lib.AddedUnstable", "", Neutral, "", "Unstable", "class added: unstable (field `x` is a var)"},
	{"evo.lib.DependsOnDep", "dependency evo.dep.Dep", Regression, "0", "8",
		"stable → unstable: dependency `evo.dep.Dep` became unstable (`$stable` 0 → 8 in depv2.jar), read through field `d`"},
	{"evo.lib.FieldTypeChange", "", Neutral, "Unstable", "Unstable",
		"field `items` changed type `List<String>` → `MutableList<String>`"},
	{"evo.lib.Helper", "", Regression, "Stable", "Unstable", "stable → unstable: field `h` became var"},
	{"evo.lib.Moving", "", Regression, "Stable", "Unstable", "stable → unstable: no longer compiled with Compose"},
	{"evo.lib.Removed", "", Regression, "Stable", "", "class removed (was stable)"},
	{"evo.lib.RuntimeRefToUnstable", "dependency evo.lib.Helper", Regression, "0", "8",
		"stable → unstable: dependency `evo.lib.Helper` became unstable (`$stable` 0 → 8 in libv2.jar), read through field `h`"},
	{"evo.lib.RuntimeToUnstable", "", Regression, "Parameter(T)", "Unstable", "runtime → unstable: field `n` added (`var n: Int`)"},
	{"evo.lib.StableToUnstable", "", Regression, "Stable", "Unstable", "stable → unstable: field `x` became var"},
	{"evo.lib.TypeParamParticipates", "", Neutral, "Parameter(T)", "Parameter(T)", "field `t` added (`val t: T`)"},
	{"evo.lib.TypeParamParticipates", "type parameter T", Regression, "not participating", "participating",
		"type parameter T now participates: an unstable argument makes the class unstable"},
	{"evo.lib.UnstableToStable", "", Improvement, "Unstable", "Stable", "unstable → stable: field `x` became val"},
	{"evo.lib.UsesMoving", "", Regression, "Stable", "Unstable",
		"stable → unstable: field `m: Moving` became unstable because evo.lib.Moving comes from a dependency not compiled with Compose (no @StabilityInferred)"},
	// evo.lib.Unchanged and evo.lib.DependsOnDepGeneric (DepGeneric did not change) have no entry.
}

func TestDiffEvolution(t *testing.T) {
	d := Diff(audittest.ScanV1(t), audittest.ScanV2(t))
	got := map[[2]string]Change{}
	for _, c := range d.Changes {
		k := [2]string{c.Class, c.Part}
		if _, dup := got[k]; dup {
			t.Errorf("two changes for %v", k)
		}
		got[k] = c
	}
	for _, want := range evolution {
		c, ok := got[[2]string{want.class, want.part}]
		if !ok {
			t.Errorf("%s %q: no change reported", want.class, want.part)
			continue
		}
		delete(got, [2]string{want.class, want.part})
		if c.Kind != want.kind || c.Old != want.old || c.New != want.new || c.Message != want.message {
			t.Errorf("%s %q:\n got %s %q → %q: %s\nwant %s %q → %q: %s", want.class, want.part,
				c.Kind, c.Old, c.New, c.Message, want.kind, want.old, want.new, want.message)
		}
		if c.Input == "" || (want.message != "class removed (was stable)" && !strings.Contains(c.Input, "v2")) {
			t.Errorf("%s: input %q", want.class, c.Input)
		}
	}
	for k, c := range got {
		t.Errorf("unexpected change %v: %s", k, c.Message)
	}
	if !sort.SliceIsSorted(d.Changes, func(i, j int) bool {
		a, b := d.Changes[i], d.Changes[j]
		return a.Class < b.Class || (a.Class == b.Class && a.Part < b.Part)
	}) {
		t.Error("changes are not sorted by class and part")
	}
	if n := d.Count(Regression); n != 9 {
		t.Errorf("%d regressions, want 9", n)
	}
}

// TestDiffWithoutPlainInput: when the class that moved to a non-Compose jar is only on the new
// classpath, the new release no longer has it.
func TestDiffWithoutPlainInput(t *testing.T) {
	o := audittest.V2Options(t)
	o.Inputs, o.Classpath = o.Inputs[:1], append(o.Classpath, audittest.Jar(t, "plainv2"))
	d := Diff(audittest.ScanV1(t), audittest.Scan(t, o))
	for _, c := range d.Changes {
		if c.Class == "evo.lib.Moving" {
			if c.Kind != Regression || c.Message != "class removed (was stable)" {
				t.Errorf("Moving: %s %s", c.Kind, c.Message)
			}
			return
		}
	}
	t.Error("no change for evo.lib.Moving")
}

func TestDiffIdentical(t *testing.T) {
	d := Diff(audittest.ScanV1(t), audittest.ScanV1(t))
	if len(d.Changes) != 0 {
		t.Errorf("identical scans differ: %+v", d.Changes)
	}
	if got := d.Summary(); got != "0 regressions, 0 improvements, 0 neutral changes; 0 errors" {
		t.Errorf("summary: %q", got)
	}
}

// TestCheckEvolution: a baseline of libv1 checked against libv2 says what the diff says, except
// that the unstable addition is a regression and locations are the new side's.
func TestCheckEvolution(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "baseline", "testdata", "libv1.stability"))
	if err != nil {
		t.Fatal(err)
	}
	base, err := baseline.Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	d := Check(base, audittest.ScanV2(t))
	whole := Diff(audittest.ScanV1(t), audittest.ScanV2(t))
	if len(d.Changes) != len(whole.Changes) {
		t.Fatalf("check found %d changes, diff %d", len(d.Changes), len(whole.Changes))
	}
	for i, c := range d.Changes {
		want := whole.Changes[i]
		if c.Class == "evo.lib.AddedUnstable" {
			want.Kind = Regression
		}
		if c.Class == "evo.lib.Removed" {
			want.Input = "" // only the baseline knew it
			if c.Input != "" {
				t.Errorf("Removed: input %q", c.Input)
			}
		}
		c.Input, want.Input = "", ""
		if !reflect.DeepEqual(c, want) {
			t.Errorf("check %+v\n diff %+v", c, want)
		}
	}
	if n := d.Count(Regression); n != 10 {
		t.Errorf("%d regressions, want 10", n)
	}
}

func TestIgnore(t *testing.T) {
	tests := []struct {
		pattern string
		dropped int
	}{
		{"evo.lib.Helper", 2}, // Helper itself, and RuntimeRefToUnstable's dependency on it
		{"evo.lib.TypeParamParticipates", 2},
		{"evo.dep.*", 1}, // the dependency part of DependsOnDep
		{"evo.lib.*", len(evolution)},
		{"evo.lib.Added*", 2},
		{"com.other.**", 0},
	}
	for _, tt := range tests {
		d := Diff(audittest.ScanV1(t), audittest.ScanV2(t))
		cfg, err := stability.ParseConfig("--ignore", []byte(tt.pattern))
		if err != nil {
			t.Fatal(err)
		}
		before := len(d.Changes)
		if n := d.Ignore(cfg); n != tt.dropped || len(d.Changes) != before-n {
			t.Errorf("%s: dropped %d (%d left of %d), want %d", tt.pattern, n, len(d.Changes), before, tt.dropped)
		}
	}
	d := &Report{Changes: []Change{{Class: "a.B"}}}
	if d.Ignore(nil) != 0 || len(d.Changes) != 1 {
		t.Error("a nil configuration dropped something")
	}
}

// TestDiffRules exercises the rules on hand-made baselines, for the cases the fixtures lack.
func TestDiffRules(t *testing.T) {
	v := func(n int32) *int32 { return &n }
	cls := func(name, verdict, stab string, mod func(*baseline.Class)) *baseline.Class {
		c := &baseline.Class{Name: name, Kind: stability.KindClass, Visibility: stability.Public, Verdict: stability.Verdict(verdict), Stability: stab, Compose: true, Fields: []*scan.Field{}}
		if mod != nil {
			mod(c)
		}
		return c
	}
	tests := []struct {
		name     string
		old, new *baseline.Class
		want     []string // "part|kind|message"
	}{
		{"runtime to stable", cls("a.B", "runtime", "Runtime(C)", nil), cls("a.B", "stable", "Stable", nil),
			[]string{"|improvement|runtime → stable"}},
		{"unstable to runtime", cls("a.B", "unstable", "Unstable", nil), cls("a.B", "runtime", "Runtime(C)", nil),
			[]string{"|improvement|unstable → runtime"}},
		{"marker removed", cls("a.B", "stable", "Stable", func(c *baseline.Class) { c.Marked = true }), cls("a.B", "unstable", "Unstable", nil),
			[]string{"|regression|stable → unstable: stable marker removed"}},
		{"visibility only", cls("a.B", "stable", "Stable", nil), cls("a.B", "stable", "Stable", func(c *baseline.Class) { c.Visibility = stability.Internal }),
			[]string{"|neutral|visibility public → internal"}},
		{"new runtime read goes unstable", cls("a.B", "runtime", "Runtime(C)", func(c *baseline.Class) {
			c.StableField, c.StableExpr, c.StableValue = true, "C.$stable", v(0)
		}), cls("a.B", "runtime", "Runtime(C),Runtime(D)", func(c *baseline.Class) {
			c.StableField, c.StableExpr, c.StableValue = true, "C.$stable | D.$stable", v(8)
		}), []string{"|regression|stability Runtime(C) → Runtime(C),Runtime(D): `$stable` initializer `C.$stable` → `C.$stable | D.$stable`; `$stable` 0 → 8"}},
		{"initializer only", cls("a.B", "runtime", "Runtime(C)", func(c *baseline.Class) {
			c.StableField, c.StableExpr, c.StableValue, c.Mask = true, "C.$stable", v(0), v(0)
		}), cls("a.B", "runtime", "Runtime(C)", func(c *baseline.Class) {
			c.StableField, c.StableExpr, c.StableValue, c.Mask = true, "C.$stable | 0", v(0), v(4)
		}), []string{"|neutral|`$stable` initializer `C.$stable` → `C.$stable | 0`; @StabilityInferred mask 0 → 4"}},
		{"dependency improves", cls("a.B", "runtime", "Runtime(C)", func(c *baseline.Class) {
			c.Reads = []scan.StableRead{{Class: "a.C", Value: v(8)}}
		}), cls("a.B", "runtime", "Runtime(C)", func(c *baseline.Class) {
			c.Reads = []scan.StableRead{{Class: "a.C", Value: v(0)}}
		}), []string{"dependency a.C|improvement|dependency `a.C` became stable (`$stable` 8 → 0)"}},
		{"dependency unreadable", cls("a.B", "runtime", "Runtime(C)", func(c *baseline.Class) {
			c.Reads = []scan.StableRead{{Class: "a.C", Value: v(0)}}
		}), cls("a.B", "runtime", "Runtime(C)", func(c *baseline.Class) {
			c.Reads = []scan.StableRead{{Class: "a.C", Err: "no $stable in a/C"}}
		}), []string{"dependency a.C|regression|dependency `a.C` can no longer be read: no $stable in a/C"}},
		{"dependency unknown before", cls("a.B", "runtime", "Runtime(C)", func(c *baseline.Class) {
			c.Reads = []scan.StableRead{{Class: "a.C"}}
		}), cls("a.B", "runtime", "Runtime(C)", func(c *baseline.Class) {
			c.Reads = []scan.StableRead{{Class: "a.C", Value: v(8)}}
		}), nil},
		{"type parameter stops", cls("a.B", "runtime", "Parameter(T),Parameter(U)", func(c *baseline.Class) {
			c.TypeParameters, c.Participating = []string{"T", "U"}, []string{"T", "U"}
		}), cls("a.B", "runtime", "Parameter(T)", func(c *baseline.Class) {
			c.TypeParameters, c.Participating = []string{"T", "U"}, []string{"T"}
		}), []string{"|neutral|stability Parameter(T),Parameter(U) → Parameter(T)", "type parameter U|improvement|type parameter U no longer participates"}},
		{"field removed and retyped", cls("a.B", "stable", "Stable", func(c *baseline.Class) {
			c.Fields = []*scan.Field{{Name: "a", Type: "Int", Verdict: "stable", Stability: "Stable"}, {Name: "b", Type: "Int", Verdict: "stable", Stability: "Stable"}}
		}), cls("a.B", "stable", "Stable", func(c *baseline.Class) {
			c.Fields = []*scan.Field{{Name: "b", Type: "Long", Verdict: "stable", Stability: "Stable"}}
		}), []string{"|neutral|field `b` changed type `Int` → `Long`; field `a` removed"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := compareBaselines(&baseline.Baseline{Classes: []*baseline.Class{tt.old}}, &baseline.Baseline{Classes: []*baseline.Class{tt.new}}, false)
			var got []string
			for _, c := range d.Changes {
				got = append(got, c.Part+"|"+string(c.Kind)+"|"+c.Message)
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestCheckAdditions(t *testing.T) {
	added := []*baseline.Class{
		{Name: "a.S", Verdict: "stable", Stability: "Stable", Compose: true},
		{Name: "a.R", Verdict: "runtime", Stability: "Parameter(T)", Compose: true, TypeParameters: []string{"T"}, Participating: []string{"T"}},
		{Name: "a.U", Verdict: "unstable", Stability: "Unstable", Consumer: true},
	}
	for _, check := range []bool{false, true} {
		d := compareBaselines(&baseline.Baseline{}, &baseline.Baseline{Classes: added}, check)
		var got []string
		for _, c := range d.Changes {
			got = append(got, c.Class+"|"+string(c.Kind)+"|"+c.Message)
		}
		want := "a.R|neutral|class added: runtime (type parameter T participates)\na.S|neutral|class added: stable\na.U|neutral|class added: unstable (not compiled with Compose)"
		if check {
			want = strings.ReplaceAll(want, "a.R|neutral", "a.R|regression")
			want = strings.ReplaceAll(want, "a.U|neutral", "a.U|regression")
		}
		if strings.Join(got, "\n") != want {
			t.Errorf("check=%t: got\n%s\nwant\n%s", check, strings.Join(got, "\n"), want)
		}
	}
}

// TestCheckGoldenBaselines: checking the scan a committed baseline came from finds no change.
func TestCheckGoldenBaselines(t *testing.T) {
	for _, tc := range []struct {
		file string
		rep  func(testing.TB) *scan.Report
	}{{"libv1.stability", audittest.ScanV1}, {"libv2.stability", audittest.ScanV2}} {
		data, err := os.ReadFile(filepath.Join("..", "baseline", "testdata", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		b, err := baseline.Read(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		if d := Check(b, tc.rep(t)); len(d.Changes) != 0 {
			t.Errorf("%s: check against its own scan found changes: %+v", tc.file, d.Changes)
		}
	}
}
