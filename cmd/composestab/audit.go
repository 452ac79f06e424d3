package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"slices"
	"strings"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/audit/output"
	"github.com/composestab/composestab/audit/plan"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/audit/verify"
	"github.com/composestab/composestab/internal/english"
	"github.com/composestab/composestab/internal/escape"

	"github.com/mattn/go-runewidth"
	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"
	"github.com/spf13/pflag"

	"github.com/composestab/composestab/stability"
)

type auditOptions struct {
	classpath        []string
	configs          []string
	format           string
	pkg              string
	only             string
	includeNonPublic bool
	driftOnly        bool
	includeSynthetic bool
	failOn           string
	quiet            bool
	compiler         string
	repos            repoOptions // group:artifact:version PATHs
	limits           archive.Limits
	composables      bool
	callSites        bool
	suggest          bool
	checkConfig      bool // check every line of the configuration files
	debug            bool
}

// scanFlags are the flags every scanning command shares.
func scanFlags(fs *pflag.FlagSet, o *auditOptions) {
	fs.StringArrayVar(&o.classpath, "classpath", nil, "jars or folders used to resolve references, not reported (repeatable; several joined by '"+listSep+"')")
	fs.StringArrayVar(&o.configs, "config", nil, "stability configuration file (repeatable)")
	fs.StringVar(&o.compiler, "compiler", stability.DefaultCompiler, "the consumer's Kotlin release whose Compose rules apply ("+strings.Join(stability.SupportedCompilers, ", ")+", X.Y for its newest patch, or auto: the newest as consumer, each module's own release for compose-report)")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress or diagnostics on stderr")
	fs.BoolVar(&o.debug, "debug", false, "print the stack of internal errors (for a bug report)")
	o.repos.register(fs)
	limitFlags(fs, &o.limits)
}

func runAudit(s *streams, args []string) error {
	var o auditOptions
	fs := newFlagSet(s, "audit", "audit [flags] [PATH...]")
	scanFlags(fs, &o)
	fs.StringVar(&o.format, "format", "", "table, text, json, compose-report, markdown, html (one self-contained page: classes, and with --composables or --call-sites those too), or stability-config: a configuration file declaring stable the Java and non-Compose classes whose fields are all final and stable (default: table on a terminal, text otherwise)")
	fs.StringVar(&o.pkg, "package", "", "only classes matching this pattern (configuration-file syntax, e.g. com.example.**)")
	fs.StringVar(&o.only, "only", "", "only classes with this verdict: stable, unstable, runtime or uncertain")
	fs.BoolVar(&o.driftOnly, "drift", false, "only classes whose bytes disagree with the consumer's compiler's rules")
	fs.BoolVar(&o.includeNonPublic, "include-nonpublic", false, "also report internal, private and local classes")
	fs.BoolVar(&o.includeSynthetic, "include-synthetic", false, "also report lambdas, anonymous classes, $DefaultImpls, $WhenMappings and ComposableSingletons")
	fs.BoolVar(&o.composables, "composables", false, "report the composable functions instead of the classes: which skip, and what stops the others")
	fs.BoolVar(&o.callSites, "call-sites", false, "report the composable calls instead: each argument the callee compares by identity, where it comes from, and the calls that re-run their callee on every recomposition")
	fs.StringVar(&o.failOn, "fail-on", "", "exit 1 if any reported class is unstable (unstable) or not stable (runtime)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	explicit := o.format != ""
	if !explicit {
		o.format = "text"
		if s.outTTY && !o.callSites {
			o.format = "table" // calls are sentences, not rows
		}
	}
	if err := oneOf("format", o.format, "table", "text", "json", "compose-report", "markdown", "stability-config", "html"); err != nil {
		return err
	}
	// A format the report has no form in is refused, never replaced by another in silence.
	switch {
	case o.callSites && explicit && !slices.Contains([]string{"text", "json", "markdown", "html"}, o.format):
		return usageErrorf("--call-sites prints text, json, markdown or html, not --format %s", o.format)
	case o.composables && o.format == "stability-config":
		return usageErrorf("--composables prints table, text, json, compose-report, markdown or html, not --format stability-config")
	}
	o.suggest = o.format == "stability-config"
	o.checkConfig = o.suggest // the merged file drops the lines the check finds wrong
	if o.only != "" {
		if err := oneOf("only", o.only, "stable", "unstable", "runtime", "uncertain"); err != nil {
			return err
		}
	}
	if o.failOn != "" {
		if err := oneOf("fail-on", o.failOn, "unstable", "runtime"); err != nil {
			return err
		}
	}
	paths := fs.Args()
	if len(paths) == 0 {
		paths = []string{"."}
	}
	rep, opts, err := scanPathsOptions(s, &o, paths, o.includeNonPublic)
	if err != nil {
		return err
	}
	defer rep.Close()
	if o.format == "html" && o.callSites {
		// The page opens with the fixes to make first (plan), each proven.
		p, err := plan.Build(context.Background(), rep, plan.Options{Scan: opts})
		if err != nil {
			return err
		}
		if err := output.WritePlanHTML(s.out, rep, p); err != nil {
			return err
		}
		return auditExit(s, &o, rep)
	}
	if o.format == "stability-config" && len(o.configs) > 0 {
		checks, added := verify.MergeConfig(rep)
		if err := output.WriteMergedStabilityConfig(s.out, rep, rep.ConfigTexts(), checks, added); err != nil {
			return err
		}
	} else if err := printAudit(s, o.format, rep, o.callSites); err != nil {
		return err
	}
	return auditExit(s, &o, rep)
}

// scan runs scan.Scan with the shared flags, a progress line on a terminal, and diagnostics.
func scanPaths(s *streams, o *auditOptions, paths []string, nonPublic bool) (*scan.Report, error) {
	rep, _, err := scanPathsOptions(s, o, paths, nonPublic)
	return rep, err
}

// scanPathsOptions is scanPaths, also returning the options it scanned with.
func scanPathsOptions(s *streams, o *auditOptions, paths []string, nonPublic bool) (*scan.Report, scan.Options, error) {
	opts, err := scanOptions(s, o, paths, nonPublic)
	if err != nil {
		return nil, opts, err
	}
	if s.errTTY && !o.quiet {
		opts.Progress = func(done, total int) {
			fmt.Fprintf(s.err, "\r%s %d/%d classes", progressBar(done, total, 24), done, total)
			if done == total {
				fmt.Fprint(s.err, "\r\033[K")
			}
		}
	}
	rep, err := runScan(opts)
	if err != nil {
		return nil, opts, err
	}
	diagnose(s, o, rep, "")
	return rep, opts, nil
}

// scanOptions resolves the compiler and any Maven coordinates and turns the flags into audit
// options.
func scanOptions(s *streams, o *auditOptions, paths []string, nonPublic bool) (scan.Options, error) {
	compiler, err := scan.ParseCompiler(o.compiler)
	if err != nil {
		return scan.Options{}, usageErrorf("%v", err)
	}
	if o.pkg != "" {
		if _, err := stability.ParseConfig("--package", []byte(o.pkg)); err != nil {
			return scan.Options{}, usageErrorf("%v", err) // the error names --package
		}
	}
	paths, classpath, problems, err := o.repos.expand(s, o.quiet, o.limits, paths, o.classpath)
	if err != nil {
		return scan.Options{}, err
	}
	memory.reserve(paths...)
	memory.reserve(classpath...)
	return scan.Options{
		Inputs: paths, Classpath: classpath, Problems: problems, Configs: o.configs, Compiler: compiler,
		IncludeNonPublic: nonPublic, Package: o.pkg, Only: stability.Verdict(o.only), DriftOnly: o.driftOnly, IncludeSynthetic: o.includeSynthetic,
		Limits: o.limits, Composables: o.composables || o.callSites, CallSites: o.callSites, SuggestConfig: o.suggest,
		CheckConfig: o.checkConfig,
	}, nil
}

// runScan runs scan.Scan until done or Ctrl-C, mapping its errors to exit codes: the flags were
// checked before, so what stops a scan is an input (a PATH, a configuration file).
func runScan(opts scan.Options) (*scan.Report, error) {
	// Ctrl-C stops the scan: the workers notice between classes and Scan returns.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rep, err := scan.Scan(ctx, opts)
	if errors.Is(err, context.Canceled) {
		return nil, &exitError{code: exitInterrupted, msg: "interrupted"}
	}
	if err != nil {
		return nil, unreadableErrorf("%v", err)
	}
	return rep, nil
}

// maxDiagnostics caps the lines of one kind of diagnostic: a jar of 10 000 broken entries says
// so in a screen, and the JSON report lists them all.
const maxDiagnostics = 20

// diagnose prints a scan's errors and missing classes on stderr unless --quiet; label ("old",
// "new") says which side of a diff they belong to.
func diagnose(s *streams, o *auditOptions, rep *scan.Report, label string) {
	if o.quiet {
		return
	}
	prefix := ""
	if label != "" {
		prefix = label + ": "
	}
	shown := map[scan.ErrorKind]int{}
	for _, e := range rep.Errors {
		if shown[e.Kind]++; shown[e.Kind] <= maxDiagnostics {
			fmt.Fprintf(s.err, "%s%s: %s\n", prefix, colorize(s.errTTY, "33", string(e.Kind)), escape.Text(e.Error()))
			if o.debug && e.Stack() != nil {
				fmt.Fprintf(s.err, "%s\n", e.Stack())
			}
		}
	}
	for _, k := range []scan.ErrorKind{scan.ErrInternal, scan.ErrUnreadable, scan.ErrUnresolved, scan.ErrNotSimulable, scan.ErrInitFails} {
		if n := shown[k] - maxDiagnostics; n > 0 {
			fmt.Fprintf(s.err, "%s%s: … and %d more (--format json lists them all)\n", prefix, colorize(s.errTTY, "33", string(k)), n)
		}
	}
	printMissing(s, rep.Summary, prefix)
}

// printMissing lists once each class that a verdict needs but the classpath lacks.
func printMissing(s *streams, sum *scan.Summary, prefix string) {
	if sum == nil || len(sum.Missing) == 0 {
		return
	}
	for i, m := range sum.Missing {
		if i == maxDiagnostics {
			fmt.Fprintf(s.err, "%s%s: … and %d more (--format json lists them all)\n", prefix, colorize(s.errTTY, "33", "missing"), len(sum.Missing)-i)
			break
		}
		fmt.Fprintf(s.err, "%s%s: %s (needed by %s, e.g. %s)\n", prefix, colorize(s.errTTY, "33", "missing"), escape.Text(m.Class), neededBy(m), escape.Text(m.Example))
	}
	fmt.Fprintf(s.err, "%s%d %s not on the classpath: add the jars that hold them with --classpath; until then the $stable values that read them stay runtime and the reasons that need them say so\n",
		prefix, len(sum.Missing), english.Choose(len(sum.Missing), "class is", "classes are"))
}

// neededBy says what needs a missing class: "3 classes", "1 class and 2 composables".
func neededBy(m scan.MissingClass) string {
	var parts []string
	if m.NeededBy > 0 || m.Composables == 0 {
		parts = append(parts, fmt.Sprintf("%d %s", m.NeededBy, english.Choose(m.NeededBy, "class", "classes")))
	}
	if m.Composables > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", m.Composables, english.Choose(m.Composables, "composable", "composables")))
	}
	return strings.Join(parts, " and ")
}

// unreadableExit is how a command ends when some input could not be read (exit 3). The
// diagnostics above name each problem; under --quiet there are none, so the message names the
// first one itself. also, if not empty, is a further finding that the exit code cannot carry.
func unreadableExit(o *auditOptions, also string, reps ...*scan.Report) error {
	n := 0
	var first *scan.Error
	for _, rep := range reps {
		for _, e := range rep.Errors {
			if e.Unreadable() {
				if n++; first == nil {
					first = e
				}
			}
		}
	}
	if n == 0 {
		return nil
	}
	msg := fmt.Sprintf("%d %s could not be read (see above)", n, english.Choose(n, "input or entry", "inputs or entries"))
	if o.quiet {
		msg = fmt.Sprintf("%d %s could not be read, the first: %s", n, english.Choose(n, "input or entry", "inputs or entries"), first.Error())
	}
	if also != "" {
		msg += "; " + also
	}
	return &exitError{code: exitUnreadable, msg: msg}
}

func progressBar(done, total, width int) string {
	n := width
	if total > 0 {
		n = done * width / total
	}
	return "[" + strings.Repeat("#", n) + strings.Repeat(".", width-n) + "]"
}

func auditExit(s *streams, o *auditOptions, rep *scan.Report) error {
	findings := ""
	if o.failOn != "" {
		n := 0
		for _, c := range rep.Classes {
			if c.Verdict == "unstable" || (o.failOn == "runtime" && c.Verdict != "stable") {
				n++
			}
		}
		if n > 0 {
			findings = fmt.Sprintf("%d %s %s (--fail-on %s)", n, english.Choose(n, "class is", "classes are"), failWord(o.failOn), o.failOn)
		}
	}
	if err := unreadableExit(o, findings, rep); err != nil {
		return err
	}
	if findings != "" {
		return &exitError{code: exitFindings, msg: findings}
	}
	return nil
}

func failWord(failOn string) string {
	if failOn == "runtime" {
		return "not stable"
	}
	return "unstable"
}

func printAudit(s *streams, format string, rep *scan.Report, callSites bool) error {
	if format == "html" {
		return output.WriteReportHTML(s.out, rep)
	}
	if callSites && format != "json" {
		return output.WriteCallSites(s.out, format, rep)
	}
	if rep.Composables != nil && format != "json" {
		return printComposables(s, format, rep)
	}
	switch format {
	case "json":
		return output.WriteReportJSON(s.out, rep)
	case "stability-config":
		return output.WriteStabilityConfig(s.out, rep)
	case "compose-report":
		return output.WriteClassesReport(s.out, rep)
	case "markdown":
		return output.WriteReportMarkdown(s.out, rep)
	case "table":
		return writeTable(s, rep)
	}
	return output.WriteReportText(s.out, rep)
}

var verdictColor = map[stability.Verdict]string{"stable": "32", "runtime": "33", "unstable": "31", "uncertain": "35"}

func colorize(on bool, code, text string) string {
	if !on {
		return text
	}
	return "\033[" + code + "m" + text + "\033[0m"
}

func writeTable(s *streams, rep *scan.Report) error {
	rows := make([][]string, 0, len(rep.Classes))
	for _, c := range rep.Classes {
		row := output.ClassRow(c)
		row[0] = colorize(s.outTTY, verdictColor[c.Verdict], row[0])
		rows = append(rows, row)
	}
	if err := renderTable(s.out, s.width, output.ClassHeader, rows); err != nil {
		return err
	}
	_, err := fmt.Fprintln(s.out, output.Summary(rep))
	return err
}

// newTable is a table whose headers print as written ("$stable", not tablewriter's "$ STABLE").
func newTable(w io.Writer) *tablewriter.Table {
	return tablewriter.NewTable(w, tablewriter.WithHeaderAutoFormat(tw.Off))
}

// renderTable prints header and rows as a table no wider than width columns (0: no limit): when
// the content is wider, the widest columns give up room first and their cells wrap.
func renderTable(w io.Writer, width int, header []string, rows [][]string) error {
	t := newTable(w)
	if limits := fitColumns(header, rows, width); limits != nil {
		t.Configure(func(cfg *tablewriter.Config) {
			cfg.Row.ColMaxWidths.PerColumn = limits
			cfg.Row.Formatting.AutoWrap = tw.WrapBreak
			cfg.Header.ColMaxWidths.PerColumn = limits
			cfg.Header.Formatting.AutoWrap = tw.WrapBreak
		})
	}
	t.Header(header)
	for _, r := range rows {
		if err := t.Append(r); err != nil {
			return err
		}
	}
	return t.Render()
}

// fitColumns returns the content width each column may take so that the table, borders and
// padding included, fits width; nil when it fits as it is. Columns are narrowed widest first,
// never below a few characters.
func fitColumns(header []string, rows [][]string, width int) tw.Mapper[int, int] {
	if width <= 0 {
		return nil
	}
	const minWidth = 6
	widths := make([]int, len(header))
	for i, h := range header {
		widths[i] = runewidth.StringWidth(h)
	}
	for _, r := range rows {
		for i, c := range r {
			if i < len(widths) {
				widths[i] = max(widths[i], runewidth.StringWidth(ansi.ReplaceAllString(c, "")))
			}
		}
	}
	budget := width - (3*len(widths) + 1) // "│ " before each cell, " " after, and the last "│"
	total := 0
	for _, n := range widths {
		total += n
	}
	if total <= budget {
		return nil
	}
	for total > budget {
		widest := 0
		for i, n := range widths {
			if n > widths[widest] {
				widest = i
			}
		}
		if widths[widest] <= minWidth {
			break
		}
		widths[widest]--
		total--
	}
	limits := tw.NewMapper[int, int]()
	for i, n := range widths {
		limits.Set(i, n+2) // tablewriter counts the cell's padding in its limit
	}
	return limits
}

// ansi matches the colour codes colorize adds, which take no room on the screen.
var ansi = regexp.MustCompile("\x1b\\[[0-9;]*m")
