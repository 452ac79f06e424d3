// Package classfile reads JVM class files, class folders, jars, multi-release
// jars, AARs and classpaths.
//
// The reader works like ASM's ClassReader: a class stays in one []byte, the
// constant pool is walked once to record entry offsets and tags, and every
// read goes through one bounds-checked cursor with a sticky error. Parse
// validates the whole structure (constant-pool references and tags, counts,
// attribute lengths, code_length within 1..65535, exception ranges, one
// attribute of each kind that the JVM allows once, annotation trees) up
// front, so the accessors on *Class cannot fail: field, method, annotation
// and inner-class lists are materialised on first use by the same code that
// validated them, and strings are decoded lazily, once per constant-pool
// index. Bytecode is decoded only when Code.Instructions is called.
//
// Counts read from a file never size an allocation before they are checked
// against the bytes left, and everything an input may cost is bounded by
// Limits (entry and input size, entries per archive, archive nesting, type and
// annotation nesting). Opening an input reads and validates every class entry
// (InputOptions.Validation defers or skips it), so each one ends listed in Input.Entries,
// counted in Input.Stats as skipped with a reason, or reported; one bad entry
// never stops a scan: the Open functions return their usable result together
// with a joined error of *FormatError values naming input and entry. Of two
// entries with one name, the last in the central directory is used, as by
// java.util.zip.ZipFile and the JDK's class loaders. Entry names are never
// used as file paths; inputs that are not regular files or directories are
// refused without being opened for reading (ReadRegularFile does the same for
// other files), and a folder that cannot be read is an error naming it.
//
// Values returned by accessors (slices, *Method, *Field, ...) are shared
// between callers and must not be modified. A *Class is safe for concurrent
// use by multiple goroutines.
package classfile
