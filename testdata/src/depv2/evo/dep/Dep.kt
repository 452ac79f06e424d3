// Version 2 of the dependency of the evolving library (depv2 -> libv2).
package evo.dep

/** Was `val x` in v1. */
class Dep(var x: Int)

class DepUnchanged(val s: String)

class DepGeneric<T>(val t: T)
