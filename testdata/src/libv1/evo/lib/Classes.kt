// Version 1 of the evolving library. libv2 keeps the same package and class names; the
// differences are the cases a stability diff must report.
package evo.lib

import evo.dep.Dep
import evo.dep.DepGeneric

/** v2: val -> var (stable -> unstable, incompatible). */
class StableToUnstable(val x: Int)

/** v2: gains a var (runtime -> unstable). */
class RuntimeToUnstable<T>(val t: T)

/** v2: its field's class (another file) gains a var; here it stays Runtime(Helper) in source. */
class RuntimeRefToUnstable(val h: Helper)

/** v2: var -> val (an improvement, compatible). */
class UnstableToStable(var x: Int)

/** v2: List<String> -> MutableList<String>. */
class FieldTypeChange(val items: List<String>)

/** v2: the type parameter becomes used (mask 0b10 -> 0b1). */
class TypeParamParticipates<T>(val x: Int)

/** Removed in v2. */
class Removed(val x: Int)

/** Identical in v2. */
class Unchanged(val name: String, val n: Int)

/** Identical source; Runtime(Dep) flips because Dep changes in depv2. */
class DependsOnDep(val d: Dep)

class DependsOnDepGeneric(val g: DepGeneric<Int>)

/** v2: moved to the non-Compose module plainv2 (same name), so it loses $stable. */
class Moving(val x: Int)

/** Identical source; refers to Moving, which v2 no longer compiles with Compose. */
class UsesMoving(val m: Moving)
