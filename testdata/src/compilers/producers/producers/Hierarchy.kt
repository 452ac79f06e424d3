// Open, abstract and sealed classes, and superclasses whose state counts.
package producers

open class OpenVal(val x: Int)

open class OpenVar(var x: Int)

abstract class AbstractVal(val x: Int) {
    abstract fun f(): Int
}

sealed class Shape {
    class Circle(val r: Double) : Shape()
    class MutCircle(var r: Double) : Shape()
    object Empty : Shape()
}

sealed interface Event {
    class Click(val x: Int) : Event
}

open class MutBase(var m: Int)

class DerivedFromMut(val d: Int) : MutBase(d)

open class StableBase(val b: Int)

class DerivedFromStable(val d: Int) : StableBase(d)
