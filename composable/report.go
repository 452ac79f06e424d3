package composable

import (
	"fmt"
	"github.com/composestab/composestab/internal/escape"
	"io"
	"strings"
)

// ReportPrefix is the file-name prefix the compiler gives a module's reports: the module name
// with '.' replaced by '_' and '<' and '>' removed.
func ReportPrefix(module string) string {
	r := strings.NewReplacer(".", "_", "<", "", ">", "")
	return r.Replace(module)
}

// WriteComposablesTxt writes the compiler's <module>-composables.txt: one block per non-lambda
// composable, in recording order.
func WriteComposablesTxt(w io.Writer, fns []*Function) error {
	var b strings.Builder
	for _, f := range fns {
		if f.Lambda {
			continue
		}
		writeFunction(&b, f)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeFunction(b *strings.Builder, f *Function) {
	for _, w := range []struct {
		on   bool
		word string
	}{{f.Restartable, "restartable "}, {f.Skippable, "skippable "}, {f.Readonly, "readonly "}, {f.Inline, "inline "}, {f.Abstract, "abstract "}, {f.Open, "open "}} {
		if w.on {
			b.WriteString(w.word)
		}
	}
	if f.Scheme != "" {
		b.WriteString(`scheme("` + f.Scheme + `") `)
	}
	name := f.FqName
	if f.ReportName != "" {
		name = f.ReportName
	}
	b.WriteString("fun " + escape.Text(name))
	if len(f.Params) == 0 {
		b.WriteString("()\n")
		return
	}
	b.WriteString("(\n")
	for _, p := range f.Params {
		b.WriteString("  ")
		if !p.Used {
			b.WriteString("unused ")
		}
		if s := p.Stability.String(); s != "" {
			b.WriteString(escape.Text(s) + " ")
		}
		b.WriteString(escape.Text(p.Name) + ": " + escape.Text(p.Type))
		if d := p.Default; d != nil {
			b.WriteString(" = ")
			if d.Static {
				b.WriteString("@static ")
			} else {
				b.WriteString("@dynamic ")
			}
			b.WriteString(escape.Text(d.Expr))
		}
		b.WriteByte('\n')
	}
	b.WriteString(")")
	if f.ReturnType != "" {
		b.WriteString(": " + escape.Text(f.ReturnType))
	}
	b.WriteByte('\n')
}

// WriteComposablesCSV writes the compiler's <module>-composables.csv. Every value is followed by
// a comma; a value holding a comma is an error, as in the compiler.
func WriteComposablesCSV(w io.Writer, fns []*Function) error {
	var b strings.Builder
	b.WriteString("package,name,composable,skippable,restartable,readonly,inline,isLambda,hasDefaults,defaultsGroup,groups,calls,\n")
	bit := func(v bool) string {
		if v {
			return "1"
		}
		return "0"
	}
	for _, f := range fns {
		if f.Lambda {
			continue
		}
		cols := []string{f.FqName, f.Name, "1", bit(f.Skippable), bit(f.Restartable), bit(f.Readonly), bit(f.Inline), bit(f.Lambda),
			bit(f.HasDefaults), bit(f.DefaultsGroup), itoa(f.Groups), itoa(f.Calls)}
		for _, c := range cols {
			if strings.Contains(c, ",") {
				//lint:ignore ST1005 the compiler's own message, word for word
				return fmt.Errorf("Illegal character ',' found: %s", c)
			}
			b.WriteString(escape.Text(c) + ",")
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteModuleJSON writes the compiler's <module>-module.json: two-space indentation, keys in the
// compiler's order, featureFlags last, no newline at the end.
func WriteModuleJSON(w io.Writer, m Metrics, f Features) error {
	var b strings.Builder
	b.WriteString("{\n")
	for _, e := range []struct {
		key string
		n   int
	}{
		{"skippableComposables", m.SkippableComposables}, {"restartableComposables", m.RestartableComposables},
		{"readonlyComposables", m.ReadonlyComposables}, {"totalComposables", m.TotalComposables},
		{"restartGroups", m.RestartGroups}, {"totalGroups", m.TotalGroups},
		{"staticArguments", m.StaticArguments}, {"certainArguments", m.CertainArguments},
		{"knownStableArguments", m.KnownStableArguments}, {"knownUnstableArguments", m.KnownUnstableArguments},
		{"unknownStableArguments", m.UnknownStableArguments}, {"totalArguments", m.TotalArguments},
		{"markedStableClasses", m.MarkedStableClasses}, {"inferredStableClasses", m.InferredStableClasses},
		{"inferredUnstableClasses", m.InferredUnstableClasses}, {"inferredUncertainClasses", m.InferredUncertainClasses},
		{"effectivelyStableClasses", m.EffectivelyStableClasses}, {"totalClasses", m.TotalClasses},
		{"memoizedLambdas", m.MemoizedLambdas}, {"singletonLambdas", m.SingletonLambdas},
		{"singletonComposableLambdas", m.SingletonComposableLambdas}, {"composableLambdas", m.ComposableLambdas},
		{"totalLambdas", m.TotalLambdas},
	} {
		fmt.Fprintf(&b, "  %q: %d,\n", e.key, e.n)
	}
	fmt.Fprintf(&b, "  \"featureFlags\": {\n    \"StrongSkipping\": %t,\n    \"IntrinsicRemember\": %t,\n    \"OptimizeNonSkippingGroups\": %t",
		f.StrongSkipping, f.IntrinsicRemember, f.OptimizeNonSkippingGroups)
	if !f.noPausableFlag {
		fmt.Fprintf(&b, ",\n    \"PausableComposition\": %t", f.PausableComposition)
	}
	b.WriteString("\n  }\n}")
	_, err := io.WriteString(w, b.String())
	return err
}
