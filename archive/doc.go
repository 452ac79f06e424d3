// Package archive opens the containers of class files — a .class file, a class folder, a jar
// or zip, a multi-release jar, an AAR and the jars nested in it — and classpaths of them.
//
// InputOptions.Open opens one input and lists its class entries; OpenClasspath and
// InputOptions.OpenClasspath open several as a Classpath, on which the first definition of a
// class wins and whose Class parses it (package classfile). An input's cost is bounded by
// Limits, and one bad entry never stops a scan: the Open functions return their usable result
// together with a joined error of *classfile.FormatError values naming input and entry
// (InputOptions says more). A Shared lets the classpaths of one job read each byte-identical
// class once. Entries are inflated by internal/inflate, a one-shot decoder, falling back to a
// stream decoder.
package archive
