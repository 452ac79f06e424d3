// Kinds of classes: enums, objects, data objects, companion objects, data and value classes,
// inner/nested/internal/private classes, self-referential types and protobuf-like messages.
package app

import com.google.protobuf.GeneratedMessage
import com.google.protobuf.GeneratedMessageLite

enum class Color { RED, GREEN, BLUE }

enum class MutableEnum(var weight: Int) { LIGHT(1), HEAVY(10) }

class EnumField(val c: Color, val m: MutableEnum, val j: javalib.JavaColor)

object PlainObject {
    val name = "object"
}

object MutableObject {
    var counter = 0
}

data object DataObject {
    var hits = 0
}

class ObjectField(val o: PlainObject, val m: MutableObject)

class WithCompanion(val x: Int) {
    companion object {
        var instances = 0
    }
}

class WithNamedCompanion(var y: Int) {
    companion object Factory {
        fun make() = WithNamedCompanion(1)
    }
}

data class User(val name: String, val age: Int)

data class MutableUser(var name: String)

data class UserWithList(val name: String, val tags: List<String>)

@JvmInline
value class Meters(val v: Double)

@JvmInline
value class Wrapped(val list: MutableList<String>)

@androidx.compose.runtime.Stable
@JvmInline
value class StableWrapped(val list: MutableList<String>)

@JvmInline
value class UserId(val id: String)

class ValueFields(val m: Meters, val w: Wrapped, val s: StableWrapped, val u: UserId)

class Outer(val x: Int) {
    class Nested(val y: Int)

    class NestedVar(var y: Int)

    inner class Inner(val z: Int)

    private class PrivateNested(val p: Int)

    internal class InternalNested(val q: Int)

    class Deeper {
        class Deepest(val d: String)
    }
}

internal class InternalClass(val x: Int)

internal class InternalVar(var x: Int)

private class PrivateClass(val x: Int)

class HoldsPrivate {
    private val p = PrivateClass(1)
    override fun toString() = p.x.toString()
}

class NestedField(val n: Outer.Nested, val nv: Outer.NestedVar)

class SelfRef(val parent: SelfRef?, val name: String)

class SelfList2(val children: List<SelfList2>, val id: Int)

/** Final and its last non-interface supertype is GeneratedMessageLite: Stable. */
class ProtoLike : GeneratedMessageLite<ProtoLike, Any>() {
    var mutableInside: Int = 0
}

/** Full protobuf base class: Stable too. */
class ProtoFull : GeneratedMessage() {
    var field: String = ""
}

/** Not final: the protobuf rule does not apply; field analysis sees the var. */
open class OpenProto : GeneratedMessageLite<OpenProto, Any>() {
    var x = 0
}

class ProtoField(val p: ProtoLike, val j: javalib.JavaProtoMessage)

fun useLocal(): Int {
    class LocalClass(val v: Int)
    val anon = object {
        val w = 2
    }
    return LocalClass(1).v + anon.w
}

annotation class SomeAnnotation(val v: Int)

class ExceptionHolder(val e: IllegalStateException)

class ThrowableSubclass(val code: Int) : RuntimeException()
