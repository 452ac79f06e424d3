package output

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/baseline"
	"github.com/composestab/composestab/audit/diff"
	"github.com/composestab/composestab/audit/internal/audittest"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/audit/verify"
	"github.com/composestab/composestab/internal/fixtures"
)

// diffText renders a report in a format, for the goldens.
func diffText(t *testing.T, d *diff.Report, format string) string {
	t.Helper()
	var b bytes.Buffer
	var err error
	switch format {
	case "txt":
		err = WriteDiffText(&b, d)
	case "md":
		err = WriteDiffMarkdown(&b, d)
	case "sarif":
		err = WriteDiffSARIF(&b, d)
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
	d := diff.Diff(audittest.ScanV1(t), audittest.ScanV2(t))
	for _, format := range []string{"txt", "md", "sarif", "json"} {
		fixtures.CheckGolden(t, "testdata/"+"diff-libv1-libv2."+format, diffText(t, d, format))
	}
	c := diff.Check(baseline.New(audittest.ScanV1(t)), audittest.ScanV2(t))
	fixtures.CheckGolden(t, "testdata/"+"check-libv1-libv2.txt", diffText(t, c, "txt"))
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
	d := &diff.Report{Changes: []diff.Change{{Class: "a.B", Kind: diff.Neutral, Old: "A|B", New: "", Message: "x | y"}}, Errors: []*scan.Error{}}
	if got := diffText(t, d, "md"); !strings.Contains(got, "| `a.B` | x \\| y | `A\\|B` |  |") {
		t.Errorf("row not escaped:\n%s", got)
	}
	empty := diffText(t, &diff.Report{Changes: []diff.Change{}, Errors: []*scan.Error{}}, "md")
	if !strings.Contains(empty, "No stability changes.") {
		t.Errorf("empty report:\n%s", empty)
	}
}

func TestDiffJSONHasNoNulls(t *testing.T) {
	v1 := audittest.ScanV1(t)
	for _, d := range []*diff.Report{diff.Diff(v1, v1), diff.Check(&baseline.Baseline{}, v1)} {
		got := diffText(t, d, "json")
		if strings.Contains(got, "null") {
			t.Errorf("JSON has null:\n%s", got)
		}
	}
	data, err := os.ReadFile(filepath.Join("testdata", "diff-libv1-libv2.json"))
	if err != nil {
		t.Fatal(err)
	}
	var back diff.Report
	if err := json.Unmarshal(data, &back); err != nil || len(back.Changes) != len(diff.Diff(v1, audittest.ScanV2(t)).Changes) {
		t.Errorf("golden JSON reads back as %d changes (%v), want as many as the diff", len(back.Changes), err)
	}
}

func TestVerifyGoldens(t *testing.T) {
	v, err := verify.Verify(audittest.ScanV2(t), verify.Options{ExpectStable: []string{"evo.lib.*"}})
	if err != nil {
		t.Fatal(err)
	}
	var text, js bytes.Buffer
	if err := WriteVerifyText(&text, v); err != nil {
		t.Fatal(err)
	}
	enc := json.NewEncoder(&js)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	fixtures.CheckGolden(t, "testdata/"+"verify-libv2.txt", text.String())
	fixtures.CheckGolden(t, "testdata/"+"verify-libv2.json", js.String())
	if strings.Contains(js.String(), "null") {
		t.Error("JSON has null")
	}
}
