// Stable markers: @Stable, @Immutable, a custom @StableMarker, errorprone's @Immutable, and
// markers inherited through supertypes (transitively, classes and interfaces alike).
package app

import androidx.compose.runtime.Immutable
import androidx.compose.runtime.Stable
import androidx.compose.runtime.StableMarker

@StableMarker
@Retention(AnnotationRetention.BINARY)
@Target(AnnotationTarget.CLASS)
annotation class MyStable

@Stable
class MarkedStable(var x: Int)

@Immutable
class MarkedImmutable(val list: MutableList<String>)

@MyStable
class MarkedCustom(var y: Int)

@com.google.errorprone.annotations.Immutable
class MarkedErrorprone(var z: Int)

@Stable
class MarkedGeneric<T>(val t: T)

@Stable
interface StableIface {
    val id: Int
}

/** Stable only through the marked interface: not "marked", gets @StabilityInferred. */
class ImplementsStable(override var id: Int) : StableIface

interface ExtendsStableIface : StableIface

class ImplementsIndirectly(override var id: Int, var other: Int) : ExtendsStableIface

@Stable
open class StableOpenBase(var base: Int)

class ExtendsStableOpen(var c: Int) : StableOpenBase(1)

/** Extends a marked Java class from javalib. */
class ExtendsJavaStable(var k: Int) : javalib.JavaStableBase()

/** Marker from a non-Compose module's interface. */
class ImplementsNoComposeStable(var q: Int) : plainkt.NoComposeStableIface

/** Implements the runtime's @Stable State interface. */
class MyState(override val value: Int) : androidx.compose.runtime.State<Int>

@Stable
class MarkedWithUnstableField(val u: OneVar)

class HoldsMarked(val m: MarkedStable, val c: MarkedCustom, val e: MarkedErrorprone)

@Stable
object MarkedObject {
    var x = 1
}
