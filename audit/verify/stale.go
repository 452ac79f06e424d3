package verify

import (
	"archive/zip"
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/userfile"
	"github.com/composestab/composestab/maven"
	"github.com/composestab/composestab/stability"
)

// provenAtPrefix starts the comment composestab cards --format stability-config writes above
// each line it proved: "// proven at group:artifact@version: proof", or the jar's path in place
// of the coordinate for a classpath given as files.
const provenAtPrefix = "// proven at "

// maxPOMProperties caps the pom.properties read from a jar: a few hundred bytes in practice.
const maxPOMProperties = 64 << 10

// provenAt is what a line's "proven at" comment records.
type provenAt struct {
	// Text is the coordinate or path as written: "com.example:clib@1.0".
	Text string
	// Module and Version are the coordinate's; File is the path written instead of one.
	Module  maven.Module
	Version string
	File    string
}

// parseProvenAt reads a "// proven at" comment: the coordinate (group:artifact@version) or the
// path up to the ": " before the proof. ok is false for any other line.
func parseProvenAt(line string) (provenAt, bool) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(line), provenAtPrefix)
	if !ok {
		return provenAt{}, false
	}
	at, _, _ := strings.Cut(rest, ": ")
	at = strings.TrimSpace(at)
	if at == "" {
		return provenAt{}, false
	}
	if module, version, ok := strings.Cut(at, "@"); ok {
		if c, ok := maven.ParseCoordinate(module + ":" + version); ok {
			return provenAt{Text: at, Module: c.Module(), Version: c.Version}, true
		}
	}
	return provenAt{Text: at, File: at}, true
}

// provenComments maps the "path:line" of every configuration line with a "proven at" comment
// to what it records: the nearest such comment in the comment lines right above the line (the
// merged file of audit --format stability-config puts its own comments between the two).
func provenComments(texts []stability.ConfigText) map[string]provenAt {
	out := map[string]provenAt{}
	for _, t := range texts {
		lines := strings.Split(strings.ReplaceAll(strings.ReplaceAll(string(t.Data), "\r\n", "\n"), "\r", "\n"), "\n")
		for i, line := range lines {
			if s := strings.TrimSpace(line); s == "" || strings.HasPrefix(s, "//") {
				continue
			}
			for j := i - 1; j >= 0 && strings.HasPrefix(strings.TrimSpace(lines[j]), "//"); j-- {
				if p, ok := parseProvenAt(lines[j]); ok {
					out[fmt.Sprintf("%s:%d", t.Path, i+1)] = p
					break
				}
			}
		}
	}
	return out
}

// staleCheck compares the versions the configuration lines were proven at with the classpath
// of the scan that checks them.
type staleCheck struct {
	proven map[string]provenAt // by "path:line"
	files  []string            // the scan's inputs and classpath, in order
	// poms memoizes, per jar, the modules its META-INF/maven/**/pom.properties name, with
	// their versions.
	poms map[string]map[maven.Module]string
	held map[string]bool // holdsFile's answers, by path
}

// newStaleCheck reads the "proven at" comments of the scan's configuration files; nil when
// there are none or the scan's classpath is closed (nothing to compare with).
func newStaleCheck(rep *scan.Report) *staleCheck {
	cp := rep.Classpath()
	if cp == nil || len(rep.ConfigTexts()) == 0 {
		return nil
	}
	proven := provenComments(rep.ConfigTexts())
	if len(proven) == 0 {
		return nil
	}
	sc := &staleCheck{proven: proven, poms: map[string]map[maven.Module]string{}, held: map[string]bool{}}
	for _, in := range cp.Inputs() {
		sc.files = append(sc.files, in.Path)
	}
	return sc
}

// finding is the config-stale finding of a judged line whose "proven at" comment names
// another version of its dependency than the classpath holds, or a dependency the classpath
// no longer holds; ok is false when the line has no such comment or its dependency is the
// same.
func (sc *staleCheck) finding(lc *LineCheck) (Violation, bool) {
	l := lc.Line
	if sc == nil || l.Fault != "" || l.Duplicate != "" {
		return Violation{}, false
	}
	p, ok := sc.proven[fmt.Sprintf("%s:%d", l.Path, l.Line)]
	if !ok {
		return Violation{}, false
	}
	var now, fix string
	on := "on the classpath of today"
	if p.File != "" {
		if sc.holdsFile(p.File) {
			return Violation{}, false
		}
		now = p.File + " is not on the classpath"
		if from := definingFiles(l); len(from) > 0 {
			now += "; the classes it applies to now come from " + strings.Join(from, ", ")
		}
		fix = "run composestab cards again against the classpath of today and keep the lines it proves"
	} else {
		versions, files := sc.versions(p.Module)
		if slices.Contains(versions, p.Version) {
			return Violation{}, false
		}
		if len(versions) == 0 {
			now = p.Module.String() + " is no longer on the classpath, as far as its files tell (none is laid out as a Maven repository or Gradle's cache lays out its files, nor names it in its pom.properties)"
			fix = "remove the line if its classes are gone, or run composestab cards again against the classpath of today"
			if from := definingFiles(l); len(from) > 0 {
				now += "; the classes it applies to now come from " + strings.Join(from, ", ")
				fix = "run composestab cards again against the classpath of today (if those files are " + p.Module.String() + "'s, pass it as " +
					p.Module.String() + ":VERSION with --classpath so that its version is known)"
			}
		} else {
			now = fmt.Sprintf("the classpath now has %s %s (%s)", p.Module, strings.Join(versions, " and "), strings.Join(files, ", "))
			on = "on " + strings.Join(versions, " and ")
			fix = fmt.Sprintf("run composestab cards against %s:%s and replace the line and its comment with what it writes", p.Module, versions[0])
		}
	}
	msg := fmt.Sprintf("proven at %s, but %s: %s. Fix: %s", p.Text, now, verdictNow(lc, on), fix)
	return Violation{Class: l.Pattern, Rule: RuleConfigStale, Severity: ruleSeverity(RuleConfigStale),
		Part: fmt.Sprintf("line %d", l.Line), Message: msg, Input: l.Path, Line: l.Line}, true
}

// verdictNow says what the configuration check finds of the line on the classpath of today
// (on says which): still proven, or what it is instead.
func verdictNow(lc *LineCheck, on string) string {
	k := lc.Verdict()
	why := notesText(lc.Classes[k])
	switch k {
	case KindFalse:
		return "the line is no longer proven " + on + ", it is false: " + why
	case KindUnproven:
		return "the line is no longer proven " + on + ": " + why
	case KindNeeded:
		return "the line is still proven " + on + ": " + why
	case KindRedundant:
		return "the line is not needed " + on + ": " + why
	}
	var rules []string
	for _, x := range lc.Findings {
		rules = appendOnce(rules, x.Rule)
	}
	if len(rules) > 0 {
		return "the line applies to no class " + on + " (see its " + strings.Join(rules, ", ") + " finding)"
	}
	return "the line applies to no class " + on + " that can be judged"
}

// definingFiles are the jars or folders that define the classes a line applies to, in order.
func definingFiles(l *scan.ConfigLine) []string {
	var out []string
	for _, m := range l.Matches {
		if m.Input != "" && m.WonBy == "" {
			out = appendOnce(out, m.Input)
		}
	}
	return out
}

// holdsFile reports whether the classpath holds the jar a line was proven at, written as cards
// wrote it: the same path, the same file, or, for a path relative to where cards ran, a file
// whose path ends with it.
func (sc *staleCheck) holdsFile(path string) bool {
	held, ok := sc.held[path]
	if !ok {
		held = sc.findFile(path)
		sc.held[path] = held
	}
	return held
}

// findFile is holdsFile's search.
func (sc *staleCheck) findFile(path string) bool {
	want := filepath.Clean(path)
	tail := filepath.ToSlash(want)
	for strings.HasPrefix(tail, "../") {
		tail = tail[len("../"):]
	}
	st, statErr := os.Stat(want)
	for _, f := range sc.files {
		f = filepath.Clean(f)
		if f == want || strings.HasSuffix(filepath.ToSlash(f), "/"+tail) {
			return true
		}
		if statErr == nil {
			if fst, err := os.Stat(f); err == nil && os.SameFile(st, fst) {
				return true
			}
		}
	}
	return false
}

// versions lists the versions of module m on the classpath, sorted, and the files holding them:
// a file is m's at version v when its path is laid out as a Maven repository or Gradle's cache
// lays out m's files at v (which is where a resolved coordinate's files are), or else when it
// is a jar whose META-INF/maven/GROUP/ARTIFACT/pom.properties names v.
func (sc *staleCheck) versions(m maven.Module) (versions, files []string) {
	add := func(v, f string) {
		versions = appendOnce(versions, v)
		files = append(files, f)
	}
	for _, f := range sc.files {
		if v, ok := layoutVersion(f, m); ok {
			add(v, f)
		}
	}
	if len(versions) == 0 {
		for _, f := range sc.files {
			if v, ok := sc.pomVersions(f)[m]; ok {
				add(v, f)
			}
		}
	}
	sort.Strings(versions)
	return versions, files
}

// layoutVersion reports the version of module m a file's path names, laid out as a Maven
// repository lays it out (GROUP/AS/FOLDERS/ARTIFACT/VERSION/ARTIFACT-….EXT) or Gradle's
// download cache (GROUP/ARTIFACT/VERSION/SHA1/ARTIFACT-….EXT).
func layoutVersion(path string, m maven.Module) (string, bool) {
	parts := strings.Split(filepath.ToSlash(filepath.Clean(path)), "/")
	n := len(parts)
	if n < 4 || !strings.HasPrefix(parts[n-1], m.Artifact+"-") {
		return "", false
	}
	group := strings.Split(m.Group, ".")
	if k := len(group); n >= k+3 && parts[n-3] == m.Artifact && slices.Equal(parts[n-3-k:n-3], group) {
		return parts[n-2], true
	}
	if n >= 5 && parts[n-5] == m.Group && parts[n-4] == m.Artifact {
		return parts[n-3], true
	}
	return "", false
}

// pomVersions reads, once per file, the pom.properties Maven puts in the jars it builds:
// META-INF/maven/GROUP/ARTIFACT/pom.properties with groupId, artifactId and version. A file
// that is not a readable jar names none.
func (sc *staleCheck) pomVersions(path string) map[maven.Module]string {
	if got, ok := sc.poms[path]; ok {
		return got
	}
	out := map[maven.Module]string{}
	sc.poms[path] = out
	f, st, err := userfile.Open(path) // a folder or a pipe is refused, never waited on
	if err != nil {
		return out
	}
	defer f.Close()
	zr, err := zip.NewReader(f, st.Size())
	if err != nil {
		return out
	}
	for _, e := range zr.File {
		parts := strings.Split(e.Name, "/")
		if len(parts) != 5 || parts[0] != "META-INF" || parts[1] != "maven" || parts[4] != "pom.properties" {
			continue
		}
		r, err := e.Open()
		if err != nil {
			continue
		}
		props := readProperties(io.LimitReader(r, maxPOMProperties))
		r.Close()
		c, ok := maven.ParseCoordinate(props["groupId"] + ":" + props["artifactId"] + ":" + props["version"])
		if ok && c.Group == parts[2] && c.Artifact == parts[3] {
			out[c.Module()] = c.Version
		}
	}
	return out
}

// readProperties reads the key=value lines of a Java properties file, as Maven writes
// pom.properties (no continuation lines, no escapes).
func readProperties(r io.Reader) map[string]string {
	out := map[string]string{}
	s := bufio.NewScanner(r)
	for s.Scan() {
		line := strings.TrimSpace(s.Text())
		if line == "" || line[0] == '#' || line[0] == '!' {
			continue
		}
		if k, v, ok := strings.Cut(line, "="); ok {
			out[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	return out
}
