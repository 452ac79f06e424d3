package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"sync"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/audit/diff"
	"github.com/composestab/composestab/audit/output"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/english"
	"github.com/composestab/composestab/stability"
)

// diffFormats are the printers of a *diff.Report, for diff and check alike.
var diffFormats = []string{"text", "json", "markdown", "sarif", "html"}

func runDiff(s *streams, args []string) error {
	var o auditOptions
	var oldCP, newCP, ignore, oldConfigs, newConfigs []string
	var format, oldCompiler, newCompiler string
	var asCompiled bool
	fs := newFlagSet(s, "diff", "diff [flags] OLD NEW   (each side one or more jars, AARs or folders joined by '"+listSep+"')\n"+
		"       composestab diff --old-compiler A --new-compiler B [--classpath DEPS] PATH...   (what a Kotlin bump changes)")
	fs.StringArrayVar(&o.classpath, "classpath", nil, "jars or folders both sides resolve against (repeatable; several joined by '"+listSep+"')")
	fs.StringVar(&oldCompiler, "old-compiler", "", "what-if: the Kotlin release the app is built with today (with --new-compiler; PATH... are the classes to predict for)")
	fs.StringVar(&newCompiler, "new-compiler", "", "what-if: the Kotlin release to move to: every class of PATH... an app built by it sees differently (audit --compiler's verdict and stability), with the rules that changed")
	fs.BoolVar(&asCompiled, "as-compiled", false, "what-if: the classes as each release would compile them (an app's own classes, a library rebuilt): inferred stability, $stable written, mask and field verdicts")
	fs.StringArrayVar(&oldCP, "old-classpath", nil, "jars or folders the OLD side resolves against (repeatable; several joined by '"+listSep+"')")
	fs.StringArrayVar(&newCP, "new-classpath", nil, "jars or folders the NEW side resolves against (repeatable; several joined by '"+listSep+"')")
	fs.StringArrayVar(&o.configs, "config", nil, "stability configuration file, applied to both sides (repeatable)")
	fs.StringArrayVar(&oldConfigs, "old-config", nil, "stability configuration file of the OLD side only (repeatable): each change names the lines that start or stop deciding it")
	fs.StringArrayVar(&newConfigs, "new-config", nil, "stability configuration file of the NEW side only (repeatable)")
	fs.StringVar(&o.compiler, "compiler", stability.DefaultCompiler, "Compose compiler version whose rules apply ("+strings.Join(stability.SupportedCompilers, ", ")+")")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress or diagnostics on stderr")
	fs.BoolVar(&o.includeNonPublic, "include-nonpublic", false, "also compare internal classes")
	fs.BoolVar(&o.composables, "composables", false, "also compare the public composables: whether a call skips and how each parameter is compared (the same app against two dependency sets: --old-classpath, --new-classpath)")
	fs.StringArrayVar(&ignore, "ignore", nil, "drop changes of classes matching this pattern (configuration-file syntax; repeatable)")
	fs.StringVar(&format, "format", "text", "text, json, markdown, sarif or html (one self-contained page)")
	fs.BoolVar(&o.debug, "debug", false, "print the stack of internal errors (for a bug report)")
	o.repos.register(fs)
	limitFlags(fs, &o.limits)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := oneOf("format", format, diffFormats...); err != nil {
		return err
	}
	ign, err := ignorePatterns(ignore)
	if err != nil {
		return err
	}
	if oldCompiler != "" || newCompiler != "" || asCompiled {
		return runCompilerWhatIf(s, &o, fs.Args(), oldCompiler, newCompiler, asCompiled, format, ign)
	}
	if fs.NArg() != 2 {
		return usageErrorf("diff takes two arguments, OLD and NEW; join several paths of one side with ':'")
	}
	oldPaths, newPaths := splitList([]string{fs.Arg(0)}), splitList([]string{fs.Arg(1)})
	if len(oldPaths) == 0 || len(newPaths) == 0 {
		return usageErrorf("diff: OLD and NEW must each name at least one path")
	}
	oldOpts, newOpts := o, o
	oldOpts.classpath, newOpts.classpath = append(oldCP, o.classpath...), append(newCP, o.classpath...)
	oldOpts.configs = append(append([]string{}, o.configs...), oldConfigs...)
	newOpts.configs = append(append([]string{}, o.configs...), newConfigs...)
	oldRep, newRep, err := scanBoth(s, &oldOpts, &newOpts, oldPaths, newPaths)
	if err != nil {
		return err
	}
	defer oldRep.Close()
	defer newRep.Close()
	d := diff.Diff(oldRep, newRep)
	d.Ignore(ign)
	if err := printDiff(s, format, d); err != nil {
		return err
	}
	findings := ""
	if n := d.Count(diff.Regression); n > 0 {
		findings = fmt.Sprintf("%d stability %s", n, english.Choose(n, "regression", "regressions"))
	}
	if err := unreadableExit(&o, findings, oldRep, newRep); err != nil {
		return err
	}
	if findings != "" {
		return &exitError{code: exitFindings, msg: findings}
	}
	return nil
}

// runCompilerWhatIf is diff --old-compiler A --new-compiler B PATH...: the same inputs as an app
// built by each release consumes them (audit --compiler's view), or, --as-compiled, as each
// release would compile them.
func runCompilerWhatIf(s *streams, o *auditOptions, paths []string, oldCompiler, newCompiler string, asCompiled bool, format string, ign *stability.Config) error {
	if oldCompiler == "" || newCompiler == "" {
		return usageErrorf("a compiler what-if needs both --old-compiler and --new-compiler")
	}
	if len(paths) == 0 {
		return usageErrorf("diff --old-compiler --new-compiler needs at least one PATH (the classes to predict for)")
	}
	w := diff.WhatIf{AsCompiled: asCompiled}
	for _, v := range []struct {
		name    string
		release *stability.Release
	}{{oldCompiler, &w.Old}, {newCompiler, &w.New}} {
		r, ok := stability.ParseRelease(v.name)
		if !ok {
			return usageErrorf("--old-compiler/--new-compiler %q: use one of %s, or X.Y for the newest X.Y.z", v.name, strings.Join(stability.SupportedCompilers, ", "))
		}
		*v.release = r
	}
	opts, err := scanOptions(s, o, paths, o.includeNonPublic)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	d, err := diff.CompilerWhatIf(ctx, opts, w)
	switch {
	case errors.Is(err, context.Canceled):
		return &exitError{code: exitInterrupted, msg: "interrupted"}
	case err != nil:
		return unreadableErrorf("%v", err)
	}
	d.Ignore(ign)
	errs := &scan.Report{Errors: d.Errors}
	diagnose(s, o, errs, "")
	if err := printDiff(s, format, d); err != nil {
		return err
	}
	findings := ""
	if n := d.Count(diff.Regression); n > 0 {
		findings = fmt.Sprintf("%d stability %s", n, english.Choose(n, "regression", "regressions"))
	}
	if err := unreadableExit(o, findings, errs); err != nil {
		return err
	}
	if findings != "" {
		return &exitError{code: exitFindings, msg: findings}
	}
	return nil
}

// scanBoth scans the two sides at once: each scan has serial stretches (opening, ordering,
// the per-class verdicts) that the other's reading fills, about a tenth off the wall time of
// two scans in a row. Diagnostics follow in a fixed order, OLD's first.
func scanBoth(s *streams, oldOpts, newOpts *auditOptions, oldPaths, newPaths []string) (oldRep, newRep *scan.Report, err error) {
	oldScan, err := scanOptions(s, oldOpts, oldPaths, oldOpts.includeNonPublic)
	if err != nil {
		return nil, nil, err
	}
	newScan, err := scanOptions(s, newOpts, newPaths, newOpts.includeNonPublic)
	if err != nil {
		return nil, nil, err
	}
	// Most classes of two releases are byte for byte the same: each is read once.
	oldScan.Shared = archive.NewShared()
	newScan.Shared = oldScan.Shared
	var oldErr, newErr error
	var wg sync.WaitGroup
	wg.Go(func() { oldRep, oldErr = runScan(oldScan) })
	newRep, newErr = runScan(newScan)
	wg.Wait()
	if err := cmp.Or(oldErr, newErr); err != nil {
		for _, rep := range []*scan.Report{oldRep, newRep} {
			if rep != nil {
				rep.Close()
			}
		}
		return nil, nil, err
	}
	diagnose(s, oldOpts, oldRep, "old")
	diagnose(s, newOpts, newRep, "new")
	return oldRep, newRep, nil
}

// ignorePatterns compiles --ignore values into one configuration, checking each on its own so
// that an error names the bad pattern.
func ignorePatterns(patterns []string) (*stability.Config, error) {
	if len(patterns) == 0 {
		return nil, nil
	}
	for _, p := range patterns {
		if _, err := stability.ParseConfig("--ignore", []byte(p)); err != nil {
			return nil, usageErrorf("%v", err)
		}
	}
	cfg, err := stability.ParseConfig("--ignore", []byte(strings.Join(patterns, "\n")))
	if err != nil {
		return nil, usageErrorf("--ignore: %v", err)
	}
	return cfg, nil
}

func printDiff(s *streams, format string, d *diff.Report) error {
	switch format {
	case "html":
		title := "Compose stability changes"
		if len(d.Old) == 0 {
			title = "Compose stability against the baseline"
		}
		return output.WriteDiffHTML(s.out, d, title)
	case "json":
		return output.WriteJSON(s.out, d)
	case "markdown":
		return output.WriteDiffMarkdown(s.out, d)
	case "sarif":
		return output.WriteDiffSARIF(s.out, d)
	}
	return output.WriteDiffText(s.out, d)
}
