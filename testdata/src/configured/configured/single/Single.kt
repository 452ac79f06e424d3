package configured.single

class SingleVar(var x: Int)

class SingleGeneric<T>(var t: T)

class SingleOuter(var x: Int) {
    /** configured.single.* does not match the nested class configured.single.SingleOuter.Nested. */
    class Nested(var y: Int)
}
