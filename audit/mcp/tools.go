package mcp

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/audit/diff"
	"github.com/composestab/composestab/audit/explain"
	"github.com/composestab/composestab/audit/output"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/audit/verify"
	"github.com/composestab/composestab/composable"
	"github.com/composestab/composestab/stability"
)

const (
	maxErrors      = 50 // errors listed in one answer
	maxMissing     = 50 // missing classes listed in a summary
	maxLineClasses = 25 // classes listed per kind of a configuration line
)

// addTools registers every tool.
func (s *Server) addTools() {
	readOnly := &sdk.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: ptr(false)}
	addTool(s, &sdk.Tool{Name: "explain", Title: "Explain one type's stability", Annotations: readOnly,
		Description: "Is this Kotlin type stable for Jetpack Compose, and why? Evaluates one concrete type as an app's composable call site sees it " +
			"(com.example.User, List<String>, com.example.Box<com.example.User>, @Composable () -> Unit): the verdict (stable, unstable, runtime, uncertain), " +
			"the $changed stability expression and the bits a call passes, what the callee does with the argument with and without strong skipping, the reasons " +
			"down to each class, and every $stable read with its jar. Kotlin built-ins, the standard library, kotlinx.coroutines and JDK types need no classpath; " +
			"other classes need the jar or class folder that declares them on classpath (missing lists what it lacks). " +
			"For every class of a jar use audit; for why a composable function recomposes use composables."},
		inputSchema[explainIn](map[string]schemaPatch{"type": nonEmptyString}), s.explain)
	addTool(s, &sdk.Tool{Name: "audit", Title: "Stability of every class", Annotations: readOnly,
		Description: "Which classes of compiled Kotlin or Java code Compose treats as stable, unstable, runtime (decided by type arguments or a missing class) or uncertain (interfaces), and why. " +
			"Reads jars, AARs, class folders and Gradle build folders, never source; answers a summary of the whole scan (counts by verdict, drift, classes missing from the classpath, errors) " +
			"and one page of classes, each with its verdict, stability, $stable value and expression, fields and reasons. " +
			"Filter with only (e.g. unstable), package (com.example.model.** or one class's exact name) and drift; page with cursor. " +
			"Put the code's dependencies (the Compose runtime, libraries) on classpath so that references resolve. " +
			"For one type in context use explain; for composable functions use composables."},
		inputSchema[auditIn](map[string]schemaPatch{"paths": nonEmptyList, "only": enum("stable", "unstable", "runtime", "uncertain"), "limit": pageLimit}), s.audit)
	addTool(s, &sdk.Tool{Name: "composables", Title: "Why composables recompose", Annotations: readOnly,
		Description: "Why does a composable recompose, or not skip? For the composable functions of compiled code (jars, AARs, class folders): whether a call skips when its arguments are unchanged, " +
			"how each parameter is compared (equals, identity, none, runtime) and the $stable values behind it, what stops the others (unstable parameters without strong skipping, " +
			"a return value, inline, open, @NonSkippableComposable, …) and the classes missing from the classpath; with callSites, the calls that re-run their callee on every recomposition " +
			"(a new object passed where the callee compares by identity) and where each argument comes from. Select with name (a function, its class, or com.example.ui.**) and notSkipping; page with cursor."},
		inputSchema[composablesIn](map[string]schemaPatch{"paths": nonEmptyList, "limit": pageLimit}), s.composables)
	addTool(s, &sdk.Tool{Name: "check_config", Title: "Check a stability configuration file", Annotations: readOnly,
		Description: "Checks a Compose stability configuration file (stability_config.conf, the compiler's stabilityConfigurationPath) against the compiled code: each line the compiler rejects (config-syntax), " +
			"that declares stable a class whose state changes (config-false), matches no class (config-unused), sweeps in classes of different kinds (config-broad), cannot be proven (config-unproven) " +
			"or changes nothing (config-redundant), each with a fix; the classes every line applies to; and the corrected file as text (merged; nothing is written)."},
		inputSchema[checkConfigIn](map[string]schemaPatch{"configs": nonEmptyList, "paths": nonEmptyList}), s.checkConfig)
	addTool(s, &sdk.Tool{Name: "diff", Title: "Stability changes between two states", Annotations: readOnly,
		Description: "What changes in Compose stability between two states of the same code, each change a regression, improvement or neutral with its causes " +
			"(the class's own code, a dependency's $stable, a configuration line, a compiler rule, a class missing on one side). Four uses: two releases of a library (old, new); " +
			"one app against two dependency sets (the app as both old and new, with oldClasspath and newClasspath); two configuration files (oldConfigs, newConfigs); " +
			"a Kotlin upgrade (paths with oldCompiler and newCompiler: what an app built by each release sees of them, as audit --compiler does; asCompiled for the classes rebuilt). composables adds the composables' changes. " +
			"counts has the totals by kind; page with cursor."},
		inputSchema[diffIn](map[string]schemaPatch{"kind": enum("regression", "improvement", "neutral"), "limit": pageLimit}), s.diff)
	s.addPlanTool(readOnly)
}

func ptr[T any](v T) *T { return &v }

// addTool adds a tool whose handler runs under the server's rules: a deadline, a slot among
// MaxConcurrent, the call's roots, and a panic turned into a tool error.
func addTool[In, Out any](s *Server, t *sdk.Tool, in any, run func(context.Context, *access, In) (Out, error)) {
	t.InputSchema = in
	t.OutputSchema = outputSchema[Out]()
	sdk.AddTool(s.sdk, t, func(ctx context.Context, req *sdk.CallToolRequest, args In) (_ *sdk.CallToolResult, out Out, err error) {
		defer func() {
			if r := recover(); r != nil {
				var zero Out
				out, err = zero, fmt.Errorf("internal error (a bug in composestab; please report it with the arguments): %v", r)
			}
		}()
		a, ask := s.access(req)
		if ask {
			//lint:ignore SA1019 roots are deprecated from protocol 2026-07-28 (SEP-2577) but still served; clients that offer them expect them honoured
			return &sdk.CallToolResult{InputRequests: sdk.InputRequestMap{rootsRequest: &sdk.ListRootsParams{}}}, out, nil
		}
		ctx, cancel := context.WithTimeout(ctx, s.opts.Timeout)
		defer cancel()
		select {
		case s.slots <- struct{}{}:
		case <-ctx.Done():
			return nil, out, s.ctxError(ctx)
		}
		defer func() { <-s.slots }()
		if s.hook != nil {
			s.hook(ctx, t.Name)
		}
		if err := ctx.Err(); err != nil {
			return nil, out, s.ctxError(ctx)
		}
		out, err = run(ctx, a, args)
		if err != nil {
			var zero Out
			if ctx.Err() != nil {
				return nil, zero, s.ctxError(ctx)
			}
			return nil, zero, err
		}
		// The text a model reads is the structured output as the command line writes JSON: in
		// field order, with <, > and & as they are (Box<User>, not Box\u003cUser\u003e).
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(out); err != nil {
			return nil, out, err
		}
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: strings.TrimSuffix(b.String(), "\n")}}}, out, nil
	})
}

// ctxError says why a call stopped early.
func (s *Server) ctxError(ctx context.Context) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("the call ran out of time after %s (composestab mcp --timeout); narrow it down, or ask the user to raise the timeout", s.opts.Timeout.Round(time.Millisecond))
	}
	return errors.New("the call was cancelled")
}

func (s *Server) explain(ctx context.Context, a *access, in explainIn) (*explain.Explanation, error) {
	p, err := a.prepare(ctx, nil, in.Classpath, in.Configs)
	if err != nil {
		return nil, err
	}
	compiler, err := scan.ParseCompiler(in.Compiler)
	if err != nil {
		return nil, err
	}
	x, err := s.cache.explain(ctx, scan.Options{Classpath: p.classpath, Configs: p.configs, Compiler: compiler, NonJVM: in.NonJVM, Limits: a.limits}, in.Type)
	if err != nil {
		return nil, err
	}
	for _, e := range p.problems {
		x.Errors = append(x.Errors, e.Error())
	}
	return x, nil
}

func (s *Server) audit(ctx context.Context, a *access, in auditIn) (*AuditResult, error) {
	if in.Package != "" {
		if _, err := stability.ParseConfig("package", []byte(in.Package)); err != nil {
			return nil, err
		}
	}
	request := in
	request.Cursor, request.Limit = "", 0
	pg, err := readCursor(in.Cursor, request)
	if err != nil {
		return nil, err
	}
	opts, err := a.scanOptions(ctx, in.Paths, in.Classpath, in.Configs, in.Compiler)
	if err != nil {
		return nil, err
	}
	opts.Only, opts.Package, opts.DriftOnly = stability.Verdict(in.Only), in.Package, in.Drift
	opts.IncludeNonPublic, opts.IncludeSynthetic = in.IncludeNonPublic, in.IncludeSynthetic
	rep, err := scan.Scan(ctx, opts)
	if err != nil {
		return nil, err
	}
	defer rep.Close()
	lo, hi, page, err := pg.slice(in.Limit, len(rep.Classes), digest(len(rep.Classes), func(i int) string { return rep.Classes[i].Input + "\x00" + rep.Classes[i].JVMName }))
	if err != nil {
		return nil, err
	}
	out := &AuditResult{SchemaVersion: rep.SchemaVersion, Classes: rep.Classes[lo:hi], Inputs: rep.Inputs, Page: page}
	out.Summary, out.Truncated = capSummary(rep.Summary, out.Truncated)
	out.Errors, out.Truncated = capErrors(rep.Errors, out.Truncated)
	return out, nil
}

func (s *Server) composables(ctx context.Context, a *access, in composablesIn) (*ComposablesResult, error) {
	var match *stability.Config
	if in.Name != "" {
		var err error
		if match, err = stability.ParseConfig("name", []byte(in.Name)); err != nil {
			return nil, err
		}
	}
	request := in
	request.Cursor, request.Limit = "", 0
	pg, err := readCursor(in.Cursor, request)
	if err != nil {
		return nil, err
	}
	opts, err := a.scanOptions(ctx, in.Paths, in.Classpath, in.Configs, in.Compiler)
	if err != nil {
		return nil, err
	}
	opts.Composables, opts.CallSites, opts.IncludeNonPublic = true, in.CallSites, in.IncludeNonPublic
	rep, err := scan.Scan(ctx, opts)
	if err != nil {
		return nil, err
	}
	defer rep.Close()
	type item struct {
		ic *scan.InputComposables
		c  *scan.Composable
	}
	var items []item
	all := 0
	for _, ic := range rep.Composables {
		for _, c := range ic.Composables {
			all++
			if match != nil && match.Match(c.Name) == nil && match.Match(dotted(c.Class)) == nil {
				continue
			}
			if in.NotSkipping && c.Skips == "true" {
				continue
			}
			items = append(items, item{ic, c})
		}
	}
	lo, hi, page, err := pg.slice(in.Limit, len(items), digest(len(items), func(i int) string {
		return items[i].ic.Input + "\x00" + items[i].c.Class + "." + items[i].c.Method
	}))
	if err != nil {
		return nil, err
	}
	out := &ComposablesResult{SchemaVersion: rep.SchemaVersion, Composables: []*scan.InputComposables{}, Missing: []scan.MissingClass{}, Inputs: rep.Inputs, Page: page}
	var group *scan.InputComposables
	keys := map[string]bool{}
	for _, it := range items[lo:hi] {
		if group == nil || group.Input != it.ic.Input {
			group = &scan.InputComposables{Input: it.ic.Input, StrongSkipping: it.ic.StrongSkipping, Composables: []*scan.Composable{}}
			out.Composables = append(out.Composables, group)
		}
		group.Composables = append(group.Composables, it.c)
		keys[it.ic.Input+"\x00"+it.c.Class+"."+it.c.Method] = true
	}
	if in.CallSites {
		for _, g := range out.Composables {
			g.CallSites = []*composable.CallSite{}
			for _, ic := range rep.Composables {
				if ic.Input != g.Input {
					continue
				}
				for _, site := range ic.CallSites {
					if keys[g.Input+"\x00"+site.Callee] || keys[g.Input+"\x00"+site.Caller] {
						g.CallSites = append(g.CallSites, site)
					}
				}
			}
		}
	}
	for _, m := range rep.Summary.Missing {
		if m.Composables > 0 {
			out.Missing = append(out.Missing, m)
		}
	}
	if len(out.Missing) > maxMissing {
		out.Truncated = append(out.Truncated, fmt.Sprintf("missing: %d of %d listed", maxMissing, len(out.Missing)))
		out.Missing = out.Missing[:maxMissing]
	}
	out.Errors, out.Truncated = capErrors(rep.Errors, out.Truncated)
	if len(items) == 0 {
		switch {
		case all == 0:
			out.Note = "the inputs hold no composable function (put the Compose runtime on classpath if they should)"
		case in.Name != "":
			out.Note = fmt.Sprintf("no composable matches %q among the %d of the inputs; try a pattern such as com.example.**", in.Name, all)
		default:
			out.Note = fmt.Sprintf("all %d composables skip", all)
		}
	}
	return out, nil
}

// dotted is a JVM class name as a configuration pattern matches it: a/b/C$D → a.b.C.D.
func dotted(jvm string) string {
	return strings.NewReplacer("/", ".", "$", ".").Replace(jvm)
}

func (s *Server) checkConfig(ctx context.Context, a *access, in checkConfigIn) (*CheckConfigResult, error) {
	opts, err := a.scanOptions(ctx, in.Paths, in.Classpath, in.Configs, in.Compiler)
	if err != nil {
		return nil, err
	}
	opts.CheckConfig, opts.SuggestConfig, opts.IncludeNonPublic = true, true, in.IncludeNonPublic
	rep, err := scan.Scan(ctx, opts)
	if err != nil {
		return nil, err
	}
	defer rep.Close()
	checks := verify.CheckConfig(rep)
	out := &CheckConfigResult{SchemaVersion: rep.SchemaVersion, Violations: []verify.Violation{}, Inputs: rep.Inputs, Lines: []ConfigLine{}}
	for _, lc := range checks {
		out.Violations = append(out.Violations, lc.Findings...)
		l := ConfigLine{Path: lc.Line.Path, Line: lc.Line.Line, Pattern: lc.Line.Pattern, Fault: lc.Line.Fault,
			Classes: map[string][]ClassNote{}, Counts: map[string]int{}, Remove: lc.Remove, Replace: append([]string{}, lc.Replace...)}
		for kind, notes := range lc.Classes {
			l.Counts[string(kind)] = len(notes)
			for i, n := range notes {
				if i == maxLineClasses {
					break
				}
				l.Classes[string(kind)] = append(l.Classes[string(kind)], ClassNote{Class: n.Class, Why: n.Why})
			}
		}
		out.Lines = append(out.Lines, l)
	}
	var b strings.Builder
	merged, added := verify.MergeConfig(rep)
	if err := output.WriteMergedStabilityConfig(&b, rep, rep.ConfigTexts(), merged, added); err != nil {
		return nil, err
	}
	out.Merged = b.String()
	out.Errors, out.Truncated = capErrors(rep.Errors, out.Truncated)
	return out, nil
}

func (s *Server) diff(ctx context.Context, a *access, in diffIn) (*DiffResult, error) {
	request := in
	request.Cursor, request.Limit = "", 0
	pg, err := readCursor(in.Cursor, request)
	if err != nil {
		return nil, err
	}
	var ignore *stability.Config
	if len(in.Ignore) > 0 {
		for _, p := range in.Ignore {
			if _, err := stability.ParseConfig("ignore", []byte(p)); err != nil {
				return nil, err
			}
		}
		if ignore, err = stability.ParseConfig("ignore", []byte(strings.Join(in.Ignore, "\n"))); err != nil {
			return nil, err
		}
	}
	var d *diff.Report
	if in.OldCompiler != "" || in.NewCompiler != "" || in.AsCompiled {
		if d, err = s.compilerWhatIf(ctx, a, in); err != nil {
			return nil, err
		}
	} else if d, err = s.diffStates(ctx, a, in); err != nil {
		return nil, err
	}
	if ignore != nil {
		d.Ignore(ignore)
	}
	out := &DiffResult{SchemaVersion: d.SchemaVersion, Changes: []diff.Change{}, Composables: []diff.ComposableChange{}, Old: d.Old, New: d.New,
		Counts: map[string]int{}}
	for _, k := range []diff.ChangeKind{diff.Regression, diff.Improvement, diff.Neutral} {
		out.Counts[string(k)] = d.Count(k)
	}
	var changes []diff.Change
	var comps []diff.ComposableChange
	for _, c := range d.Changes {
		if in.Kind == "" || string(c.Kind) == in.Kind {
			changes = append(changes, c)
		}
	}
	for _, c := range d.Composables {
		if in.Kind == "" || string(c.Kind) == in.Kind {
			comps = append(comps, c)
		}
	}
	n := len(changes) + len(comps)
	lo, hi, page, err := pg.slice(in.Limit, n, digest(n, func(i int) string {
		if i < len(changes) {
			return changes[i].Class + "\x00" + changes[i].Part + "\x00" + changes[i].New
		}
		c := comps[i-len(changes)]
		return c.Key + "\x00" + c.Part + "\x00" + c.New
	}))
	if err != nil {
		return nil, err
	}
	for i := lo; i < hi; i++ {
		if i < len(changes) {
			out.Changes = append(out.Changes, changes[i])
		} else {
			out.Composables = append(out.Composables, comps[i-len(changes)])
		}
	}
	out.Page = page
	out.Errors, out.Truncated = capErrors(d.Errors, out.Truncated)
	return out, nil
}

// compilerWhatIf is diff with oldCompiler and newCompiler: the same classes as built by each.
func (s *Server) compilerWhatIf(ctx context.Context, a *access, in diffIn) (*diff.Report, error) {
	switch {
	case in.OldCompiler == "" || in.NewCompiler == "":
		return nil, errors.New("a Kotlin upgrade needs both oldCompiler and newCompiler")
	case len(in.Paths) == 0:
		return nil, errors.New("a Kotlin upgrade needs paths: the app's own compiled classes")
	case len(in.Old)+len(in.New)+len(in.OldClasspath)+len(in.NewClasspath)+len(in.OldConfigs)+len(in.NewConfigs) > 0:
		return nil, errors.New("a Kotlin upgrade compares paths as built by two releases: leave out old, new, oldClasspath, newClasspath, oldConfigs and newConfigs")
	}
	p, err := a.prepare(ctx, in.Paths, in.Classpath, in.Configs)
	if err != nil {
		return nil, err
	}
	w := diff.WhatIf{AsCompiled: in.AsCompiled}
	for _, v := range []struct {
		name    string
		release *stability.Release
	}{{in.OldCompiler, &w.Old}, {in.NewCompiler, &w.New}} {
		r, ok := stability.ParseRelease(v.name)
		if !ok {
			return nil, fmt.Errorf("compiler %q: a release is needed, such as %s", v.name, stability.DefaultCompiler)
		}
		*v.release = r
	}
	return diff.CompilerWhatIf(ctx, scan.Options{Inputs: p.paths, Classpath: p.classpath, Problems: p.problems, Configs: p.configs,
		IncludeNonPublic: in.IncludeNonPublic, Composables: in.Composables, Limits: a.limits}, w)
}

// diffStates is diff of two states: both sides scanned at once, sharing what they share.
func (s *Server) diffStates(ctx context.Context, a *access, in diffIn) (*diff.Report, error) {
	if len(in.Old) == 0 || len(in.New) == 0 {
		return nil, errors.New("diff needs old and new (two releases, or the app twice with oldClasspath and newClasspath), or paths with oldCompiler and newCompiler (a Kotlin upgrade)")
	}
	if len(in.Paths) > 0 {
		return nil, errors.New("paths belongs to a Kotlin upgrade (with oldCompiler and newCompiler); for two states give old and new")
	}
	po, err := a.prepare(ctx, in.Old, append(slices.Clone(in.OldClasspath), in.Classpath...), append(slices.Clone(in.Configs), in.OldConfigs...))
	if err != nil {
		return nil, err
	}
	pn, err := a.prepare(ctx, in.New, append(slices.Clone(in.NewClasspath), in.Classpath...), append(slices.Clone(in.Configs), in.NewConfigs...))
	if err != nil {
		return nil, err
	}
	compiler, err := scan.ParseCompiler(in.Compiler)
	if err != nil {
		return nil, err
	}
	shared := archive.NewShared()
	opts := func(p *inputs) scan.Options {
		return scan.Options{Inputs: p.paths, Classpath: p.classpath, Problems: p.problems, Configs: p.configs, Compiler: compiler,
			IncludeNonPublic: in.IncludeNonPublic, Composables: in.Composables, Limits: a.limits, Shared: shared}
	}
	var oldRep, newRep *scan.Report
	var oldErr, newErr error
	var wg sync.WaitGroup
	wg.Go(func() { oldRep, oldErr = scan.Scan(ctx, opts(po)) })
	newRep, newErr = scan.Scan(ctx, opts(pn))
	wg.Wait()
	for _, rep := range []*scan.Report{oldRep, newRep} {
		if rep != nil {
			defer rep.Close()
		}
	}
	if err := cmp.Or(oldErr, newErr); err != nil {
		return nil, err
	}
	return diff.Diff(oldRep, newRep), nil
}

// capSummary returns the summary with at most maxMissing missing classes.
func capSummary(sum *scan.Summary, truncated []string) (*scan.Summary, []string) {
	if sum == nil || len(sum.Missing) <= maxMissing {
		return sum, truncated
	}
	c := *sum
	c.Missing = sum.Missing[:maxMissing]
	return &c, append(truncated, fmt.Sprintf("summary.missing: %d of %d listed (each class's missing names its own)", maxMissing, len(sum.Missing)))
}

// capErrors returns at most maxErrors errors.
func capErrors(errs []*scan.Error, truncated []string) ([]*scan.Error, []string) {
	if errs == nil {
		return []*scan.Error{}, truncated
	}
	if len(errs) <= maxErrors {
		return errs, truncated
	}
	return errs[:maxErrors], append(truncated, fmt.Sprintf("errors: %d of %d listed (the command line's --format json lists them all)", maxErrors, len(errs)))
}
