package mcp

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/maven"
)

// root is a folder the server may read under: as given (made absolute and clean) and with its
// symbolic links resolved. A path is checked lexically against both, and once resolved against
// the real one.
type root struct {
	given, real string
}

// resolveRoot resolves a root folder, which must exist.
func resolveRoot(dir string) (root, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return root{}, err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return root{}, err
	}
	st, err := os.Stat(real)
	if err != nil {
		return root{}, err
	}
	if !st.IsDir() {
		return root{}, errors.New("not a folder")
	}
	return root{given: filepath.Clean(abs), real: real}, nil
}

// within reports whether p is dir or lies below it. Both are absolute and clean; the comparison
// is exact, so on a case-insensitive file system a path spelled with other cases is refused
// rather than guessed at.
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	if err != nil || filepath.IsAbs(rel) {
		return false
	}
	return rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

func inside(p string, roots []root, lexical bool) bool {
	for _, r := range roots {
		if within(p, r.real) || (lexical && within(p, r.given)) {
			return true
		}
	}
	return false
}

// repoDirs opens Options.Repos and, with DefaultRepos, the machine's own repositories.
func (s *Server) repoDirs() ([]root, error) {
	var out []root
	for _, dir := range s.opts.Repos {
		repo, err := maven.OpenRepo(dir)
		if err != nil {
			return nil, err
		}
		s.mavenRepos = append(s.mavenRepos, repo)
	}
	if s.opts.DefaultRepos {
		s.mavenRepos = append(s.mavenRepos, maven.DefaultRepos()...)
	}
	for _, repo := range s.mavenRepos {
		r, err := resolveRoot(repo.Dir)
		if err != nil {
			return nil, fmt.Errorf("repository %s: %w", repo.Dir, err)
		}
		out = append(out, r)
	}
	return out, nil
}

// access is what one tool call may read: the server's roots, the client's, and the
// repositories coordinates are looked up in.
type access struct {
	roots  []root
	repos  []root
	mrepos []maven.Repo
	limits archive.Limits
	// clientNote says why the client's roots are not among roots, when they are not ("" when
	// they are, or the server does not ask for them).
	clientNote string
}

// rootsRequest names the client's roots among a call's input requests.
const rootsRequest = "roots"

// access gathers the roots of one call: the server's, then the client's where the server asks
// for them and the client offers them. Those come as a multi round-trip request (SEP-2322):
// when the call does not carry them yet, ask is true and the handler returns the request for
// them; the client (or, for a client of an older protocol, the SDK on the server's side, with
// roots/list) answers and the call is made again with them.
func (s *Server) access(req *sdk.CallToolRequest) (a *access, ask bool) {
	a = &access{roots: append([]root(nil), s.roots...), repos: s.repos, mrepos: s.mavenRepos, limits: s.opts.Limits}
	if !s.opts.ClientRoots || req == nil || req.Params == nil {
		return a, false
	}
	//lint:ignore SA1019 roots are deprecated from protocol 2026-07-28 (SEP-2577) but still served; clients that offer them expect them honoured
	if caps := req.ClientCapabilities(); caps == nil || caps.RootsV2 == nil {
		a.clientNote = "the client offers no roots"
		return a, false
	}
	//lint:ignore SA1019 as above
	res, ok := req.Params.InputResponses[rootsRequest].(*sdk.ListRootsResult)
	if !ok {
		return a, true
	}
	for _, r := range res.Roots {
		dir, ok := fileURIPath(r.URI)
		if !ok {
			continue
		}
		if cr, err := resolveRoot(dir); err == nil {
			a.roots = append(a.roots, cr)
		}
	}
	return a, false
}

// fileURIPath is the local path of a file:// URI.
func fileURIPath(uri string) (string, bool) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" || (u.Host != "" && u.Host != "localhost") || u.Path == "" {
		return "", false
	}
	p := u.Path
	if runtime.GOOS == "windows" {
		p = strings.TrimPrefix(p, "/") // file:///C:/x → C:/x
	}
	p = filepath.FromSlash(p)
	if !filepath.IsAbs(p) {
		return "", false
	}
	return p, true
}

func (a *access) rootList() string {
	if len(a.roots) == 0 {
		return "none"
	}
	var names []string
	for _, r := range a.roots {
		names = append(names, r.given)
	}
	return strings.Join(names, ", ")
}

// errNoRoots is the answer to a path when no root is known.
func (a *access) errNoRoots() error {
	msg := "the server has no roots to read under: start composestab mcp with --root DIR"
	if a.clientNote != "" {
		msg += " (" + a.clientNote + ")"
	}
	return errors.New(msg)
}

// path checks one path a client gave — field says which argument — and returns it with its
// symbolic links resolved. A relative path is taken relative to the first root. It must lie
// under a root as written and once resolved; for a folder, so must every link below it (and
// below the folders those lead to), since discovery and class folders follow links: one that
// leads elsewhere refuses the whole path, before anything in it is read.
func (a *access) path(ctx context.Context, field, p string) (string, error) {
	if p == "" || strings.ContainsRune(p, 0) {
		return "", fmt.Errorf("%s: %q is not a path", field, p)
	}
	if len(a.roots) == 0 {
		return "", fmt.Errorf("%s: %s: %w", field, p, a.errNoRoots())
	}
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(a.roots[0].given, abs)
	}
	abs = filepath.Clean(abs)
	if !inside(abs, a.roots, true) {
		return "", fmt.Errorf("%s: %s is outside the server's roots (%s)", field, p, a.rootList())
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		// Whether something exists behind a link that leads out is not said: the deepest
		// folder that resolves decides which answer is given.
		for dir := filepath.Dir(abs); ; dir = filepath.Dir(dir) {
			if r, err := filepath.EvalSymlinks(dir); err == nil {
				if !inside(r, a.roots, false) {
					return "", fmt.Errorf("%s: %s leads outside the server's roots through a symbolic link", field, p)
				}
				break
			}
			if dir == filepath.Dir(dir) {
				break
			}
		}
		if errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("%s: %s: no such file or folder", field, p)
		}
		return "", fmt.Errorf("%s: %s: %v", field, p, err)
	}
	if !inside(real, a.roots, false) {
		return "", fmt.Errorf("%s: %s leads outside the server's roots through a symbolic link", field, p)
	}
	if err := checkLinks(ctx, real, a.roots, a.limits); err != nil {
		return "", fmt.Errorf("%s: %s: %w", field, p, err)
	}
	return real, nil
}

// checkLinks walks the folder at real (nothing for a file), following each symbolic link whose
// target is a folder, and fails at the first link that leads outside roots. Every file and
// folder walked counts against Limits.MaxEntries.
func checkLinks(ctx context.Context, real string, roots []root, limits archive.Limits) error {
	st, err := os.Stat(real)
	if err != nil || !st.IsDir() {
		return nil
	}
	maxEntries := limits.MaxEntries
	if maxEntries <= 0 {
		maxEntries = archive.DefaultMaxEntries
	}
	seen := map[string]bool{}
	count := 0
	// shown is the folder's path as reached from real, through the links followed.
	var walk func(dir, shown string) error
	walk = func(dir, shown string) error {
		if seen[dir] {
			return nil
		}
		seen[dir] = true
		return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // unreadable: nothing is read from it; the scan says so
			}
			if count++; count > maxEntries {
				return fmt.Errorf("more than %d files and folders to check for links (--max-entries)", maxEntries)
			}
			if count%1024 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			if d.Type()&fs.ModeSymlink == 0 {
				return nil
			}
			rel, _ := filepath.Rel(dir, p)
			name := filepath.Join(shown, rel)
			target, err := filepath.EvalSymlinks(p)
			if err != nil {
				return nil // broken or a loop: it leads nowhere, and discovery reports it
			}
			if !inside(target, roots, false) {
				return fmt.Errorf("the symbolic link %s leads outside the server's roots", filepath.ToSlash(name))
			}
			if st, err := os.Stat(target); err == nil && st.IsDir() {
				return walk(target, name)
			}
			return nil
		})
	}
	return walk(real, "")
}

// repoFile checks a file the Maven resolution found: it must lie in one of the repositories
// once its links are resolved.
func (a *access) repoFile(p string) (string, error) {
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", err
	}
	if !inside(real, a.repos, false) {
		return "", fmt.Errorf("%s leads outside the repositories through a symbolic link", p)
	}
	return real, nil
}

// isCoordinate tells a group:artifact:version from a path: it parses as one, and the first
// root holds no file or folder of that name.
func (a *access) isCoordinate(entry string) (maven.Coordinate, bool) {
	c, ok := maven.ParseCoordinate(entry)
	if !ok {
		return c, false
	}
	if len(a.roots) > 0 {
		if _, err := os.Lstat(filepath.Join(a.roots[0].given, entry)); err == nil {
			return c, false
		}
	}
	return c, true
}

// inputs are a job's paths made ready: checked, coordinates resolved, folders expanded.
type inputs struct {
	paths, classpath, configs []string
	problems                  []error
}

// scanOptions prepares a scan's paths (prepare) and its compiler release: the options every
// tool that scans starts from.
func (a *access) scanOptions(ctx context.Context, paths, classpath, configs []string, compiler string) (scan.Options, error) {
	p, err := a.prepare(ctx, paths, classpath, configs)
	if err != nil {
		return scan.Options{}, err
	}
	c, err := scan.ParseCompiler(compiler)
	if err != nil {
		return scan.Options{}, err
	}
	return scan.Options{Inputs: p.paths, Classpath: p.classpath, Problems: p.problems, Configs: p.configs, Compiler: c, Limits: a.limits}, nil
}

// prepare checks and expands a job's paths, classpath and configuration files as the command
// line does (scan.Discover's rules; coordinates replaced by their artefacts, their dependencies
// added to the classpath), refusing anything outside the roots.
func (a *access) prepare(ctx context.Context, paths, classpath, configs []string) (*inputs, error) {
	in := &inputs{}
	var coords []maven.Coordinate
	type entry struct {
		coord maven.Coordinate
		isC   bool
		path  string
	}
	check := func(field string, list []string) ([]entry, error) {
		var out []entry
		for _, p := range list {
			if c, ok := a.isCoordinate(p); ok {
				if len(a.mrepos) == 0 {
					return nil, fmt.Errorf("%s: %s is a Maven coordinate, and this server looks none up: start it with --repo DIR or --default-repos", field, p)
				}
				coords = append(coords, c)
				out = append(out, entry{coord: c, isC: true})
				continue
			}
			real, err := a.path(ctx, field, p)
			if err != nil {
				return nil, err
			}
			out = append(out, entry{path: real})
		}
		return out, nil
	}
	pe, err := check("paths", paths)
	if err != nil {
		return nil, err
	}
	ce, err := check("classpath", classpath)
	if err != nil {
		return nil, err
	}
	for _, c := range configs {
		real, err := a.path(ctx, "configs", c)
		if err != nil {
			return nil, err
		}
		in.configs = append(in.configs, real)
	}
	files := map[maven.Coordinate][]string{}
	var resolved []string
	if len(coords) > 0 {
		res, err := (&maven.Resolver{Repos: a.mrepos}).ResolveAll(ctx, coords)
		if err != nil {
			return nil, err
		}
		in.problems = append(in.problems, resolutionProblems(res)...)
		for _, r := range res.Roots {
			for _, p := range maven.Paths(r.Files) {
				real, err := a.repoFile(p)
				if err != nil {
					return nil, err
				}
				files[r.Coordinate] = append(files[r.Coordinate], real)
			}
		}
		for _, p := range maven.Paths(res.Classpath) {
			real, err := a.repoFile(p)
			if err != nil {
				return nil, err
			}
			resolved = append(resolved, real)
		}
	}
	expand := func(field string, list []entry) ([]string, error) {
		var ps []string
		for _, e := range list {
			if e.isC {
				ps = append(ps, files[e.coord]...)
			} else {
				ps = append(ps, e.path)
			}
		}
		if len(ps) == 0 {
			return nil, nil
		}
		d, err := scan.Discover(ps, a.limits)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", field, err)
		}
		in.problems = append(in.problems, d.Problems...)
		return d.Inputs, nil
	}
	if in.paths, err = expand("paths", pe); err != nil {
		return nil, err
	}
	cp, err := expand("classpath", ce)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, p := range in.paths {
		seen[p] = true
	}
	for _, p := range append(cp, resolved...) {
		if !seen[p] {
			seen[p] = true
			in.classpath = append(in.classpath, p)
		}
	}
	if len(paths) > 0 && len(in.paths) == 0 {
		return nil, errors.New("paths: no jar, AAR or class file found")
	}
	return in, nil
}

// resolutionProblems are what no repository holds and the metadata that could not be used, as
// errors of the scan (as the command line reports them).
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
