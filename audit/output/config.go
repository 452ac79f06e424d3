package output

import (
	"fmt"
	"io"
	"strings"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/escape"
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
