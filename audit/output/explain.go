package output

import (
	"fmt"
	"io"
	"strings"

	"github.com/composestab/composestab/audit/explain"
	"github.com/composestab/composestab/internal/escape"
)

// WriteExplanationText writes explain's answer for typ (as the user wrote it): the verdict, the
// stability, the $changed expression and value, what the callee does with and without strong
// skipping, why, who built the classes read, and every $stable read.
func WriteExplanationText(w io.Writer, typ string, in *explain.Explanation) error {
	var b strings.Builder
	line := func(label, text string) {
		b.WriteString(label + escape.Text(text) + "\n")
	}
	line("type:       ", typ)
	if strings.Contains(typ, "->") {
		line("as IR type: ", in.Type)
	}
	line("verdict:    ", fmt.Sprintf("%s (%s)", in.Verdict, in.Effective))
	line("stability:  ", in.Stability)
	expr := in.Expression
	if expr == "" {
		expr = "(none: nothing is read at run time)"
	}
	line("expression: ", expr)
	line("value:      ", in.ValueText)
	line("strong skipping:    ", in.StrongSkipping)
	line("no strong skipping: ", in.NoStrongSkipping)
	b.WriteString("why:\n")
	for _, r := range in.Reasons {
		line("  ", r)
	}
	if len(in.Producers) > 0 {
		b.WriteString("built by:\n")
		for _, p := range in.Producers {
			line("  ", p)
		}
	}
	if len(in.Values) > 0 {
		b.WriteString("$stable values read:\n")
		for _, v := range in.Values {
			line("  ", v)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
