// Positions issue 28 names, each compiled by every release: fields typed by interfaces of this
// module (declared in this file and in Interfaces.kt; plain, sealed and fun interfaces), class
// delegation to an interface, generics nesting a fixed argument, composable function types,
// delegation to another object's var, and a comparator.
package producers

import androidx.compose.runtime.Composable

interface SameFileIface {
    val n: Int
}

sealed interface SameFileSealed {
    class A(val x: Int) : SameFileSealed
}

fun interface SameFileFun {
    fun run(): Int
}

class HoldsSameFileIface(val i: SameFileIface)
class HoldsSameFileSealed(val i: SameFileSealed)
class HoldsSameFileFun(val i: SameFileFun)
class HoldsOtherFileIface(val i: OtherFileIface)
class HoldsOtherFileSealed(val i: OtherFileSealed)
class HoldsOtherFileFun(val i: OtherFileFun)
class HoldsTwoIfaces(val a: SameFileIface, val b: OtherFileIface)

class DelegatesIface(g: SameFileIface) : SameFileIface by g
class DelegatesIfaceWithVal(val g: SameFileIface) : SameFileIface by g
class DelegatesOtherFileIface(g: OtherFileIface) : OtherFileIface by g
class DelegatesFun(f: OtherFileFun) : OtherFileFun by f

class NestBoxBox<T>(val x: Box<Box<T>>)
class NestBoxList<T>(val x: Box<List<T>>)
class NestPairFixed<T>(val x: Pair2<T, Int>)
class NestPairFixedMutable<T>(val x: Pair2<T, MutableList<Int>>)
class NestBoxBoxInt(val x: Box<Box<Int>>)

class HoldsComposable(val c: @Composable () -> Unit)
class HoldsComposableArg(val c: @Composable (Int) -> Unit)
class HoldsComposableNullable(val c: (@Composable () -> Unit)?)
class HoldsComposableList(val c: List<@Composable () -> Unit>)

class VarOwner {
    var x: Int = 0
}

class RefToOtherVar(val o: VarOwner) {
    val y: Int by o::x
}

class RefToOtherVarMutable(val o: VarOwner) {
    var y: Int by o::x
}

class HoldsComparator(val c: Comparator<Int>)
class HoldsComparatorString(val c: Comparator<String>)
