// Type parameters: used, phantom, inside List<T>, nested Box<Box<T>>, projections, bounds, and
// more than 32 of them (no known-stable bit, mask bits only below 32).
package app

class Box<T>(val value: T)

class Phantom<T>(val x: Int)

class ListOfT<T>(val items: List<T>)

class NullableT<T>(val t: T?)

class TwoParams<A, B>(val a: A, val b: B)

class SecondOnly<A, B>(val b: B)

class ThreeParams<A, B, C>(val a: A, val b: B, val c: C)

class ThreeWithPhantom<A, B, C>(val a: A, val c: C)

class UnstableGeneric<T>(var t: T)

class BoxOfBox<T>(val inner: Box<Box<T>>)

class BoxOfInt(val b: Box<Int>)

class BoxOfString(val b: Box<String>)

class BoxOfUnstable(val b: Box<OneVar>)

class BoxOfList(val b: Box<List<String>>)

class StarBox(val b: Box<*>)

class OutBox(val b: Box<out String>)

class InBox(val b: Box<in String>)

class OutUnstableBox(val b: Box<out OneVar>)

class UpperBound<T : Number>(val t: T)

class UpperBoundCharSeq<T : CharSequence>(val t: T)

class RecursiveBound<T : Comparable<T>>(val t: T)

class Variance<out P, in C>(val p: P) {
    fun take(c: C) = c.hashCode()
}

class FunctionOfT<T>(val f: (T) -> Unit)

class PairOfT<T>(val p: Pair<T, T>)

class SubstitutedTwice<T>(val b: Box<T>, val t: TwoParams<T, Int>)

class GenericWithVar<T>(val t: T, var counter: Int)

class GenericNested<T>(val x: T) {
    class Nested<U>(val u: U)
}

class Many33<
    T0, T1, T2, T3, T4, T5, T6, T7, T8, T9,
    T10, T11, T12, T13, T14, T15, T16, T17, T18, T19,
    T20, T21, T22, T23, T24, T25, T26, T27, T28, T29,
    T30, T31, T32,
>(
    val t0: T0, val t1: T1, val t5: T5, val t30: T30, val t31: T31, val t32: T32,
)

class Many33Stable<
    T0, T1, T2, T3, T4, T5, T6, T7, T8, T9,
    T10, T11, T12, T13, T14, T15, T16, T17, T18, T19,
    T20, T21, T22, T23, T24, T25, T26, T27, T28, T29,
    T30, T31, T32,
>(val x: Int)

class Many33User(val m: Many33<Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, OneVar>)

class Many32<
    T0, T1, T2, T3, T4, T5, T6, T7, T8, T9,
    T10, T11, T12, T13, T14, T15, T16, T17, T18, T19,
    T20, T21, T22, T23, T24, T25, T26, T27, T28, T29,
    T30, T31,
>(val t31: T31)
