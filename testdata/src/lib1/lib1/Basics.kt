// Compose library at the bottom of the chain app -> lib2 -> lib1. Every public/internal class here
// gets @StabilityInferred and $stable; consumers on JVM see them as Runtime(<class>).
package lib1

class LStable(val a: Int)

class LUnstable(var a: Int)

class LBox<T>(val v: T)

/** Phantom type parameter: mask 2 (only the known-stable bit at index 1). */
class LPhantom<T>(val x: Int)

/** Only B participates: mask 2, not known stable. */
class LSecond<A, B>(val b: B, val x: Int)

class LPair<A, B>(val first: A, val second: B)

class LTriple<A, B, C>(val a: A, val b: B, val c: C)

open class LOpen(val x: Int)

abstract class LAbstract(val name: String) {
    abstract fun describe(): String
}

sealed class LSealed {
    class LLeaf(val v: Int) : LSealed()
    class LMutableLeaf(var v: Int) : LSealed()
    object LNone : LSealed()
}

enum class LEnum { A, B }

object LObject {
    var counter = 0
}

data class LData(val id: Long, val label: String)

@JvmInline
value class LValue(val raw: Int)

interface LIface {
    fun id(): Int
}

@androidx.compose.runtime.Stable
interface LStableIface

class LImplStable(var x: Int) : LStableIface

internal class LInternal(val x: Int)

class LOuter(val x: Int) {
    class LNested(val y: String)
    inner class LInner(val z: Int)
}

class LBounded<T : CharSequence>(val t: T)

class LNullable(val s: String?, val b: LStable?)

class LListHolder(val items: List<String>)
