package audit

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

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
	d := Diff(scanV1(t), scanV2(t))
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
	o := v2Options(t)
	o.Inputs, o.Classpath = o.Inputs[:1], append(o.Classpath, jar(t, "plainv2"))
	d := Diff(scanV1(t), scanOpts(t, o))
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
	d := Diff(scanV1(t), scanV1(t))
	if len(d.Changes) != 0 {
		t.Errorf("identical scans differ: %+v", d.Changes)
	}
	var b bytes.Buffer
	if err := d.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != "0 regressions, 0 improvements, 0 neutral changes; 0 errors\n" {
		t.Errorf("text: %q", got)
	}
}

// TestCheckEvolution: a baseline of libv1 checked against libv2 says what the diff says, except
// that the unstable addition is a regression and locations are the new side's.
func TestCheckEvolution(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "libv1.stability"))
	if err != nil {
		t.Fatal(err)
	}
	base, err := ReadBaseline(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	d := Check(base, scanV2(t))
	diff := Diff(scanV1(t), scanV2(t))
	if len(d.Changes) != len(diff.Changes) {
		t.Fatalf("check found %d changes, diff %d", len(d.Changes), len(diff.Changes))
	}
	for i, c := range d.Changes {
		want := diff.Changes[i]
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
		if c != want {
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
		d := Diff(scanV1(t), scanV2(t))
		cfg, err := stability.ParseConfig("--ignore", []byte(tt.pattern))
		if err != nil {
			t.Fatal(err)
		}
		before := len(d.Changes)
		if n := d.Ignore(cfg); n != tt.dropped || len(d.Changes) != before-n {
			t.Errorf("%s: dropped %d (%d left of %d), want %d", tt.pattern, n, len(d.Changes), before, tt.dropped)
		}
	}
	d := &DiffReport{Changes: []Change{{Class: "a.B"}}}
	if d.Ignore(nil) != 0 || len(d.Changes) != 1 {
		t.Error("a nil configuration dropped something")
	}
}

// diffText renders a report in a format, for the goldens.
func diffText(t *testing.T, d *DiffReport, format string) string {
	t.Helper()
	var b bytes.Buffer
	var err error
	switch format {
	case "txt":
		err = d.WriteText(&b)
	case "md":
		err = d.WriteMarkdown(&b)
	case "sarif":
		err = d.WriteSARIF(&b)
	case "json":
		enc := json.NewEncoder(&b)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		err = enc.Encode(d)
	}
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestDiffGoldens(t *testing.T) {
	d := Diff(scanV1(t), scanV2(t))
	for _, format := range []string{"txt", "md", "sarif", "json"} {
		checkGoldenFile(t, "diff-libv1-libv2."+format, diffText(t, d, format))
	}
	c := Check(NewBaseline(scanV1(t)), scanV2(t))
	checkGoldenFile(t, "check-libv1-libv2.txt", diffText(t, c, "txt"))
}

func TestMarkdownEscapes(t *testing.T) {
	tests := []struct{ in, want string }{
		{"x | y\nz", `x \| y z`},
		{"no @StabilityInferred, $stable and $x$", "no &#64;StabilityInferred, &#36;stable and &#36;x&#36;"},
		{"type parameters <T> → <T, U>", "type parameters &lt;T&gt; → &lt;T, U&gt;"},
		{"my_pkg.*Foo*", `my\_pkg.\*Foo\*`},
		{"field `a|b` is `@var <T>` ok_", "field `a\\|b` is `@var <T>` ok\\_"},
		{"odd ` @x", "odd ` &#64;x"},
	}
	for _, tt := range tests {
		if got := mdCell(tt.in); got != tt.want {
			t.Errorf("mdCell(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	d := &DiffReport{Changes: []Change{{Class: "a.B", Kind: Neutral, Old: "A|B", New: "", Message: "x | y"}}, Errors: []*Error{}}
	if got := diffText(t, d, "md"); !strings.Contains(got, "| `a.B` | x \\| y | `A\\|B` |  |") {
		t.Errorf("row not escaped:\n%s", got)
	}
	empty := diffText(t, &DiffReport{Changes: []Change{}, Errors: []*Error{}}, "md")
	if !strings.Contains(empty, "No stability changes.") {
		t.Errorf("empty report:\n%s", empty)
	}
}

// TestDiffRules exercises the rules on hand-made baselines, for the cases the fixtures lack.
func TestDiffRules(t *testing.T) {
	v := func(n int32) *int32 { return &n }
	cls := func(name, verdict, stab string, mod func(*BaselineClass)) *BaselineClass {
		c := &BaselineClass{Name: name, Kind: stability.KindClass, Visibility: stability.Public, Verdict: stability.Verdict(verdict), Stability: stab, Compose: true, Fields: []*Field{}}
		if mod != nil {
			mod(c)
		}
		return c
	}
	tests := []struct {
		name     string
		old, new *BaselineClass
		want     []string // "part|kind|message"
	}{
		{"runtime to stable", cls("a.B", "runtime", "Runtime(C)", nil), cls("a.B", "stable", "Stable", nil),
			[]string{"|improvement|runtime → stable"}},
		{"unstable to runtime", cls("a.B", "unstable", "Unstable", nil), cls("a.B", "runtime", "Runtime(C)", nil),
			[]string{"|improvement|unstable → runtime"}},
		{"marker removed", cls("a.B", "stable", "Stable", func(c *BaselineClass) { c.Marked = true }), cls("a.B", "unstable", "Unstable", nil),
			[]string{"|regression|stable → unstable: stable marker removed"}},
		{"visibility only", cls("a.B", "stable", "Stable", nil), cls("a.B", "stable", "Stable", func(c *BaselineClass) { c.Visibility = stability.Internal }),
			[]string{"|neutral|visibility public → internal"}},
		{"new runtime read goes unstable", cls("a.B", "runtime", "Runtime(C)", func(c *BaselineClass) {
			c.StableField, c.StableExpr, c.StableValue = true, "C.$stable", v(0)
		}), cls("a.B", "runtime", "Runtime(C),Runtime(D)", func(c *BaselineClass) {
			c.StableField, c.StableExpr, c.StableValue = true, "C.$stable | D.$stable", v(8)
		}), []string{"|regression|stability Runtime(C) → Runtime(C),Runtime(D): `$stable` initializer `C.$stable` → `C.$stable | D.$stable`; `$stable` 0 → 8"}},
		{"initializer only", cls("a.B", "runtime", "Runtime(C)", func(c *BaselineClass) {
			c.StableField, c.StableExpr, c.StableValue, c.Mask = true, "C.$stable", v(0), v(0)
		}), cls("a.B", "runtime", "Runtime(C)", func(c *BaselineClass) {
			c.StableField, c.StableExpr, c.StableValue, c.Mask = true, "C.$stable | 0", v(0), v(4)
		}), []string{"|neutral|`$stable` initializer `C.$stable` → `C.$stable | 0`; @StabilityInferred mask 0 → 4"}},
		{"dependency improves", cls("a.B", "runtime", "Runtime(C)", func(c *BaselineClass) {
			c.Reads = []StableRead{{Class: "a.C", Value: v(8)}}
		}), cls("a.B", "runtime", "Runtime(C)", func(c *BaselineClass) {
			c.Reads = []StableRead{{Class: "a.C", Value: v(0)}}
		}), []string{"dependency a.C|improvement|dependency `a.C` became stable (`$stable` 8 → 0)"}},
		{"dependency unreadable", cls("a.B", "runtime", "Runtime(C)", func(c *BaselineClass) {
			c.Reads = []StableRead{{Class: "a.C", Value: v(0)}}
		}), cls("a.B", "runtime", "Runtime(C)", func(c *BaselineClass) {
			c.Reads = []StableRead{{Class: "a.C", Err: "no $stable in a/C"}}
		}), []string{"dependency a.C|regression|dependency `a.C` can no longer be read: no $stable in a/C"}},
		{"dependency unknown before", cls("a.B", "runtime", "Runtime(C)", func(c *BaselineClass) {
			c.Reads = []StableRead{{Class: "a.C"}}
		}), cls("a.B", "runtime", "Runtime(C)", func(c *BaselineClass) {
			c.Reads = []StableRead{{Class: "a.C", Value: v(8)}}
		}), nil},
		{"type parameter stops", cls("a.B", "runtime", "Parameter(T),Parameter(U)", func(c *BaselineClass) {
			c.TypeParameters, c.Participating = []string{"T", "U"}, []string{"T", "U"}
		}), cls("a.B", "runtime", "Parameter(T)", func(c *BaselineClass) {
			c.TypeParameters, c.Participating = []string{"T", "U"}, []string{"T"}
		}), []string{"|neutral|stability Parameter(T),Parameter(U) → Parameter(T)", "type parameter U|improvement|type parameter U no longer participates"}},
		{"field removed and retyped", cls("a.B", "stable", "Stable", func(c *BaselineClass) {
			c.Fields = []*Field{{Name: "a", Type: "Int", Verdict: "stable", Stability: "Stable"}, {Name: "b", Type: "Int", Verdict: "stable", Stability: "Stable"}}
		}), cls("a.B", "stable", "Stable", func(c *BaselineClass) {
			c.Fields = []*Field{{Name: "b", Type: "Long", Verdict: "stable", Stability: "Stable"}}
		}), []string{"|neutral|field `b` changed type `Int` → `Long`; field `a` removed"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := compareBaselines(&Baseline{Classes: []*BaselineClass{tt.old}}, &Baseline{Classes: []*BaselineClass{tt.new}}, false)
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
	added := []*BaselineClass{
		{Name: "a.S", Verdict: "stable", Stability: "Stable", Compose: true},
		{Name: "a.R", Verdict: "runtime", Stability: "Parameter(T)", Compose: true, TypeParameters: []string{"T"}, Participating: []string{"T"}},
		{Name: "a.U", Verdict: "unstable", Stability: "Unstable", Consumer: true},
	}
	for _, check := range []bool{false, true} {
		d := compareBaselines(&Baseline{}, &Baseline{Classes: added}, check)
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

func TestDiffJSONHasNoNulls(t *testing.T) {
	for _, d := range []*DiffReport{Diff(scanV1(t), scanV1(t)), Check(&Baseline{}, scanV1(t))} {
		got := diffText(t, d, "json")
		if strings.Contains(got, "null") {
			t.Errorf("JSON has null:\n%s", got)
		}
	}
	data, err := os.ReadFile(filepath.Join("testdata", "diff-libv1-libv2.json"))
	if err != nil {
		t.Fatal(err)
	}
	var back DiffReport
	if err := json.Unmarshal(data, &back); err != nil || len(back.Changes) != len(evolution) {
		t.Errorf("golden JSON reads back as %d changes (%v), want %d", len(back.Changes), err, len(evolution))
	}
}
