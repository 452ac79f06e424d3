package maven

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Layout is how a repository folder arranges its files.
type Layout int

const (
	// MavenLayout is a Maven repository such as ~/.m2/repository:
	// <group with dots as folders>/<artifact>/<version>/<artifact>-<version>.<ext>.
	MavenLayout Layout = iota
	// GradleCacheLayout is Gradle's download cache, caches/modules-2/files-2.1:
	// <group>/<artifact>/<version>/<sha1 of the file>/<file>.
	GradleCacheLayout
)

// String names the layout: "maven" or "gradle-cache".
func (l Layout) String() string {
	if l == GradleCacheLayout {
		return "gradle-cache"
	}
	return "maven"
}

// Repo is one folder that holds artefacts.
type Repo struct {
	Dir    string // the repository root: the folder holding the group folders
	Layout Layout
}

// String returns the folder and its layout, e.g. "/home/me/.m2/repository (maven)".
func (r Repo) String() string { return r.Dir + " (" + r.Layout.String() + ")" }

// gradleCacheSuffix is where a Gradle user home keeps downloaded modules.
var gradleCacheSuffix = filepath.Join("caches", "modules-2", "files-2.1")

// OpenRepo returns the repository in dir, recognising its layout: a Gradle user home (with
// caches/modules-2/files-2.1), a caches or modules-2 folder, or a files-2.1 folder is read as
// Gradle's cache; any other folder as a Maven repository. It fails if dir is not a folder.
func OpenRepo(dir string) (Repo, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return Repo{}, fmt.Errorf("repository %s: %w", dir, err)
	}
	if !st.IsDir() {
		return Repo{}, fmt.Errorf("repository %s: not a folder", dir)
	}
	for _, sub := range []string{gradleCacheSuffix, filepath.Join("modules-2", "files-2.1"), "files-2.1"} {
		if isDir(filepath.Join(dir, sub)) {
			return Repo{Dir: filepath.Join(dir, sub), Layout: GradleCacheLayout}, nil
		}
	}
	if filepath.Base(filepath.Clean(dir)) == "files-2.1" {
		return Repo{Dir: dir, Layout: GradleCacheLayout}, nil
	}
	return Repo{Dir: dir, Layout: MavenLayout}, nil
}

// DefaultRepos returns the repositories a developer's machine already has, in the order they
// are searched: the local Maven repository (~/.m2/repository) and Gradle's cache
// ($GRADLE_USER_HOME, or ~/.gradle, then caches/modules-2/files-2.1). Folders that do not
// exist are left out.
func DefaultRepos() []Repo {
	var out []Repo
	home, _ := os.UserHomeDir()
	if home != "" {
		if d := filepath.Join(home, ".m2", "repository"); isDir(d) {
			out = append(out, Repo{Dir: d, Layout: MavenLayout})
		}
	}
	gh := os.Getenv("GRADLE_USER_HOME")
	if gh == "" && home != "" {
		gh = filepath.Join(home, ".gradle")
	}
	if gh != "" {
		if d := filepath.Join(gh, gradleCacheSuffix); isDir(d) {
			out = append(out, Repo{Dir: d, Layout: GradleCacheLayout})
		}
	}
	return out
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// moduleDir is the folder holding every version of a module.
func (r Repo) moduleDir(m Module) string {
	if r.Layout == GradleCacheLayout {
		return filepath.Join(r.Dir, m.Group, m.Artifact)
	}
	return filepath.Join(r.Dir, filepath.FromSlash(strings.ReplaceAll(m.Group, ".", "/")), m.Artifact)
}

// find returns the path of a file of version c named name, or "" if the repository lacks it.
// In Gradle's cache, each file sits in a folder named by its SHA-1; a folder matching sha1 (if
// given) is preferred, else the first in name order.
func (r Repo) find(c Coordinate, name, sha1 string) string {
	if name == "" || strings.ContainsAny(name, `/\`) || name == "." || name == ".." {
		return ""
	}
	dir := filepath.Join(r.moduleDir(c.Module()), c.Version)
	if r.Layout == MavenLayout {
		if p := filepath.Join(dir, name); isFile(p) {
			return p
		}
		return ""
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	first := ""
	want := strings.TrimLeft(strings.ToLower(sha1), "0")
	for _, e := range entries { // ReadDir sorts by name
		if !e.IsDir() {
			continue
		}
		p := filepath.Join(dir, e.Name(), name)
		if !isFile(p) {
			continue
		}
		if want != "" && strings.TrimLeft(strings.ToLower(e.Name()), "0") == want {
			return p
		}
		if first == "" {
			first = p
		}
	}
	return first
}

// versions lists the versions of a module the repository holds.
func (r Repo) versions(m Module) []string {
	entries, err := os.ReadDir(r.moduleDir(m))
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	return out
}

// availableVersions lists, sorted from lowest to highest, the versions of m any repository holds.
func availableVersions(repos []Repo, m Module) []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range repos {
		for _, v := range r.versions(m) {
			if !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return CompareVersions(out[i], out[j]) < 0 })
	return out
}
