package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"

	"github.com/composestab/composestab/audit/explain"
	"github.com/composestab/composestab/audit/output"
	"github.com/composestab/composestab/internal/escape"

	"github.com/composestab/composestab/stability"
)

// explainUsage documents the TYPE syntax; %s is the flag list.
const explainUsage = `What a composable call in an app compiled with Compose passes in $changed for an argument of
TYPE, what the callee does with it (with and without strong skipping), and why.

Usage: composestab explain [flags] TYPE
       composestab explain --composable NAME [--call-site FILE:LINE] [flags] PATH...

TYPE is written as in Kotlin (quote it for the shell):
  kotlin.Int, String, Unit                  built-ins and the standard library need no --classpath
  kotlin.collections.List<String>           short names of kotlin.*, kotlin.collections.*, ...
  java.math.BigDecimal, java.util.Date      JDK classes need no --classpath either
  com.example.Box<com.example.User>         other classes come from --classpath; a short name
                                            (Box<User>) must be unambiguous there
  Outer.Nested, Box<*>, Box<out T>, User?   nested classes, projections, nullability
  () -> Unit, (Int, String) -> Boolean      function types: stable
  String.() -> Unit, (x: Int) -> Unit       receivers and parameter names
  @Composable () -> Unit                    a composable lambda: stable (a Function2)
  @Composable RowScope.() -> Unit
  suspend () -> Unit                        uncertain: SuspendFunction0 is an interface
  (() -> Unit)?, Box<() -> Unit>            nullable and nested function types
Every class needs as many type arguments as it has type parameters, within their bounds.
A class found nowhere is named on stderr ("missing: ...") and the answer is unknown until it is
on --classpath.

Examples:
  composestab explain 'kotlin.collections.List<String>'
  composestab explain '@Composable () -> Unit'
  composestab explain --classpath lib1.jar:runtime.jar 'lib1.LBox<lib1.LStable>'

With --composable, takes one compiled composable of the PATHs apart instead: its source and
compiled signatures, the bits of $changed and $default per slot, what the skipping preamble
compares for each parameter and under which masks, the stability behind it, the skip decision,
the groups with their keys and lines, and the restart lambda. NAME is the Kotlin name
(app.Screen, or Screen when unambiguous) or the JVM owner, name and descriptor
(app/ScreenKt.Screen(Landroidx/compose/runtime/Composer;I)V); when it names several overloads
they are listed. --call-site FILE:LINE also decodes the $changed the calls of it on that line
pass, slot by slot (Static, Same/Different, Uncertain), and why.
  composestab explain --composable capp.ShowLabel --call-site Callers.kt:30 \
    --classpath clibv1.jar:runtime.jar capp.jar

Exit codes: 0 answered, 2 bad flags or TYPE (syntax, type-argument count, bounds),
3 some --classpath entry could not be read.

Flags:
%s`

func runExplain(s *streams, args []string) error {
	var o auditOptions
	var format string
	var nonJVM bool
	fs := newFlagSet(s, "explain", "explain [flags] TYPE")
	scanFlags(fs, &o)
	fs.StringVar(&format, "format", "text", "text or json")
	fs.BoolVar(&nonJVM, "non-jvm", false, "use the mask-based rules of Kotlin/JS, Wasm and Native call sites")
	var name, callSite string
	fs.StringVar(&name, "composable", "", "take apart this composable of the PATHs: a Kotlin name or JVM owner.name(descriptor)")
	fs.StringVar(&callSite, "call-site", "", "with --composable: decode the $changed of its calls on this FILE:LINE")
	fs.Usage = func() { fmt.Fprintf(s.out, explainUsage, fs.FlagUsagesWrapped(helpWidth)) }
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := oneOf("format", format, "text", "json"); err != nil {
		return err
	}
	if name != "" {
		return runExplainComposable(s, &o, format, name, callSite, fs.Args())
	}
	if callSite != "" {
		return usageErrorf("--call-site needs --composable")
	}
	if fs.NArg() != 1 {
		return usageErrorf("explain takes one TYPE, such as 'kotlin.collections.List<kotlin.String>' or '@Composable () -> Unit' (see composestab explain --help)")
	}
	typ := fs.Arg(0)
	opts, err := scanOptions(s, &o, nil, false)
	if err != nil {
		return err
	}
	opts.NonJVM = nonJVM
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	in, err := explain.Explain(ctx, opts, typ)
	var ce *stability.ConfigError
	switch {
	case errors.Is(err, context.Canceled):
		return &exitError{code: exitInterrupted, msg: "interrupted"}
	case errors.As(err, &ce):
		return unreadableErrorf("%v", err)
	case err != nil:
		// Bad syntax, a wrong number of type arguments, a bound, an ambiguous short name.
		return usageErrorf("%s", escape.Text(err.Error()))
	}
	if !o.quiet {
		for _, e := range in.Errors {
			fmt.Fprintf(s.err, "%s: %s\n", colorize(s.errTTY, "33", "error"), escape.Text(e))
		}
		for _, m := range in.Missing {
			why := "not on the classpath: add the jar that declares it with --classpath"
			if !in.NeedsMissing() {
				why = "not on the classpath; the answer does not depend on it"
			}
			fmt.Fprintf(s.err, "%s: %s (%s)\n", colorize(s.errTTY, "33", "missing"), escape.Text(m), why)
		}
	}
	if format == "json" {
		if err := output.WriteJSON(s.out, in); err != nil {
			return err
		}
		return explainExit(in)
	}
	if err := output.WriteExplanationText(s.out, typ, in); err != nil {
		return err
	}
	return explainExit(in)
}

// explainExit is exit 3 when part of the classpath could not be read: the answer may lack what
// those entries hold. A class that is merely missing is said on stderr, not in the exit code,
// as audit does.
func explainExit(in *explain.Explanation) error {
	if in.Unreadable() {
		return &exitError{code: exitUnreadable}
	}
	return nil
}
