// Functions of the module the churn callers call for their arguments: some build a new object on
// every path, some may hand back one they keep.
package cchurn

import clib.Counter
import clib.Point

fun makeCounter(): Counter = Counter(1)

fun makeCounterIndirect(): Counter = makeCounter()

fun pickCounter(first: Boolean): Counter = if (first) Counter(1) else Counter(2)

private var counterCache: Counter? = null

fun cachedCounter(): Counter = counterCache ?: Counter(1).also { counterCache = it }

fun makeToken(): Token = Token(1)

val sharedToken = Token(0)

fun cachedToken(): Token = sharedToken

fun makePoint(): Point = Point(1, 2)

fun makeInts(): IntArray = intArrayOf(1, 2, 3)

object TokenFactory {
    fun make(): Token = Token(3)

    val fresh: Token
        get() = Token(6)
}
