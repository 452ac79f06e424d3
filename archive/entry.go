package archive

import (
	"errors"
	"io"
	"path/filepath"
	"strconv"

	"github.com/composestab/composestab/classfile"
)

// An Entry is one class in an input. Its bytes are read again each time Read
// or Parse is called; an Entry is safe for concurrent use.
type Entry struct {
	// Input is the path the user gave (the .class file, folder, jar or AAR).
	Input string
	// Name is the entry path inside the input: the archive entry name (for an
	// archive nested in an AAR, "classes.jar!/com/Foo.class"), the path
	// relative to a folder, or "" for a bare .class file. It is never used as
	// a file-system path for archive entries.
	Name string
	// ClassName is the internal class name derived from the path
	// ("com/example/Foo$Inner"); for a bare .class file it is read from the
	// class header.
	ClassName string
	// Release is N for an entry taken from META-INF/versions/N/, 0 otherwise.
	Release int

	src *source
	loc zipLoc
}

// source is what the entries of one archive or folder share.
type source struct {
	ra     io.ReaderAt // the archive; nil for a folder or bare file
	size   int64       // of the archive
	root   string      // the folder, or the bare class file
	limits Limits
	in     *Input // the input the entries belong to
}

// zipLoc locates an archive entry; for a file only size is set.
type zipLoc struct {
	offset int64
	csize  uint64
	size   uint64
	crc    uint32
	method uint16
	flags  uint16
	// headerGuess is the central directory's name and (up to 64 bytes of) extra field
	// length: the local header's variable part, usually, so that one read gets the header
	// and the compressed bytes.
	headerGuess uint16
}

// Read returns the entry's bytes, reading at most the configured size cap.
// Errors are *FormatError carrying Path and Entry.
func (e *Entry) Read() ([]byte, error) {
	data, err := e.read(nil)
	if err != nil {
		return nil, e.wrap(err)
	}
	return data, nil
}

// read reads the entry into buf's storage when it is large enough.
func (e *Entry) read(buf []byte) ([]byte, error) {
	limit := e.src.limits.MaxEntrySize
	if e.loc.size > uint64(limit) {
		return nil, tooLarge(e.loc.size, limit)
	}
	if e.src.ra == nil {
		p := e.src.root
		if e.Name != "" {
			p = filepath.Join(p, filepath.FromSlash(e.Name))
		}
		return readFileCapped(p, limit, buf)
	}
	data, openErr, readErr := e.loc.readAll(e.src.ra, e.src.size, buf)
	if err := readError(openErr, readErr); err != nil {
		return nil, err
	}
	return data, nil
}

// readError is the error of an archive entry that could not be opened or read, nil for none.
func readError(openErr, readErr error) error {
	switch {
	case openErr != nil:
		return &classfile.FormatError{Offset: -1, Msg: withCause("cannot open entry", openErr), Err: openErr}
	case readErr != nil:
		var fe *classfile.FormatError
		if errors.As(readErr, &fe) {
			return readErr
		}
		return &classfile.FormatError{Offset: -1, Msg: withCause("cannot read entry", readErr), Err: readErr}
	}
	return nil
}

func tooLarge(size uint64, limit int64) error {
	return &classfile.FormatError{Offset: -1, Msg: "inflated size " + strconv.FormatUint(size, 10) + " bytes exceeds the limit of " +
		strconv.FormatInt(limit, 10) + " (Limits.MaxEntrySize)", Err: ErrTooLarge}
}

// Parse reads and parses the entry. A *FormatError carries Path and Entry.
func (e *Entry) Parse(opts classfile.ParseOptions) (*classfile.Class, error) {
	return e.parseInto(nil, opts)
}

// parsePooled is Parse reading into a buffer of the class buffers (putBuffer): the class's own,
// for Classpath.Return to give back.
func (e *Entry) parsePooled(opts classfile.ParseOptions) (*classfile.Class, error) {
	buf := getBuffer(e.loc.size)
	c, err := e.parseInto(buf[:0], opts)
	if c == nil {
		putBuffer(buf) // what was read, if anything, is in buf's storage or in a buffer to drop
	}
	return c, err
}

// parseInto is Parse reading into buf's storage when it is large enough.
func (e *Entry) parseInto(buf []byte, opts classfile.ParseOptions) (*classfile.Class, error) {
	data, err := e.read(buf)
	if err != nil {
		return nil, e.wrap(err)
	}
	if opts.MaxNesting == 0 {
		opts.MaxNesting = e.src.limits.MaxNesting
	}
	c, err := classfile.ParseWithOptions(data, opts)
	if err != nil {
		return nil, e.wrap(err)
	}
	return c, nil
}

// wrap stamps the entry's location on an error.
func (e *Entry) wrap(err error) error {
	var fe *classfile.FormatError
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
	return &classfile.FormatError{Path: e.Input, Entry: e.Name, Class: e.ClassName, Offset: -1, Err: err}
}

// check reads and parses e and checks that it defines the class its name says. It returns the
// class, the bytes inflated and the entry's error, if any.
func (e *Entry) check() (*classfile.Class, int64, error) {
	c, _, n, err := e.checkInto(nil)
	return c, n, err
}

// checkPooled is check reading into a buffer of the class buffers (putBuffer): the class's own,
// for Classpath.Return to give back.
func (e *Entry) checkPooled() (*classfile.Class, int64, error) {
	buf := getBuffer(e.loc.size)
	c, _, n, err := e.checkInto(buf[:0])
	if c == nil {
		putBuffer(buf) // what was read, if anything, is in buf's storage or in a buffer to drop
	}
	return c, n, err
}

// checkInto is check reading into buf's storage when it is large enough; it returns the bytes
// read too, the class's own (which it does not copy), for the next read once the class is let go.
func (e *Entry) checkInto(buf []byte) (*classfile.Class, []byte, int64, error) {
	data, err := e.read(buf)
	if err != nil {
		return nil, nil, 0, e.wrap(err)
	}
	c, n, err := e.define(data, false)
	return c, data, n, err
}

// define is check's second half: it parses e's bytes (for several classpaths when shared) and
// checks the class they define.
func (e *Entry) define(data []byte, shared bool) (*classfile.Class, int64, error) {
	c, err := classfile.ParseWithOptions(data, classfile.ParseOptions{MaxNesting: e.src.limits.MaxNesting, Shared: shared})
	if err == nil && e.Name != "" {
		if n := c.Name(); n != e.ClassName {
			c, err = nil, &classfile.FormatError{Offset: -1, Msg: "the entry defines class " + n + ", not " + e.ClassName}
		}
	}
	if err != nil {
		return nil, int64(len(data)), e.wrap(err)
	}
	return c, int64(len(data)), nil
}

func readFileCapped(p string, limit int64, buf []byte) ([]byte, error) {
	f, err := openRegular(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	hint := int64(512)
	if st, err := f.Stat(); err == nil {
		hint = st.Size()
	}
	return readCapped(f, limit, hint, buf)
}

// readCapped reads r to the end, failing with ErrTooLarge past limit bytes.
// hint sizes the first allocation and is clamped to limit; buf's storage is
// used when it is large enough.
func readCapped(r io.Reader, limit, hint int64, buf []byte) ([]byte, error) {
	hint = max(0, min(hint, limit))
	if int64(cap(buf)) < hint+1 {
		buf = make([]byte, 0, hint+1) // +1 so a correct hint needs no regrowth to see EOF
	}
	buf = buf[:0]
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
			return nil, &classfile.FormatError{Offset: -1, Msg: withCause("cannot read entry", err), Err: err}
		}
	}
	if int64(len(buf)) > limit {
		return nil, &classfile.FormatError{Offset: -1, Msg: "more than " + strconv.FormatInt(limit, 10) + " bytes (Limits.MaxEntrySize)", Err: ErrTooLarge}
	}
	return buf, nil
}
