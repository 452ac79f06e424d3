// Interfaces, abstract, open and sealed classes; stable and unstable superclasses.
package app

interface Shape {
    val area: Double
}

class Square(val side: Double) : Shape {
    override val area: Double get() = side * side
}

abstract class AbstractShape(val name: String) : Shape

class Circle(val r: Double) : AbstractShape("circle") {
    override val area: Double get() = 3.14 * r * r
}

open class OpenStable(val x: Int)

open class OpenEmpty

open class OpenUnstable(var x: Int)

class ExtendsOpenStable(val b: Int) : OpenStable(1)

class ExtendsOpenUnstable(val b: Int) : OpenUnstable(1)

class ExtendsOpenEmpty(val b: Int) : OpenEmpty()

open class OpenMiddle(val m: Int) : OpenStable(2)

class ExtendsMiddle(val z: Int) : OpenMiddle(3)

/** Superclass declared in another module: Runtime(LOpen). */
class ExtendsLibOpen(val z: Int) : lib1.LOpen(1)

/** Superclass from a non-Compose module: Unstable. */
class ExtendsNoComposeOpen(val z: Int) : plainkt.NoComposeOpen(1)

/** Superclass declared in another file of this module: Runtime(OtherFileOpen). */
class ExtendsOtherFileOpen(val z: Int) : OtherFileOpen(1)

abstract class AbstractWithVar(var v: Int)

class ExtendsAbstractWithVar : AbstractWithVar(1)

sealed class Result2 {
    data class Ok(val value: Int) : Result2()
    data class Err(val message: String) : Result2()
    data class Mutable(var value: Int) : Result2()
    object Loading : Result2()
    data object Idle : Result2()
}

sealed interface Event {
    class Click(val x: Int, val y: Int) : Event
    class Typed(var text: String) : Event
}

open class OpenGeneric<T>(val t: T)

class ExtendsOpenGenericInt : OpenGeneric<Int>(1)

class ExtendsOpenGenericUnstable : OpenGeneric<OneVar>(OneVar(1))

class ExtendsOpenGenericT<T>(t: T) : OpenGeneric<T>(t)

class ImplementsTwo(val x: Int) : Shape, Comparable<ImplementsTwo> {
    override val area: Double get() = 0.0
    override fun compareTo(other: ImplementsTwo) = x.compareTo(other.x)
}

class ShapeField(val s: Shape)

class AbstractField(val a: AbstractShape)

class SealedField(val r: Result2)

class OpenField(val o: OpenStable)
