package sample

class Foo(var count: Int, val name: String)

class Holder<T>(val value: T)

data class Point(val x: Int, val y: Int)
