// The composables the churn callers call (Churn.kt, another file, so that clib classes are
// Runtime(<class>) at the call sites). Each body tells Probe that it ran.
package cchurn

import androidx.compose.runtime.Composable
import clib.Counter
import clib.Items
import clib.Point
import cplain.PlainPoint

/** Declared in this file with a var: known unstable where it is a parameter type here. */
data class LocalVar(var x: Int)

@Composable
fun ShowPoint(p: Point) {
    Probe.body("ShowPoint", p)
}

@Composable
fun ShowCounter(c: Counter) {
    Probe.body("ShowCounter", c)
}

@Composable
fun ShowItems(i: Items) {
    Probe.body("ShowItems", i)
}

@Composable
fun ShowLocalVar(v: LocalVar) {
    Probe.body("ShowLocalVar", v)
}

@Composable
fun ShowPlain(p: PlainPoint) {
    Probe.body("ShowPlain", p)
}

@Composable
fun ShowList(points: List<Point>) {
    Probe.body("ShowList", points)
}

@Composable
fun ShowString(s: String) {
    Probe.body("ShowString", s)
}

@Composable
fun <T> ShowGeneric(value: T) {
    Probe.body("ShowGeneric", value)
}

@Composable
fun ShowLambda(onClick: () -> Unit) {
    Probe.body("ShowLambda", onClick)
}

/** Passes its parameter on: a new Counter from its caller reaches ShowCounter too. */
@Composable
fun Forward(c: Counter) {
    Probe.body("Forward", c)
    ShowCounter(c)
}

/** Stable (a val of a stable type) but without equals: changed() compares it by identity. */
class Token(val id: Int)

@Composable
fun ShowToken(t: Token) {
    Probe.body("ShowToken", t)
}

@Composable
fun ShowInts(a: IntArray) {
    Probe.body("ShowInts", a)
}

@Composable
fun ShowPointArray(a: Array<Point>) {
    Probe.body("ShowPointArray", a)
}

@Composable
fun ShowMutableList(xs: MutableList<Int>) {
    Probe.body("ShowMutableList", xs)
}

@Composable
fun ShowArrayList(xs: ArrayList<Int>) {
    Probe.body("ShowArrayList", xs)
}

@Composable
fun ShowFloat(f: Float) {
    Probe.body("ShowFloat", f)
}

/** An animateFloat stand-in: an inline composable that runs a composable lambda. */
@Composable
inline fun animateLike(target: Float, targetByState: @Composable (Float) -> Float): Float = targetByState(target)

/** An inline composable whose own body calls a composable with a new object. */
@Composable
inline fun WithFreshInside(content: @Composable () -> Unit) {
    ShowToken(Token(5))
    content()
}

/** Holds an inlined composable lambda; passes on nothing. */
@Composable
fun Animated(c: Counter) {
    val f = animateLike(1f) { t ->
        ShowToken(Token(4))
        t * 2
    }
    Probe.body("Animated", c, f)
}

@Composable
fun ShowPoints(vararg points: Point) {
    Probe.body("ShowPoints", points)
}

@Composable
fun ShowCounters(vararg counters: Counter) {
    Probe.body("ShowCounters", counters)
}

@Composable
fun ShowTokens(vararg tokens: Token) {
    Probe.body("ShowTokens", tokens)
}
