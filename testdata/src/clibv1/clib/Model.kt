// Version 1 of the library whose classes capp's composables take as parameters. clibv2 keeps the
// names and the binary API capp uses (constructors and getters) and flips some $stable values, so
// capp, compiled against this version, can run against both (testdata/tools/composerun). Every
// class is a data class: a fresh copy is equal but not identical, which tells equals from identity.
package clib

import androidx.compose.runtime.Immutable
import androidx.compose.runtime.Stable
import cplain.PlainPoint

/** Stable in both versions. */
data class Point(val x: Int, val y: Int)

/** Unstable here (a var); v2 makes it a val: unstable -> stable. */
data class Counter(var count: Int)

/** Stable here; v2 makes it a var: stable -> unstable. */
data class Label(val text: String)

/** Generic: $stable is Box's own part, a caller ORs in its type argument's. */
data class Box<T>(val value: T)

/** Marked @Stable despite its var: $stable = 0 in both versions. */
@Stable
data class Marked(var value: Int)

/** Marked @Immutable. */
@Immutable
data class Frozen(val value: Int)

/** An interface: Unknown to Compose, so callers pass no stability bits for it. */
interface Shape {
    val sides: Int
}

data class Square(val side: Int) : Shape {
    override val sides: Int get() = 4
}

enum class Color { RED, GREEN }

/** A List field: List is an interface, Uncertain(List) keeps $stable at 8. */
data class Items(val items: List<String>)

/** An Any field (Unstable); v2 gives it a type parameter with the same erasure, $stable 8 -> 0. */
data class Holder(val value: Any)

/** Unstable here (a var); v2 marks it @Stable: $stable 8 -> 0. */
data class Session(var token: String)

/** A field whose class was compiled without Compose: Unstable in both versions. */
data class WrapsPlain(val p: PlainPoint)
