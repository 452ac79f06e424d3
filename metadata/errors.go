package metadata

import (
	"errors"
	"strconv"
	"strings"
)

// Sentinel errors wrapped by FormatError.Err; test them with errors.Is.
var (
	// ErrNoData means d1 is empty for a kind that needs it (class, file
	// facade, multi-file part).
	ErrNoData = errors.New("no data in d1")
	// ErrVersion means the metadata version is malformed or not supported
	// by the chosen mode (see VersionError for the details).
	ErrVersion = errors.New("unsupported metadata version")
	// ErrMissingField means a field that the schema marks required (or that
	// the official reader cannot do without) is absent.
	ErrMissingField = errors.New("required field missing")
	// ErrIndex means an index into the string table, d2, the type table or a
	// type-parameter scope points nowhere.
	ErrIndex = errors.New("index out of range")
	// ErrTooDeep means nested types or annotation values exceed the depth
	// limit (a type table can refer to itself).
	ErrTooDeep = errors.New("nesting too deep")
	// ErrTooLarge means the expanded model would be far larger than the
	// input, as when type-table entries refer to each other exponentially.
	ErrTooLarge = errors.New("expanded metadata too large")
	// ErrInconsistent means the data is well formed protobuf but breaks a
	// rule of the Kotlin format (a type without classifier, a star
	// projection where a type is needed, an unsigned non-integer constant).
	ErrInconsistent = errors.New("inconsistent metadata")
)

// A FormatError reports malformed kotlin.Metadata. The decoder fills Field
// and Offset; Class is empty unless the caller knows which class the header
// came from (HeaderFromClass users typically set it).
type FormatError struct {
	Class  string // JVM internal name of the class, filled by the caller
	Field  string // structure being decoded, e.g. "Class.function", "d1", "mv"
	Offset int    // offset of the record in the decoded d1 bytes, -1 if none
	Err    error  // what went wrong; wraps one of the Err* sentinels or a protowire error
}

// Error implements the error interface.
func (e *FormatError) Error() string {
	var b strings.Builder
	b.WriteString("metadata: ")
	if e.Class != "" {
		b.WriteString("class ")
		b.WriteString(e.Class)
		b.WriteString(": ")
	}
	if e.Field != "" {
		b.WriteString(e.Field)
		if e.Offset >= 0 {
			b.WriteString(" at offset ")
			b.WriteString(strconv.Itoa(e.Offset))
		}
		b.WriteString(": ")
	} else if e.Offset >= 0 {
		b.WriteString("at offset ")
		b.WriteString(strconv.Itoa(e.Offset))
		b.WriteString(": ")
	}
	if e.Err != nil {
		b.WriteString(e.Err.Error())
	} else {
		b.WriteString("malformed")
	}
	return b.String()
}

// Unwrap returns the underlying error.
func (e *FormatError) Unwrap() error { return e.Err }

// An IndexError is an index that points outside its table. It wraps ErrIndex.
type IndexError struct {
	Table string // "string table", "d2", "type table", "type parameter", ...
	Index int64
	Len   int64 // size of the table, -1 when it has no size (type parameter scopes)
}

// Error implements the error interface.
func (e *IndexError) Error() string {
	s := e.Table + " index " + strconv.FormatInt(e.Index, 10)
	if e.Len >= 0 {
		s += " out of range [0," + strconv.FormatInt(e.Len, 10) + ")"
	} else {
		s += " not found"
	}
	return s
}

// Unwrap returns ErrIndex.
func (e *IndexError) Unwrap() error { return ErrIndex }

// A VersionError is a metadata version that cannot be read. It wraps ErrVersion.
type VersionError struct {
	Version []int  // the mv found
	Reason  string // "malformed", "below 1.1.0", "newer than 2.5"
}

// Error implements the error interface.
func (e *VersionError) Error() string {
	return "metadata version " + formatVersion(e.Version) + ": " + e.Reason
}

// Unwrap returns ErrVersion.
func (e *VersionError) Unwrap() error { return ErrVersion }

// detailError attaches a short message to a sentinel.
type detailError struct {
	sentinel error
	msg      string
}

func (e *detailError) Error() string { return e.sentinel.Error() + ": " + e.msg }
func (e *detailError) Unwrap() error { return e.sentinel }

func formatVersion(v []int) string {
	if len(v) == 0 {
		return "[]"
	}
	var b strings.Builder
	for i, n := range v {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}
