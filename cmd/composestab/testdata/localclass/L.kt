package lc

class Outer {
    fun make(): Any {
        class Cache(val x: Int)
        return Holder(Cache(1))
    }
}

class Holder<T>(val v: T)

fun top(): Any {
    class Local(val s: String)
    data class Box(val l: Local)
    return Box(Local("a"))
}
