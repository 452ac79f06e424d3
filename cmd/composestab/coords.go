package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/english"
	"github.com/composestab/composestab/internal/escape"

	"github.com/composestab/composestab/maven"
)

// repoOptions are the flags that let a PATH be a Maven coordinate, group:artifact:version,
// found in a Maven repository or Gradle's download cache.
type repoOptions struct {
	repos          []string
	noDefaultRepos bool
	platform       string
	noDeps         bool

	// resolved is what expand resolved of the coordinates it met (nil for none), kept for the
	// jobs that need the artefacts behind the paths (plan's upgrades).
	resolved *maven.Resolution
}

// register adds the coordinate flags to a command's flag set.
func (r *repoOptions) register(fs interface {
	StringArrayVar(*[]string, string, []string, string)
	StringVar(*string, string, string, string)
	BoolVar(*bool, string, bool, string)
}) {
	fs.StringArrayVar(&r.repos, "repo", nil, "folder searched for group:artifact:version arguments: a Maven repository or a Gradle cache, before ~/.m2/repository and Gradle's cache (repeatable)")
	fs.BoolVar(&r.noDefaultRepos, "no-default-repos", false, "search only the --repo folders, not ~/.m2/repository and $GRADLE_USER_HOME (~/.gradle) caches")
	fs.StringVar(&r.platform, "platform", "", "variant of a coordinate: android or jvm (default: android where published, else jvm)")
	fs.BoolVar(&r.noDeps, "no-deps", false, "do not put a coordinate's transitive dependencies on the classpath")
}

// resolver returns a resolver over the --repo folders and, unless --no-default-repos, the
// machine's own repositories.
func (r *repoOptions) resolver() (*maven.Resolver, error) {
	if r.platform != "" {
		if err := oneOf("platform", r.platform, maven.PlatformAndroid, maven.PlatformJVM); err != nil {
			return nil, err
		}
	}
	res := &maven.Resolver{Platform: r.platform, NoDependencies: r.noDeps}
	for _, dir := range r.repos {
		repo, err := maven.OpenRepo(dir)
		if err != nil {
			return nil, unreadableErrorf("--repo: %v", err)
		}
		res.Repos = append(res.Repos, repo)
	}
	if !r.noDefaultRepos {
		res.Repos = append(res.Repos, maven.DefaultRepos()...)
	}
	return res, nil
}

// asCoordinate reports whether arg names a coordinate rather than a file: it parses as
// group:artifact:version and no file or folder has that name.
func asCoordinate(arg string) (maven.Coordinate, bool) {
	c, ok := maven.ParseCoordinate(arg)
	if !ok {
		return c, false
	}
	if _, err := os.Stat(arg); err == nil {
		return c, false
	}
	return c, true
}

// splitList splits each value at the OS path-list separator, as Java's -classpath does, but keeps a
// group:artifact:version together where ':' is that separator.
func splitList(values []string) []string {
	var out []string
	for _, v := range values {
		if _, ok := asCoordinate(v); ok {
			out = append(out, v)
			continue
		}
		parts := strings.Split(v, string(os.PathListSeparator))
		for i := 0; i < len(parts); i++ {
			if os.PathListSeparator == ':' && i+2 < len(parts) && listedCoordinate(parts[i:i+3]) {
				out = append(out, strings.Join(parts[i:i+3], ":"))
				i += 2
				continue
			}
			if parts[i] != "" {
				out = append(out, parts[i])
			}
		}
	}
	return out
}

// listedCoordinate reports whether three parts of a ':'-separated list are a coordinate: they
// parse as one, the version starts with a digit, and the first is neither an existing path nor
// named like an archive ("lib.jar:g:a:1.0" is a path and a coordinate).
func listedCoordinate(parts []string) bool {
	c, ok := asCoordinate(strings.Join(parts, ":"))
	if !ok || c.Version[0] < '0' || c.Version[0] > '9' {
		return false
	}
	for _, ext := range []string{".jar", ".aar", ".zip"} {
		if strings.HasSuffix(parts[0], ext) {
			return false
		}
	}
	_, err := os.Stat(parts[0])
	return err != nil
}

// expand replaces each coordinate among the inputs by its artefact and each one on the
// classpath (a list of --classpath values) by its artefact, and adds what they depend on to the
// classpath, all resolved together (the highest version of a module wins). Inputs that are
// paths, and the classpath's paths, keep their place, each expanded by the same discovery rules
// (scan.Discover): a folder becomes the jars, AARs and class folders it holds. What no
// repository holds, what discovery leaves out and what holds nothing are said on stderr, unless
// quiet; a missing path is an error.
func (r *repoOptions) expand(s *streams, quiet bool, limits archive.Limits, inputs, classpath []string) (_, _ []string, problems []error, _ error) {
	cp := splitList(classpath)
	var roots []maven.Coordinate
	for _, list := range [][]string{inputs, cp} {
		for _, p := range list {
			if c, ok := asCoordinate(p); ok {
				roots = append(roots, c)
			}
		}
	}
	var resolved []string
	if len(roots) > 0 {
		res, err := r.resolve(s, quiet, roots)
		if err != nil {
			return nil, nil, nil, err
		}
		r.resolved = res
		problems = resolutionProblems(res)
		files := map[maven.Coordinate][]string{}
		for _, root := range res.Roots {
			files[root.Coordinate] = maven.Paths(root.Files)
		}
		replace := func(list []string) []string {
			var out []string
			for _, p := range list {
				if c, ok := asCoordinate(p); ok {
					out = append(out, files[c]...)
				} else {
					out = append(out, p)
				}
			}
			return out
		}
		inputs = replace(inputs)
		cp = replace(cp)
		resolved = maven.Paths(res.Classpath)
	}
	var err error
	var more []error
	if len(inputs) > 0 {
		if inputs, more, err = discover(s, quiet, limits, "", inputs); err != nil {
			return nil, nil, nil, err
		}
		problems = append(problems, more...)
	}
	if cp, more, err = discover(s, quiet, limits, "--classpath: ", cp); err != nil {
		return nil, nil, nil, err
	}
	problems = append(problems, more...)
	seen := map[string]bool{}
	for _, p := range inputs {
		seen[p] = true
	}
	var outCP []string
	for _, p := range append(cp, resolved...) {
		if !seen[p] {
			seen[p] = true
			outCP = append(outCP, p)
		}
	}
	return inputs, outCP, problems, nil
}

// discover expands paths by scan.Discover's rules. A path that is missing, a broken link or
// cannot be read is an error joining an *scan.InputError for each (what prefixes each message);
// what cannot be searched below a path (an unreadable folder, a broken link, a link loop) is
// returned as problems, for the scan to report with its errors while the rest is read. The jars
// and AARs a Gradle build folder's class folders supersede, the folders left out and the paths
// that hold nothing are said on stderr unless quiet.
func discover(s *streams, quiet bool, limits archive.Limits, what string, paths []string) ([]string, []error, error) {
	d, err := scan.Discover(paths, limits)
	if err != nil {
		// Each *scan.InputError stays reachable with errors.As; exitCode makes any such error
		// exit 3, unreadable.
		var errs []error
		for _, e := range unjoin(err) {
			if what != "" {
				e = fmt.Errorf("%s%w", what, e)
			}
			errs = append(errs, e)
		}
		return nil, nil, errors.Join(errs...)
	}
	if quiet {
		return d.Inputs, d.Problems, nil
	}
	if n := len(d.Superseded); n > 0 {
		// One line for the whole tree: a multi-module project has such copies in every module.
		var dirs []string
		for _, sp := range d.Superseded {
			if !slices.Contains(dirs, sp.BuildDir) {
				dirs = append(dirs, sp.BuildDir)
			}
		}
		if len(dirs) > 3 {
			dirs = append(dirs[:3], "…")
		}
		fmt.Fprintf(s.err, "%s: %sleft out %d %s packaged from the class folders of %s, which are read instead (name one as a PATH to read it)\n",
			colorize(s.errTTY, "36", "note"), what, n, english.Choose(n, "jar or AAR", "jars and AARs"), escape.Text(strings.Join(dirs, ", ")))
	}
	// One line per reason, naming at most three folders: a project has them in every module.
	why := map[scan.LeftOutReason][]string{}
	for _, lo := range d.LeftOut {
		why[lo.Why] = append(why[lo.Why], lo.Path)
	}
	for _, r := range []struct {
		reason scan.LeftOutReason
		say    string
	}{
		{scan.LeftOutTests, "test class %s %s"},
		{scan.LeftOutDebug, "debug class %s %s: the release variant beside each is read"},
		{scan.LeftOutBuildLogic, "Gradle build logic %s %s"},
	} {
		paths := why[r.reason]
		if len(paths) == 0 {
			continue
		}
		n := len(paths)
		if n > 3 {
			paths = append(paths[:3:3], "…")
		}
		fmt.Fprintf(s.err, "%s: %sleft out "+r.say+" (name one as a PATH to read it)\n", colorize(s.errTTY, "36", "note"), what,
			english.Choose(n, "folder", "folders"), escape.Text(strings.Join(paths, ", ")))
	}
	for _, p := range d.Empty {
		fmt.Fprintf(s.err, "%s: %s%s: no jar, AAR or class file found\n", colorize(s.errTTY, "33", "warning"), what, escape.Text(p))
	}
	return d.Inputs, d.Problems, nil
}

// unjoin lists the errors err joins, or err alone.
func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// resolve resolves the roots and reports, unless quiet, what each became and what is missing.
func (r *repoOptions) resolve(s *streams, quiet bool, roots []maven.Coordinate) (*maven.Resolution, error) {
	rv, err := r.resolver()
	if err != nil {
		return nil, err
	}
	res, err := rv.ResolveAll(context.Background(), roots)
	var nf *maven.NotFoundError
	var me *maven.MetadataError
	switch {
	case errors.As(err, &nf):
		return nil, unreadableErrorf("%v", err)
	case errors.As(err, &me):
		return nil, &exitError{code: exitUnreadable, msg: err.Error()}
	case err != nil:
		return nil, err
	}
	if !quiet {
		reportResolution(s, res)
	}
	return res, nil
}

// reportResolution says on stderr which files the roots became. What is missing is the
// report's to say, among its errors (resolutionProblems).
func reportResolution(s *streams, res *maven.Resolution) {
	for _, root := range res.Roots {
		fmt.Fprintf(s.err, "%s: %s\n", escape.Text(root.Coordinate.String()), escape.Text(strings.Join(maven.Paths(root.Files), ", ")))
	}
	if n := len(res.Classpath); n > 0 {
		fmt.Fprintf(s.err, "classpath: %d %s resolved from their dependencies (composestab deps shows the tree)\n", n, english.Choose(n, "artefact", "artefacts"))
	}
}

// resolutionProblems are the dependencies no repository holds and the metadata files that
// could not be used, as errors of the scan: the audit goes on without them, says each among its
// errors, and exits 3, as for any input that cannot be read.
func resolutionProblems(res *maven.Resolution) []error {
	var out []error
	for _, p := range res.Problems {
		var me *maven.MetadataError
		if errors.As(p, &me) {
			out = append(out, &scan.InputError{Path: me.Coordinate.String(), Err: fmt.Errorf("%s: %w", me.File, me.Err)})
			continue
		}
		out = append(out, p)
	}
	for _, m := range res.Missing {
		out = append(out, &scan.InputError{Path: m.Name(), Err: errors.New(m.Reason())})
	}
	return out
}

// reportMissing says on stderr what could not be read and what no repository holds.
func reportMissing(s *streams, res *maven.Resolution) {
	for _, p := range res.Problems {
		fmt.Fprintf(s.err, "%s: %s\n", colorize(s.errTTY, "33", "warning"), escape.Text(fmt.Sprint(p)))
	}
	for _, m := range res.Missing {
		fmt.Fprintln(s.err, colorize(s.errTTY, "33", escape.Text(m.String())))
	}
}
