// Package classfile reads JVM class files, class folders, jars, multi-release
// jars, AARs and classpaths.
//
// Parse (or ParseWithOptions) reads one class file into a *Class, validating
// its whole structure up front so that the accessors cannot fail; Parse's
// documentation says how the reader works. InputOptions.Open opens one input
// (a .class file, folder, jar or AAR) and lists its class entries;
// OpenClasspath and InputOptions.OpenClasspath open several as a Classpath,
// on which the first definition of a class wins. An input's cost is bounded
// by Limits, and one bad entry never stops a scan: the Open functions return
// their usable result together with a joined error of *FormatError values
// naming input and entry (InputOptions says more).
//
// Values returned by accessors (slices, *Method, *Field, ...) are shared
// between callers and must not be modified. A *Class is safe for concurrent
// use by multiple goroutines.
package classfile
