package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/escape"

	"github.com/composestab/composestab/composable"
)

// printComposables is audit --composables: one line per composable, what stops those that do not
// skip, and a footer per input.
func printComposables(s *streams, format string, rep *scan.Report) error {
	var b strings.Builder
	for _, ic := range rep.Composables {
		switch format {
		case "compose-report":
			if err := composable.WriteComposablesTxt(&b, ic.Module.Functions); err != nil {
				return err
			}
			continue
		case "table":
			rows := make([][]string, 0, len(ic.Composables))
			for _, c := range ic.Composables {
				rows = append(rows, []string{skipWord(s.outTTY, c), escape.Text(c.Name), escape.Text(c.Why), escape.Text(strings.Join(c.Identity, ", "))})
			}
			if err := renderTable(&b, s.width, []string{"Skips", "Composable", "Why not", "Compared by identity"}, rows); err != nil {
				return err
			}
		case "markdown":
			b.WriteString("| Skips | Composable | Why not | Compared by identity |\n|---|---|---|---|\n")
			for _, c := range ic.Composables {
				fmt.Fprintf(&b, "| %s | `%s` | %s | %s |\n", skipWord(false, c), mdEscape(escape.Text(c.Name)), mdEscape(escape.Text(c.Why)), mdEscape(escape.Text(strings.Join(c.Identity, ", "))))
			}
			b.WriteString("\n")
		default:
			for _, c := range ic.Composables {
				fmt.Fprintf(&b, "%-8s %s", skipWord(false, c), escape.Text(c.Name))
				if c.Why != "" {
					fmt.Fprintf(&b, "  (%s)", escape.Text(c.Why))
				}
				if len(c.Identity) > 0 {
					fmt.Fprintf(&b, "  identity: %s", escape.Text(strings.Join(c.Identity, ", ")))
				}
				b.WriteString("\n")
			}
		}
		b.WriteString(composablesSummary(ic) + "\n")
	}
	_, err := io.WriteString(s.out, b.String())
	return err
}

// skipWord is "skips" or "runs" (runs whenever its caller recomposes).
func skipWord(color bool, c *scan.Composable) string {
	if c.Skippable {
		return colorize(color, "32", "skips")
	}
	return colorize(color, "31", "runs")
}

// composablesSummary is one input's footer: counts, and what strong skipping means for them.
func composablesSummary(ic *scan.InputComposables) string {
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
	s := fmt.Sprintf("%s: %d composables: %d skippable, %d restartable, %d not skippable; %s", ic.Input, len(ic.Composables),
		skippable, restartable, len(ic.Composables)-skippable, strong)
	if identity > 0 {
		s += fmt.Sprintf(" (%d compare unstable parameters by identity)", identity)
	}
	return s
}
