package classfile

import (
	"archive/zip"
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
)

// Defaults for InputOptions.
const (
	// DefaultMaxEntrySize caps the decompressed size of one archive entry
	// (a class or a nested jar) and of a bare class file.
	DefaultMaxEntrySize = 64 << 20
	// DefaultMaxDepth caps archive nesting: an AAR's classes.jar is depth 1.
	DefaultMaxDepth = 2
)

// InputOptions configures how inputs are opened. The zero value gives the
// defaults.
type InputOptions struct {
	// MaxRelease is the highest N whose META-INF/versions/N/ entries override
	// base entries in a multi-release jar. 0 means no limit (newest wins); a
	// negative value ignores versioned entries.
	MaxRelease int
	// MaxEntrySize caps the decompressed size of an entry; 0 means
	// DefaultMaxEntrySize.
	MaxEntrySize int64
	// MaxDepth caps archive nesting; 0 means DefaultMaxDepth, a negative
	// value refuses nested archives.
	MaxDepth int
}

func (o InputOptions) maxEntrySize() int64 {
	if o.MaxEntrySize <= 0 {
		return DefaultMaxEntrySize
	}
	return o.MaxEntrySize
}

func (o InputOptions) maxDepth() int {
	switch {
	case o.MaxDepth == 0:
		return DefaultMaxDepth
	case o.MaxDepth < 0:
		return 0
	}
	return o.MaxDepth
}

// An Entry is one class in an input. Its bytes are read only when Read or
// Parse is called; an Entry is safe for concurrent use.
type Entry struct {
	// Input is the path the user gave (the .class file, folder, jar or AAR).
	Input string
	// Name is the entry path inside the input: the archive entry name (for an
	// archive nested in an AAR, "classes.jar!/com/Foo.class"), the path
	// relative to a folder, or "" for a bare .class file.
	Name string
	// ClassName is the internal class name derived from the path
	// ("com/example/Foo$Inner"); for a bare .class file it is read from the
	// class header.
	ClassName string
	// Release is N for an entry taken from META-INF/versions/N/, 0 otherwise.
	Release int

	file  string    // path on disk, for folders and bare files
	zf    *zip.File // archive entry
	limit int64
}

// Read returns the entry's bytes, reading at most the configured size cap.
// Errors are *FormatError carrying Path and Entry.
func (e *Entry) Read() ([]byte, error) {
	var (
		data []byte
		err  error
	)
	limit := e.limit
	if limit <= 0 {
		limit = DefaultMaxEntrySize
	}
	if e.zf != nil {
		data, err = readZipFile(e.zf, limit)
	} else {
		data, err = readFileCapped(e.file, limit)
	}
	if err != nil {
		return nil, e.wrap(err)
	}
	return data, nil
}

// Parse reads and parses the entry. A *FormatError carries Path and Entry.
func (e *Entry) Parse(opts ParseOptions) (*Class, error) {
	data, err := e.Read()
	if err != nil {
		return nil, err
	}
	c, err := ParseWithOptions(data, opts)
	if err != nil {
		return nil, e.wrap(err)
	}
	return c, nil
}

// wrap stamps the entry's location on an error.
func (e *Entry) wrap(err error) error {
	var fe *FormatError
	if errors.As(err, &fe) {
		if fe.Path == "" {
			fe.Path = e.Input
		}
		if fe.Entry == "" {
			fe.Entry = e.Name
		}
		if fe.Class == "" {
			fe.Class = e.ClassName
		}
		return err
	}
	return &FormatError{Path: e.Input, Entry: e.Name, Class: e.ClassName, Offset: -1, Err: err}
}

// An Input is one opened .class file, class folder, jar/zip or AAR.
type Input struct {
	// Path is the path the user gave.
	Path string
	// Entries lists the class entries after multi-release resolution, in
	// archive (or sorted path) order. module-info and package-info classes are
	// included.
	Entries []*Entry

	closer io.Closer
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

// OpenInput opens a .class file, a folder of classes (searched recursively),
// a .jar/.zip or an .aar with the default options. It returns the usable
// Input together with a joined error of every problem found; the Input is nil
// only if nothing at all could be read.
func OpenInput(path string) (*Input, error) { return InputOptions{}.Open(path) }

// NewArchiveInput reads a jar, zip or (if name ends in ".aar") AAR from r,
// with the default options. name is used as the Input's Path.
func NewArchiveInput(name string, r io.ReaderAt, size int64) (*Input, error) {
	return InputOptions{}.OpenArchive(name, r, size)
}

// Open is OpenInput with these options.
func (o InputOptions) Open(p string) (*Input, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return o.openDir(p)
	}
	if strings.EqualFold(filepath.Ext(p), ".class") {
		return o.openClassFile(p)
	}
	f, err := os.Open(p)
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

// OpenArchive is NewArchiveInput with these options.
func (o InputOptions) OpenArchive(name string, r io.ReaderAt, size int64) (*Input, error) {
	in := &Input{Path: name}
	var errs []error
	isAAR := strings.EqualFold(path.Ext(name), ".aar")
	o.addArchive(in, r, size, "", isAAR, 0, &errs)
	return in, errors.Join(errs...)
}

func (o InputOptions) openClassFile(p string) (*Input, error) {
	e := &Entry{Input: p, file: p, limit: o.maxEntrySize()}
	in := &Input{Path: p, Entries: []*Entry{e}}
	// There is no package root to derive the name from, so read it from the
	// header; on failure fall back to the base name.
	data, err := e.Read()
	if err == nil {
		var c *Class
		c, err = ParseWithOptions(data, ParseOptions{SkipCode: true})
		if err == nil {
			e.ClassName = c.Name()
			return in, nil
		}
		err = e.wrap(err)
	}
	e.ClassName = strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
	return in, err
}

func (o InputOptions) openDir(root string) (*Input, error) {
	in := &Input{Path: root}
	var errs []error
	var cands []candidate
	limit := o.maxEntrySize()
	walkErr := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			errs = append(errs, &FormatError{Path: root, Entry: p, Offset: -1, Msg: "cannot read", Err: err})
			if d != nil && d.IsDir() && p != root {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() || !strings.HasSuffix(d.Name(), ".class") {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return nil
		}
		rel = filepath.ToSlash(rel)
		cands = append(cands, candidate{name: rel, entry: &Entry{Input: root, Name: rel, file: p, limit: limit}})
		return nil
	})
	if walkErr != nil {
		errs = append(errs, walkErr)
	}
	mr := false
	if data, err := readFileCapped(filepath.Join(root, "META-INF", "MANIFEST.MF"), 1<<20); err == nil {
		mr = isMultiRelease(data)
	}
	in.Entries = o.resolve(cands, mr)
	return in, errors.Join(errs...)
}

// candidate is a class-file path before multi-release resolution.
type candidate struct {
	name  string
	entry *Entry
}

// resolve turns entry paths into class entries: it drops META-INF and, for a
// multi-release archive, lets META-INF/versions/N/ override the base entry
// for the highest N allowed.
func (o InputOptions) resolve(cands []candidate, multiRelease bool) []*Entry {
	type pick struct {
		e   *Entry
		pos int
	}
	best := make(map[string]pick, len(cands))
	order := 0
	for _, cd := range cands {
		name := cd.name
		release := 0
		if strings.HasPrefix(name, "META-INF/") {
			rest, ok := strings.CutPrefix(name, "META-INF/versions/")
			if !ok || !multiRelease || o.MaxRelease < 0 {
				continue
			}
			num, tail, ok := strings.Cut(rest, "/")
			n, err := strconv.Atoi(num)
			if !ok || err != nil || n < 9 || (o.MaxRelease > 0 && n > o.MaxRelease) || strings.HasPrefix(tail, "META-INF/") {
				continue
			}
			name, release = tail, n
		}
		className := strings.TrimSuffix(name, ".class")
		if className == "" || strings.HasSuffix(className, "/") {
			continue
		}
		e := cd.entry
		e.ClassName, e.Release = className, release
		old, seen := best[className]
		switch {
		case !seen:
			best[className] = pick{e, order}
			order++
		case release > old.e.Release:
			// The override keeps the base entry's position so output order
			// does not depend on where the versioned copy sits.
			best[className] = pick{e, old.pos}
		}
	}
	out := make([]*Entry, len(best))
	for _, pk := range best {
		out[pk.pos] = pk.e
	}
	return out
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

// addArchive lists the class entries of the zip in r into in. prefix is the
// nested-archive prefix for entry names ("classes.jar!/"); an AAR contributes
// its classes.jar and libs/*.jar instead of its own entries.
func (o InputOptions) addArchive(in *Input, r io.ReaderAt, size int64, prefix string, isAAR bool, depth int, errs *[]error) {
	zr, err := zip.NewReader(r, size)
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		*errs = append(*errs, &FormatError{Path: in.Path, Entry: strings.TrimSuffix(prefix, "!/"), Offset: -1, Msg: "cannot read archive", Err: err})
		return
	}
	limit := o.maxEntrySize()
	if isAAR {
		var nested []*zip.File
		for _, f := range zr.File {
			if f.Name == "classes.jar" || (strings.HasPrefix(f.Name, "libs/") && strings.HasSuffix(f.Name, ".jar") && !strings.Contains(f.Name[len("libs/"):], "/")) {
				nested = append(nested, f)
			}
		}
		// classes.jar first, then libs in name order, so lookups are stable.
		sort.SliceStable(nested, func(i, j int) bool {
			if (nested[i].Name == "classes.jar") != (nested[j].Name == "classes.jar") {
				return nested[i].Name == "classes.jar"
			}
			return nested[i].Name < nested[j].Name
		})
		for _, f := range nested {
			name := prefix + f.Name
			if depth+1 > o.maxDepth() {
				*errs = append(*errs, &FormatError{Path: in.Path, Entry: name, Offset: -1, Msg: "nested archive", Err: ErrNestingTooDeep})
				continue
			}
			// zip needs an io.ReaderAt, so the nested jar is read into memory
			// under the same cap as any entry.
			data, err := readZipFile(f, limit)
			if err != nil {
				*errs = append(*errs, withLocation(err, in.Path, name))
				continue
			}
			o.addArchive(in, bytes.NewReader(data), int64(len(data)), name+"!/", false, depth+1, errs)
		}
		return
	}
	var cands []candidate
	mr := false
	for _, f := range zr.File {
		if f.Name == "META-INF/MANIFEST.MF" && o.MaxRelease >= 0 {
			if data, err := readZipFile(f, 1<<20); err == nil {
				mr = isMultiRelease(data)
			}
			continue
		}
		if !strings.HasSuffix(f.Name, ".class") || f.FileInfo().IsDir() {
			continue
		}
		cands = append(cands, candidate{name: f.Name, entry: &Entry{Input: in.Path, Name: prefix + f.Name, zf: f, limit: limit}})
	}
	in.Entries = append(in.Entries, o.resolve(cands, mr)...)
}

// readZipFile reads one archive entry under limit. The declared size is
// checked first, and a LimitReader guards against a header that lies.
func readZipFile(f *zip.File, limit int64) ([]byte, error) {
	if f.UncompressedSize64 > uint64(limit) {
		return nil, &FormatError{Offset: -1, Msg: "declared size " + strconv.FormatUint(f.UncompressedSize64, 10), Err: ErrTooLarge}
	}
	// Size the buffer by the declared size, but never beyond what the
	// compressed bytes could inflate to (deflate tops out near 1032:1).
	hint := min(int64(f.UncompressedSize64), int64(f.CompressedSize64)*1032+1024)
	rc, err := f.Open()
	if err != nil {
		return nil, &FormatError{Offset: -1, Msg: "cannot open entry", Err: err}
	}
	defer rc.Close()
	return readCapped(rc, limit, hint)
}

func readFileCapped(p string, limit int64) ([]byte, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	hint := int64(512)
	if st, err := f.Stat(); err == nil {
		hint = st.Size()
	}
	return readCapped(f, limit, hint)
}

// readCapped reads r to the end, failing with ErrTooLarge past limit bytes.
// hint sizes the first allocation and is clamped to limit.
func readCapped(r io.Reader, limit, hint int64) ([]byte, error) {
	hint = max(0, min(hint, limit))
	buf := make([]byte, 0, hint+1) // +1 so a correct hint needs no regrowth to see EOF
	lr := io.LimitReader(r, limit+1)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := lr.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, &FormatError{Offset: -1, Msg: "cannot read entry", Err: err}
		}
	}
	if int64(len(buf)) > limit {
		return nil, &FormatError{Offset: -1, Msg: "more than " + strconv.FormatInt(limit, 10) + " bytes", Err: ErrTooLarge}
	}
	return buf, nil
}
