package archive

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/internal/par"
	"github.com/composestab/composestab/internal/userfile"
)

// An Input is one opened .class file, class folder, jar/zip or AAR.
type Input struct {
	// Path is the path the user gave.
	Path string
	// Entries lists the class entries after multi-release resolution, in
	// archive (or sorted path) order. module-info and package-info classes are
	// included. Unless the input was opened with ValidateNone, every entry has
	// been read and parsed once: a class that cannot be is not listed but
	// reported (with ValidateDeferred, once its Classpath has settled).
	Entries []*Entry
	// Stats accounts for the class entries not listed.
	Stats InputStats

	closer io.Closer
	// deferred is set while the entries of an input opened with
	// ValidateDeferred are not all validated (until Classpath.Settle).
	deferred bool
	read     atomic.Int64 // bytes inflated by deferred validation
}

// Close releases the open archive, if any. Entries cannot be read afterwards.
func (in *Input) Close() error {
	if in == nil || in.closer == nil {
		return nil
	}
	err := in.closer.Close()
	in.closer = nil
	return err
}

// opener collects one input's entries, counts and errors in a fixed order.
type opener struct {
	o      InputOptions
	lim    Limits
	in     *Input
	errs   []error
	budget int64 // bytes left of Limits.MaxInputSize
}

func (o InputOptions) newOpener(p string) *opener {
	lim := o.Limits.resolved()
	return &opener{o: o, lim: lim, in: &Input{Path: p, Stats: InputStats{Skipped: map[string]int{}}}, budget: lim.MaxInputSize}
}

func (op *opener) fail(entry string, msg string, err error) {
	op.errs = append(op.errs, &classfile.FormatError{Path: op.in.Path, Entry: entry, Offset: -1, Msg: withCause(msg, err), Err: err})
}

// withCause appends the text of a cause that is not one of this package's
// error kinds (those only classify what msg already says), so that Msg alone
// explains the problem.
func withCause(msg string, err error) string {
	if err == nil {
		return msg
	}
	for _, kind := range []error{ErrTooLarge, ErrTooManyEntries, ErrNestingTooDeep, ErrBadEntryName, ErrNotRegular, classfile.ErrNotClassFile} {
		if errors.Is(err, kind) {
			return msg
		}
	}
	var fe *classfile.FormatError
	if errors.As(err, &fe) && fe.Msg != "" {
		return msg + ": " + fe.Msg
	}
	return msg + ": " + err.Error()
}

func (op *opener) done() (*Input, error) {
	switch op.o.Validation {
	case ValidateNone:
	case ValidateDeferred:
		op.in.deferred = len(op.in.Entries) > 0
	default:
		op.validate()
	}
	return op.in, errors.Join(op.errs...)
}

func notRegular(mode fs.FileMode) string { return userfile.Describe(mode) }

// Open opens a .class file, a folder of classes (searched recursively), a
// .jar/.zip or an .aar. It returns the usable Input together with a joined
// error of every problem found; the Input is nil only if nothing at all could
// be read.
func (o InputOptions) Open(p string) (*Input, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return o.openDir(p)
	}
	if !st.Mode().IsRegular() {
		return nil, &classfile.FormatError{Path: p, Offset: -1, Msg: notRegular(st.Mode()), Err: ErrNotRegular}
	}
	if strings.EqualFold(filepath.Ext(p), ".class") {
		return o.openClassFile(p, st.Size())
	}
	f, err := openRegular(p)
	if err != nil {
		return nil, err
	}
	in, err := o.OpenArchive(p, f, st.Size())
	if len(in.Entries) == 0 {
		// Nothing will ever read from it.
		f.Close()
		return in, err
	}
	in.closer = f
	return in, err
}

// openRegular opens p through the gate to the file system (userfile.Open: a
// regular file only, never waiting on a named pipe), its refusal a
// *FormatError like every other problem of an input.
func openRegular(p string) (*os.File, error) {
	f, _, err := userfile.Open(p)
	var ue *userfile.Error
	if errors.As(err, &ue) {
		return nil, &classfile.FormatError{Path: p, Offset: -1, Msg: ue.Msg, Err: ue.Err}
	}
	return f, err
}

// OpenArchive reads a jar, zip or (if name ends in ".aar") AAR from r. name is
// used as the Input's Path.
func (o InputOptions) OpenArchive(name string, r io.ReaderAt, size int64) (*Input, error) {
	op := o.newOpener(name)
	isAAR := strings.EqualFold(path.Ext(name), ".aar")
	op.addArchive(r, size, "", isAAR, 0)
	op.charge()
	return op.done()
}

func (o InputOptions) openClassFile(p string, size int64) (*Input, error) {
	op := o.newOpener(p)
	op.in.Stats.ClassEntries = 1
	e := &Entry{Input: p, src: &source{root: p, limits: op.lim, in: op.in}, loc: zipLoc{size: uint64(size)}}
	// There is no package root to derive the name from, so read it from the
	// header (this also validates the class).
	data, err := e.read(nil)
	if err == nil {
		op.in.Stats.Bytes = int64(len(data))
		var c *classfile.Class
		c, err = classfile.ParseWithOptions(data, classfile.ParseOptions{MaxNesting: op.lim.MaxNesting})
		if err == nil {
			e.ClassName = c.Name()
			op.in.Entries = []*Entry{e}
			return op.in, nil
		}
	}
	if o.Validation == ValidateNone {
		// Listed anyway, named after the file, as every lazy entry is.
		e.ClassName = strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
		op.in.Entries = []*Entry{e}
	} else {
		op.in.Stats.Failed = 1
	}
	return op.in, e.wrap(err)
}

func (o InputOptions) openDir(root string) (*Input, error) {
	op := o.newOpener(root)
	src := &source{root: root, limits: op.lim, in: op.in}
	var entries []*Entry
	walked := 0
	walkErr := walkDir(root, func(p string, d fs.DirEntry, err error) error {
		// As for an archive's central directory, every file and folder
		// counts: links can make a small tree walk like a huge one.
		if walked++; walked > op.lim.MaxEntries {
			op.fail("", "the folder holds more than "+strconv.Itoa(op.lim.MaxEntries)+
				" files and folders (Limits.MaxEntries); the rest is not read", ErrTooManyEntries)
			return fs.SkipAll
		}
		if err != nil {
			// A folder that cannot be listed (permission denied, say) is an
			// error for the input naming it: its classes are missing.
			if p == root {
				op.fail("", "cannot read the folder", err)
				return nil
			}
			op.fail(relSlash(root, p), "cannot read", err)
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() || !strings.HasSuffix(d.Name(), ".class") {
			return nil
		}
		rel := relSlash(root, p)
		op.in.Stats.ClassEntries++
		info, err := os.Stat(p) // follows a link to a file
		if err != nil {
			op.in.Stats.Failed++
			op.fail(rel, "cannot read", err)
			return nil
		}
		if !info.Mode().IsRegular() {
			op.in.Stats.Failed++
			op.fail(rel, notRegular(info.Mode()), ErrNotRegular)
			return nil
		}
		entries = append(entries, &Entry{Input: root, Name: rel, src: src, loc: zipLoc{size: uint64(info.Size())}})
		return nil
	})
	if walkErr != nil {
		op.fail("", "cannot read", walkErr)
	}
	// A manifest that is there but cannot be read would silently turn off
	// multi-release resolution: that is an error, as for any entry.
	mr := false
	manifest := filepath.Join(root, "META-INF", "MANIFEST.MF")
	if _, err := os.Lstat(manifest); err == nil {
		data, err := readFileCapped(manifest, op.lim.MaxEntrySize, nil)
		if err != nil {
			op.fail("META-INF/MANIFEST.MF", "cannot read the manifest (multi-release versions are ignored)", err)
		}
		mr = isMultiRelease(data)
	} else if !errors.Is(err, fs.ErrNotExist) {
		op.fail("META-INF/MANIFEST.MF", "cannot read the manifest (multi-release versions are ignored)", err)
	}
	op.in.Entries = op.resolve(entries, 0, mr)
	op.charge()
	return op.done()
}

// walkDir is walkFollow; tests replace it to inject the errors that running
// as root would not give.
var walkDir = walkFollow

// walkFollow is filepath.WalkDir, except that it also walks the folders that
// symbolic links point to, as the JVM's class loader reads through them
// (Gradle and Bazel build trees link class folders together). A link back to
// a folder that the walk is inside of would repeat forever and adds no class
// that is not already listed under its own path, so it is not followed.
func walkFollow(root string, fn fs.WalkDirFunc) error {
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		real = root
	}
	return walkLinked(root, root, real, nil, fn)
}

// walkLinked walks the real folder real, naming every path as if under
// logical; outer holds the real folders the walks around this one are in.
func walkLinked(logical, root, real string, outer []string, fn fs.WalkDirFunc) error {
	return filepath.WalkDir(real, func(p string, d fs.DirEntry, err error) error {
		lp := logical
		if rel, _ := filepath.Rel(real, p); rel != "." {
			lp = filepath.Join(logical, rel)
		}
		if p == real && logical != root {
			// The folder behind a link: its link was already reported.
			if err != nil {
				return fn(lp, d, err)
			}
			return nil
		}
		if err != nil || d.Type()&fs.ModeSymlink == 0 {
			return fn(lp, d, err)
		}
		st, serr := os.Stat(p)
		if serr != nil || !st.IsDir() {
			// A link to a file, or one that leads nowhere: the caller
			// decides, as for any file.
			return fn(lp, d, nil)
		}
		target, terr := filepath.EvalSymlinks(p)
		if terr != nil {
			return fn(lp, d, terr)
		}
		inside := append(outer[:len(outer):len(outer)], filepath.Dir(p))
		for _, in := range inside {
			if in == target || strings.HasPrefix(in, target+string(filepath.Separator)) {
				return nil // a loop
			}
		}
		if err := fn(lp, d, nil); err != nil {
			return err
		}
		return walkLinked(lp, root, target, inside, fn)
	})
}

func relSlash(root, p string) string {
	rel, err := filepath.Rel(root, p)
	if err != nil {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(rel)
}

// resolve turns entry paths into class entries: it drops META-INF and, for a
// multi-release archive, lets META-INF/versions/N/ override the base entry
// for the highest N allowed. Every dropped entry is counted or reported.
// Entry names start with a prefix of plen bytes (the nested archive's).
func (op *opener) resolve(entries []*Entry, plen int, multiRelease bool) []*Entry {
	type pick struct {
		e   *Entry
		pos int
	}
	o := op.o
	best := make(map[string]pick, len(entries))
	order := 0
	for _, e := range entries {
		name := e.Name[plen:]
		release := 0
		if strings.HasPrefix(name, "META-INF/") {
			rest, ok := strings.CutPrefix(name, "META-INF/versions/")
			if !ok || !multiRelease || o.MaxRelease < 0 {
				op.in.Stats.Skipped[SkipNotOnClasspath]++
				continue
			}
			num, tail, ok := strings.Cut(rest, "/")
			n, err := strconv.Atoi(num)
			if !ok || err != nil || n < 9 || strings.HasPrefix(tail, "META-INF/") {
				op.in.Stats.Skipped[SkipNotOnClasspath]++
				continue
			}
			if o.MaxRelease > 0 && n > o.MaxRelease {
				op.in.Stats.Skipped[SkipOtherRelease]++
				continue
			}
			name, release = tail, n
		}
		e.ClassName, e.Release = strings.TrimSuffix(name, ".class"), release
		old, seen := best[e.ClassName]
		switch {
		case !seen:
			best[e.ClassName] = pick{e, order}
			order++
		case release == old.e.Release:
			// java.util.zip.ZipFile, JarFile and URLClassLoader read the
			// last copy in the central directory (testdata/java/dupentry):
			// so does the scan, in the first copy's place.
			best[e.ClassName] = pick{e, old.pos}
			op.in.Stats.Failed++
			op.fail(e.Name, "duplicate entry name: the last one is used, as the JVM does", nil)
		case release > old.e.Release:
			// The override keeps the base entry's position so output order
			// does not depend on where the versioned copy sits.
			best[e.ClassName] = pick{e, old.pos}
			op.in.Stats.Skipped[SkipOtherRelease]++
		default:
			op.in.Stats.Skipped[SkipOtherRelease]++
		}
	}
	out := make([]*Entry, len(best))
	for _, pk := range best {
		out[pk.pos] = pk.e
	}
	return out
}

// charge checks each listed entry against Limits.MaxEntrySize and the input's
// remaining Limits.MaxInputSize, in entry order; what does not fit is
// reported and dropped.
func (op *opener) charge() {
	kept := op.in.Entries[:0]
	for i, e := range op.in.Entries {
		if e.loc.size > uint64(op.lim.MaxEntrySize) {
			op.in.Stats.Failed++
			op.errs = append(op.errs, e.wrap(tooLarge(e.loc.size, op.lim.MaxEntrySize)))
			continue
		}
		// Entries may share compressed bytes (an overlapping-entry zip bomb
		// inflates the same data again and again), so an entry costs its
		// compressed size when that is the larger.
		cost := max(e.loc.size, e.loc.csize)
		if cost > uint64(op.budget) {
			rest := len(op.in.Entries) - i
			op.in.Stats.Failed += rest
			op.fail(e.Name, "the input inflates to more than the limit of "+strconv.FormatInt(op.lim.MaxInputSize, 10)+
				" bytes (Limits.MaxInputSize): this class entry and the "+strconv.Itoa(rest-1)+" after it are not read", ErrTooLarge)
			break
		}
		op.budget -= int64(cost)
		kept = append(kept, e)
	}
	clear(op.in.Entries[len(kept):])
	op.in.Entries = kept
}

// validate reads and parses every entry once, on GOMAXPROCS goroutines, and
// drops (and reports, in entry order) those that fail, so that a broken
// class is never silently absent from the classpath.
func (op *opener) validate() {
	entries := op.in.Entries
	errs := make([]error, len(entries))
	var read atomic.Int64
	par.ForWorker(len(entries), func() func(int) {
		var buf []byte
		return func(i int) {
			e := entries[i]
			c, data, n, err := e.checkInto(buf)
			read.Add(n)
			if c != nil {
				buf = data[:0]
			}
			errs[i] = err
			if cap(buf) > 1<<20 {
				buf = nil // keep no huge buffer
			}
		}
	})
	op.in.Stats.Bytes += read.Load()
	kept := entries[:0]
	for i, e := range entries {
		if errs[i] != nil {
			op.in.Stats.Failed++
			op.errs = append(op.errs, errs[i])
			continue
		}
		kept = append(kept, e)
	}
	clear(entries[len(kept):])
	op.in.Entries = kept
}

// readManifest reads an archive's manifest, at most limit bytes.
func readManifest(r io.ReaderAt, size int64, rec *zipRecord, limit int64) ([]byte, error) {
	if rec.size > uint64(limit) {
		return nil, tooLarge(rec.size, limit)
	}
	rc, err := rec.open(r, size)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return readCapped(rc, limit, int64(rec.size), nil)
}

func isMultiRelease(manifest []byte) bool {
	for _, line := range strings.Split(string(manifest), "\n") {
		k, v, ok := strings.Cut(strings.TrimRight(line, "\r"), ":")
		if ok && strings.EqualFold(strings.TrimSpace(k), "Multi-Release") && strings.EqualFold(strings.TrimSpace(v), "true") {
			return true
		}
	}
	return false
}

func safeEntryName(name string) bool {
	if name == "" || name[0] == '/' || strings.ContainsAny(name, "\\\x00") {
		return false
	}
	for seg := range strings.SplitSeq(name, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return false
		}
	}
	return true
}

// addArchive lists the class entries of the zip in r into the input. prefix
// is the nested-archive prefix for entry names ("classes.jar!/"); an AAR
// contributes its classes.jar and libs/*.jar instead of its own entries, and
// inside a nested archive every .jar and .aar is a further nesting level.
func (op *opener) addArchive(r io.ReaderAt, size int64, prefix string, isAAR bool, depth int) {
	where := strings.TrimSuffix(prefix, "!/")
	d, err := readZipDir(r, size)
	if err != nil {
		op.fail(where, "cannot read archive", err)
		return
	}
	if d.count > uint64(op.lim.MaxEntries) {
		op.fail(where, "the archive has "+strconv.FormatUint(d.count, 10)+" entries, more than the limit of "+
			strconv.Itoa(op.lim.MaxEntries)+" (Limits.MaxEntries); none is read", ErrTooManyEntries)
		return
	}
	src := &source{ra: r, size: size, root: "", limits: op.lim, in: op.in}
	var (
		classes  []*Entry
		slab     []Entry // entries are allocated in blocks, not one by one
		nested   []zipRecord
		manifest *zipRecord
		bad      []string
	)
	err = d.each(func(name []byte) bool {
		return bytes.HasSuffix(name, []byte(".class")) || bytes.HasSuffix(name, []byte(".jar")) ||
			bytes.HasSuffix(name, []byte(".aar")) || string(name) == "META-INF/MANIFEST.MF"
	}, prefix, func(rec zipRecord) {
		switch {
		case rec.dir:
		case strings.HasSuffix(rec.name, ".class"):
			if !safeEntryName(rec.name[len(prefix):]) {
				bad = append(bad, rec.name)
				return
			}
			if len(slab) == 0 {
				slab = make([]Entry, min(1024, d.count))
			}
			e := &slab[0]
			slab = slab[1:]
			*e = Entry{Input: op.in.Path, Name: rec.name, src: src, loc: rec.zipLoc}
			classes = append(classes, e)
		case rec.name[len(prefix):] == "META-INF/MANIFEST.MF":
			manifest = &rec
		default:
			rec.name = rec.name[len(prefix):]
			nested = append(nested, rec)
		}
	})
	if err != nil {
		op.fail(where, "cannot read archive", err)
		return
	}
	op.in.Stats.ClassEntries += len(classes) + len(bad)
	for _, name := range bad {
		op.in.Stats.Failed++
		op.fail(name, "entry name is not a relative path: not read", ErrBadEntryName)
	}
	if !isAAR && depth == 0 && len(classes) == 0 {
		// An AAR by another name.
		for _, rec := range nested {
			isAAR = isAAR || rec.name == "classes.jar"
		}
	}
	if isAAR {
		op.in.Stats.Skipped[SkipNotOnClasspath] += len(classes)
		classes = nil
		kept := nested[:0]
		for _, rec := range nested {
			if rec.name == "classes.jar" || (strings.HasPrefix(rec.name, "libs/") && strings.HasSuffix(rec.name, ".jar") && !strings.Contains(rec.name[len("libs/"):], "/")) {
				kept = append(kept, rec)
			}
		}
		nested = kept
		// classes.jar first, then libs in name order, so lookups are stable.
		sort.SliceStable(nested, func(i, j int) bool {
			if (nested[i].name == "classes.jar") != (nested[j].name == "classes.jar") {
				return nested[i].name == "classes.jar"
			}
			return nested[i].name < nested[j].name
		})
	} else if depth == 0 {
		nested = nil // jars inside a jar are resources, not classpath
	}
	for _, rec := range nested {
		op.addNested(src, rec, prefix, depth)
	}
	mr := false
	if manifest != nil && op.o.MaxRelease >= 0 {
		data, err := readManifest(r, size, manifest, op.lim.MaxEntrySize)
		if err != nil {
			op.fail(prefix+"META-INF/MANIFEST.MF", "cannot read the manifest (multi-release versions are ignored)", err)
		}
		mr = isMultiRelease(data)
	}
	op.in.Entries = append(op.in.Entries, op.resolve(classes, len(prefix), mr)...)
}

// addNested reads one nested archive into memory (zip needs random access)
// and lists its entries.
func (op *opener) addNested(src *source, rec zipRecord, prefix string, depth int) {
	name := prefix + rec.name
	if depth+1 > op.lim.MaxDepth {
		op.fail(name, "an archive nested "+strconv.Itoa(depth+1)+" deep, more than the limit of "+
			strconv.Itoa(op.lim.MaxDepth)+" (Limits.MaxDepth): not read", ErrNestingTooDeep)
		return
	}
	if !safeEntryName(rec.name) {
		op.fail(name, "entry name is not a relative path: not read", ErrBadEntryName)
		return
	}
	if rec.size > uint64(op.lim.MaxEntrySize) {
		op.errs = append(op.errs, withLocation(tooLarge(rec.size, op.lim.MaxEntrySize), op.in.Path, name))
		return
	}
	if max(rec.size, rec.csize) > uint64(op.budget) {
		op.fail(name, "the input inflates to more than the limit of "+strconv.FormatInt(op.lim.MaxInputSize, 10)+
			" bytes (Limits.MaxInputSize): not read", ErrTooLarge)
		return
	}
	e := &Entry{src: src, loc: rec.zipLoc}
	data, err := e.read(nil)
	if err != nil {
		op.errs = append(op.errs, withLocation(err, op.in.Path, name))
		return
	}
	op.budget -= int64(max(rec.size, rec.csize))
	op.in.Stats.Bytes += int64(len(data))
	op.addArchive(bytes.NewReader(data), int64(len(data)), name+"!/", strings.HasSuffix(rec.name, ".aar"), depth+1)
}
