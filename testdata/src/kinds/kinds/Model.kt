// Argument and parameter types for the composables of Kinds.kt, declared in another file so that
// they are Runtime(<class>) there.
package kinds

class KStable(val x: Int)

class KUnstable(var x: Int)

class KBox<T>(val value: T)

interface KShape

enum class KColor { RED, GREEN }

object KObject
