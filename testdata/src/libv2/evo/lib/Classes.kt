// Version 2 of the evolving library (see libv1 for what each class tests).
package evo.lib

import evo.dep.Dep
import evo.dep.DepGeneric

/** Was `val x` in v1. */
class StableToUnstable(var x: Int)

/** Gained a var. */
class RuntimeToUnstable<T>(val t: T, var n: Int)

/** Same source as v1; Helper gained a var. */
class RuntimeRefToUnstable(val h: Helper)

/** Was `var x` in v1. */
class UnstableToStable(val x: Int)

/** Was List<String> in v1. */
class FieldTypeChange(val items: MutableList<String>)

/** T was phantom in v1. */
class TypeParamParticipates<T>(val x: Int, val t: T)

/** Identical to v1. */
class Unchanged(val name: String, val n: Int)

/** Identical source to v1. */
class DependsOnDep(val d: Dep)

class DependsOnDepGeneric(val g: DepGeneric<Int>)

/** Identical source to v1; Moving now comes from plainv2 (no Compose). */
class UsesMoving(val m: Moving)

/** New in v2, stable. */
class AddedStable(val x: Int)

/** New in v2, unstable. */
class AddedUnstable(var x: Int)
