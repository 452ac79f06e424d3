// Field kinds whose treatment is the same or changed across compilers.
package producers

import androidx.compose.runtime.Stable

class HasVar(var x: Int)

class HasInterface(val i: pdep.DepIface)

class HasList(val items: List<String>)

class HasJavaDate(val d: java.util.Date)

class HasLambda(val f: () -> Unit)

class HasObject(val o: MutableObject)

@Stable
class MarkedVar(var x: Int)

data class Data(val id: Long, val name: String)

enum class Color { R, G }

@JvmInline
value class Wrapped(val raw: Int)

class HasWrapped(val w: Wrapped)

class HasThrowable(val t: MyError)

class HasOpen(val o: OpenVal)

class HasSealed(val s: Shape)

class HasAbstract(val a: AbstractVal)
