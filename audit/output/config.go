package output

import (
	"fmt"
	"io"
	"strings"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/audit/verify"
	"github.com/composestab/composestab/internal/escape"
	"github.com/composestab/composestab/stability"
)

// WriteStabilityConfig writes audit --format stability-config: a stability configuration file
// whose active lines are the safe suggestions, each after a comment saying why, followed by the
// unsafe ones commented out with what makes them unsafe.
func WriteStabilityConfig(w io.Writer, rep *scan.Report) error {
	var b strings.Builder
	safe := 0
	for _, sg := range rep.Suggestions {
		if sg.Safe {
			safe++
		}
	}
	fmt.Fprintf(&b, "// Stability configuration suggested by composestab for %s.\n", escape.Text(strings.Join(rep.Inputs, ", ")))
	b.WriteString("// Apps see these classes as unstable only because they were not compiled with the Compose\n")
	b.WriteString("// compiler (Java, or Kotlin without the plugin). Pass the file to the compiler with\n")
	b.WriteString("// composeCompiler { stabilityConfigurationFiles.add(...) }.\n")
	fmt.Fprintf(&b, "// %d safe to declare stable, %d not.\n", safe, len(rep.Suggestions)-safe)
	for _, sg := range rep.Suggestions {
		if !sg.Safe {
			continue
		}
		b.WriteString("\n")
		for _, why := range sg.Why {
			fmt.Fprintf(&b, "// %s\n", escape.Text(why))
		}
		b.WriteString(escape.Text(sg.Pattern) + "\n")
	}
	if safe < len(rep.Suggestions) {
		b.WriteString("\n// Not safe to declare stable: declaring them so would let Compose skip over real changes.\n")
		for _, sg := range rep.Suggestions {
			if sg.Safe {
				continue
			}
			fmt.Fprintf(&b, "// %s: %s\n", escape.Text(sg.Pattern), escape.Text(strings.Join(sg.Why, "; ")))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteMergedStabilityConfig writes audit --format stability-config when configuration files were
// given: each file's text as it is, except the lines the check finds wrong, which are commented
// out with the finding (a too-broad wildcard is followed by exact lines for the classes that
// need it), and an unproven line gets the finding above it; then the suggestions to add
// (verify.MergeConfig gives both, judged as the merged file applies them).
func WriteMergedStabilityConfig(w io.Writer, rep *scan.Report, texts []stability.ConfigText, checks []*verify.LineCheck, suggestions []*scan.Suggestion) error {
	byLine := map[string]*verify.LineCheck{}
	for _, lc := range checks {
		byLine[fmt.Sprintf("%s:%d", lc.Line.Path, lc.Line.Line)] = lc
	}
	var b strings.Builder
	kept, removed := 0, 0
	var body strings.Builder
	// A pattern is written once: the exact lines a too-broad wildcard leaves, a kept line and a
	// new safe entry can name one class, and a repeated line is one the compiler ignores.
	written := map[string]bool{}
	for _, t := range texts {
		fmt.Fprintf(&body, "\n// ---- %s\n", escape.Text(t.Path))
		lines := strings.Split(strings.ReplaceAll(strings.ReplaceAll(string(t.Data), "\r\n", "\n"), "\r", "\n"), "\n")
		if len(lines) > 0 && lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		for i, line := range lines {
			lc := byLine[fmt.Sprintf("%s:%d", t.Path, i+1)]
			if lc == nil {
				body.WriteString(escape.Text(line) + "\n")
				continue
			}
			if !lc.Remove && written[lc.Line.Pattern] {
				removed++
				fmt.Fprintf(&body, "// removed by composestab (%s): repeats a line above. Fix: remove this line\n// %s\n", verify.RuleConfigRedundant, escape.Text(strings.TrimSpace(line)))
				continue
			}
			if !lc.Remove {
				for _, x := range lc.Findings {
					fmt.Fprintf(&body, "// composestab %s: %s\n", x.Rule, escape.Text(x.Message))
				}
				kept++
				written[lc.Line.Pattern] = true
				body.WriteString(escape.Text(line) + "\n")
				continue
			}
			removed++
			for _, x := range lc.Findings {
				if x.Rule != verify.RuleConfigUnproven {
					fmt.Fprintf(&body, "// removed by composestab (%s): %s\n", x.Rule, escape.Text(x.Message))
				}
			}
			fmt.Fprintf(&body, "// %s\n", escape.Text(strings.TrimSpace(line)))
			for _, r := range lc.Replace {
				if !written[r] {
					written[r] = true
					body.WriteString(escape.Text(r) + "\n")
				}
			}
		}
	}
	var added []*scan.Suggestion
	for _, sg := range suggestions {
		if sg.Safe && !written[sg.Pattern] {
			written[sg.Pattern] = true
			added = append(added, sg)
		}
	}
	fmt.Fprintf(&b, "// Stability configuration merged by composestab for %s: the given files checked\n", escape.Text(strings.Join(rep.Inputs, ", ")))
	b.WriteString("// against the bytes (composestab verify --config explains each finding), then new safe entries.\n")
	fmt.Fprintf(&b, "// %d lines kept, %d removed or narrowed, %d added.\n", kept, removed, len(added))
	b.WriteString(body.String())
	if len(added) > 0 {
		b.WriteString("\n// ---- added by composestab: classes apps find unstable only for want of Compose, safe to declare stable\n")
		for _, sg := range added {
			for _, why := range sg.Why {
				fmt.Fprintf(&b, "// %s\n", escape.Text(why))
			}
			b.WriteString(escape.Text(sg.Pattern) + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
