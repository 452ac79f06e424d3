package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"

	"github.com/composestab/composestab/audit/cards"
	"github.com/composestab/composestab/audit/output"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/escape"
	"github.com/composestab/composestab/maven"
)

func init() {
	commandHelp["cards"] = struct{ what, examples string }{
		"A report card per dependency of APP... (each resolved coordinate, or each jar of a classpath\n" +
			"given as files): the dependency's types the app's composables and classes use, as the app's\n" +
			"bytes name them; how the app sees each (stable, compared by ===, decided at run time) and\n" +
			"why; and the stability configuration lines that would make the others stable, each proven,\n" +
			"unproven or false from the dependency's bytes. --format stability-config writes the proven\n" +
			"lines as one file, each with its coordinate@version and its proof.",
		"  composestab cards --classpath com.example:lib:1.0 app/build/tmp/kotlin-classes/release\n" +
			"  composestab cards --format markdown --classpath \"$(cat classpath.txt)\" app.jar > cards.md\n" +
			"  composestab cards --format stability-config --classpath libs/ app.jar > stability.conf"}
}

// cardFormats are the encodings of a cards report.
var cardFormats = []string{"text", "markdown", "json", "html", "stability-config"}

// runCards draws the report cards of an app's dependencies.
func runCards(s *streams, args []string) error {
	var o auditOptions
	fs := newFlagSet(s, "cards", "cards [flags] APP...")
	scanFlags(fs, &o)
	fs.StringVar(&o.format, "format", "text", "text, markdown (a card per dependency), json (docs/cards.md), html (one self-contained page) or stability-config (the proven lines, each with its coordinate@version and proof)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := oneOf("format", o.format, cardFormats...); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usageErrorf("cards needs the app: one or more jars, AARs, class folders or group:artifact:version")
	}
	compiler, err := scan.ParseCompiler(o.compiler)
	if err != nil {
		return usageErrorf("%v", err)
	}
	inputs, deps, classpath, problems, err := cardInputs(s, &o, fs.Args())
	if err != nil {
		return err
	}
	if len(inputs) == 0 {
		return unreadableErrorf("cards: no jar, AAR or class folder found in %s", escape.Text(fmt.Sprint(fs.Args())))
	}
	memory.reserve(inputs...)
	memory.reserve(classpath...)
	opts := cards.Options{
		App: scan.Options{Inputs: inputs, Classpath: classpath, Problems: problems, Configs: o.configs, Compiler: compiler,
			Limits: o.limits},
		Dependencies: deps,
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rep, err := cards.Build(ctx, opts)
	switch {
	case errors.Is(err, context.Canceled):
		return &exitError{code: exitInterrupted, msg: "interrupted"}
	case err != nil:
		return unreadableErrorf("%v", err)
	}
	diagnose(s, &o, &scan.Report{Errors: rep.Errors}, "")
	if err := printCards(s, o.format, rep); err != nil {
		return err
	}
	return unreadableExit(&o, "", &scan.Report{Errors: rep.Errors})
}

func printCards(s *streams, format string, rep *cards.Report) error {
	switch format {
	case "json":
		return output.WriteJSON(s.out, rep)
	case "markdown":
		return output.WriteCardsMarkdown(s.out, rep)
	case "html":
		return output.WriteCardsHTML(s.out, rep)
	case "stability-config":
		return output.WriteCardsStabilityConfig(s.out, rep)
	}
	return output.WriteCardsText(s.out, rep)
}

// cardInputs resolves the app and its classpath into the app's inputs, the dependencies a card
// is drawn for and the classpath the scans read: a coordinate (an APP's or a --classpath
// entry's) is resolved with its dependencies, each resolved coordinate one dependency; a path
// is expanded by discovery, each jar, AAR or class folder of --classpath one dependency.
func cardInputs(s *streams, o *auditOptions, args []string) (inputs []string, deps []cards.Dependency, classpath []string, problems []error, _ error) {
	var appPaths, cpPaths []string
	var roots []maven.Coordinate
	appRoot := map[maven.Coordinate]bool{}
	for _, a := range args {
		if c, ok := asCoordinate(a); ok {
			roots = append(roots, c)
			appRoot[c] = true
		} else {
			appPaths = append(appPaths, a)
		}
	}
	for _, p := range splitList(o.classpath) {
		if c, ok := asCoordinate(p); ok {
			roots = append(roots, c)
		} else {
			cpPaths = append(cpPaths, p)
		}
	}
	var resolved []cards.Dependency
	if len(roots) > 0 {
		res, err := o.repos.resolve(s, o.quiet, roots)
		if err != nil {
			return nil, nil, nil, nil, err
		}
		if !o.quiet {
			reportMissing(s, res)
		}
		problems = resolutionProblems(res)
		byCoord := map[maven.Coordinate]int{}
		add := func(a maven.Artifact) {
			i, ok := byCoord[a.Coordinate]
			if !ok {
				i = len(resolved)
				byCoord[a.Coordinate] = i
				resolved = append(resolved, cards.Dependency{Name: a.Coordinate.String(), Coordinate: a.Coordinate.String(), Version: a.Coordinate.Version})
			}
			resolved[i].Files = append(resolved[i].Files, a.File)
		}
		for _, root := range res.Roots {
			if appRoot[root.Coordinate] {
				inputs = append(inputs, maven.Paths(root.Files)...)
				continue
			}
			for _, a := range root.Files {
				add(a)
			}
		}
		for _, a := range res.Classpath {
			add(a)
		}
	}
	if len(appPaths) > 0 {
		found, more, err := discover(s, o.quiet, o.limits, "", appPaths)
		if err != nil {
			return nil, nil, nil, nil, err
		}
		inputs = append(inputs, found...)
		problems = append(problems, more...)
	}
	var found []string
	if len(cpPaths) > 0 {
		var more []error
		var err error
		if found, more, err = discover(s, o.quiet, o.limits, "--classpath: ", cpPaths); err != nil {
			return nil, nil, nil, nil, err
		}
		problems = append(problems, more...)
	}
	seen := map[string]bool{}
	for _, p := range inputs {
		seen[p] = true
	}
	for _, f := range found {
		if !seen[f] {
			seen[f] = true
			deps = append(deps, cards.Dependency{Name: f, Files: []string{f}})
			classpath = append(classpath, f)
		}
	}
	for _, d := range resolved {
		var files []string
		for _, f := range d.Files {
			if !seen[f] {
				seen[f] = true
				files = append(files, f)
			}
		}
		if len(files) > 0 {
			d.Files = files
			deps = append(deps, d)
			classpath = append(classpath, files...)
		}
	}
	if !o.quiet && len(deps) == 0 {
		fmt.Fprintf(s.err, "%s: no dependency: pass the app's classpath with --classpath\n", colorize(s.errTTY, "33", "warning"))
	}
	return inputs, deps, classpath, problems, nil
}
