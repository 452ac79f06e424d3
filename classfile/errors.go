package classfile

import (
	"errors"
	"strconv"
	"strings"
)

// ErrNotClassFile is wrapped by the FormatError returned for data that does not start with the
// class-file magic 0xCAFEBABE.
var ErrNotClassFile = errors.New("not a class file")

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
