package maven

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// Resolver finds coordinates in repositories and resolves their runtime classpaths. Its zero
// value searches no repository; set Repos (DefaultRepos for the machine's own). A Resolver
// caches what it reads and is not safe for concurrent use.
type Resolver struct {
	// Repos are searched in order; the first that holds a module's metadata provides it.
	Repos []Repo
	// Platform is PlatformAndroid, PlatformJVM, or "" for Android variants where a module
	// publishes them and JVM ones otherwise.
	Platform string
	// NoDependencies resolves only the roots' own artefacts (following available-at).
	NoDependencies bool

	comps map[compKey]*component
	poms  map[Coordinate]*effective
}

// Resolution is the result of resolving one or more root coordinates together.
type Resolution struct {
	// Roots are the coordinates resolved, each with its own artefacts.
	Roots    []Root `json:"roots"`
	Platform string `json:"platform"`
	// Repos are the repositories searched, in order (Repo.String).
	Repos []string `json:"repos"`
	// Classpath is every other artefact of the resolved graph, breadth first from the roots:
	// the runtime classpath the roots need.
	Classpath []Artifact `json:"classpath"`
	// Tree is the dependency graph as `gradle dependencies` prints it, one node per root.
	Tree []*Node `json:"tree"`
	// Missing lists what no repository holds, once each, sorted.
	Missing []Missing `json:"missing"`
	// Problems are malformed or unusable metadata files met on the way (*MetadataError);
	// resolution went on without them.
	Problems []error `json:"-"`
}

// Root is a coordinate asked for and its own artefacts: those of its platform module, for a
// Kotlin Multiplatform root.
type Root struct {
	Coordinate Coordinate `json:"coordinate"`
	Files      []Artifact `json:"files"`
}

// RootFiles returns the roots' artefacts, in the order of the roots.
func (res *Resolution) RootFiles() []Artifact {
	var out []Artifact
	for _, r := range res.Roots {
		out = append(out, r.Files...)
	}
	return out
}

// Artifact is one resolved file and where it came from.
type Artifact struct {
	Coordinate Coordinate `json:"coordinate"`
	File       string     `json:"file"`
	Repo       string     `json:"repo"`
	Metadata   string     `json:"metadata,omitempty"` // the .module or .pom file that named it
	Variant    string     `json:"variant,omitempty"`  // the .module variant selected
}

// Node is one dependency in the tree.
type Node struct {
	Module    Module  `json:"module"`
	Requested string  `json:"requested"` // the version asked for
	Selected  string  `json:"selected"`  // the version conflict resolution chose
	Children  []*Node `json:"children,omitempty"`
	Repeated  bool    `json:"repeated,omitempty"` // its dependencies are listed at an earlier node
	Missing   bool    `json:"missing,omitempty"`  // no repository holds it
	Platform  bool    `json:"platform,omitempty"` // a platform (BOM) dependency: constraints only
}

// Coordinate returns the selected version of the node's module.
func (n *Node) Coordinate() Coordinate { return n.Module.At(n.Selected) }

// Missing is a module version, or one of its files, that no repository holds.
type Missing struct {
	Coordinate Coordinate   `json:"coordinate"`
	NeededBy   []Coordinate `json:"neededBy"`       // the resolved versions that depend on it
	File       string       `json:"file,omitempty"` // set when only the artefact file is missing
}

// String describes the missing item as composestab reports it:
// "not in any repository: org.foo:bar:1.2 (needed by 3 artefacts)".
func (m Missing) String() string {
	if m.Coordinate.Version == "" {
		return m.Reason()
	}
	what := m.Coordinate.String()
	if m.File != "" {
		what += " (" + m.File + ")"
	}
	return "not in any repository: " + what + neededBy(m.NeededBy)
}

// Name is what is missing: the coordinate, or group:artifact when no version is known.
func (m Missing) Name() string {
	if m.Coordinate.Version == "" {
		return m.Coordinate.Group + ":" + m.Coordinate.Artifact
	}
	return m.Coordinate.String()
}

// Reason says why Name is missing and what needs it: "not in any repository (needed by 3
// artefacts)", "its file lib-1.2.jar is not in any repository", or, for a dependency declared
// without a version that a BOM or parent should have given, "no version for g:x: …".
func (m Missing) Reason() string {
	s := "not in any repository"
	switch {
	case m.Coordinate.Version == "":
		// One missing BOM or parent (said on its own) leaves no version to look for.
		s = "no version for " + m.Name() + ": its POM leaves it to a BOM or parent that gives none (is one of them missing?)"
	case m.File != "":
		s = "its file " + m.File + " is not in any repository"
	}
	return s + neededBy(m.NeededBy)
}

// neededBy is " (needed by X)", " (needed by N artefacts)" or "".
func neededBy(by []Coordinate) string {
	switch n := len(by); n {
	case 0:
		return ""
	case 1:
		return " (needed by " + by[0].String() + ")"
	default:
		return fmt.Sprintf(" (needed by %d artefacts)", n)
	}
}

// Resolve resolves one root coordinate; see ResolveAll.
func (r *Resolver) Resolve(ctx context.Context, root Coordinate) (*Resolution, error) {
	return r.ResolveAll(ctx, []Coordinate{root})
}

// ResolveAll resolves the roots together, as one Gradle configuration with these dependencies:
// each module is taken at the highest version any resolved module asks for (the roots keep
// their own versions). It fails if a root, or a root's own artefact, is in no repository, or
// if ctx is done; everything else that is missing is listed in Resolution.Missing.
func (r *Resolver) ResolveAll(ctx context.Context, roots []Coordinate) (*Resolution, error) {
	if r.comps == nil {
		r.comps, r.poms = map[compKey]*component{}, map[Coordinate]*effective{}
	}
	if r.Platform != "" && r.Platform != PlatformAndroid && r.Platform != PlatformJVM {
		return nil, fmt.Errorf("platform %q: choose %s or %s", r.Platform, PlatformAndroid, PlatformJVM)
	}
	pinned := map[Module]string{}
	for _, c := range roots {
		if v, ok := pinned[c.Module()]; !ok || CompareVersions(c.Version, v) > 0 {
			pinned[c.Module()] = c.Version
		}
	}
	sel := map[Module]string{}
	var g *graph
	for iter := 0; ; iter++ {
		var err error
		if g, err = r.walk(ctx, roots, pinned, sel); err != nil {
			return nil, err
		}
		next := g.selection(pinned)
		if iter >= 10 { // never oscillate: from here on versions only go up
			for m, v := range sel {
				if CompareVersions(v, next[m]) > 0 {
					next[m] = v
				}
			}
		}
		if sameSelection(next, sel) || iter > 100 {
			break
		}
		sel = next
	}
	return r.result(roots, g)
}

// graph is one walk over the dependency graph under a version selection.
type graph struct {
	order    []Module // breadth first from the roots
	version  map[Module]string
	comp     map[Module]*component
	edges    map[Module][]edge
	requests map[Module][]string
	constr   map[Module][]string
	parents  map[Module][]Module
}

type edge struct {
	to        Module
	requested string
	platform  bool
}

// walk visits the graph breadth first, taking each module at sel's version (or, for a module
// sel does not know yet, the highest asked for so far), and records every version asked for.
func (r *Resolver) walk(ctx context.Context, roots []Coordinate, pinned, sel map[Module]string) (*graph, error) {
	g := &graph{version: map[Module]string{}, comp: map[Module]*component{}, edges: map[Module][]edge{},
		requests: map[Module][]string{}, constr: map[Module][]string{}, parents: map[Module][]Module{}}
	type item struct {
		m        Module
		excludes []Module
		platform bool
	}
	var queue []item
	seen := map[Module]bool{}
	for _, c := range roots {
		if !seen[c.Module()] {
			seen[c.Module()] = true
			queue = append(queue, item{m: c.Module()})
		}
	}
	for len(queue) > 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		it := queue[0]
		queue = queue[1:]
		v := pinned[it.m]
		if v == "" {
			v = sel[it.m]
		}
		if v == "" {
			v = maxVersion(append(append([]string(nil), g.requests[it.m]...), g.constr[it.m]...))
		}
		comp := r.load(it.m.At(v), it.platform)
		g.order = append(g.order, it.m)
		g.version[it.m], g.comp[it.m] = v, comp
		for _, c := range comp.constraints {
			if !excluded(c.module, it.excludes) && c.version != "" {
				g.constr[c.module] = append(g.constr[c.module], r.concrete(c))
			}
		}
		for _, d := range comp.deps {
			if r.NoDependencies && !comp.redirect || excluded(d.module, it.excludes) {
				continue
			}
			req := r.concrete(d)
			if req != "" {
				g.requests[d.module] = append(g.requests[d.module], req)
			}
			g.edges[it.m] = append(g.edges[it.m], edge{to: d.module, requested: req, platform: d.platform})
			if !containsModule(g.parents[d.module], it.m) {
				g.parents[d.module] = append(g.parents[d.module], it.m)
			}
			if !seen[d.module] {
				seen[d.module] = true
				ex := append(append([]Module(nil), it.excludes...), d.excludes...)
				queue = append(queue, item{m: d.module, excludes: ex, platform: d.platform})
			}
		}
	}
	return g, nil
}

// concrete turns a declared version into the one to request: a range or prefix becomes the
// highest matching version the repositories hold (or stays as written if none does).
func (r *Resolver) concrete(d dep) string {
	s := parseSelector(d.version)
	if !s.dynamic() {
		return d.version
	}
	if v := s.pick(availableVersions(r.Repos, d.module)); v != "" {
		return v
	}
	return d.version
}

func excluded(m Module, excludes []Module) bool {
	for _, e := range excludes {
		if (e.Group == "*" || e.Group == "" || e.Group == m.Group) && (e.Artifact == "*" || e.Artifact == "" || e.Artifact == m.Artifact) {
			return true
		}
	}
	return false
}

func containsModule(ms []Module, m Module) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// selection is the next version selection: for each module reached, the highest version asked
// for by a dependency or a constraint; the roots keep theirs.
func (g *graph) selection(pinned map[Module]string) map[Module]string {
	next := map[Module]string{}
	for _, m := range g.order {
		if v, ok := pinned[m]; ok {
			next[m] = v
			continue
		}
		next[m] = maxVersion(append(append([]string(nil), g.requests[m]...), g.constr[m]...))
	}
	return next
}

func sameSelection(a, b map[Module]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if bv, ok := b[k]; !ok || bv != v {
			return false
		}
	}
	return true
}

// result turns the final walk into a Resolution.
func (r *Resolver) result(roots []Coordinate, g *graph) (*Resolution, error) {
	res := &Resolution{Platform: platformName(r.Platform), Repos: []string{}, Classpath: []Artifact{}, Missing: []Missing{}}
	for _, repo := range r.Repos {
		res.Repos = append(res.Repos, repo.String())
	}
	// The roots' own files: each root, following available-at.
	inRoot := map[Module]bool{}
	for _, c := range roots {
		root := Root{Coordinate: c, Files: []Artifact{}}
		m := c.Module()
		for hops := 0; ; hops++ {
			comp := g.comp[m]
			if comp == nil || !comp.found {
				return nil, &NotFoundError{Coordinate: m.At(g.version[m]), Repos: r.Repos}
			}
			inRoot[m] = true
			if !comp.redirect || hops > maxParents {
				if comp.noFile != "" {
					return nil, &MetadataError{Coordinate: comp.coord, File: comp.metadata, Err: fmt.Errorf("names %s, which no repository holds", comp.noFile)}
				}
				root.Files = artifacts(comp)
				break
			}
			m = comp.deps[0].module
		}
		res.Roots = append(res.Roots, root)
	}
	missing := map[Coordinate]*Missing{}
	need := func(c Coordinate, file string, by Module) {
		ms := missing[c]
		if ms == nil {
			ms = &Missing{Coordinate: c, File: file}
			missing[c] = ms
		}
		byC := by.At(g.version[by])
		for _, x := range ms.NeededBy {
			if x == byC {
				return
			}
		}
		ms.NeededBy = append(ms.NeededBy, byC)
	}
	for _, m := range g.order {
		comp := g.comp[m]
		res.Problems = append(res.Problems, comp.problems...)
		for _, p := range comp.parentsMissing {
			need(p, "", m)
		}
		switch {
		case !comp.found:
			for _, p := range g.parents[m] {
				need(comp.coord, "", p)
			}
		case comp.noFile != "":
			for _, p := range g.parents[m] {
				need(comp.coord, comp.noFile, p)
			}
		case !inRoot[m]:
			res.Classpath = append(res.Classpath, artifacts(comp)...)
		}
	}
	for _, ms := range missing {
		sort.Slice(ms.NeededBy, func(i, j int) bool { return ms.NeededBy[i].String() < ms.NeededBy[j].String() })
		res.Missing = append(res.Missing, *ms)
	}
	sort.Slice(res.Missing, func(i, j int) bool { return res.Missing[i].Coordinate.String() < res.Missing[j].Coordinate.String() })
	expanded := map[Module]bool{}
	for _, c := range roots {
		res.Tree = append(res.Tree, g.node(edge{to: c.Module(), requested: c.Version}, expanded, 0))
	}
	return res, nil
}

func artifacts(comp *component) []Artifact {
	out := make([]Artifact, 0, len(comp.files))
	for _, f := range comp.files {
		out = append(out, Artifact{Coordinate: comp.coord, File: f, Repo: comp.repo.String(), Metadata: comp.metadata, Variant: comp.variant})
	}
	return out
}

// node builds the tree below an edge, depth first; a module's dependencies are listed at its
// first node only.
func (g *graph) node(e edge, expanded map[Module]bool, depth int) *Node {
	comp := g.comp[e.to]
	n := &Node{Module: e.to, Requested: e.requested, Selected: g.version[e.to], Platform: e.platform}
	n.Missing = comp == nil || !comp.found || comp.noFile != ""
	if len(g.edges[e.to]) == 0 {
		return n
	}
	if expanded[e.to] || depth > 64 {
		n.Repeated = true
		return n
	}
	expanded[e.to] = true
	for _, c := range g.edges[e.to] {
		n.Children = append(n.Children, g.node(c, expanded, depth+1))
	}
	return n
}

// Paths returns the files of artefacts.
func Paths(as []Artifact) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = a.File
	}
	return out
}

// label is how the tree shows a node: "g:a:1.0", "g:a:1.0 -> 1.2", with (*) and (n) markers.
func (n *Node) label() string {
	var b strings.Builder
	b.WriteString(n.Module.String())
	if n.Requested != "" {
		b.WriteString(":" + n.Requested)
	}
	if n.Selected != n.Requested {
		if n.Requested == "" {
			b.WriteString(":" + n.Selected)
		} else {
			b.WriteString(" -> " + n.Selected)
		}
	}
	if n.Platform {
		b.WriteString(" (platform)")
	}
	if n.Repeated {
		b.WriteString(" (*)")
	}
	if n.Missing {
		b.WriteString(" (n)")
	}
	return b.String()
}
