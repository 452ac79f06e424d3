// Version 1 of the dependency of the evolving library (depv1 -> libv1).
package evo.dep

/** Stable in v1; becomes unstable in v2, which flips evo.lib.DependsOnDep without a source change. */
class Dep(val x: Int)

class DepUnchanged(val s: String)

class DepGeneric<T>(val t: T)
