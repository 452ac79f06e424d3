package audit

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

func verifyModules(t *testing.T, opts VerifyOptions, modules ...string) *VerifyReport {
	t.Helper()
	o := Options{IncludeNonPublic: true}
	seen := map[string]bool{}
	for _, m := range modules {
		mod, err := fixtures.Get(m)
		if err != nil {
			t.Fatal(err)
		}
		o.Inputs = append(o.Inputs, mod.Jar())
		seen[mod.Jar()] = true
	}
	for _, m := range modules {
		mod, _ := fixtures.Get(m)
		for _, p := range mod.Classpath() {
			if !seen[p] {
				seen[p] = true
				o.Classpath = append(o.Classpath, p)
			}
		}
	}
	rep, err := Scan(o)
	if err != nil {
		t.Fatal(err)
	}
	v, err := Verify(rep, opts)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func violationLines(v *VerifyReport) []string {
	var out []string
	for _, x := range v.Violations {
		out = append(out, x.Rule+" "+x.Class+" "+x.Part)
	}
	return out
}

func TestVerify(t *testing.T) {
	tests := []struct {
		name    string
		modules []string
		expect  []string
		want    []string // "rule class part"
	}{
		{"evolved library", []string{"libv2", "plainv2"}, []string{"evo.lib.*"}, []string{
			"expect-stable evo.lib.AddedUnstable ",
			"expect-stable evo.lib.DependsOnDep ", // runtime, and Dep became unstable: $stable 8
			"expect-stable evo.lib.FieldTypeChange ",
			"expect-stable evo.lib.Helper ",
			"expect-stable evo.lib.Moving ",
			"not-compose evo.lib.Moving ",
			"expect-stable evo.lib.RuntimeRefToUnstable ",
			"expect-stable evo.lib.RuntimeToUnstable ",
			"expect-stable evo.lib.StableToUnstable ",
			"expect-stable evo.lib.TypeParamParticipates ", // T takes part
			"expect-stable evo.lib.UsesMoving ",
		}},
		// In v1, DependsOnDep and RuntimeRefToUnstable are runtime with $stable 0 and no type
		// parameter: stable for every consumer.
		{"first release", []string{"libv1"}, []string{"evo.lib.*"}, []string{
			"expect-stable evo.lib.FieldTypeChange ",
			"expect-stable evo.lib.RuntimeToUnstable ",
			"expect-stable evo.lib.UnstableToStable ",
		}},
		{"no policy", []string{"libv1"}, nil, nil},
		{"patterns that match nothing", []string{"libv1"}, []string{"com.other.**", "evo.lib.Unchanged"}, nil},
		{"stable through a marked interface", []string{"lib1"}, nil, []string{"stable-claim lib1.LImplStable field x"}},
		// Without Compose anywhere, only claims count; NoComposeImplStable is analysed by
		// re-reading the jar.
		{"plain library", []string{"plainkt"}, nil, []string{"stable-claim plainkt.NoComposeImplStable field x"}},
		{"markers", []string{"app"}, nil, []string{
			"stable-claim app.ExtendsJavaStable field k",
			"stable-claim app.ExtendsStableOpen field c",
			"stable-claim app.ImplementsIndirectly field id",
			"stable-claim app.ImplementsIndirectly field other",
			"stable-claim app.ImplementsNoComposeStable field q",
			"stable-claim app.ImplementsStable field id",
			"stable-claim app.MarkedCustom field y",
			"stable-claim app.MarkedErrorprone field z",
			"stable-claim app.MarkedObject field x",
			"stable-claim app.MarkedStable field x",
			"stable-claim app.MarkedWithUnstableField field u",
			"stable-claim app.StableOpenBase field base",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := verifyModules(t, VerifyOptions{ExpectStable: tt.expect}, tt.modules...)
			got := violationLines(v)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestVerifyNotCompose: plainkt and lib1 verified as one library, where lib1 uses Compose and
// plainkt does not. Interfaces, enums, value classes and the like are never processed.
func TestVerifyNotCompose(t *testing.T) {
	v := verifyModules(t, VerifyOptions{}, "lib1", "plainkt")
	var got []string
	for _, x := range v.Violations {
		if x.Rule == RuleNotCompose {
			got = append(got, x.Class)
		}
	}
	want := []string{"plainkt.NoCompose", "plainkt.NoComposeBox", "plainkt.NoComposeData", "plainkt.NoComposeImplStable",
		"plainkt.NoComposeMarked", "plainkt.NoComposeObject", "plainkt.NoComposeOpen", "plainkt.NoComposeSealed",
		"plainkt.NoComposeSealed.A", "plainkt.NoComposeSealed.B", "plainkt.NoComposeVar"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("got  %v\nwant %v", got, want)
	}
}

func TestVerifyMessages(t *testing.T) {
	v := verifyModules(t, VerifyOptions{ExpectStable: []string{"evo.lib.*"}}, "libv2", "plainv2")
	want := map[string]string{
		"not-compose evo.lib.Moving":                  "compiled without the Compose compiler (no $stable, no @StabilityInferred) in a library that otherwise uses it; consumers see it as unstable (Unstable)",
		"expect-stable evo.lib.DependsOnDep":          "expected stable (--expect-stable evo.lib.*) but is unstable: field `d: Dep` is Runtime(Dep); reads `evo.dep.Dep.$stable` = 8",
		"expect-stable evo.lib.StableToUnstable":      "expected stable (--expect-stable evo.lib.*) but is unstable: field `x` is a var",
		"expect-stable evo.lib.Moving":                "expected stable (--expect-stable evo.lib.*) but is unstable: not compiled with Compose",
		"expect-stable evo.lib.TypeParamParticipates": "expected stable (--expect-stable evo.lib.*) but is runtime with `$stable` = 0: type parameter T participates",
	}
	for _, x := range v.Violations {
		if w, ok := want[x.Rule+" "+x.Class]; ok {
			if x.Message != w {
				t.Errorf("%s %s:\n got %s\nwant %s", x.Rule, x.Class, x.Message, w)
			}
			if !strings.HasSuffix(x.Input, ".jar") {
				t.Errorf("%s: input %q", x.Class, x.Input)
			}
			delete(want, x.Rule+" "+x.Class)
		}
	}
	for k := range want {
		t.Errorf("no violation %s", k)
	}
	m := verifyModules(t, VerifyOptions{}, "app")
	for _, x := range m.Violations {
		if x.Class == "app.MarkedWithUnstableField" && x.Message != "claims stable (@Stable); field `u: OneVar` is unstable: app.OneVar has `$stable` = 8" {
			t.Errorf("MarkedWithUnstableField: %s", x.Message)
		}
		if x.Class == "app.MarkedErrorprone" && x.Message != "claims stable (@Immutable); field `z` is a var" {
			t.Errorf("MarkedErrorprone: %s", x.Message)
		}
	}
}

func TestVerifyGoldens(t *testing.T) {
	v := verifyModules(t, VerifyOptions{ExpectStable: []string{"evo.lib.*"}}, "libv2", "plainv2")
	var text, js bytes.Buffer
	if err := v.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	enc := json.NewEncoder(&js)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	checkGoldenFile(t, "verify-libv2.txt", text.String())
	checkGoldenFile(t, "verify-libv2.json", js.String())
	if strings.Contains(js.String(), "null") {
		t.Error("JSON has null")
	}
}

func TestVerifyBadPattern(t *testing.T) {
	_, err := Verify(&Report{}, VerifyOptions{ExpectStable: []string{"com.*<*>"}})
	var ce *stability.ConfigError
	if !errors.As(err, &ce) {
		t.Errorf("got %v, want a *stability.ConfigError", err)
	}
}

// TestClaimViolations covers the field kinds the fixtures lack: delegated and bare fields.
func TestClaimViolations(t *testing.T) {
	marker := func(name string) []*stability.Class { return []*stability.Class{stability.NewClass(name, nil)} }
	field := func(name string, isVar, delegated, bare bool, s stability.Stability) stability.FieldResult {
		return stability.FieldResult{Field: &stability.Field{Name: name, Var: isVar, Delegated: delegated, Bare: bare,
			Type: &stability.Type{Class: stability.NewClass("kotlin/Int", nil)}}, Stability: s}
	}
	fields := []stability.FieldResult{
		field("plain", true, false, false, stability.Stable),
		field("state$delegate", true, true, false, stability.Stable),
		field("$$delegate_0", false, false, true, stability.Stable),
		field("bad", false, false, false, stability.Unstable),
	}
	tests := []struct {
		name   string
		result *stability.ClassResult
		want   string
	}{
		{"@Stable allows a delegated var", &stability.ClassResult{Marked: true,
			Class: &stability.Class{Name: "a/B", Annotations: marker("androidx/compose/runtime/Stable")}, Fields: fields},
			"field plain|claims stable (@Stable); field `plain` is a var\nfield bad|claims stable (@Stable); field `bad: Int` is unstable"},
		{"@Immutable does not", &stability.ClassResult{Marked: true,
			Class: &stability.Class{Name: "a/B", Annotations: marker("androidx/compose/runtime/Immutable")}, Fields: fields},
			"field plain|claims stable (@Immutable); field `plain` is a var\nfield state$delegate|claims stable (@Immutable); field `state$delegate` is a var\nfield bad|claims stable (@Immutable); field `bad: Int` is unstable"},
		{"no claim", &stability.ClassResult{Class: &stability.Class{Name: "a/B"}, Fields: fields,
			Reason: &stability.Reason{Rule: stability.RuleFields}}, ""},
		{"no class", &stability.ClassResult{Marked: true, Fields: fields}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, p := range claimViolations(tt.result, nil) {
				got = append(got, p[0]+"|"+p[1])
			}
			if strings.Join(got, "\n") != tt.want {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), tt.want)
			}
		})
	}
}
