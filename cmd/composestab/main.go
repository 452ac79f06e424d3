// Command composestab tells which classes of a jar, AAR or class folder the Jetpack Compose
// compiler treats as stable, unstable or runtime-stable, and why.
//
// Subcommands: audit, explain, dump, check, diff, verify, report, deps, plan, cards, history, mcp,
// version. Run "composestab help" for usage.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/composestab/composestab/internal/escape"
	"github.com/composestab/composestab/stability"

	"github.com/spf13/pflag"
	"golang.org/x/term"
)

// Exit codes, decided here and nowhere else. Usage (2) is decided by the command line alone:
// whatever a file holds — a PATH, a --classpath entry, a --baseline, a --config, a coordinate's
// files — is an input, and an input that is missing or cannot be read is 3.
const (
	exitOK         = 0 // clean
	exitFindings   = 1 // findings: --fail-on matched, check found regressions, verify found violations
	exitUsage      = 2 // bad flags or arguments
	exitUnreadable = 3 // some input is missing or could not be read; the report is still printed
	exitOutput     = 4 // the output could not be written (stdout, --out)
	// exitInterrupted is the shell's code for a process stopped by SIGINT (128 + 2).
	exitInterrupted = 130
)

// exitError carries an exit code up to main; msg, if any, goes to stderr.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func usageErrorf(format string, args ...any) error {
	return &exitError{code: exitUsage, msg: fmt.Sprintf(format, args...)}
}

func unreadableErrorf(format string, args ...any) error {
	return &exitError{code: exitUnreadable, msg: fmt.Sprintf(format, args...)}
}

// outputWriter remembers the first error writing the command's output, so that a full disk or
// a closed pipe is reported as such (exit 4), never as an unreadable input.
type outputWriter struct {
	w   io.Writer
	err error
}

func (o *outputWriter) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err != nil {
		o.err = err
	}
	return n, err
}

func main() {
	memory.enable()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// streams are the command's outputs and what it knows about them.
type streams struct {
	out, err       io.Writer
	outTTY, errTTY bool
	// width is the terminal's width in columns for tables: the terminal's own when stdout is
	// one, else $COLUMNS, else 0 (no limit).
	width int
}

// outputWidth is the width tables fit: the terminal's, or $COLUMNS when it is set (a pager, a
// CI log, a test).
func outputWidth(w io.Writer) int {
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil && cols > 0 {
			return cols
		}
	}
	return 0
}

// isTTY reports whether w is a terminal (a console on Windows). A Cygwin or MSYS pty is a pipe
// to Windows, so output there is treated as piped: plain text, no colour, no progress bar.
func isTTY(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

const usage = `composestab — Compose stability of compiled classes

Usage:
  composestab audit   [flags] [PATH...]        stability of every class (default PATH: .)
  composestab explain [flags] TYPE             what a call site passes for a concrete type
  composestab dump    [flags] PATH...          write a reviewable stability baseline
  composestab check   --baseline FILE PATH...  compare binaries with a baseline
  composestab diff    [flags] OLD NEW          stability changes between two releases
  composestab verify  [flags] PATH...          policy checks on a published artefact
  composestab report  [flags] --out DIR PATH... the compiler's report and metrics files
  composestab deps    [flags] G:A:V...         dependency tree of Maven coordinates
  composestab plan    [flags] APP...           the fixes to make first, each proven, ranked
  composestab cards   [flags] APP...           what each dependency gives the app's composables
  composestab history [flags] G:A              stability of every cached version of an artifact
  composestab mcp     [flags]                  a Model Context Protocol server for coding agents
  composestab version                          this build's version and the releases it knows
  composestab help                             this text

A PATH may also be group:artifact:version, found with --repo DIR, in ~/.m2/repository or in
Gradle's cache; its dependencies join the classpath unless --no-deps.
Run "composestab COMMAND --help" for a command's flags.
Exit codes: 0 clean; 1 findings (--fail-on, check regressions, verify violations); 2 usage error
(flags and arguments); 3 an input (PATH, --classpath, --baseline, --config, coordinate) missing
or unreadable — the report is still printed; 4 the output could not be written; 130 interrupted.
`

func run(args []string, stdout, stderr io.Writer) int {
	out := &outputWriter{w: stdout}
	s := &streams{out: out, err: stderr, outTTY: isTTY(stdout), errTTY: isTTY(stderr), width: outputWidth(stdout)}
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	var err error
	switch cmd, rest := args[0], args[1:]; cmd {
	case "audit":
		err = runAudit(s, rest)
	case "explain":
		err = runExplain(s, rest)
	case "dump":
		err = runDump(s, rest)
	case "check":
		err = runCheck(s, rest)
	case "diff":
		err = runDiff(s, rest)
	case "verify":
		err = runVerify(s, rest)
	case "report":
		err = runReport(s, rest)
	case "deps":
		err = runDeps(s, rest)
	case "plan":
		err = runPlan(s, rest)
	case "cards":
		err = runCards(s, rest)
	case "history":
		err = runHistory(s, rest)
	case "mcp":
		err = runMCP(s, rest)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	case "version", "--version":
		fmt.Fprintf(stdout, "%s\nCompose rules of Kotlin %s (default %s)\n", currentBuild(),
			strings.Join(stability.SupportedCompilers, ", "), stability.DefaultCompiler)
		return exitOK
	default:
		fmt.Fprintf(stderr, "composestab: unknown command %q\n\n%s", cmd, usage)
		return exitUsage
	}
	if out.err != nil {
		if err != nil && !errors.Is(err, out.err) {
			exitCode(stderr, err) // the other problem is still said
		}
		err = &exitError{code: exitOutput, msg: "writing the output: " + out.err.Error()}
	}
	return exitCode(stderr, err)
}

// exitCode maps an error to the exit code and prints its message.
func exitCode(stderr io.Writer, err error) int {
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			fmt.Fprintln(stderr, "composestab:", messageLines(ee.msg))
		}
		return ee.code
	}
	if errors.Is(err, pflag.ErrHelp) {
		return exitOK
	}
	fmt.Fprintln(stderr, "composestab:", messageLines(err.Error()))
	return exitUnreadable
}

// messageLines escapes a message for stderr line by line: the lines of a joined error or of a
// configuration error's excerpt stay lines, each following one indented, so that no text read
// from a file can start a line of its own.
func messageLines(msg string) string {
	lines := strings.Split(strings.TrimRight(msg, "\n"), "\n")
	for i, l := range lines {
		lines[i] = escape.Text(l)
	}
	return strings.Join(lines, "\n  ")
}

// commandHelp is what each command's --help says before its flags: what it does, and examples
// to copy.
var commandHelp = map[string]struct{ what, examples string }{
	"audit": {"The stability of every class of each PATH as an app compiled by --compiler sees it (stable,\n" +
		"unstable, runtime or uncertain) and why; with --composables, which composables skip; with\n" +
		"--call-sites, the calls that re-run their callee on every recomposition.\n" +
		"A PATH is a jar, an AAR, a class folder, a Gradle project or a folder of jars (see README).",
		"  composestab audit --classpath runtime.jar build/libs/lib.jar\n" +
			"  composestab audit --composables app/build/classes/kotlin/main --classpath libs/\n" +
			"  composestab audit --call-sites app/build/tmp/kotlin-classes/release --classpath libs/\n" +
			"  composestab audit --format html --composables app.aar --classpath libs/ > stability.html\n" +
			"  composestab audit --format json --only unstable libs/ > unstable.json"},
	"dump": {"Write a reviewable baseline of every non-private class of PATH... to stdout (with --composables,\n" +
		"of every composable too: whether it skips, how each parameter is compared): commit it, then\n" +
		"run composestab check in CI.",
		"  composestab dump --classpath runtime.jar build/libs/lib.jar > stability.baseline\n" +
			"  composestab dump --composables --classpath libs/ app/build/tmp/kotlin-classes/release > composables.stability"},
	"check": {"Compare PATH... with a baseline written by dump: exit 1 on a regression (a class less stable\n" +
		"than the baseline says, a composable that skips less), 0 when nothing got worse; each change\n" +
		"with its cause.",
		"  composestab check --baseline stability.baseline --classpath runtime.jar build/libs/lib.jar"},
	"diff": {"The stability changes between two releases OLD and NEW (each one or more jars, AARs or\n" +
		"folders joined by '" + listSep + "', or a group:artifact:version): regressions, improvements and why.\n" +
		"With --old-compiler and --new-compiler: what a Kotlin bump changes for PATH..., each change with\n" +
		"the compiler rule behind it.",
		"  composestab diff lib-1.0.jar lib-1.1.jar\n" +
			"  composestab diff androidx.compose.ui:ui:1.6.0 androidx.compose.ui:ui:1.7.0\n" +
			"  composestab diff --old-classpath dep-1.0.jar --new-classpath dep-2.0.jar app.jar app.jar\n" +
			"  composestab diff --old-compiler 2.3.21 --new-compiler 2.4.20 --classpath libs/ app.jar"},
	"verify": {"Policy checks on a published artefact: @Stable/@Immutable claims the bytes contradict,\n" +
		"drift between the bytes and the compiler's rules, public classes expected stable, calls that\n" +
		"re-run their callee on every recomposition (identity-churn), and, with --config, every line of\n" +
		"the stability configuration files (config-false, -unused, -broad, -unproven, -redundant, -syntax,\n" +
		"-stale).",
		"  composestab verify --classpath runtime.jar build/libs/lib.jar\n" +
			"  composestab verify --format sarif --expect-stable 'com.example.model.**' lib.jar > verify.sarif\n" +
			"  composestab verify --config stability_config.conf --classpath libs/ app/build/tmp/kotlin-classes/release"},
	"report": {"Write the Compose compiler's report and metrics files (-classes.txt, -composables.txt,\n" +
		"-composables.csv, -module.json) for each PATH into DIR, from the binaries alone.",
		"  composestab report --out build/compose-reports --classpath runtime.jar app.aar"},
	"deps": {"The dependency tree and runtime classpath of Maven coordinates, from the Maven and Gradle\n" +
		"caches (no network).",
		"  composestab deps androidx.compose.ui:ui:1.7.0"},
	"plan": {"The fixes to make first: for every call that re-runs its callee on every recomposition of\n" +
		"its caller (and every call that never skips), the source edits that clear it, each proven by\n" +
		"the call-site analysis run again with the edit applied, ranked: safe fixes before risky ones,\n" +
		"then by the findings they clear (docs/plan.md).",
		"  composestab plan --top 10 --classpath libs/ app/build/tmp/kotlin-classes/release\n" +
			"  composestab plan --format html --classpath libs/ app.jar > plan.html"},
}

// listSep joins the entries of a --classpath list and of a diff side: ':' on Unix, ';' on
// Windows, whose paths hold a ':' (C:\libs\a.jar).
const listSep = string(os.PathListSeparator)

// helpWidth is the widest --help text, in columns.
const helpWidth = 100

// newFlagSet returns a flag set that reports errors instead of exiting; its --help goes to
// stdout, what the command does and examples first.
func newFlagSet(s *streams, name, synopsis string) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(s.err)
	fs.Usage = func() {
		h := commandHelp[name]
		// Wrapped to the terminal (at most helpWidth columns): a flag's sentence is one line
		// of text, never a line of 350 characters.
		width := helpWidth
		if s.width > 0 && s.width < width {
			width = s.width
		}
		fmt.Fprintf(s.out, "%s\n\nUsage: composestab %s\n\nExamples:\n%s\n\nFlags:\n%s", h.what, synopsis, h.examples, fs.FlagUsagesWrapped(width))
	}
	return fs
}

// parseFlags parses args, turning a pflag error into a usage error.
func parseFlags(fs *pflag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return err
		}
		return &exitError{code: exitUsage, msg: err.Error()}
	}
	return nil
}

func oneOf(flag, value string, choices ...string) error {
	for _, c := range choices {
		if value == c {
			return nil
		}
	}
	return usageErrorf("--%s %q: choose one of %s", flag, value, strings.Join(choices, ", "))
}
