// A Compose library that the producers module depends on: its classes are "another module's"
// when producers is compiled, and may be absent from the classpath when producers is audited.
package pdep

open class DepOpen(val x: Int)

abstract class DepAbstract(val n: String)

open class DepMutableOpen(var x: Int)

class DepStable(val x: Int)

class DepMutable(var x: Int)

class DepBox<T>(val v: T)

interface DepIface {
    fun id(): Int = 0
}

/** An annotation class of another module used as a type: it never has @StabilityInferred. */
annotation class DepAnn(val x: Int)
