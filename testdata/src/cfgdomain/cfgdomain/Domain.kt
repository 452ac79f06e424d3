package cfgdomain

// Domain classes of a module built without Compose, which the cfgapp module's stability
// configuration file declares stable, one line each. Each comment says what the bytes show.

/** Final, every field a val of a stable type: the line is needed and safe. */
class Money(val amount: Long, val currency: String)

/** A public var: the line is false (a setter changes it). */
class Counter(var count: Int)

/** A mutable collection: false (add changes it). */
class Basket(val items: MutableList<String>)

/** An array: false (a store changes it). */
class Grid(val cells: IntArray)

/** Holds a Counter: false (the counter's var changes). */
class Wrapper(val counter: Counter)

/** A private var reassigned by a method: false. */
class Cache {
    private var hits = 0
    fun touch() {
        hits++
    }
    fun hits(): Int = hits
}

/** An interface: unproven (Square changes). */
interface Shape {
    val area: Double
}

class Square(var side: Double) : Shape {
    override val area: Double get() = side * side
}

/** Open: unproven (a subclass may add state; Labelled does). */
open class Base(val id: String)

class Labelled(id: String, var label: String) : Base(id)

/** A field of type Any: unproven (it may hold a Counter). */
class Tagged(val tag: Any)

/** A private var never reassigned after construction: unproven (not final), never changes. */
class Settled(private var value: Int) {
    fun value(): Int = value
}

/** An enum: stable without any line, so its line is redundant. */
enum class Kind { A, B }

/** Near the unused line cfgdomain.Mony. */
class Mone(val x: Int)
