// Kotlin compiled WITHOUT the Compose plugin: no @StabilityInferred, no $stable.
// To a Compose module these classes are Unstable (rule "dependency without @StabilityInferred"),
// unless an earlier rule (marker, enum, object, KnownStableConstructs, configuration) applies.
package plainkt

import androidx.compose.runtime.Immutable
import androidx.compose.runtime.Stable

class NoCompose(val x: Int)

class NoComposeVar(var x: Int)

class NoComposeBox<T>(val value: T)

data class NoComposeData(val name: String, val age: Int)

interface NoComposeShape {
    val sides: Int
}

open class NoComposeOpen(val x: Int)

enum class NoComposeEnum { ONE, TWO }

object NoComposeObject {
    val answer = 42
}

@Immutable
class NoComposeMarked(val x: Int)

@Stable
interface NoComposeStableIface

class NoComposeImplStable(var x: Int) : NoComposeStableIface

@JvmInline
value class NoComposeValue(val raw: Long)

sealed class NoComposeSealed {
    class A(val x: Int) : NoComposeSealed()
    object B : NoComposeSealed()
}

/** A non-composable factory; its call is not in stableFunctions. */
fun noComposeHelper(): NoCompose = NoCompose(1)
