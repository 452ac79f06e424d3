package archive

import (
	"errors"

	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/internal/userfile"
)

// Errors wrapped by the *classfile.FormatError values this package returns, for errors.Is.
var (
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

// withLocation fills in the Path and Entry of every *FormatError in err
// (including the members of a joined error) that does not have them yet.
func withLocation(err error, path, entry string) error {
	if err == nil {
		return nil
	}
	var fe *classfile.FormatError
	if errors.As(err, &fe) {
		if fe.Path == "" {
			fe.Path = path
		}
		if fe.Entry == "" {
			fe.Entry = entry
		}
		return err
	}
	return &classfile.FormatError{Path: path, Entry: entry, Offset: -1, Msg: "", Err: err}
}
