package archive

import "github.com/composestab/composestab/classfile"

// Defaults of Limits.
const (
	// DefaultMaxEntrySize caps the inflated size of one archive entry (a
	// class or a nested jar) and of a bare class file: 64 MiB. The largest
	// class file of the Kotlin 2.4.20 distribution,
	// kotlin/collections/ArraysKt___ArraysKt.class in kotlin-stdlib.jar, is
	// 731 938 bytes.
	DefaultMaxEntrySize = 64 << 20
	// DefaultMaxInputSize caps the bytes inflated from one input (its class
	// entries and nested jars together): 1 GiB. kotlin-compiler.jar, 60 MB
	// on disk, holds 148 MB of classes.
	DefaultMaxInputSize = 1 << 30
	// DefaultMaxEntries caps the entries (of any kind) of one archive:
	// 100 000. kotlin-compiler.jar has 28 720.
	DefaultMaxEntries = 100_000
	// DefaultMaxDepth caps archive nesting: an AAR's classes.jar and
	// libs/*.jar are depth 1, and an archive inside them would be depth 2.
	DefaultMaxDepth = 1
)

// Limits bound what one input may cost: entry and input size, entries per
// archive, archive nesting, and type and annotation nesting. Hitting a limit
// is a *FormatError for the entry or input concerned (wrapping ErrTooLarge,
// ErrTooManyEntries or ErrNestingTooDeep); the other entries and inputs are
// still read. A zero field means its default.
type Limits struct {
	// MaxEntrySize caps the inflated size of one class file or nested
	// archive (DefaultMaxEntrySize).
	MaxEntrySize int64
	// MaxInputSize caps the total inflated size of the class files and
	// nested archives of one input (DefaultMaxInputSize). An entry whose
	// compressed size is larger counts that instead, so entries that share
	// compressed bytes cannot make the input cost more than this.
	MaxInputSize int64
	// MaxEntries caps the number of entries of one archive, counted from its
	// central directory before any is read (DefaultMaxEntries).
	MaxEntries int
	// MaxDepth caps archive nesting (DefaultMaxDepth); negative refuses even
	// an AAR's classes.jar.
	MaxDepth int
	// MaxNesting caps the nesting of annotation values and of types in
	// signatures and descriptors (classfile.DefaultMaxNesting).
	MaxNesting int
}

// DefaultLimits returns the limits used for zero fields.
func DefaultLimits() Limits {
	return Limits{MaxEntrySize: DefaultMaxEntrySize, MaxInputSize: DefaultMaxInputSize, MaxEntries: DefaultMaxEntries,
		MaxDepth: DefaultMaxDepth, MaxNesting: classfile.DefaultMaxNesting}
}

func (l Limits) resolved() Limits {
	d := DefaultLimits()
	if l.MaxEntrySize <= 0 {
		l.MaxEntrySize = d.MaxEntrySize
	}
	if l.MaxInputSize <= 0 {
		l.MaxInputSize = d.MaxInputSize
	}
	if l.MaxEntries <= 0 {
		l.MaxEntries = d.MaxEntries
	}
	switch {
	case l.MaxDepth == 0:
		l.MaxDepth = d.MaxDepth
	case l.MaxDepth < 0:
		l.MaxDepth = 0
	}
	if l.MaxNesting <= 0 {
		l.MaxNesting = d.MaxNesting
	}
	return l
}

// InputOptions configures how inputs are opened. The zero value gives the
// defaults.
//
// Opening an input reads and validates every class entry (Validation defers
// or skips it), so each one ends listed in Input.Entries, counted in
// Input.Stats as skipped with a reason, or reported; one bad entry never
// stops a scan: the Open functions return their usable result together with
// a joined error of *FormatError values naming input and entry. Of two
// entries with one name, the last in the central directory is used, as by
// java.util.zip.ZipFile and the JDK's class loaders. Entry names are never
// used as file paths; inputs that are not regular files or directories are
// refused without being opened for reading (internal/userfile does the same
// for other files), and a folder that cannot be read is an error naming it.
type InputOptions struct {
	// MaxRelease is the highest N whose META-INF/versions/N/ entries override
	// base entries in a multi-release jar. 0 means no limit (newest wins); a
	// negative value ignores versioned entries.
	MaxRelease int
	// Limits bound sizes, counts and nesting.
	Limits Limits
	// Validation says when the class entries are validated; the zero value
	// validates them all when the input is opened.
	Validation Validation
}

// Validation says when an input's class entries are read and parsed to
// check them, which decides when a broken one is reported and dropped.
type Validation uint8

const (
	// ValidateAll validates every class entry when the input is opened, so
	// Input.Entries lists only good ones and the open reports the others.
	ValidateAll Validation = iota
	// ValidateDeferred validates each class entry of an archive or folder when
	// a Classpath first reads it instead of when the input is opened, so that
	// a scan inflates each class once. Until Classpath.Settle, Entries may
	// list broken entries; the Classpath's lookups skip them exactly as if
	// they had been dropped at opening, and Settle drops and reports them as
	// opening would have.
	ValidateDeferred
	// ValidateNone skips the validation: entries are listed by name and a
	// broken class file is only reported when it is read.
	ValidateNone
)

// Skip reasons: why an entry that looks like a class is not in
// Input.Entries although nothing is wrong with it (InputStats.Skipped).
const (
	// SkipNotOnClasspath: a class file outside the classpath roots, under
	// META-INF/ (other than a multi-release version in use) or in an AAR
	// outside classes.jar and libs/*.jar.
	SkipNotOnClasspath = "not-on-classpath"
	// SkipOtherRelease: a version of a class in a multi-release jar that
	// another version (for a higher release, or the base one) replaces.
	SkipOtherRelease = "other-release"
)

// InputStats accounts for every class entry of an input: each entry whose
// name ends in ".class" (in the input and in the archives nested in it) is
// listed in Input.Entries, counted in Skipped, or counted in Failed and
// reported in the error returned with the input (one error per entry, except
// that hitting Limits.MaxInputSize is one error for every entry it leaves
// out):
//
//	ClassEntries == len(Entries) + sum(Skipped) + Failed
type InputStats struct {
	ClassEntries int
	Skipped      map[string]int
	Failed       int
	// Bytes is how many bytes were inflated while opening (nested archives
	// and, unless ValidateNone, every class entry).
	Bytes int64
}
