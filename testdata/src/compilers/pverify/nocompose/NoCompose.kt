// Built WITHOUT the Compose compiler plugin (pverify-nocompose.jar), then verified together with
// pverify.jar as one library: the not-compose rule and its traps.
package pverify.nc

import androidx.compose.runtime.Stable

/** Would be stable with the plugin; consumers see it unstable: not-compose (error). */
class NcPoint(val x: Int, val y: Int)

/** Unstable either way (a var): the plugin would change nothing, no finding. */
class NcCounter {
    var n = 0
}

/** Kotlin 2.4.20 would write 8 for an open class anyway: no finding. */
open class NcOpen(val x: Int)

/** Would be runtime (by T) with the plugin: not-compose (error). */
class NcGeneric<T>(val value: T)

/** Objects are stable for every consumer: no finding. */
object NcObject {
    var hits = 0
}

internal object NcInternalObject {
    var hits = 0
}

/** Not public API: reported only with --include-nonpublic. */
internal class NcInternal(val x: Int)

/** Internal, but @PublishedApi: public API, not-compose (error). */
@PublishedApi
internal class NcPublished(val x: Int)

/** Marked: stable for consumers without the plugin; no finding. */
@Stable
class NcMarked(val x: Int)

/** Kinds the Compose compiler skips by design: never not-compose. */
interface NcIface {
    val x: Int
}

enum class NcEnum { A, B }

@JvmInline
value class NcId(val v: Int)

annotation class NcAnnotation

class NcOuter {
    /** A nested class is processed: not-compose (error), as is NcOuter itself. */
    class Nested(val x: Int)

    /** An inner class is skipped by design. */
    inner class Inner(val y: Int)

    companion object {
        const val K = 1
    }
}
