package output

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/audit/baseline"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/english"
	"github.com/composestab/composestab/internal/escape"
	"github.com/composestab/composestab/stability"
)

// ClassHeader names the columns of ClassRow.
var ClassHeader = []string{"Verdict", "Class", "Stability", "$stable", "Mask"}

// ClassRow is one class as the text, table and markdown forms show it, escaped: verdict,
// name, stability, $stable ("?" when not computable, "-" without the field) and mask.
func ClassRow(c *scan.Class) []string {
	return []string{string(c.Verdict), escape.Text(c.Name), escape.Text(baseline.StabilityText(c.Stability)), stableValue(c), maskText(c)}
}

// stableValue is the class's $stable as the bytes hold it. A non-zero value beside a stable
// verdict that no app reads (an object's, a marked or configured class's: the consumer's
// compiler decides those at compile time) says so, lest "stable … $stable=8" read as a
// contradiction.
func stableValue(c *scan.Class) string {
	switch {
	case c.StableValue != nil && *c.StableValue != 0 && c.Verdict == stability.VerdictStable && !readsOwn(c):
		return strconv.Itoa(int(*c.StableValue)) + " (unread)"
	case c.StableValue != nil:
		return strconv.Itoa(int(*c.StableValue))
	case c.StableField:
		return "?"
	}
	return "-"
}

// readsOwn reports whether the class's verdict was read from its own $stable.
func readsOwn(c *scan.Class) bool {
	for _, r := range c.Reads {
		if r.JVMName == c.JVMName {
			return true
		}
	}
	return false
}

func maskText(c *scan.Class) string {
	if c.StabilityInferred == nil {
		return "-"
	}
	return strconv.Itoa(int(*c.StabilityInferred))
}

// WriteReportText writes audit's text: a line per class (verdict, name, stability, $stable,
// mask, missing classes) and the summary.
func WriteReportText(w io.Writer, rep *scan.Report) error {
	var b strings.Builder
	for _, c := range rep.Classes {
		fmt.Fprintf(&b, "%-8s %s  %s  $stable=%s mask=%s%s\n", c.Verdict, escape.Text(c.Name), escape.Text(baseline.StabilityText(c.Stability)), stableValue(c), maskText(c), missingText(c))
	}
	fmt.Fprintln(&b, Summary(rep))
	_, err := io.WriteString(w, b.String())
	return err
}

// missingText names the classes whose absence leaves the verdict open.
func missingText(c *scan.Class) string {
	if len(c.Missing) == 0 {
		return ""
	}
	return "  missing=" + escape.Text(strings.Join(c.Missing, ","))
}

// skipWords names the skip reasons in the footer.
var skipWords = map[string]string{
	scan.SkipModuleInfo: "module-info", scan.SkipFileFacade: "file facades", scan.SkipMultifile: "multifile classes",
	scan.SkipLambda: "lambdas", scan.SkipDefaultImpls: "$DefaultImpls", scan.SkipWhenMappings: "$WhenMappings",
	scan.SkipComposableSingletons: "ComposableSingletons", scan.SkipAnonymous: "anonymous and local", scan.SkipSynthetic: "synthetic",
	scan.SkipShadowed: "shadowed", scan.SkipUnreadable: "unreadable", scan.SkipNotPublic: "not public", scan.SkipFiltered: "filtered",
	archive.SkipNotOnClasspath: "not on the classpath", archive.SkipOtherRelease: "other releases",
}

// Summary is audit's footer: the counts by verdict and skip reason, drift, errors, and which
// compilers built each input.
func Summary(rep *scan.Report) string {
	sum := rep.Summary
	var b strings.Builder
	skipped := 0
	var reasons []string
	for k, n := range sum.Skipped {
		skipped += n
		reasons = append(reasons, k)
	}
	sort.Slice(reasons, func(i, j int) bool {
		a, b := reasons[i], reasons[j]
		if sum.Skipped[a] != sum.Skipped[b] {
			return sum.Skipped[a] > sum.Skipped[b]
		}
		return a < b
	})
	fmt.Fprintf(&b, "%s: %d reported (%d stable, %d runtime, %d unstable", english.Plural(sum.Entries, "class"), sum.Classes, sum.Verdicts["stable"], sum.Verdicts["runtime"], sum.Verdicts["unstable"])
	if n := sum.Verdicts["uncertain"]; n > 0 {
		fmt.Fprintf(&b, ", %d uncertain", n)
	}
	fmt.Fprintf(&b, "), %d skipped", skipped)
	if len(reasons) > 0 {
		parts := make([]string, len(reasons))
		for i, k := range reasons {
			parts[i] = fmt.Sprintf("%s %d", skipWords[k], sum.Skipped[k])
		}
		fmt.Fprintf(&b, " (%s)", strings.Join(parts, ", "))
	}
	if sum.Drift > 0 {
		fmt.Fprintf(&b, "; %d drift", sum.Drift)
	}
	fmt.Fprintf(&b, "; %d %s", sum.Errors, english.Choose(sum.Errors, "error", "errors"))
	for _, p := range sum.Producers {
		fmt.Fprintf(&b, "\n%s: built by %s: %d %s", escape.Text(p.Input), escape.Text(p.Producer), p.Classes, english.Choose(p.Classes, "class", "classes"))
	}
	return b.String()
}

// WriteReportMarkdown writes audit's classes as a markdown table, and the summary.
func WriteReportMarkdown(w io.Writer, rep *scan.Report) error {
	var b strings.Builder
	b.WriteString("| Verdict | Class | Stability | $stable | Mask |\n|---|---|---|---|---|\n")
	for _, c := range rep.Classes {
		fmt.Fprintf(&b, "| %s | `%s` | `%s` | %s | %s |\n", c.Verdict, mdPipes(escape.Text(c.Name)), mdPipes(escape.Text(baseline.StabilityText(c.Stability))), stableValue(c), maskText(c))
	}
	fmt.Fprintf(&b, "\n%s\n", Summary(rep))
	_, err := io.WriteString(w, b.String())
	return err
}

// mdPipes escapes the pipes that would end a table cell.
func mdPipes(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// WriteClassesReport writes the reported classes as the compiler's -classes.txt does, in its
// order; classes of inputs built without Compose are left out, as the compiler never saw them.
func WriteClassesReport(w io.Writer, rep *scan.Report) error {
	var results []*stability.ClassResult
	for _, c := range rep.ReportOrder() {
		if r := c.Result(); r != nil {
			results = append(results, r)
		}
	}
	return stability.WriteClassesReport(w, results)
}
