package output

import (
	"fmt"
	"io"
	"strings"

	"github.com/composestab/composestab/audit/diff"
	"github.com/composestab/composestab/audit/verify"
	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/internal/english"
	"github.com/composestab/composestab/internal/escape"
)

// WriteDiffText writes the changes in apidiff's shape: regressions, then improvements, then neutral
// changes, each under a header with "- " bullets, and a summary line.
func WriteDiffText(w io.Writer, d *diff.Report) error {
	var b strings.Builder
	for _, k := range []diff.ChangeKind{diff.Regression, diff.Improvement, diff.Neutral} {
		first := true
		item := func(label, message string) {
			if first {
				if b.Len() > 0 {
					b.WriteString("\n")
				}
				b.WriteString(sectionTitle[k] + ":\n")
				first = false
			}
			fmt.Fprintf(&b, "- %s: %s\n", escape.Text(label), escape.Text(message))
		}
		for _, c := range d.Changes {
			if c.Kind == k {
				item(c.Class, c.Message)
			}
		}
		for _, c := range d.Composables {
			if c.Kind == k {
				item("composable "+composableLabel(c), c.Message)
			}
		}
	}
	if b.Len() > 0 {
		b.WriteString("\n")
	}
	b.WriteString(d.Summary() + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// composableLabel names a changed composable: its qualified name and its JVM parameter types by
// simple name, without the Composer and the ints after it, which tells overloads apart:
// capp.Show(Point, Counter).
func composableLabel(c diff.ComposableChange) string {
	_, desc, _ := strings.Cut(c.Key, "(")
	params, _, ok := classfile.ParseMethodDescriptor("(" + desc)
	if c.Name == "" || !ok {
		return c.Key
	}
	var names []string
	for _, p := range params {
		if p == "Landroidx/compose/runtime/Composer;" {
			break
		}
		names = append(names, simpleDescriptor(p))
	}
	return c.Name + "(" + strings.Join(names, ", ") + ")"
}

// simpleDescriptor is a field descriptor as a short type: int, Point, String[].
func simpleDescriptor(d string) string {
	dims := ""
	for strings.HasPrefix(d, "[") {
		d, dims = d[1:], dims+"[]"
	}
	if name, ok := classfile.DescriptorClass(d); ok {
		return name[strings.LastIndexByte(name, '/')+1:] + dims
	}
	if p, ok := primitiveNames[d]; ok {
		return p + dims
	}
	return d + dims
}

var primitiveNames = map[string]string{"Z": "boolean", "C": "char", "B": "byte", "S": "short", "I": "int", "J": "long", "F": "float", "D": "double"}

func countKind(cs []diff.Change, k diff.ChangeKind) int {
	n := 0
	for _, c := range cs {
		if c.Kind == k {
			n++
		}
	}
	return n
}

func countComposableKind(cs []diff.ComposableChange, k diff.ChangeKind) int {
	n := 0
	for _, c := range cs {
		if c.Kind == k {
			n++
		}
	}
	return n
}

var sectionTitle = map[diff.ChangeKind]string{diff.Regression: "Regressions", diff.Improvement: "Improvements", diff.Neutral: "Neutral changes"}

// WriteDiffMarkdown writes the changes as a pull-request comment: a summary, then a table per kind.
func WriteDiffMarkdown(w io.Writer, d *diff.Report) error {
	var b strings.Builder
	b.WriteString("### Compose stability changes\n\n")
	none := len(d.Changes) == 0 && len(d.Composables) == 0
	if none {
		b.WriteString("No stability changes.\n")
	}
	for _, k := range []diff.ChangeKind{diff.Regression, diff.Improvement, diff.Neutral} {
		if d.Count(k) == 0 {
			continue
		}
		fmt.Fprintf(&b, "**%s** (%d)\n\n", sectionTitle[k], d.Count(k))
		if n := countKind(d.Changes, k); n > 0 {
			b.WriteString("| Class | Change | Old | New |\n|---|---|---|---|\n")
			for _, c := range d.Changes {
				if c.Kind == k {
					fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", mdCode(c.Class), mdCell(c.Message), mdCode(c.Old), mdCode(c.New))
				}
			}
			b.WriteString("\n")
		}
		if n := countComposableKind(d.Composables, k); n > 0 {
			b.WriteString("| Composable | Change | Old | New |\n|---|---|---|---|\n")
			for _, c := range d.Composables {
				if c.Kind == k {
					fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", mdCode(composableLabel(c)), mdCell(c.Message), mdCode(c.Old), mdCode(c.New))
				}
			}
			b.WriteString("\n")
		}
	}
	if none {
		b.WriteString("\n")
	}
	if len(d.Errors) > 0 {
		fmt.Fprintf(&b, "<details><summary>%s while scanning</summary>\n\n", english.Plural(len(d.Errors), "error"))
		for _, e := range d.Errors {
			fmt.Fprintf(&b, "- %s: %s\n", e.Kind, mdCell(e.Error()))
		}
		b.WriteString("\n</details>\n\n")
	}
	b.WriteString(d.Summary() + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// mdCell makes text safe inside a table cell of a pull-request comment: outside `code` spans,
// characters that Markdown or GitHub would interpret (emphasis, HTML, @mentions, $math$) are
// escaped; everywhere, pipes are escaped and newlines flattened.
func mdCell(s string) string {
	parts := strings.Split(escape.Text(strings.ReplaceAll(s, "\n", " ")), "`")
	for i, p := range parts {
		if i%2 == 0 || i == len(parts)-1 && len(parts)%2 == 0 {
			p = mdText.Replace(p)
		}
		parts[i] = strings.NewReplacer("|", "\\|", "\n", " ").Replace(p)
	}
	return strings.Join(parts, "`")
}

var mdText = strings.NewReplacer("\\", "\\\\", "*", "\\*", "_", "\\_", "<", "&lt;", ">", "&gt;", "@", "&#64;", "$", "&#36;")

// mdCode is s as a code span in a table cell.
func mdCode(s string) string {
	if s == "" {
		return ""
	}
	return "`" + strings.NewReplacer("|", "\\|", "\n", " ").Replace(escape.Text(s)) + "`"
}

// WriteVerifyText writes one line per finding and a summary.
func WriteVerifyText(w io.Writer, v *verify.Report) error {
	var b strings.Builder
	for _, x := range v.Violations {
		where := escape.Text(x.Class)
		if x.Line > 0 {
			where = fmt.Sprintf("%s:%d: %s", escape.Text(x.Input), x.Line, where)
		}
		fmt.Fprintf(&b, "%-7s %-21s %s: %s\n", x.Severity, x.Rule, where, escape.Text(x.Message))
	}
	classes := map[string]bool{}
	lines := map[string]bool{}
	count := map[string]int{}
	for _, x := range v.Violations {
		if x.Line > 0 {
			lines[fmt.Sprintf("%s:%d", x.Input, x.Line)] = true
		} else {
			classes[x.Class] = true
		}
		count[x.Severity]++
	}
	fmt.Fprintf(&b, "%s in %s", english.Plural(len(v.Violations), "violation"), english.Plural(len(classes), "class"))
	if len(lines) > 0 {
		fmt.Fprintf(&b, " and %s of configuration", english.Plural(len(lines), "line"))
	}
	if len(v.Violations) > 0 {
		fmt.Fprintf(&b, " (%d error, %d warning, %d info)", count[verify.SeverityError], count[verify.SeverityWarning], count[verify.SeverityInfo])
	}
	if v.Suppressed > 0 {
		fmt.Fprintf(&b, "; %d suppressed", v.Suppressed)
	}
	fmt.Fprintf(&b, "; %s\n", english.Plural(len(v.Errors), "error"))
	_, err := io.WriteString(w, b.String())
	return err
}
