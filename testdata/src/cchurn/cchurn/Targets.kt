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
