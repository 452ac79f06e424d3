package classfile

import (
	"errors"
	"strconv"
	"strings"

	"github.com/composestab/composestab/internal/userfile"
)

// Errors wrapped by the errors this package returns, for errors.Is.
var (
	// ErrNotClassFile is wrapped by the FormatError returned for data that does
	// not start with the class-file magic 0xCAFEBABE.
	ErrNotClassFile = errors.New("not a class file")

	// ErrTooLarge is wrapped by the FormatError returned for an archive entry
	// whose decompressed size exceeds the configured cap, and for a file larger
	// than its caller's limit (userfile.ErrTooLarge, the same value).
	ErrTooLarge = userfile.ErrTooLarge

	// ErrNestingTooDeep is wrapped by the FormatError returned for an archive
	// nested deeper than the configured depth cap.
	ErrNestingTooDeep = errors.New("archive nesting too deep")

	// ErrTooManyEntries is wrapped by the FormatError for an archive with more
	// entries than Limits.MaxEntries.
	ErrTooManyEntries = errors.New("too many entries")

	// ErrBadEntryName is wrapped by the FormatError for an archive entry whose
	// name is not a relative slash-separated path: absolute, with a "." or ".."
	// segment, an empty segment, a backslash or a NUL. Entry names are never used
	// as file paths; such an entry is reported by its name and not read.
	ErrBadEntryName = errors.New("unsafe entry name")

	// ErrNotRegular is wrapped by the FormatError for an input (or a file in a
	// class folder) that is neither a regular file nor a directory: a named
	// pipe, socket or device is refused without being opened (userfile.ErrNotRegular, the same
	// value).
	ErrNotRegular = userfile.ErrNotRegular

	// ErrClassNotFound is returned (wrapped in a *NotFoundError) by
	// Classpath.Class for a name no input defines.
	ErrClassNotFound = errors.New("class not found")
)

// A FormatError reports malformed input. Path and Entry locate the file
// (Entry is the path inside an archive, empty for a bare file), Class is the
// internal name of the class once this_class has been read, and Offset is the
// byte offset of the record being decoded when the problem was found, or -1
// when no offset applies.
type FormatError struct {
	Path   string // file the user gave, if known
	Entry  string // entry inside the archive, if any
	Class  string // internal class name, if already known
	Offset int64  // start of the bad record within the class or archive entry, -1 if none
	Msg    string // what is wrong, including the underlying error's text when that adds to it
	Err    error  // underlying error, if any (for errors.Is); not repeated by Error when Msg ends with it
}

// Error implements the error interface.
func (e *FormatError) Error() string {
	var b strings.Builder
	b.WriteString("classfile: ")
	loc := false
	if e.Path != "" {
		b.WriteString(e.Path)
		loc = true
	}
	if e.Entry != "" {
		if loc {
			b.WriteString("!")
		}
		b.WriteString(e.Entry)
		loc = true
	}
	if e.Class != "" {
		if loc {
			b.WriteString(" ")
		}
		b.WriteString("(class ")
		b.WriteString(e.Class)
		b.WriteString(")")
		loc = true
	}
	if e.Offset >= 0 {
		if loc {
			b.WriteString(" ")
		}
		b.WriteString("at offset ")
		b.WriteString(strconv.FormatInt(e.Offset, 10))
		loc = true
	}
	if loc {
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	if e.Err != nil && !strings.HasSuffix(e.Msg, e.Err.Error()) {
		if e.Msg != "" {
			b.WriteString(": ")
		}
		b.WriteString(e.Err.Error())
	}
	return b.String()
}

// Unwrap returns the underlying error.
func (e *FormatError) Unwrap() error { return e.Err }

// withLocation fills in the Path and Entry of every *FormatError in err
// (including the members of a joined error) that does not have them yet.
func withLocation(err error, path, entry string) error {
	if err == nil {
		return nil
	}
	var fe *FormatError
	if errors.As(err, &fe) {
		if fe.Path == "" {
			fe.Path = path
		}
		if fe.Entry == "" {
			fe.Entry = entry
		}
		return err
	}
	return &FormatError{Path: path, Entry: entry, Offset: -1, Msg: "", Err: err}
}
