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

// WriteCallSites writes audit --call-sites as text (also for "table") or markdown: per input,
// the calls that re-run their callee on every recomposition of the caller, each with its fix,
// then every other argument a callee compares by identity, with where it comes from.
func WriteCallSites(w io.Writer, format string, rep *scan.Report) error {
	var b strings.Builder
	for _, ic := range rep.Composables {
		var churn, identity []*composable.CallSite
		for _, s := range ic.CallSites {
			switch {
			case s.Findings() > 0:
				churn = append(churn, s)
			case hasIdentity(s):
				identity = append(identity, s)
			}
		}
		mode := "strong skipping on"
		if !ic.StrongSkipping {
			mode = "strong skipping off"
		}
		summary := fmt.Sprintf("%s: %s, %s re-run their callee on every recomposition; %s", escape.Text(ic.Input),
			english.Plural(len(ic.CallSites), "composable call"), english.Plural(len(churn), "call"), mode)
		if format == "markdown" {
			b.WriteString("| Where | Call | Finding |\n|---|---|---|\n")
			for _, s := range churn {
				fmt.Fprintf(&b, "| %s | %s | %s |\n", mdCode(where(s)), mdCode(caller(s)+" → "+s.CalleeName), mdCell(s.String()))
			}
			b.WriteString("\n")
			b.WriteString(summary + "\n\n")
			continue
		}
		if len(churn) > 0 {
			b.WriteString("Re-run on every recomposition:\n")
			for _, s := range churn {
				fmt.Fprintf(&b, "- %s  %s\n", escape.Text(where(s)), escape.Text(s.String()))
			}
			b.WriteString("\n")
		}
		if len(identity) > 0 {
			b.WriteString("Compared by identity, not re-run:\n")
			for _, s := range identity {
				var args []string
				for _, a := range s.Arguments {
					if a.Compare == composable.Identity {
						text := a.Param + ": " + string(a.Origin)
						if a.What != "" {
							text += " (" + a.What + ")"
						}
						args = append(args, text)
					}
				}
				fmt.Fprintf(&b, "- %s  %s → %s: %s\n", escape.Text(where(s)), escape.Text(caller(s)), escape.Text(s.CalleeName), escape.Text(strings.Join(args, ", ")))
			}
			b.WriteString("\n")
		}
		b.WriteString(summary + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func hasIdentity(s *composable.CallSite) bool {
	for _, a := range s.Arguments {
		if a.Compare == composable.Identity {
			return true
		}
	}
	return false
}

// where is a call's file and line.
func where(s *composable.CallSite) string {
	if s.Line > 0 {
		return fmt.Sprintf("%s:%d", s.File, s.Line)
	}
	return s.File
}

// caller names the calling method: its composable name, or its JVM owner and name.
func caller(s *composable.CallSite) string {
	if s.CallerName != "" {
		return s.CallerName
	}
	name, _, _ := strings.Cut(s.Caller, "(")
	return name
}
