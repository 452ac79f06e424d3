package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"

	"github.com/composestab/composestab/audit/history"
	"github.com/composestab/composestab/audit/output"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/english"
	"github.com/composestab/composestab/internal/escape"
	"github.com/composestab/composestab/maven"
)

func init() {
	commandHelp["history"] = struct{ what, examples string }{
		"Every version of GROUP:ARTIFACT found in the Maven and Gradle caches (or the --repo folders),\n" +
			"newest first: per version what audit reports — its classes per verdict and its composables\n" +
			"that skip — and each class's verdict change from the version before, with its causes, as\n" +
			"diff reports it. --format html draws a chart (one self-contained page).",
		"  composestab history androidx.compose.ui:ui\n" +
			"  composestab history --format html --no-default-repos --repo ~/.m2/repository com.example:lib > history.html"}
}

// historyFormats are the encodings of a history report.
var historyFormats = []string{"text", "json", "html"}

// runHistory scans every version of an artifact the repositories hold.
func runHistory(s *streams, args []string) error {
	var o auditOptions
	fs := newFlagSet(s, "history", "history [flags] GROUP:ARTIFACT")
	scanFlags(fs, &o)
	fs.StringVar(&o.format, "format", "text", "text, json or html (one self-contained page with a chart)")
	fs.BoolVar(&o.includeNonPublic, "include-nonpublic", false, "also count internal classes and composables")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := oneOf("format", o.format, historyFormats...); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usageErrorf("history takes one GROUP:ARTIFACT, such as androidx.compose.ui:ui")
	}
	group, artifact, ok := strings.Cut(fs.Arg(0), ":")
	if !ok || strings.Contains(artifact, ":") {
		return usageErrorf("history: %q is not group:artifact", fs.Arg(0))
	}
	if _, ok := asCoordinate(group + ":" + artifact + ":1"); !ok {
		return usageErrorf("history: %q is not group:artifact", fs.Arg(0))
	}
	compiler, err := scan.ParseCompiler(o.compiler)
	if err != nil {
		return usageErrorf("%v", err)
	}
	rv, err := o.repos.resolver()
	if err != nil {
		return err
	}
	coordinate, _ := asCoordinate(group + ":" + artifact + ":1")
	module := coordinate.Module()
	versions := rv.Versions(module)
	if len(versions) == 0 {
		return unreadableErrorf("history: no version of %s in %s", escape.Text(module.String()), repoList(repoNames(rv.Repos)))
	}
	var releases []history.Release
	for _, v := range versions {
		r := history.Release{Version: v}
		// The options audit GROUP:ARTIFACT:VERSION would scan with: the same resolution and
		// discovery.
		r.Options, r.Err = scanOptions(s, &o, []string{module.At(v).String()}, o.includeNonPublic)
		var ee *exitError
		if errors.As(r.Err, &ee) && ee.code == exitUsage {
			return r.Err
		}
		releases = append(releases, r)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rep, err := history.Build(ctx, module.String(), compiler.Release.String(), releases)
	if err != nil {
		return &exitError{code: exitInterrupted, msg: "interrupted"}
	}
	var reps []*scan.Report
	for _, p := range rep.Versions {
		diagnose(s, &o, &scan.Report{Errors: p.Errors}, p.Version)
		if p.Problem != "" && !o.quiet {
			fmt.Fprintf(s.err, "%s: %s: %s\n", escape.Text(p.Version), colorize(s.errTTY, "33", "not scanned"), messageLines(p.Problem))
		}
		reps = append(reps, &scan.Report{Errors: p.Errors})
	}
	switch o.format {
	case "json":
		err = output.WriteJSON(s.out, rep)
	case "html":
		err = output.WriteHistoryHTML(s.out, rep)
	default:
		err = output.WriteHistoryText(s.out, rep)
	}
	if err != nil {
		return err
	}
	also := ""
	if n := problems(rep); n > 0 {
		also = fmt.Sprintf("%d %s could not be scanned", n, english.Choose(n, "version", "versions"))
	}
	if err := unreadableExit(&o, also, reps...); err != nil {
		return err
	}
	if also != "" {
		return &exitError{code: exitUnreadable, msg: also}
	}
	return nil
}

// problems counts the versions that could not be scanned.
func problems(rep *history.Report) int {
	n := 0
	for _, p := range rep.Versions {
		if p.Problem != "" {
			n++
		}
	}
	return n
}

// repoNames are the repositories as deps lists them.
func repoNames(repos []maven.Repo) []string {
	var out []string
	for _, r := range repos {
		out = append(out, r.String())
	}
	return out
}
