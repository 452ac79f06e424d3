// Package metadata decodes the kotlin.Metadata annotation of JVM class files
// into a Kotlin declaration model named after kotlin-metadata-jvm's (KmClass
// → Class, KmProperty → Property, KmType → Type, ...).
//
// # Reading
//
// HeaderFromClass takes the annotation's elements (k, mv, d1, d2, xs, pn,
// xi) from a parsed class; Read decodes them leniently, as
// KotlinClassMetadata.readLenient does, and ReadStrict refuses metadata
// versions newer than 2.5 (2.4 with strict version semantics), as
// readStrict does. Both refuse versions below 1.1. Malformed input yields a
// *FormatError, never a panic; the caller may fill in its Class.
//
// The pipeline mirrors the official reader:
//
//   - d1's strings are turned back into bytes (UTF-8 mode: the first string
//     starts with U+0000 and each char is one byte; otherwise the older
//     8-to-7-bit mode);
//   - the bytes start with a length-delimited StringTableTypes (the JVM
//     string table: records with range, predefined string, substring,
//     replace_char and the INTERNAL_TO_CLASS_ID / DESC_TO_CLASS_ID
//     operations over d2) followed by a Class, Package or lambda Function
//     message;
//   - the messages are walked with protowire, fields in any order, unknown
//     fields and mistyped fields skipped like the Java runtime does;
//   - protobuf defaults (absent class/function/constructor flags mean 6,
//     absent property flags 518, absent accessor flags inherit the
//     property's annotations, visibility and modality), *_id indirections
//     into the TypeTable and its first_nullable rule are applied in one
//     place, so the model never shows them.
//
// Class names use Kotlin's format "a/b/Outer.Inner", with a leading '.'
// for local classes (JVMInternalName converts). Flags are packed uint32
// types (ClassFlags, FunctionFlags, ...) whose layout comes from one table
// in the order of Kotlin's Flags.java.
//
// Hostile input is bounded: nested types and annotation values are limited
// to a depth of 128, the type table's indirections to a number of expanded
// types proportional to the input, and no allocation is sized by a count
// read from the input.
//
// # Canonical text
//
// EntryText renders one class-file entry; testdata/tools/kmdump prints the
// same text from kotlin-metadata-jvm's model, and the tests compare the two
// class by class over the goldens in testdata/golden/metadata. Lines are
// indented by two spaces per level:
//
//	entry <entry name> k=<k> mv=<a.b.c> xi=<xi>[ xs=<xs>][ pn=<pn>]
//	  error                                 (the read failed)
//	  class [<flags>] <name><type params>[ : <supertype>, ...]
//	  fileFacade                            (k=2, then the package body)
//	  syntheticClass                        (k=3, then "lambda ..." if any)
//	  multiFileClassFacade                  (k=4, then "part <name>" lines)
//	  multiFileClassPart facade=<xs>        (k=5, then the package body)
//	  unknown                               (any other k)
//
// A class's children, each only when present, in this order: contextReceiver
// <type>, annotation <annotation>, companion <name>, nested <name>,
// enumEntry <name> (with its annotations one level deeper), sealedSubclass
// <name>, underlyingProperty <name>, underlyingType <type>, jvm
// module=<name>[ flags=[<words>]][ anonymousObjectOrigin=<name>],
// versionRequirement and pluginData lines, then constructors, functions,
// properties, type aliases and local delegated properties. A package body is
// its jvm line and the same member lines. Members:
//
//	constructor [<flags>](<params>)[ sig=<name><desc>]
//	fun [<flags>] [<type params> ][context(<params>) ][<receiver>.]<name>(<params>): <type>[ sig=<name><desc>][ lambdaOrigin=<name>]
//	val|var [<flags>] [<type params> ][context(<params>) ][<receiver>.]<name>: <type> get[<flags>][ set[<flags>]][ setterParameter(<param>)][ field=<name>:<desc>][ getter=<sig>][ setter=<sig>][ syntheticMethod=<sig>][ delegateMethod=<sig>][ jvmFlags=[<words>]]
//	typealias [<flags>] <name><type params> = <underlying type> expanded=<expanded type>
//
// each followed by its annotations one level deeper (annotation,
// receiverAnnotation, getterAnnotation, setterAnnotation,
// backingFieldAnnotation, delegateFieldAnnotation), then versionRequirement
// <kind> <level> <major.minor.patch>[ errorCode=<n>][ message="..."] and
// pluginData <id> <hex> lines. Local delegated properties carry the prefix
// "localDelegated ".
//
// Flags are the words of the flag types' String methods: visibility,
// modality, kind and the set booleans in bit order; member kind
// "declaration" and return-value status "unspecified" are left out.
// Type parameters: <[@annotation ][reified ][in |out ]Name[ : bound & bound]>.
// Parameters: [@annotation ][[<flags>] ]name: <type>[ vararg=<type>][ default=<value>].
//
// Types: [@annotation ][raw ][suspend ]classifier[<arguments>][?][ & Any]
// [{outer=<type>}][{abbr=<type>}], where the classifier is a class name, a
// type parameter's name resolved through the enclosing declarations ("#id"
// when unresolved) or "typealias:<name>"; arguments are "*", "in T",
// "out T" or "T". A flexible type is "(<lower>..<upper>)", with
// "|<flexibility id>" before the closing parenthesis unless the id is
// kotlin.jvm.PlatformType; for example
// kotlin/collections/List<com/example/Foo?> or (T..T?).
//
// Annotations are @<class name>[(<name> = <value>, ...)]; values are
// Byte(1), Char(<UTF-16 unit>), Short(1), Int(1), Long(1), Float(0x<8 hex
// digits of the bits>), Double(0x<16 hex digits>), Boolean(true), UByte(1),
// UShort(1), UInt(1), ULong(1), "string" (\" and \\ escaped, other units
// outside printable ASCII as \uXXXX), KClass(<name>), ArrayKClass(<name>,
// <dimensions>), Enum(<class>.<entry>), a nested annotation, or [<value>, ...].
package metadata
