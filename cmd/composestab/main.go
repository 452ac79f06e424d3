// Command composestab tells which classes of a jar, AAR or class folder the Jetpack Compose
// compiler treats as stable, unstable or runtime-stable, and why.
//
// Subcommands: audit, explain, dump, check, diff, verify, deps. Run "composestab help" for usage.
package main

import (
	"errors"
	"fmt"
	"github.com/composestab/composestab/internal/escape"
	"io"
	"os"
	"strings"

	"github.com/mattn/go-isatty"
	"github.com/spf13/pflag"
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
}

func isTTY(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
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

A PATH may also be group:artifact:version, found with --repo DIR, in ~/.m2/repository or in
Gradle's cache; its dependencies join the classpath unless --no-deps.
Run "composestab COMMAND --help" for a command's flags.
Exit codes: 0 clean; 1 findings (--fail-on, check regressions, verify violations); 2 usage error
(flags and arguments); 3 an input (PATH, --classpath, --baseline, --config, coordinate) missing
or unreadable — the report is still printed; 4 the output could not be written; 130 interrupted.
`

func run(args []string, stdout, stderr io.Writer) int {
	out := &outputWriter{w: stdout}
	s := &streams{out: out, err: stderr, outTTY: isTTY(stdout), errTTY: isTTY(stderr)}
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
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
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
			fmt.Fprintln(stderr, "composestab:", escape.Text(ee.msg))
		}
		return ee.code
	}
	if errors.Is(err, pflag.ErrHelp) {
		return exitOK
	}
	fmt.Fprintln(stderr, "composestab:", escape.Text(err.Error()))
	return exitUnreadable
}

// newFlagSet returns a flag set that reports errors instead of exiting.
func newFlagSet(s *streams, name, synopsis string) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(s.err)
	fs.Usage = func() {
		fmt.Fprintf(s.err, "Usage: composestab %s\n\nFlags:\n%s", synopsis, fs.FlagUsages())
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
