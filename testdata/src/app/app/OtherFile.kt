// Classes referenced from other files of this module. On JVM, a public or internal class declared
// in another file is forced to Runtime(<class>) instead of being analysed field by field.
package app

class OtherFilePlain(val a: Int)

class OtherFileUnstable(var a: Int)

internal class OtherFileInternal(val a: Int)

open class OtherFileOpen(val a: Int)

class OtherFileBox<T>(val t: T)

/** The same references from the same file: these are analysed field by field. */
class SameFileRefPlain(val p: OtherFilePlain)

class SameFileRefUnstable(val u: OtherFileUnstable)

class SameFileRefBox(val b: OtherFileBox<OtherFilePlain>)
