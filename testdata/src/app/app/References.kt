// References to classes of another file (OtherFile.kt) versus this file.
package app

class LocalPlain(val a: Int)

class OtherFileRef(val p: OtherFilePlain)

class OtherFileRefUnstable(val u: OtherFileUnstable)

internal class OtherFileRefInternal(val i: OtherFileInternal)

class OtherFileRefBox(val b: OtherFileBox<OtherFilePlain>)

class OtherFileRefBoxUnstable(val b: OtherFileBox<OneVar>)

class LocalRef(val p: LocalPlain)

class MixedRef(val local: LocalPlain, val other: OtherFilePlain, val n: Int)

/** Box is declared in Generics.kt: Runtime(Box) plus the argument. */
class GenericsFileBox(val b: Box<LocalPlain>)

/** Declared in another file than BoomOnInit, so its initialiser reads BoomOnInit.$stable and fails too. */
class HoldsBoom(val b: BoomOnInit)
