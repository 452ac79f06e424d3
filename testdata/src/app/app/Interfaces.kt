// Spec section 0: an Unknown (interface) alone stays Uncertain ($stable 8), while several are
// dropped by normalize, leaving an empty Combined that counts as known stable ($stable 0).
package app

class OneIface(val s: Shape)

class TwoIface(val s: Shape, val t: Shape)

class ThreeIface(val s: Shape, val g: Greeter, val cs: CharSequence)

class IfacePlusRuntime(val s: Shape, val p: OtherFilePlain)

class IfacePlusStable(val s: Shape, val n: Int)

class IfacePlusUnstable(val s: Shape, var n: Int)

class ListField(val items: List<String>)

class ListAndMap(val items: List<String>, val map: Map<String, Int>)

class MutableListField(val items: MutableList<String>)

class NullableIface(val s: Shape?)

class LazyField(val l: Lazy<Int>)

class JavaIfaceField(val s: javalib.JavaShape)

class JavaIfaceTwice(val s: javalib.JavaShape, val t: javalib.JavaShape)
