package audit

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

// checkGoldenFile compares got with testdata/name, with the fixture root written as $GOLDEN so
// that goldens do not depend on where the checkout is.
func checkGoldenFile(t *testing.T, name, got string) {
	t.Helper()
	fixtures.CheckGolden(t, filepath.Join("testdata", name), got)
}

func jar(t testing.TB, module string) string {
	t.Helper()
	m, err := fixtures.Get(module)
	if err != nil {
		t.Fatal(err)
	}
	return m.Jar()
}

// The two releases of the evolving library, each scanned against its own dependencies. NEW
// has plainv2 as an input too, so that evo.lib.Moving is seen losing Compose rather than
// disappearing.
func scanV1(t *testing.T) *Report {
	t.Helper()
	return scanOpts(t, v1Options(t))
}

func scanV2(t *testing.T) *Report {
	t.Helper()
	return scanOpts(t, v2Options(t))
}

func v1Options(t testing.TB) Options {
	return Options{Inputs: []string{jar(t, "libv1")}, Classpath: []string{jar(t, "depv1"), fixtures.RuntimeStubJar()}, IncludeNonPublic: true}
}

func v2Options(t testing.TB) Options {
	return Options{Inputs: []string{jar(t, "libv2"), jar(t, "plainv2")}, Classpath: []string{jar(t, "depv2"), fixtures.RuntimeStubJar()}, IncludeNonPublic: true}
}

func scanOpts(t *testing.T, o Options) *Report {
	t.Helper()
	rep, err := Scan(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Errors) > 0 {
		t.Fatalf("scan errors: %v", rep.Errors)
	}
	return rep
}

func baselineText(t *testing.T, rep *Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteBaseline(&b, rep); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestWriteBaselineGolden(t *testing.T) {
	checkGoldenFile(t, "libv1.stability", baselineText(t, scanV1(t)))
	checkGoldenFile(t, "libv2.stability", baselineText(t, scanV2(t)))
}

// TestBaselineValues pins the facts each fixture case must record, independent of the golden.
func TestBaselineValues(t *testing.T) {
	b1, b2 := NewBaseline(scanV1(t)), NewBaseline(scanV2(t))
	get := func(b *Baseline, name string) *BaselineClass {
		for _, c := range b.Classes {
			if c.Name == name {
				return c
			}
		}
		t.Fatalf("no class %s", name)
		return nil
	}
	tests := []struct {
		b                    *Baseline
		name, verdict, stab  string
		mask, stable         string // "-" for none
		reads                string
		consumer, compose    bool
		typeParams, particip string
	}{
		{b1, "evo.lib.StableToUnstable", "stable", "Stable", "1", "0", "", false, true, "", ""},
		{b2, "evo.lib.StableToUnstable", "unstable", "Unstable", "0", "8", "", false, true, "", ""},
		{b1, "evo.lib.TypeParamParticipates", "runtime", "Parameter(T)", "2", "0", "", false, true, "T", ""},
		{b2, "evo.lib.TypeParamParticipates", "runtime", "Parameter(T)", "1", "0", "", false, true, "T", "T"},
		{b1, "evo.lib.DependsOnDep", "stable", "Stable", "0", "0", "evo.dep.Dep=0", false, true, "", ""},
		{b2, "evo.lib.DependsOnDep", "unstable", "Unstable", "0", "8", "evo.dep.Dep=8", false, true, "", ""},
		{b2, "evo.lib.RuntimeRefToUnstable", "unstable", "Unstable", "0", "8", "evo.lib.Helper=8", false, true, "", ""},
		{b2, "evo.lib.Moving", "unstable", "Unstable", "-", "-", "", true, false, "", ""},
		{b1, "evo.lib.UnstableToStable", "unstable", "Unstable", "0", "8", "", false, true, "", ""},
	}
	for _, tt := range tests {
		c := get(tt.b, tt.name)
		var reads []string
		for _, r := range c.Reads {
			reads = append(reads, r.Class+"="+valueText32(r.Value))
		}
		mask, stable := "-", "-"
		if c.Mask != nil {
			mask = valueText32(c.Mask)
		}
		if c.StableField {
			stable = valueText32(c.StableValue)
		}
		got := []string{string(c.Verdict), c.Stability, mask, stable, strings.Join(reads, ","), strings.Join(c.TypeParameters, ","), strings.Join(c.Participating, ",")}
		want := []string{tt.verdict, tt.stab, tt.mask, tt.stable, tt.reads, tt.typeParams, tt.particip}
		if strings.Join(got, "|") != strings.Join(want, "|") || c.Consumer != tt.consumer || c.Compose != tt.compose {
			t.Errorf("%s: got %q consumer=%t compose=%t, want %q consumer=%t compose=%t", tt.name, got, c.Consumer, c.Compose, want, tt.consumer, tt.compose)
		}
	}
}

// TestReadBaselineRoundTrip reads the goldens back: writing what was read gives the same text,
// and checking the scan a baseline came from finds no change at all.
func TestReadBaselineRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		file string
		rep  func(*testing.T) *Report
	}{{"libv1.stability", scanV1}, {"libv2.stability", scanV2}} {
		data, err := os.ReadFile(filepath.Join("testdata", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		b, err := ReadBaseline(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		b.Inputs = NewBaseline(tc.rep(t)).Inputs // the inputs line is a comment
		var out bytes.Buffer
		if err := b.WriteText(&out); err != nil {
			t.Fatal(err)
		}
		if out.String() != string(data) {
			t.Errorf("%s: rewriting what was read changes the text:\n%s", tc.file, out.String())
		}
		if d := Check(b, tc.rep(t)); len(d.Changes) != 0 {
			t.Errorf("%s: check against its own scan found changes: %+v", tc.file, d.Changes)
		}
	}
}

func TestReadBaselineTolerance(t *testing.T) {
	text := "\n# leading comment\n\ncomposestab-baseline 1\r\n\n  # an indented comment\npublic class a.B\n\n  verdict runtime\r\n  stability\n" +
		"  # between lines\n  field runtime val f: (Int) -> Unit =\n  field stable var g: Map<String, Int> = Stable\n" +
		"internal enum class a.E\n\tverdict stable\n\tstability Stable\n\tcompose false\n"
	b, err := ReadBaseline(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Classes) != 2 {
		t.Fatalf("got %d classes, want 2", len(b.Classes))
	}
	c := b.Classes[0]
	if c.Name != "a.B" || c.Kind != stability.KindClass || c.Verdict != "runtime" || c.Stability != "" || !c.Compose || len(c.Fields) != 2 {
		t.Errorf("class a.B read as %+v", c)
	}
	if f := c.Fields[0]; f.Name != "f" || f.Type != "(Int) -> Unit" || f.Stability != "" || f.Var || f.Verdict != "runtime" {
		t.Errorf("field f read as %+v", f)
	}
	if f := c.Fields[1]; f.Name != "g" || f.Type != "Map<String, Int>" || f.Stability != "Stable" || !f.Var {
		t.Errorf("field g read as %+v", f)
	}
	if e := b.Classes[1]; e.Name != "a.E" || e.Kind != stability.KindEnumClass || e.Visibility != stability.Internal || e.Compose {
		t.Errorf("class a.E read as %+v", e)
	}
}

func TestReadBaselineErrors(t *testing.T) {
	const head = "composestab-baseline 1\n"
	tests := []struct {
		name, text string
		line       int
		msg        string
	}{
		{"empty", "", 0, "empty"},
		{"comments only", "# nothing\n\n", 0, "empty"},
		{"not a baseline", "public class a.B\n", 1, "not a composestab baseline"},
		{"future version", "composestab-baseline 2\n", 1, "unsupported baseline version \"2\""},
		{"indented first", head + "  verdict stable\n", 2, "before the first class"},
		{"bad header", head + "public a.B\n", 2, "VISIBILITY KIND NAME"},
		{"bad visibility", head + "open class a.B\n", 2, "VISIBILITY KIND NAME"},
		{"no verdict", head + "public class a.B\n  stability Stable\npublic class a.C\n  verdict stable\n", 2, "no verdict"},
		{"no verdict at end", head + "public class a.B\n", 2, "no verdict"},
		{"bad verdict", head + "public class a.B\n  verdict shaky\n", 3, "verdict \"shaky\""},
		{"duplicate class", head + "public class a.B\n  verdict stable\npublic class a.B\n  verdict stable\n", 4, "listed twice"},
		{"duplicate key", head + "public class a.B\n  verdict stable\n  verdict stable\n", 4, "given twice"},
		{"unknown key", head + "public class a.B\n  verdict stable\n  colour red\n", 4, "unknown key \"colour\""},
		{"bad mask", head + "public class a.B\n  verdict stable\n  mask x\n", 4, "mask \"x\""},
		{"mask overflow", head + "public class a.B\n  verdict stable\n  mask 99999999999\n", 4, "mask"},
		{"bad $stable", head + "public class a.B\n  verdict stable\n  $stable 0\n", 4, "$stable"},
		{"bad $stable value", head + "public class a.B\n  verdict stable\n  $stable x = 0\n", 4, "$stable value"},
		{"bad reads", head + "public class a.B\n  verdict stable\n  reads a.C\n", 4, "reads"},
		{"bad reads value", head + "public class a.B\n  verdict stable\n  reads a.C = z\n", 4, "reads value"},
		{"bad bool", head + "public class a.B\n  verdict stable\n  compose maybe\n", 4, "compose \"maybe\""},
		{"bad analysis", head + "public class a.B\n  verdict stable\n  analysis deep\n", 4, "analysis"},
		{"bad field", head + "public class a.B\n  verdict stable\n  field stable val x Int = Stable\n", 4, "field VERDICT"},
		{"field without =", head + "public class a.B\n  verdict stable\n  field stable val x: Int\n", 4, "field VERDICT"},
		{"field bad verdict", head + "public class a.B\n  verdict stable\n  field solid val x: Int = Stable\n", 4, "field VERDICT"},
		{"field val/var", head + "public class a.B\n  verdict stable\n  field stable let x: Int = Stable\n", 4, "field VERDICT"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadBaseline(strings.NewReader(tt.text))
			var be *BaselineError
			if !errors.As(err, &be) {
				t.Fatalf("got %v, want a *BaselineError", err)
			}
			if be.Line != tt.line || !strings.Contains(be.Msg, tt.msg) {
				t.Errorf("got line %d %q, want line %d containing %q", be.Line, be.Msg, tt.line, tt.msg)
			}
		})
	}
}

func TestBaselineErrorText(t *testing.T) {
	if got := (&BaselineError{Line: 7, Msg: "bad"}).Error(); got != "baseline line 7: bad" {
		t.Errorf("got %q", got)
	}
	if got := (&BaselineError{Msg: "empty"}).Error(); got != "baseline: empty" {
		t.Errorf("got %q", got)
	}
}

// FuzzReadBaseline checks that no input panics and that whatever parses survives a
// write-and-read round trip unchanged.
func FuzzReadBaseline(f *testing.F) {
	for _, name := range []string{"libv1.stability", "libv2.stability"} {
		if data, err := os.ReadFile(filepath.Join("testdata", name)); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("composestab-baseline 1\npublic class a.B\n  verdict runtime\n  field runtime val f: T =\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := ReadBaseline(bytes.NewReader(data))
		if err != nil {
			return
		}
		var one, two bytes.Buffer
		if err := b.WriteText(&one); err != nil {
			t.Fatal(err)
		}
		b2, err := ReadBaseline(bytes.NewReader(one.Bytes()))
		if err != nil {
			t.Fatalf("rereading written baseline: %v\n%s", err, one.String())
		}
		if err := b2.WriteText(&two); err != nil {
			t.Fatal(err)
		}
		if one.String() != two.String() {
			t.Fatalf("round trip differs:\n%s\n---\n%s", one.String(), two.String())
		}
	})
}
