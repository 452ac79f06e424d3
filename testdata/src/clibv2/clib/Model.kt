// Version 2 of clibv1's library: the same package, names, constructors and getters, so capp,
// compiled against clibv1, links against it; the comments say what changed and how $stable moves.
package clib

import androidx.compose.runtime.Immutable
import androidx.compose.runtime.Stable
import cplain.PlainPoint

/** Unchanged: stable. */
data class Point(val x: Int, val y: Int)

/** var -> val: $stable 8 -> 0. capp never calls the setter v1 had. */
data class Counter(val count: Int)

/** val -> var: $stable 0 -> 8. */
data class Label(var text: String)

/** Unchanged. */
data class Box<T>(val value: T)

/** Unchanged. */
@Stable
data class Marked(var value: Int)

/** Unchanged. */
@Immutable
data class Frozen(val value: Int)

/** Unchanged. */
interface Shape {
    val sides: Int
}

/** Unchanged. */
data class Square(val side: Int) : Shape {
    override val sides: Int get() = 4
}

/** Unchanged. */
enum class Color { RED, GREEN }

/** Unchanged. */
data class Items(val items: List<String>)

/** Any -> a type parameter T: the same erasure (constructor, getter, copy), $stable 8 -> 0. */
data class Holder<T>(val value: T)

/** Gains @Stable: $stable 8 -> 0. */
@Stable
data class Session(var token: String)

/** Unchanged: unstable. */
data class WrapsPlain(val p: PlainPoint)
