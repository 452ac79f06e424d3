package output

import (
	"fmt"
	"io"
	"strings"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/composable"
	"github.com/composestab/composestab/internal/english"
	"github.com/composestab/composestab/internal/escape"
)

// ComposableHeader names the columns of ComposableRow.
var ComposableHeader = []string{"Skips", "Composable", "Why not", "Compared by identity"}

// ComposableRow is one composable as the table shows it, escaped: "skips" or "runs" (runs
// whenever its caller recomposes), its name, what stops it skipping, and the parameters it
// compares by identity.
func ComposableRow(c *scan.Composable) []string {
	return []string{skipWord(c), escape.Text(c.Name), escape.Text(c.Why), escape.Text(strings.Join(c.Identity, ", "))}
}

func skipWord(c *scan.Composable) string {
	if c.Skippable {
		return "skips"
	}
	return "runs"
}

// WriteComposables writes audit --composables in format "text", "markdown" or "compose-report"
// (the compiler's -composables.txt): one line per composable, what stops those that do not
// skip, and a footer per input.
func WriteComposables(w io.Writer, format string, rep *scan.Report) error {
	var b strings.Builder
	for _, ic := range rep.Composables {
		switch format {
		case "compose-report":
			if err := composable.WriteComposablesTxt(&b, ic.Module.Functions); err != nil {
				return err
			}
			continue
		case "markdown":
			b.WriteString("| Skips | Composable | Why not | Compared by identity |\n|---|---|---|---|\n")
			for _, c := range ic.Composables {
				fmt.Fprintf(&b, "| %s | `%s` | %s | %s |\n", skipWord(c), mdPipes(escape.Text(c.Name)), mdPipes(escape.Text(c.Why)), mdPipes(escape.Text(strings.Join(c.Identity, ", "))))
			}
			b.WriteString("\n")
		default:
			for _, c := range ic.Composables {
				fmt.Fprintf(&b, "%-8s %s", skipWord(c), escape.Text(c.Name))
				if c.Why != "" {
					fmt.Fprintf(&b, "  (%s)", escape.Text(c.Why))
				}
				if len(c.Identity) > 0 {
					fmt.Fprintf(&b, "  identity: %s", escape.Text(strings.Join(c.Identity, ", ")))
				}
				if len(c.Undecided) > 0 {
					fmt.Fprintf(&b, "  undecided: %s", escape.Text(strings.Join(c.Undecided, ", ")))
				}
				if c.Blocked != "" {
					fmt.Fprintf(&b, "  (runs on this classpath: %s)", escape.Text(c.Blocked))
				}
				b.WriteString("\n")
			}
		}
		b.WriteString(ComposablesSummary(ic) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// ComposablesSummary is one input's footer: counts, and what strong skipping means for them.
func ComposablesSummary(ic *scan.InputComposables) string {
	skippable, restartable, identity := 0, 0, 0
	for _, c := range ic.Composables {
		if c.Skippable {
			skippable++
		}
		if c.Restartable {
			restartable++
		}
		if len(c.Identity) > 0 {
			identity++
		}
	}
	strong := "strong skipping on"
	if !ic.StrongSkipping {
		strong = "strong skipping off"
	}
	s := fmt.Sprintf("%s: %s: %d skippable, %d restartable, %d not skippable; %s", ic.Input, english.Plural(len(ic.Composables), "composable"),
		skippable, restartable, len(ic.Composables)-skippable, strong)
	if identity > 0 {
		s += fmt.Sprintf(" (%d compare unstable parameters by identity)", identity)
	}
	return s
}
