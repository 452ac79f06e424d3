// Throwables: their superclass is a Java class with mutable state.
package producers

class MyError(val code: Int) : Exception("e")

class MyRuntimeError(msg: String) : RuntimeException(msg)
