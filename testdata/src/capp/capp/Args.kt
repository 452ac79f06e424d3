// What testdata/tools/composerun drives the callers with. argsFor returns new objects on every
// call: two calls give arguments that are equal but, enums, nulls and primitives aside, not
// identical.
package capp

import androidx.compose.runtime.Composable
import clib.Box
import clib.Color
import clib.Counter
import clib.Frozen
import clib.Holder
import clib.Items
import clib.Label
import clib.Marked
import clib.Point
import clib.Session
import clib.Square
import clib.WrapsPlain
import cplain.PlainPoint

object Args {
    /** The arguments Call_<case> passes, set by the driver before each composition. */
    @JvmField
    var current: Array<Any?> = emptyArray()

    /**
     * The arguments of one case, one element per JVM argument of the callee (the receiver of a
     * member first, a vararg as an array); omitted defaults are left off the end.
     */
    @JvmStatic
    fun argsFor(case: String): Array<Any?> = when (case) {
        "NoParams" -> arrayOf()
        "Primitives" -> arrayOf(true, 'c', 3.toByte(), 4.toShort(), 5, 6L, 7.5f, 8.25)
        "Text" -> arrayOf(fresh("text"))
        "ShowPoint" -> arrayOf(Point(1, 2))
        "ShowCounter" -> arrayOf(Counter(1))
        "ShowLabel" -> arrayOf(Label(fresh("label")))
        "ShowMarked" -> arrayOf(Marked(1))
        "ShowFrozen" -> arrayOf(Frozen(1))
        "ShowShape" -> arrayOf(Square(2))
        "ShowColor" -> arrayOf(Color.GREEN)
        "ShowItems" -> arrayOf(Items(listOf("a", "b")))
        "ShowHolder" -> arrayOf(Holder(Point(1, 2)))
        "ShowSession" -> arrayOf(Session(fresh("token")))
        "ShowWrapsPlain" -> arrayOf(WrapsPlain(PlainPoint(1, 2)))
        "ShowPlain" -> arrayOf(PlainPoint(1, 2))
        "ShowLocals" -> arrayOf(LocalVar(1), LocalVal(2))
        "ShowAny" -> arrayOf(Point(1, 2))
        "ShowList" -> arrayOf(listOf(Point(1, 2)))
        "ShowBoxPoint" -> arrayOf(Box(Point(1, 2)))
        "ShowBoxCounter" -> arrayOf(Box(Counter(1)))
        "ShowBoxLabel" -> arrayOf(Box(Label(fresh("label"))))
        "ShowGeneric__point" -> arrayOf(Point(1, 2))
        "ShowGeneric__counter" -> arrayOf(Counter(1))
        "ShowNullable__values" -> arrayOf(Point(1, 2), Counter(1))
        "ShowNullable__nulls" -> arrayOf(null, null)
        "ShowLambdas" -> arrayOf(onClick("click"), content("content"))
        "Defaults__all" -> arrayOf(Point(1, 2), Counter(3), fresh("given"))
        "Defaults__omitted" -> arrayOf(Point(1, 2))
        "Points" -> arrayOf(arrayOf(Point(1, 2), Point(3, 4)))
        "Extension" -> arrayOf(Point(1, 2), Counter(1))
        "Mixed" -> arrayOf(Point(1, 2), Counter(3), Label(fresh("l")), Session(fresh("s")), Holder(Point(4, 5)), 6)
        "Twelve" -> arrayOf(10, 11, 12, 13, 14, 15, 16, 17, 18, Point(1, 2), Counter(3), Label(fresh("l")))
        "Unused" -> arrayOf(Point(1, 2), Counter(1))
        "Show" -> arrayOf(Screen(9), Point(1, 2), Counter(1))
        "Returns", "NonRestartable", "NonSkippable", "ReadOnly", "Inline" -> arrayOf(Point(1, 2), Counter(1))
        else -> error("no arguments for case $case")
    }

    /** A String equal to s but never the same instance. */
    private fun fresh(s: String): String = StringBuilder(s).toString()

    /** Capturing lambdas: each call makes a new instance. */
    private fun onClick(tag: String): () -> Unit = { Probe.ran(tag) }

    private fun content(tag: String): @Composable () -> Unit = { Probe.ran(tag) }
}

/** Counts the bodies that ran, so that the driver sees a body run even without a restart group. */
object Probe {
    @JvmField
    var runs: Int = 0

    @JvmStatic
    fun ran(vararg used: Any?) {
        runs++
    }
}
