// Package classfile reads JVM class files.
//
// Parse (or ParseWithOptions) reads one class file into a *Class, validating
// its whole structure up front so that the accessors cannot fail; Parse's
// documentation says how the reader works. Malformed input is a *FormatError.
// The containers of class files (folders, jars, AARs, classpaths) are package
// archive's.
//
// Values returned by accessors (slices, *Method, *Field, ...) are shared
// between callers and must not be modified. A *Class is safe for concurrent
// use by multiple goroutines.
package classfile
