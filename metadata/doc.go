// Package metadata decodes the kotlin.Metadata annotation of JVM class files
// into a Kotlin declaration model named after kotlin-metadata-jvm's (KmClass
// → Class, KmProperty → Property, KmType → Type, ...).
//
// HeaderFromClass takes the annotation's elements (k, mv, d1, d2, xs, pn, xi)
// from a parsed class; Read decodes them leniently, as
// KotlinClassMetadata.readLenient does, and ReadOptions.Read can also refuse
// newer metadata versions (as readStrict does) or skip functions. The
// Metadata holds, by Kind, a Class, a Package, a lambda Function or the parts
// of a multi-file facade. Malformed input yields a *FormatError, never a
// panic, and hostile input is bounded; Read's documentation says how.
//
// Class names use Kotlin's format "a/b/Outer.Inner", with a leading '.' for
// local classes (JVMInternalName converts). Flags are packed uint32 types
// (ClassFlags, FunctionFlags, ...) read through their methods.
//
// The package's tests render the model in a canonical text, described in
// docs/metadata-text.md, and compare it with kotlin-metadata-jvm's output.
package metadata
