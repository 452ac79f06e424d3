// Rule gaps checked against the compiler's report: delegate types with their type arguments,
// delegation to property references, value classes with generic or unstable underlying types,
// and annotation classes as field types.
package producers

import kotlin.properties.ReadWriteProperty
import kotlin.reflect.KProperty

class IntDelegate : ReadWriteProperty<Any?, Int> {
    private var v = 0
    override fun getValue(thisRef: Any?, property: KProperty<*>): Int = v
    override fun setValue(thisRef: Any?, property: KProperty<*>, value: Int) {
        v = value
    }
}

class DelegatedToClass {
    var x: Int by IntDelegate()
}

class DelegatedToParam(d: ReadWriteProperty<Any?, Int>) {
    var x: Int by d
}

class DelegatedLazyList<T>(items: () -> List<T>) {
    val l: List<T> by lazy(items)
}

class DelegatedLazyInt {
    val n: Int by lazy { 1 }
}

class RefToVal {
    val b: Int = 0
    val a: Int by ::b
}

class RefToVar {
    var b: Int = 0
    var a: Int by ::b
}

class RefToThis {
    val x: Int = 0
    val y: Int by this::x
}

var topLevelCounter = 1

class RefToTopLevel {
    var a: Int by ::topLevelCounter
}

@JvmInline
value class GenericValue<T>(val v: T)

class HasGenericValueInt(val g: GenericValue<Int>)

class HasGenericValueList(val g: GenericValue<MutableList<Int>>)

class HasGenericValueParam<T>(val g: GenericValue<T>)

@JvmInline
value class UnstableValue(val l: MutableList<Int>)

class HasUnstableValue(val u: UnstableValue)

annotation class Marker(val x: Int)

class HasAnnotationField(val m: Marker)
