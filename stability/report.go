package stability

import (
	"io"
	"strings"

	"github.com/composestab/composestab/internal/escape"
)

// WriteClassesReport writes results in the compiler's <module>-classes.txt format: one block per
// processed class, in the order given.
func WriteClassesReport(w io.Writer, results []*ClassResult) error {
	var b strings.Builder
	for _, r := range results {
		if !r.Processed {
			continue
		}
		b.WriteString(string(r.Verdict()))
		b.WriteString(" class ")
		if r.ReportName != "" {
			b.WriteString(escape.Text(r.ReportName))
		} else {
			b.WriteString(escape.Text(r.Class.FqName()))
		}
		b.WriteString(" {\n")
		for _, f := range r.Fields {
			b.WriteString("  ")
			b.WriteString(string(VerdictOf(f.Stability)))
			if f.Field.Var || f.Field.Bare {
				b.WriteString(" var ")
			} else {
				b.WriteString(" val ")
			}
			b.WriteString(escape.Text(f.Field.Name))
			b.WriteString(": ")
			if r.UnloweredTypes {
				b.WriteString(escape.Text(f.Field.Type.UnloweredString()))
			} else {
				b.WriteString(escape.Text(f.Field.Type.String()))
			}
			b.WriteByte('\n')
		}
		if !r.Marked {
			b.WriteString("  <runtime stability> = ")
			b.WriteString(escape.Text(r.Stability.String()))
			b.WriteByte('\n')
		}
		b.WriteString("}\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}
