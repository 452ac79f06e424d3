package main

import (
	"fmt"

	"strings"

	"github.com/composestab/composestab/audit/output"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/english"
	"github.com/composestab/composestab/internal/escape"

	"github.com/composestab/composestab/maven"
)

// runDeps prints the dependency tree of coordinates, as `gradle dependencies` does, and where
// each file of the resulting classpath came from.
func runDeps(s *streams, args []string) error {
	var r repoOptions
	var format string
	var quiet bool
	fs := newFlagSet(s, "deps", "deps [flags] GROUP:ARTIFACT:VERSION...")
	r.register(fs)
	fs.StringVar(&format, "format", "text", "text or json")
	fs.BoolVar(&quiet, "quiet", false, "no diagnostics on stderr")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := oneOf("format", format, "text", "json"); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usageErrorf("deps needs at least one coordinate, such as androidx.compose.ui:ui:1.7.0")
	}
	var roots []maven.Coordinate
	for _, a := range fs.Args() {
		c, ok := maven.ParseCoordinate(a)
		if !ok {
			return usageErrorf("deps: %q is not group:artifact:version", a)
		}
		roots = append(roots, c)
	}
	res, err := r.resolve(s, true, roots)
	if err != nil {
		return err
	}
	if !quiet {
		reportMissing(s, res)
	}
	// What could not be resolved is said and makes the exit code 3, as an unreadable input
	// does; the tree is printed all the same.
	var unresolved error
	if n := len(res.Missing) + len(res.Problems); n > 0 {
		unresolved = &exitError{code: exitUnreadable, msg: fmt.Sprintf("%d %s could not be resolved (see above)", n, english.Choose(n, "dependency", "dependencies"))}
	}
	if format == "json" {
		problems := make([]string, 0, len(res.Problems))
		for _, p := range res.Problems {
			problems = append(problems, p.Error())
		}
		if err := output.WriteJSON(s.out, struct {
			SchemaVersion int `json:"schemaVersion"`
			*maven.Resolution
			Problems []string `json:"problems"`
		}{scan.SchemaVersion, res, problems}); err != nil {
			return err
		}
		return unresolved
	}
	var b strings.Builder
	if err := res.WriteTree(&b); err != nil {
		return err
	}
	fmt.Fprintf(&b, "\nFiles (%s; searched %s):\n", res.Platform, repoList(res.Repos))
	for _, a := range res.RootFiles() {
		writeArtifact(&b, a, "root")
	}
	for _, a := range res.Classpath {
		writeArtifact(&b, a, "classpath")
	}
	if _, err := fmt.Fprint(s.out, b.String()); err != nil {
		return err
	}
	return unresolved
}

func repoList(repos []string) string {
	if len(repos) == 0 {
		return "no repository"
	}
	return escape.Text(strings.Join(repos, ", "))
}

// writeArtifact writes one file of the classpath: its coordinate and role, its path, and the
// metadata and variant that named it.
func writeArtifact(b *strings.Builder, a maven.Artifact, role string) {
	fmt.Fprintf(b, "  %s (%s)\n    %s\n", escape.Text(a.Coordinate.String()), role, escape.Text(a.File))
	switch {
	case a.Variant != "":
		fmt.Fprintf(b, "    variant %s of %s\n", escape.Text(a.Variant), escape.Text(a.Metadata))
	case a.Metadata != "":
		fmt.Fprintf(b, "    from %s\n", escape.Text(a.Metadata))
	}
}
