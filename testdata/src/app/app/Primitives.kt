// Field types that the inferencer decides without looking at any class: primitives, String, Unit,
// function types (stable) and suspend function types (interfaces: Uncertain).
package app

class AllPrimitives(
    val b: Boolean,
    val c: Char,
    val by: Byte,
    val sh: Short,
    val i: Int,
    val l: Long,
    val f: Float,
    val d: Double,
)

class NullablePrimitives(val i: Int?, val d: Double?, val b: Boolean?)

class StringHolder(val s: String, val ns: String?)

class UnitHolder(val u: Unit)

class FunctionHolder(val f0: () -> Unit, val f1: (Int) -> String, val f2: (Int, String) -> Boolean)

class NullableFunctionHolder(val f: (() -> Unit)?)

class ExtensionFunctionHolder(val f: Int.(String) -> Unit)

class SuspendFunctionHolder(val f: suspend () -> Unit)

class TwoSuspendFunctions(val f: suspend () -> Unit, val g: suspend (Int) -> String)

class KFunctionHolder(val f: kotlin.reflect.KFunction0<Unit>)

class CharSequenceHolder(val cs: CharSequence)

class AnyHolder(val a: Any)

class NullableAnyHolder(val a: Any?)

class NothingHolder(val n: Nothing?)

class ArrayHolder(val a: Array<String>)

class IntArrayHolder(val a: IntArray)

class RangeHolder(val r: IntRange)

class RegexHolder(val r: Regex)

class DurationHolder(val d: kotlin.time.Duration)

class ResultHolder(val r: Result<Int>)

class NumberHolder(val n: Number)

class EmptyClass

class OnlyFunctions {
    fun hello() = "hi"
}

class ComputedOnly(val base: Int) {
    val doubled: Int get() = base * 2
    var settable: Int
        get() = base
        set(@Suppress("UNUSED_PARAMETER") value) {}
}
