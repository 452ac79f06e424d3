package maven

import (
	"fmt"
	"path"
	"strings"

	"github.com/composestab/composestab/internal/userfile"
)

// NotFoundError reports a coordinate that no repository holds.
type NotFoundError struct {
	Coordinate Coordinate
	Repos      []Repo
}

func (e *NotFoundError) Error() string {
	dirs := make([]string, len(e.Repos))
	for i, r := range e.Repos {
		dirs[i] = r.String()
	}
	if len(dirs) == 0 {
		return e.Coordinate.String() + ": not in any repository (none given)"
	}
	return e.Coordinate.String() + ": not in any repository (searched " + strings.Join(dirs, ", ") + ")"
}

// MetadataError reports a .module or POM file that cannot be used.
type MetadataError struct {
	Coordinate Coordinate
	File       string
	Err        error
}

func (e *MetadataError) Error() string {
	// The file system's errors name the file already.
	return e.Coordinate.String() + ": " + e.File + ": " + strings.TrimPrefix(e.Err.Error(), e.File+": ")
}

func (e *MetadataError) Unwrap() error { return e.Err }

// component is what the repositories say about one module version, for one kind of request.
type component struct {
	coord    Coordinate
	found    bool   // some repository has its metadata or its artefact
	repo     Repo   // where the metadata (or artefact) was found
	metadata string // the .module or .pom file read, if any
	variant  string // the selected variant of a .module
	files    []string
	noFile   string // set when the metadata names an artefact no repository holds
	redirect bool   // the variant is available at another module: deps[0]
	deps     []dep
	// constraints are versions the component asks for modules that are in the graph anyway.
	constraints []dep
	// parentsMissing are parent or imported POMs that could not be found.
	parentsMissing []Coordinate
	problems       []error
}

// dep is one dependency edge as declared.
type dep struct {
	module   Module
	version  string   // as declared: an exact version, a range, or "" (left to constraints)
	excludes []Module // exclusions that apply below this edge
	platform bool     // a platform (BOM): its constraints apply, it has no files
}

type compKey struct {
	c        Coordinate
	platform bool
}

// load returns what the repositories hold for version c, selecting the variant for the
// resolver's platform (or a platform variant if asPlatform).
func (r *Resolver) load(c Coordinate, asPlatform bool) *component {
	k := compKey{c, asPlatform}
	if comp, ok := r.comps[k]; ok {
		return comp
	}
	comp := &component{coord: c}
	r.comps[k] = comp
	if c.Version == "" || !validVersion(c.Version) {
		return comp
	}
	base := c.Artifact + "-" + c.Version
	for _, repo := range r.Repos {
		if p := repo.find(c, base+".module", ""); p != "" {
			if r.fromModule(comp, repo, p, asPlatform) {
				return comp
			}
		}
		if p := repo.find(c, base+".pom", ""); p != "" {
			r.fromPOM(comp, repo, p, asPlatform)
			return comp
		}
	}
	// No metadata: an artefact alone (a jar put in a folder by hand) is a component without
	// dependencies.
	for _, ext := range []string{".jar", ".aar"} {
		if f, repo := r.findFile(c, base+ext, ""); f != "" {
			comp.found, comp.repo, comp.files = true, repo, []string{f}
			return comp
		}
	}
	return comp
}

// findFile looks for a file of c in every repository, in order.
func (r *Resolver) findFile(c Coordinate, name, sha1 string) (string, Repo) {
	for _, repo := range r.Repos {
		if p := repo.find(c, name, sha1); p != "" {
			return p, repo
		}
	}
	return "", Repo{}
}

// MaxMetadataSize is the largest POM or Gradle module file read. A cache is data from wherever
// the user points: real metadata files are kilobytes, so a file of many megabytes is not one,
// and reading it whole would cost what the file wants.
const MaxMetadataSize = 16 << 20

// fromModule fills comp from a .module file; false means the file is unusable and the POM
// should be read instead.
func (r *Resolver) fromModule(comp *component, repo Repo, file string, asPlatform bool) bool {
	data, err := userfile.ReadFile(file, MaxMetadataSize)
	if err == nil {
		var m *ModuleMetadata
		if m, err = ParseModuleMetadata(data); err == nil {
			var v *Variant
			if v, err = selectVariant(m.Variants, r.Platform, asPlatform); err == nil {
				r.fromVariant(comp, repo, file, v)
				return true
			}
		}
	}
	comp.problems = append(comp.problems, &MetadataError{Coordinate: comp.coord, File: file, Err: err})
	return false
}

func (r *Resolver) fromVariant(comp *component, repo Repo, file string, v *Variant) {
	comp.found, comp.repo, comp.metadata, comp.variant = true, repo, file, v.Name
	if a := v.AvailableAt; a != nil {
		comp.redirect = true
		comp.deps = []dep{{module: Module{Group: a.Group, Artifact: a.Module}, version: a.Version}}
		return
	}
	for _, f := range v.Files {
		name := path.Base(f.URL)
		if f.URL == "" {
			name = f.Name
		}
		if !strings.HasSuffix(name, ".jar") && !strings.HasSuffix(name, ".aar") {
			continue
		}
		p, _ := r.findFile(comp.coord, name, f.SHA1)
		if p == "" && f.Name != "" && f.Name != name {
			p, _ = r.findFile(comp.coord, f.Name, f.SHA1)
		}
		if p == "" {
			comp.noFile = name
			continue
		}
		comp.files = append(comp.files, p)
	}
	comp.deps = moduleDeps(v.Dependencies)
	comp.constraints = moduleDeps(v.Constraints)
}

func moduleDeps(ds []Dependency) []dep {
	out := make([]dep, 0, len(ds))
	for _, d := range ds {
		cat := d.Attributes[attrCategory]
		out = append(out, dep{
			module:   Module{Group: d.Group, Artifact: d.Module},
			version:  d.Version.Selector(),
			excludes: d.Excludes,
			platform: cat == "platform" || cat == "enforced-platform",
		})
	}
	return out
}

// fromPOM fills comp from a POM: its artefact from the packaging, its dependencies from the
// compile and runtime scopes (optional ones left out), versions from dependencyManagement.
func (r *Resolver) fromPOM(comp *component, repo Repo, file string, asPlatform bool) {
	comp.found, comp.repo, comp.metadata = true, repo, file
	eff := r.effectivePOM(comp.coord, file, 0, map[Coordinate]bool{})
	comp.problems = append(comp.problems, eff.problems...)
	comp.parentsMissing = eff.missing
	if asPlatform {
		for _, d := range eff.managed {
			comp.constraints = append(comp.constraints, dep{module: Module{Group: d.GroupID, Artifact: d.ArtifactID}, version: d.Version})
		}
		return
	}
	if ext := packagingExt(eff.packaging); ext != "" {
		base := comp.coord.Artifact + "-" + comp.coord.Version
		f, _ := r.findFile(comp.coord, base+ext, "")
		if f == "" && ext == ".jar" {
			f, _ = r.findFile(comp.coord, base+".aar", "") // Android POMs do not always say aar
		}
		if f == "" {
			comp.noFile = base + ext
		} else {
			comp.files = []string{f}
		}
	}
	for _, d := range eff.deps {
		switch d.Scope {
		case "", "compile", "runtime":
		default: // test, provided, system, import
			continue
		}
		if d.Optional == "true" || d.GroupID == "" || d.ArtifactID == "" {
			continue
		}
		comp.deps = append(comp.deps, dep{module: Module{Group: d.GroupID, Artifact: d.ArtifactID}, version: d.Version, excludes: d.Exclusions})
	}
}

// packagingExt is the artefact extension of a POM packaging; "" for a POM without artefact.
func packagingExt(p string) string {
	switch p {
	case "pom":
		return ""
	case "aar":
		return ".aar"
	}
	return ".jar" // jar, bundle, maven-plugin, and the default
}

// effective is a POM with its parents applied and properties substituted.
type effective struct {
	packaging string
	props     map[string]string
	deps      []POMDependency
	managed   []POMDependency
	missing   []Coordinate
	problems  []error
}

// maxParents bounds the parent chain and BOM imports followed.
const maxParents = 16

// effectivePOM reads the POM of c (from file, or looked up if file is ""), applying its
// parents and imported BOMs.
func (r *Resolver) effectivePOM(c Coordinate, file string, depth int, seen map[Coordinate]bool) *effective {
	if e, ok := r.poms[c]; ok {
		return e
	}
	e := &effective{props: map[string]string{}}
	if depth > maxParents || seen[c] {
		e.problems = append(e.problems, &MetadataError{Coordinate: c, File: file, Err: fmt.Errorf("parent or import chain too deep or cyclic")})
		return e
	}
	seen[c] = true
	defer delete(seen, c)
	if file == "" {
		file, _ = r.findFile(c, c.Artifact+"-"+c.Version+".pom", "")
		if file == "" {
			e.missing = append(e.missing, c)
			return e
		}
	}
	data, err := userfile.ReadFile(file, MaxMetadataSize)
	var p *POM
	if err == nil {
		p, err = ParsePOM(data)
	}
	if err != nil {
		e.problems = append(e.problems, &MetadataError{Coordinate: c, File: file, Err: err})
		r.poms[c] = e
		return e
	}
	var parent *effective
	if p.Parent != nil && p.Parent.Group != "" && p.Parent.Artifact != "" && validVersion(p.Parent.Version) {
		parent = r.effectivePOM(*p.Parent, "", depth+1, seen)
		e.missing = append(e.missing, parent.missing...)
		e.problems = append(e.problems, parent.problems...)
		for k, v := range parent.props {
			e.props[k] = v
		}
	}
	for k, v := range p.Properties {
		e.props[k] = v
	}
	group, version := p.GroupID, p.Version
	if p.Parent != nil {
		if group == "" {
			group = p.Parent.Group
		}
		if version == "" {
			version = p.Parent.Version
		}
		for _, pre := range []string{"project.parent.", "parent."} {
			e.props[pre+"groupId"], e.props[pre+"version"], e.props[pre+"artifactId"] = p.Parent.Group, p.Parent.Version, p.Parent.Artifact
		}
	}
	if group == "" {
		group = c.Group
	}
	if version == "" || strings.Contains(version, "${") {
		version = c.Version
	}
	for _, pre := range []string{"project.", "pom.", ""} {
		e.props[pre+"groupId"], e.props[pre+"artifactId"], e.props[pre+"version"] = group, p.ArtifactID, version
	}
	e.packaging = interpolate(p.Packaging, e.props)
	// dependencyManagement: this POM's entries first, then imported BOMs', then the parent's.
	for _, d := range p.DependencyManagement {
		d = e.substitute(d)
		if d.Scope == "import" && (d.Type == "pom" || d.Type == "") {
			if bc, ok := ParseCoordinate(d.GroupID + ":" + d.ArtifactID + ":" + d.Version); ok {
				bom := r.effectivePOM(bc, "", depth+1, seen)
				e.missing = append(e.missing, bom.missing...)
				e.problems = append(e.problems, bom.problems...)
				e.managed = append(e.managed, bom.managed...)
			} else {
				e.missing = append(e.missing, Coordinate{Group: d.GroupID, Artifact: d.ArtifactID, Version: d.Version})
			}
			continue
		}
		e.managed = append([]POMDependency{d}, e.managed...) // own entries win over imports
	}
	if parent != nil {
		e.managed = append(e.managed, parent.managed...)
	}
	for _, d := range p.Dependencies {
		e.deps = append(e.deps, e.manage(e.substitute(d)))
	}
	if parent != nil {
		for _, d := range parent.deps {
			e.deps = append(e.deps, e.manage(d))
		}
	}
	r.poms[c] = e
	return e
}

func (e *effective) substitute(d POMDependency) POMDependency {
	d.GroupID, d.ArtifactID = interpolate(d.GroupID, e.props), interpolate(d.ArtifactID, e.props)
	d.Version, d.Type = interpolate(d.Version, e.props), interpolate(d.Type, e.props)
	d.Scope, d.Optional = interpolate(d.Scope, e.props), interpolate(d.Optional, e.props)
	d.Classifier = interpolate(d.Classifier, e.props)
	return d
}

// manage fills a dependency's missing version and scope from dependencyManagement.
func (e *effective) manage(d POMDependency) POMDependency {
	if d.Version != "" && d.Scope != "" {
		return d
	}
	for _, m := range e.managed {
		if m.GroupID == d.GroupID && m.ArtifactID == d.ArtifactID && m.Classifier == d.Classifier {
			if d.Version == "" {
				d.Version = m.Version
			}
			if d.Scope == "" {
				d.Scope = m.Scope
			}
			if len(d.Exclusions) == 0 {
				d.Exclusions = m.Exclusions
			}
			break
		}
	}
	return d
}
