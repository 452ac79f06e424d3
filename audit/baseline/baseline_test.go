package baseline

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/internal/audittest"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

// checkGoldenFile compares got with testdata/name, with the fixture root written as $GOLDEN so
// that goldens do not depend on where the checkout is.
func checkGoldenFile(t *testing.T, name, got string) {
	t.Helper()
	fixtures.CheckGolden(t, filepath.Join("testdata", name), got)
}

func baselineText(t *testing.T, rep *scan.Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, rep); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestWriteBaselineGolden(t *testing.T) {
	checkGoldenFile(t, "libv1.stability", baselineText(t, audittest.ScanV1(t)))
	checkGoldenFile(t, "libv2.stability", baselineText(t, audittest.ScanV2(t)))
}

// TestBaselineValues pins the facts each fixture case must record, independent of the golden.
func TestBaselineValues(t *testing.T) {
	b1, b2 := New(audittest.ScanV1(t)), New(audittest.ScanV2(t))
	get := func(b *Baseline, name string) *Class {
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
			reads = append(reads, r.Class+"="+ValueText(r.Value))
		}
		mask, stable := "-", "-"
		if c.Mask != nil {
			mask = ValueText(c.Mask)
		}
		if c.StableField {
			stable = ValueText(c.StableValue)
		}
		got := []string{string(c.Verdict), c.Stability, mask, stable, strings.Join(reads, ","), strings.Join(c.TypeParameters, ","), strings.Join(c.Participating, ",")}
		want := []string{tt.verdict, tt.stab, tt.mask, tt.stable, tt.reads, tt.typeParams, tt.particip}
		if strings.Join(got, "|") != strings.Join(want, "|") || c.Consumer != tt.consumer || c.Compose != tt.compose {
			t.Errorf("%s: got %q consumer=%t compose=%t, want %q consumer=%t compose=%t", tt.name, got, c.Consumer, c.Compose, want, tt.consumer, tt.compose)
		}
	}
}

// TestReadBaselineRoundTrip reads the goldens back: writing what was read gives the same text
// (diff.TestCheckGoldenBaselines checks them against their scans).
func TestReadBaselineRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		file string
		rep  func(testing.TB) *scan.Report
	}{{"libv1.stability", audittest.ScanV1}, {"libv2.stability", audittest.ScanV2}} {
		data, err := os.ReadFile(filepath.Join("testdata", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		b, err := Read(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		b.Inputs = New(tc.rep(t)).Inputs // the inputs line is a comment
		var out bytes.Buffer
		if err := b.WriteText(&out); err != nil {
			t.Fatal(err)
		}
		if out.String() != string(data) {
			t.Errorf("%s: rewriting what was read changes the text:\n%s", tc.file, out.String())
		}
	}
}

func TestReadBaselineTolerance(t *testing.T) {
	text := "\n# leading comment\n\ncomposestab-baseline 1\r\n\n  # an indented comment\npublic class a.B\n\n  verdict runtime\r\n  stability\n" +
		"  # between lines\n  field runtime val f: (Int) -> Unit =\n  field stable var g: Map<String, Int> = Stable\n" +
		"internal enum class a.E\n\tverdict stable\n\tstability Stable\n\tcompose false\n"
	b, err := Read(strings.NewReader(text))
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
		{"future version", "composestab-baseline 4\n", 1, "unsupported baseline version \"4\""},
		{"v3 composable twice", "composestab-baseline 3\ncomposable a/K.f()V\n  skips true\ncomposable a/K.f()V\nend 0 classes, 2 composables\n", 4, "composable a/K.f()V listed twice"},
		{"v3 composable count", "composestab-baseline 3\ncomposable a/K.f()V\n  skips true\nend 0 classes\n", 4, "want \"end N classes, M composables\""},
		{"v3 composable count off", "composestab-baseline 3\ncomposable a/K.f()V\nend 0 classes, 3 composables\n", 3, "end line says 3 composables, the file holds 1"},
		{"v3 bad comparison", "composestab-baseline 3\ncomposable a/K.f()V\n  param fast x: Int\n", 3, "want equals, identity, none, unused or runtime first"},
		{"v3 param without type", "composestab-baseline 3\ncomposable a/K.f()V\n  param equals x\n", 3, "want \"COMPARISON NAME: TYPE\""},
		{"v3 stable before param", "composestab-baseline 3\ncomposable a/K.f()V\n    $stable a.B = 8\n", 3, "$stable before the first param"},
		{"v3 stable value", "composestab-baseline 3\ncomposable a/K.f()V\n  param identity x: B\n    $stable a.B = eight\n", 4, "want \"CLASS = VALUE\""},
		{"v3 skips word", "composestab-baseline 3\ncomposable a/K.f()V\n  skips maybe\n", 3, "want true, false or runtime"},
		{"v3 unknown key", "composestab-baseline 3\ncomposable a/K.f()V\n  verdict stable\n", 3, "unknown key \"verdict\" in composable"},
		{"v2 has no composables", "composestab-baseline 2\ncomposable a/K.f()V\n", 2, "want a class line"},
		{"v2 cut short", "composestab-baseline 2\npublic class a.B\n  verdict stable\n", 3, "no end line after 1 class"},
		{"v2 cut before any class", "composestab-baseline 2\n", 1, "no end line after 0 classes"},
		{"v2 end count", "composestab-baseline 2\npublic class a.B\n  verdict stable\nend 2 classes\n", 4, "end line says 2 classes, the file holds 1"},
		{"v2 end word", "composestab-baseline 2\npublic class a.B\n  verdict stable\nend one\n", 4, "want \"end N classes\""},
		{"v2 after end", "composestab-baseline 2\npublic class a.B\n  verdict stable\nend 1 class\npublic class a.C\n", 5, "text after the end line"},
		{"bad escape in name", head + "public class a.\\q\n  verdict stable\n", 2, "bad escape"},
		{"bad escape in field", head + "public class a.B\n  verdict stable\n  field stable val x\\: Int = Stable\n", 4, "field name"},
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
			_, err := Read(strings.NewReader(tt.text))
			var be *Error
			if !errors.As(err, &be) {
				t.Fatalf("got %v, want an *Error", err)
			}
			if be.Line != tt.line || !strings.Contains(be.Msg, tt.msg) {
				t.Errorf("got line %d %q, want line %d containing %q", be.Line, be.Msg, tt.line, tt.msg)
			}
		})
	}
}

func TestBaselineErrorText(t *testing.T) {
	if got := (&Error{Line: 7, Msg: "bad"}).Error(); got != "baseline line 7: bad" {
		t.Errorf("got %q", got)
	}
	if got := (&Error{Msg: "empty"}).Error(); got != "baseline: empty" {
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
		b, err := Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var one, two bytes.Buffer
		if err := b.WriteText(&one); err != nil {
			t.Fatal(err)
		}
		b2, err := Read(bytes.NewReader(one.Bytes()))
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

// TestBaselineHostileNames writes names no Kotlin source has but class files may hold (control
// characters, bidi overrides, the separators of the format) and reads back the same values:
// no name forges a line or a block, and check of a baseline against itself stays clean.
func TestBaselineHostileNames(t *testing.T) {
	v := int32(8)
	hostile := []string{"a.B\npublic class evil.C\n  verdict stable", "a.\x1b[2Jclear", "a.\u202eexe.txt", `a.back\slash`, "a.B = 1", "a.x: y", "a.sp ace", "a.\r\a\x00"}
	b := &Baseline{Inputs: []string{}}
	for i, name := range hostile {
		b.Classes = append(b.Classes, &Class{
			Name: name, Verdict: "uncertain", Stability: "Uncertain(" + name + ")", Compose: true,
			TypeParameters: []string{name, "T"}, Participating: []string{name},
			StableField: true, StableValue: &v, StableExpr: name + ".$stable",
			Reads: []scan.StableRead{{Class: name, Value: &v}},
			Fields: []*scan.Field{{Verdict: "unstable", Var: i%2 == 0, Name: name, Type: "Map<" + name + ", Int>", Stability: "Unstable = " + name},
				// A field whose type renders empty (found by FuzzAuditScan), with and without a stability.
				{Verdict: "unstable", Name: "empty", Type: "", Stability: "Unstable"}, {Verdict: "runtime", Name: "empty2"}},
		})
	}
	var out bytes.Buffer
	if err := b.WriteText(&out); err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(out.String(), "\n") {
		if strings.ContainsAny(line, "\r\x1b\a\x00\u202e") {
			t.Errorf("line %d keeps a control character: %q", i+1, line)
		}
		if strings.HasPrefix(line, "public class evil") {
			t.Errorf("line %d forged a block: %q", i+1, line)
		}
	}
	got, err := Read(&out)
	if err != nil {
		t.Fatalf("reading back: %v\n%s", err, out.String())
	}
	if len(got.Classes) != len(b.Classes) {
		t.Fatalf("read %d classes, wrote %d", len(got.Classes), len(b.Classes))
	}
	for i, c := range got.Classes {
		w := b.Classes[i]
		f, wf := c.Fields[0], w.Fields[0]
		if c.Name != w.Name || c.Stability != w.Stability || c.StableExpr != w.StableExpr || c.Verdict != w.Verdict ||
			strings.Join(c.TypeParameters, "|") != strings.Join(w.TypeParameters, "|") || c.Reads[0].Class != w.Reads[0].Class ||
			f.Name != wf.Name || f.Type != wf.Type || f.Stability != wf.Stability || f.Var != wf.Var {
			t.Errorf("class %d: read %+v (field %+v), wrote %+v (field %+v)", i, c, f, w, wf)
		}
	}
}
