package main

import (
	"fmt"
	"strings"

	"github.com/composestab/composestab/audit"
	"github.com/composestab/composestab/stability"
)

func runExplain(s *streams, args []string) error {
	var o auditOptions
	var format string
	var nonJVM bool
	fs := newFlagSet(s, "explain", "explain [flags] TYPE")
	scanFlags(fs, &o)
	fs.StringVar(&format, "format", "text", "text or json")
	fs.BoolVar(&nonJVM, "non-jvm", false, "use the mask-based rules of Kotlin/JS, Wasm and Native call sites")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := oneOf("format", format, "text", "json"); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usageErrorf("explain takes one TYPE, such as 'com.example.Box<kotlin.collections.List<com.example.User>>'")
	}
	if len(o.classpath) == 0 {
		return usageErrorf("explain needs --classpath with the jars that declare the type")
	}
	cfg, err := loadConfigs(o.configs)
	if err != nil {
		return err
	}
	cp, err := o.repos.expandClasspath(s, o.quiet, o.classpath)
	if err != nil {
		return err
	}
	in, err := audit.Explain(cp, fs.Arg(0), stability.Options{Compiler: o.compiler, Config: cfg, NonJVM: nonJVM})
	if err != nil {
		return usageErrorf("%v", err)
	}
	if !o.quiet {
		for _, e := range in.Errors {
			fmt.Fprintf(s.err, "%s: %s\n", colorize(s.errTTY, "33", "error"), e)
		}
	}
	if format == "json" {
		if err := writeJSON(s.out, in); err != nil {
			return err
		}
		return explainExit(in)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "type:       %s\n", fs.Arg(0))
	fmt.Fprintf(&b, "verdict:    %s (%s)\n", in.Verdict, in.Effective)
	fmt.Fprintf(&b, "stability:  %s\n", in.Stability)
	expr := in.Expression
	if expr == "" {
		expr = "(none)"
	}
	fmt.Fprintf(&b, "expression: %s\n", expr)
	fmt.Fprintf(&b, "value:      %s\n", in.ValueText)
	fmt.Fprintf(&b, "strong skipping:    %s\n", in.StrongSkipping)
	fmt.Fprintf(&b, "no strong skipping: %s\n", in.NoStrongSkipping)
	b.WriteString("why:\n")
	for _, r := range in.Reasons {
		b.WriteString("  " + r + "\n")
	}
	if len(in.Producers) > 0 {
		b.WriteString("built by:\n")
		for _, p := range in.Producers {
			b.WriteString("  " + p + "\n")
		}
	}
	if len(in.Values) > 0 {
		b.WriteString("$stable values read:\n")
		for _, v := range in.Values {
			b.WriteString("  " + v + "\n")
		}
	}
	if _, err = fmt.Fprint(s.out, b.String()); err != nil {
		return err
	}
	return explainExit(in)
}

// explainExit is exit 3 when part of the classpath could not be read: the answer may lack what
// those entries hold.
func explainExit(in *audit.Explanation) error {
	if in.Unreadable() {
		return &exitError{code: exitUnreadable}
	}
	return nil
}

func loadConfigs(paths []string) (*stability.Config, error) {
	if len(paths) == 0 {
		return nil, nil
	}
	cfg, err := stability.LoadConfig(paths...)
	if err != nil {
		return nil, unreadableErrorf("%v", err)
	}
	return cfg, nil
}
