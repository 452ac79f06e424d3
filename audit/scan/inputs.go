package scan

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/internal/userfile"
)

// inputSkips counts the class entries of the reported inputs that never reach the universe: those
// outside the classpath roots or replaced by another release of a multi-release jar, and those
// that failed to read (each already an error from opening), so that Summary.Entries is every
// entry whose name ends in ".class".
func inputSkips(cp *archive.Classpath, inputs []string) map[string]int {
	reported := map[string]bool{}
	for _, in := range inputs {
		reported[in] = true
	}
	skipped := map[string]int{}
	for _, in := range cp.Inputs() {
		if !reported[in.Path] {
			continue
		}
		for k, n := range in.Stats.Skipped {
			if n > 0 {
				skipped[k] += n
			}
		}
		if in.Stats.Failed > 0 {
			skipped[SkipUnreadable] += in.Stats.Failed
		}
	}
	return skipped
}

// Errors an InputError wraps, for errors.Is.
var (
	// ErrInputMissing is a path that names no file or folder.
	ErrInputMissing = errors.New("no such file or folder")
	// ErrBrokenLink is a symbolic link whose target does not exist.
	ErrBrokenLink = errors.New("broken symbolic link")
	// ErrLinkLoop is a symbolic link that leads back to a folder that contains it, or a chain of
	// links that never ends.
	ErrLinkLoop = errors.New("symbolic link loop")
)

// InputError is a path Discover cannot use: a missing PATH or classpath entry, a broken link or
// a link loop in a searched folder, a folder that cannot be read. Err wraps ErrInputMissing,
// ErrBrokenLink, ErrLinkLoop or the operating system's error.
type InputError struct {
	Path string
	Err  error
}

func (e *InputError) Error() string { return e.Path + ": " + e.Err.Error() }

func (e *InputError) Unwrap() error { return e.Err }

// Superseded is a jar or AAR of a Gradle build folder that Discover leaves out because the
// folder's compiled class folders, which it was packaged from, are read instead.
type Superseded struct {
	Path string
	// BuildDir is the Gradle build folder.
	BuildDir string
}

// LeftOut is a folder of a searched tree that Discover does not read, and why.
type LeftOut struct {
	Path string
	Why  LeftOutReason
}

// LeftOutReason says why a folder is left out.
type LeftOutReason string

// The reasons a searched folder is left out.
const (
	// LeftOutTests: a test source set's or variant's class folder (test, debugUnitTest,
	// releaseAndroidTest, …): tests are not the app.
	LeftOutTests LeftOutReason = "tests"
	// LeftOutDebug: a debug variant's class folder, when the build folder has the release one:
	// both define the same classes, and the release classes are what ships.
	LeftOutDebug LeftOutReason = "debug variant"
	// LeftOutBuildLogic: a buildSrc folder, the Gradle build's own logic.
	LeftOutBuildLogic LeftOutReason = "build logic"
)

// Discovery is what Discover found.
type Discovery struct {
	// Inputs are jars, AARs, class-folder roots and lone class files, in the order found.
	Inputs []string
	// Superseded are the packaged copies left out, to be said rather than dropped silently.
	Superseded []Superseded
	// LeftOut are the folders of a searched tree not read — test and debug class folders of a
	// Gradle build folder, buildSrc — to be said rather than dropped silently.
	LeftOut []LeftOut
	// Problems are what could not be searched inside a searched folder — a folder that cannot be
	// read, a broken symbolic link, a link loop — each an *InputError. They do not stop the
	// search: the rest is found, and a scan reports them among its errors (Options.Problems).
	// A link inside a class folder is the class folder's reader's to follow or not, never one.
	Problems []error
	// Empty are the paths that hold no jar, AAR or class file.
	Empty []string
}

// findInputs is Discover's inputs: the jars, AARs, class-folder roots and lone class files that
// paths name or hold.
func findInputs(paths []string, limits archive.Limits) ([]string, error) {
	d, err := Discover(paths, limits)
	if err != nil {
		return nil, err
	}
	return d.Inputs, nil
}

// Discover expands paths into inputs, for PATH arguments and classpath entries alike:
//
//   - a file is an input as it is; a symbolic link is followed;
//   - a folder is a class-folder root when its class files sit in their packages' folders
//     (a/b/C.class under it defines a/b/C); a root is read whole, not searched further;
//   - any other folder is searched: jars and AARs are inputs, class files name their roots (a
//     class file whose path does not end with its class name is an input of its own), and
//     hidden folders, node_modules and Gradle's wrapper (gradle/wrapper) are skipped;
//   - a folder named build holding classes, tmp, intermediates, outputs or libs is a Gradle
//     build folder: its class folders (build/classes/{kotlin,java}/<sourceSet>,
//     build/tmp/kotlin-classes/<variant>, build/intermediates/javac and built_in_kotlinc) are
//     the inputs; only when it has none, the AARs of build/outputs/aar and the jars of
//     build/libs; only when it has none of those either, the jars under build/intermediates.
//     What a build folder holds besides (generated sources, kapt stubs, caches) is not read;
//   - symbolic links to folders and jars are followed; one that leads back into a folder that
//     contains it is an ErrLinkLoop; a folder reached twice is read once.
//
// A class file is read to find its root within limits (zero fields mean the defaults), and
// through the one gate to the file system: a named pipe named X.class is refused at once and
// then reported as an input of its own, never waited on.
//
// The error, a join of *InputError, is non-nil when a path is missing, a broken link or cannot
// be read itself; the Discovery then holds what the other paths hold. What cannot be searched
// below a path is in Discovery.Problems.
func Discover(paths []string, limits archive.Limits) (*Discovery, error) {
	if limits.MaxEntrySize <= 0 {
		limits.MaxEntrySize = archive.DefaultMaxEntrySize
	}
	f := &finder{limits: limits}
	var empty []string
	for _, p := range paths {
		n, errs := len(f.found)+len(f.superseded)+len(f.leftOut), len(f.errs)
		f.path(p)
		if len(f.found)+len(f.superseded)+len(f.leftOut) == n && len(f.errs) == errs {
			empty = append(empty, p)
		}
	}
	d := &Discovery{Inputs: []string{}, Superseded: f.superseded, LeftOut: f.leftOut, Problems: f.problems, Empty: empty}
	for i, in := range f.found {
		if in.dup || f.covered(i) {
			continue
		}
		d.Inputs = append(d.Inputs, in.path)
	}
	return d, errors.Join(f.errs...)
}

type foundKind int

const (
	archiveInput foundKind = iota
	rootInput
	classInput
)

type foundInput struct {
	path, canon string
	kind        foundKind
	dup         bool
}

// finder walks the paths of one Discover call.
type finder struct {
	found      []foundInput
	superseded []Superseded
	leftOut    []LeftOut
	// problems are what a search could not read below a PATH; errs what stops a PATH itself.
	problems []error
	top      string // the PATH being expanded
	errs     []error
	// limits are the scan's: a class file is read to find its root only within them.
	limits archive.Limits
	// seen holds the canonical paths of the folders and files one PATH's walk reached, so that a
	// link to something already walked is not read twice.
	seen map[string]bool
}

// covered reports whether found[i] repeats an earlier input, or is a class file or folder
// inside a class-folder root found from another PATH (the root reads it).
func (f *finder) covered(i int) bool {
	in := f.found[i]
	for j, o := range f.found {
		if j == i || o.dup {
			continue
		}
		if o.canon == in.canon && j < i {
			return true
		}
		if o.kind == rootInput && in.kind != archiveInput && within(o.canon, in.canon) && o.canon != in.canon {
			return true
		}
	}
	return false
}

// within reports whether p is dir or below it (both cleaned, absolute).
func within(dir, p string) bool {
	if p == dir {
		return true
	}
	if !strings.HasSuffix(dir, string(filepath.Separator)) {
		dir += string(filepath.Separator)
	}
	return strings.HasPrefix(p, dir)
}

// readDir is os.ReadDir; tests make it fail, which permission bits cannot do for root.
var readDir = os.ReadDir

// path expands one PATH or classpath entry.
func (f *finder) path(p string) {
	f.seen, f.top = map[string]bool{}, p
	st, err := os.Stat(p)
	if err != nil {
		f.errs = append(f.errs, statError(p, err))
		return
	}
	canon, err := canonical(p)
	if err != nil {
		f.errs = append(f.errs, statError(p, err))
		return
	}
	if !st.IsDir() {
		// Named explicitly, a file is an input whatever its name; opening it says what is wrong.
		f.add(p, canon, classInputOf(p))
		return
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		abs = p
	}
	f.walk(&search{gradle: true}, p, canon, filepath.Base(abs), nil)
}

func classInputOf(p string) foundKind {
	if strings.EqualFold(filepath.Ext(p), ".class") {
		return classInput
	}
	return archiveInput
}

// canonical is p absolute with every symbolic link resolved: the key under which a file or
// folder is read once.
func canonical(p string) (string, error) {
	c, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", err
	}
	return filepath.Abs(c)
}

// statError describes why p cannot be used.
func statError(p string, err error) error {
	switch {
	case errors.Is(err, syscall.ELOOP):
		return &InputError{Path: p, Err: fmt.Errorf("%w: %v", ErrLinkLoop, err)}
	case errors.Is(err, fs.ErrNotExist):
		if st, lerr := os.Lstat(p); lerr == nil && st.Mode()&fs.ModeSymlink != 0 {
			target, _ := os.Readlink(p)
			return &InputError{Path: p, Err: fmt.Errorf("%w to %s", ErrBrokenLink, target)}
		}
		return &InputError{Path: p, Err: ErrInputMissing}
	}
	return &InputError{Path: p, Err: err}
}

// loopError is the link p, which leads back to target, a folder that contains it: following it
// would search the same folders forever.
func loopError(p, target string) error {
	return &InputError{Path: p, Err: fmt.Errorf("%w: it leads back to %s", ErrLinkLoop, target)}
}

func (f *finder) add(p, canon string, kind foundKind) {
	dup := f.seen[canon]
	f.seen[canon] = true
	f.found = append(f.found, foundInput{path: p, canon: canon, kind: kind, dup: dup})
}

// addRoot adds dir as a class-folder root, replacing what its walk found from mark on (a root
// is read whole, its jars and stray class files included in it or not at all).
func (f *finder) addRoot(dir, canon string, mark int) {
	f.found = f.found[:mark]
	if st, err := os.Lstat(dir); err == nil && st.Mode()&fs.ModeSymlink != 0 {
		// A class folder is walked without following links, so a root that is one is named
		// with a trailing separator: the walk then starts at the link's target.
		dir += string(filepath.Separator)
	}
	// Not f.add: the walk marked the folder seen on entering it, and enters a folder once.
	f.found = append(f.found, foundInput{path: dir, canon: canon, kind: rootInput})
	// What the search met below the root is the class folder's reader's: it follows links as
	// the JVM does, skips the ones back into itself and names what it cannot read.
	kept := f.problems[:0]
	for _, p := range f.problems {
		var ie *InputError
		if !errors.As(p, &ie) || !within(filepath.Clean(dir), filepath.Clean(ie.Path)) {
			kept = append(kept, p)
		}
	}
	f.problems = kept
}

// search is one walk's rules. Class-folder roots are at or below the folder the walk starts at.
type search struct {
	// archivesOnly keeps jars and AARs and ignores class files.
	archivesOnly bool
	// gradle applies the build-folder rules to folders named build.
	gradle bool
}

type dirEntry struct {
	path, canon, name string
	link              bool
}

// walk searches dir, rel below the walk's start (its folder names), whose base name is name. It
// returns the depth below the start of the class-folder root that one of its class files names
// when that root is dir or a folder above it, -1 otherwise; the call at that depth adds the root.
func (f *finder) walk(s *search, dir, canon, name string, rel []string) int {
	f.seen[canon] = true
	entries, err := readDir(dir)
	if err != nil {
		if dir == f.top {
			f.errs = append(f.errs, &InputError{Path: dir, Err: err})
		} else {
			f.problems = append(f.problems, &InputError{Path: dir, Err: err})
		}
		return -1
	}
	if s.gradle && name == "build" && isGradleBuild(entries) {
		f.gradleBuild(dir, canon)
		return -1
	}
	mark := len(f.found)
	var classes, archives, dirs []dirEntry
	for _, e := range entries {
		d := dirEntry{path: filepath.Join(dir, e.Name()), canon: filepath.Join(canon, e.Name()), name: e.Name()}
		mode := e.Type()
		if mode&fs.ModeSymlink != 0 {
			st, err := os.Stat(d.path)
			if err == nil {
				d.canon, err = canonical(d.path)
			}
			if err != nil {
				if !skipDir(d.name, name) {
					f.problems = append(f.problems, statError(d.path, err))
				}
				continue
			}
			d.link, mode = true, st.Mode().Type()
		}
		switch {
		case mode.IsDir():
			if skipDir(d.name, name) {
				continue
			}
			if d.name == "buildSrc" && s.gradle {
				f.leftOut = append(f.leftOut, LeftOut{Path: d.path, Why: LeftOutBuildLogic})
				continue
			}
			if d.link && within(d.canon, canon) {
				f.problems = append(f.problems, loopError(d.path, d.canon))
				continue
			}
			dirs = append(dirs, d)
		case strings.EqualFold(filepath.Ext(d.name), ".class"):
			classes = append(classes, d)
		case strings.EqualFold(filepath.Ext(d.name), ".jar"), strings.EqualFold(filepath.Ext(d.name), ".aar"):
			archives = append(archives, d)
		}
	}
	depth := len(rel)
	if !s.archivesOnly {
		for _, c := range classes {
			if f.seen[c.canon] {
				continue
			}
			root := rootDepth(c.path, append(rel, c.name), f.limits)
			switch {
			case root == depth:
				f.addRoot(dir, canon, mark)
				return -1
			case root >= 0:
				return root
			}
			// The class is not in its package's folder below the start: it is read on its own.
			f.add(c.path, c.canon, classInput)
		}
	}
	for _, a := range archives {
		if !f.seen[a.canon] {
			f.add(a.path, a.canon, archiveInput)
		}
	}
	for _, d := range dirs {
		if f.seen[d.canon] {
			continue
		}
		root := f.walk(s, d.path, d.canon, d.name, append(rel, d.name))
		switch {
		case root == depth:
			f.addRoot(dir, canon, mark)
			return -1
		case root >= 0:
			return root
		}
	}
	return -1
}

// skipDir reports whether a folder named name inside parent is not searched: hidden folders
// (.git, .gradle, .idea), node_modules, Gradle's wrapper (its jar is the build tool) and
// META-INF, whose versions/N folders would otherwise pass for class-folder roots (the root
// above them reads them).
func skipDir(name, parent string) bool {
	return strings.HasPrefix(name, ".") || name == "node_modules" || name == "META-INF" ||
		name == "wrapper" && parent == "gradle"
}

// gradleOutputs are the folders of a Gradle build folder that tell it from a package folder
// named build.
var gradleOutputs = map[string]bool{"classes": true, "tmp": true, "intermediates": true, "outputs": true, "libs": true}

func isGradleBuild(entries []os.DirEntry) bool {
	for _, e := range entries {
		if gradleOutputs[e.Name()] && e.IsDir() {
			return true
		}
	}
	return false
}

// The folders of a Gradle build folder that Discover reads, by preference: the compiled class
// folders, else the packaged AARs and jars, else the intermediate jars.
var (
	gradleClassDirs = [][]string{{"classes"}, {"tmp", "kotlin-classes"}, {"intermediates", "javac"}, {"intermediates", "built_in_kotlinc"}}
	gradlePackaged  = [][]string{{"outputs", "aar"}, {"libs"}}
)

// gradleBuild applies the build-folder rules to dir.
func (f *finder) gradleBuild(dir, canon string) {
	sub := func(parts []string, archivesOnly bool) {
		p := filepath.Join(append([]string{dir}, parts...)...)
		if _, err := os.Lstat(p); err != nil {
			return // the build made no such folder
		}
		st, err := os.Stat(p)
		var c string
		if err == nil {
			c, err = canonical(p)
		}
		switch {
		case err != nil:
			f.problems = append(f.problems, statError(p, err))
			return
		case !st.IsDir() || f.seen[c]:
			return
		case within(c, canon):
			f.problems = append(f.problems, loopError(p, c))
			return
		}
		f.walk(&search{archivesOnly: archivesOnly}, p, c, parts[len(parts)-1], nil)
	}
	start := len(f.found)
	for _, parts := range gradleClassDirs {
		sub(parts, false)
	}
	f.chooseVariants(dir, start)
	packaged := len(f.found)
	for _, parts := range gradlePackaged {
		sub(parts, false)
	}
	intermediate := len(f.found)
	sub([]string{"intermediates"}, true)
	keep := len(f.found)
	switch {
	case packaged > start:
		keep = packaged
	case intermediate > packaged:
		keep = intermediate
	}
	for _, in := range f.found[keep:] {
		if !in.dup {
			f.superseded = append(f.superseded, Superseded{Path: in.path, BuildDir: dir})
		}
	}
	f.found = f.found[:keep]
}

// chooseVariants keeps, of the class folders a build folder's walk found from start on, those
// of the app as it ships: test source sets and variants are left out, and so are debug
// variants where a release one is there (both define the same classes: read together, the
// one read later would only be shadowed).
func (f *finder) chooseVariants(buildDir string, start int) {
	release := false
	for _, in := range f.found[start:] {
		release = release || in.kind == rootInput && isBuildType(variantOf(buildDir, in.path), "release")
	}
	kept := f.found[:start]
	for _, in := range f.found[start:] {
		v := variantOf(buildDir, in.path)
		switch {
		case in.kind != rootInput || v == "":
			kept = append(kept, in)
		case isBuildType(v, "test"):
			f.leftOut = append(f.leftOut, LeftOut{Path: in.path, Why: LeftOutTests})
		case release && isBuildType(v, "debug"):
			f.leftOut = append(f.leftOut, LeftOut{Path: in.path, Why: LeftOutDebug})
		default:
			kept = append(kept, in)
		}
	}
	f.found = kept
}

// variantOf is the variant or source set a class folder under a Gradle build folder belongs to:
// X in tmp/kotlin-classes/X, classes/{kotlin,java}/X (and classes/kotlin/TARGET/X),
// intermediates/javac/X/… and intermediates/built_in_kotlinc/X/…; "" elsewhere.
func variantOf(buildDir, root string) string {
	rel, err := filepath.Rel(buildDir, strings.TrimSuffix(root, string(filepath.Separator)))
	if err != nil {
		return ""
	}
	parts := strings.Split(filepath.ToSlash(rel), "/")
	switch {
	case len(parts) >= 3 && parts[0] == "tmp" && parts[1] == "kotlin-classes",
		len(parts) >= 3 && parts[0] == "intermediates" && (parts[1] == "javac" || parts[1] == "built_in_kotlinc"):
		return parts[2]
	case len(parts) >= 3 && parts[0] == "classes":
		return parts[len(parts)-1]
	}
	return ""
}

// isBuildType reports whether the variant or source set v is of the kind named in lower case:
// "release" or "freeRelease" for release, "test", "debugUnitTest" or "releaseAndroidTest" for
// test (Gradle's names are camel case: "latest" is none).
func isBuildType(v, kind string) bool {
	return v == kind || strings.HasSuffix(v, strings.ToUpper(kind[:1])+kind[1:])
}

// rootDepth returns the depth below the search's base of the class-folder root that the class
// file p, at rel below the base, names: its path must end with its class name. -1 when it does
// not, the root would be above the base, or the class cannot be read (opening it says why).
func rootDepth(p string, rel []string, limits archive.Limits) int {
	name, err := className(p, limits)
	if err != nil || name == "" {
		return -1
	}
	parts := strings.Split(name, "/")
	if len(parts) > len(rel) {
		return -1
	}
	tail := rel[len(rel)-len(parts):]
	for i, part := range parts {
		want := part
		if i == len(parts)-1 {
			want += ".class"
		}
		if tail[i] != want {
			return -1
		}
	}
	return len(rel) - len(parts)
}

// className reads the class a class file defines, through the gate to the file system (a named
// pipe is refused at once, never waited on) and no further than the entry-size limit.
func className(p string, limits archive.Limits) (string, error) {
	data, err := userfile.ReadFile(p, limits.MaxEntrySize)
	if err != nil {
		return "", err
	}
	c, err := classfile.ParseWithOptions(data, classfile.ParseOptions{SkipCode: true, MaxNesting: limits.MaxNesting})
	if err != nil {
		return "", err
	}
	return c.Name(), nil
}
