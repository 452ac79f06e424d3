// Package classfile reads JVM class files, class folders, jars, multi-release
// jars, AARs and classpaths.
//
// The reader works like ASM's ClassReader: a class stays in one []byte, the
// constant pool is walked once to record entry offsets and tags, and every
// read goes through one bounds-checked cursor with a sticky error. Parse
// validates the whole structure (constant-pool references, attribute lengths,
// annotation trees) up front, so the accessors on *Class cannot fail; strings
// are decoded lazily, once per constant-pool index, and field, method and
// annotation lists are materialised on first use. Bytecode is decoded only
// when Code.Instructions is called.
//
// Counts read from a file never size an allocation before they are checked
// against the bytes left, archive entries are read under a size cap, and one
// bad entry never stops a scan: the Open functions return their usable result
// together with a joined error of *FormatError values.
//
// Values returned by accessors (slices, *Method, *Field, ...) are shared
// between callers and must not be modified. A *Class is safe for concurrent
// use by multiple goroutines.
package classfile
