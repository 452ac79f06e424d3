// The composables under test. Each is called from Callers.kt (another file, so clib and capp
// classes are Runtime(<class>) at the call site) with arguments from Args.kt, and
// testdata/tools/composerun records what it compares and whether it skips. Every body reports to
// Probe that it ran, and uses its parameters.
package capp

import androidx.compose.runtime.Composable
import androidx.compose.runtime.NonRestartableComposable
import androidx.compose.runtime.NonSkippableComposable
import androidx.compose.runtime.ReadOnlyComposable
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
import clib.Shape
import clib.WrapsPlain
import cplain.PlainPoint

/** Declared in this file with a var: known unstable to the compiler, not only at run time. */
data class LocalVar(var x: Int)

/** Declared in this file with vals only: known stable to the compiler. */
data class LocalVal(val x: Int)

@Composable
fun NoParams() {
    Probe.ran()
}

@Composable
fun Primitives(b: Boolean, c: Char, by: Byte, s: Short, i: Int, l: Long, f: Float, d: Double) {
    Probe.ran(b, c, by, s, i, l, f, d)
}

@Composable
fun Text(text: String) {
    Probe.ran(text)
}

@Composable
fun ShowPoint(p: Point) {
    Probe.ran(p)
}

@Composable
fun ShowCounter(c: Counter) {
    Probe.ran(c)
}

@Composable
fun ShowLabel(l: Label) {
    Probe.ran(l)
}

@Composable
fun ShowMarked(m: Marked) {
    Probe.ran(m)
}

@Composable
fun ShowFrozen(f: Frozen) {
    Probe.ran(f)
}

@Composable
fun ShowShape(s: Shape) {
    Probe.ran(s)
}

@Composable
fun ShowColor(c: Color) {
    Probe.ran(c)
}

@Composable
fun ShowItems(i: Items) {
    Probe.ran(i)
}

@Composable
fun ShowHolder(h: Holder) {
    Probe.ran(h)
}

@Composable
fun ShowSession(s: Session) {
    Probe.ran(s)
}

@Composable
fun ShowWrapsPlain(w: WrapsPlain) {
    Probe.ran(w)
}

@Composable
fun ShowPlain(p: PlainPoint) {
    Probe.ran(p)
}

@Composable
fun ShowLocals(v: LocalVar, s: LocalVal) {
    Probe.ran(v, s)
}

@Composable
fun ShowAny(x: Any) {
    Probe.ran(x)
}

@Composable
fun ShowList(points: List<Point>) {
    Probe.ran(points)
}

@Composable
fun ShowBoxPoint(b: Box<Point>) {
    Probe.ran(b)
}

@Composable
fun ShowBoxCounter(b: Box<Counter>) {
    Probe.ran(b)
}

@Composable
fun ShowBoxLabel(b: Box<Label>) {
    Probe.ran(b)
}

@Composable
fun <T> ShowGeneric(value: T) {
    Probe.ran(value)
}

@Composable
fun ShowNullable(p: Point?, c: Counter?) {
    Probe.ran(p, c)
}

@Composable
fun ShowLambdas(onClick: () -> Unit, content: @Composable () -> Unit) {
    Probe.ran(onClick)
    content()
}

@Composable
fun Defaults(p: Point, c: Counter = Counter(1), label: String = "label") {
    Probe.ran(p, c, label)
}

@Composable
fun Points(vararg points: Point) {
    Probe.ran(*points)
}

@Composable
fun Point.Extension(c: Counter) {
    Probe.ran(this, c)
}

@Composable
fun Mixed(p: Point, c: Counter, l: Label, s: Session, h: Holder, n: Int) {
    Probe.ran(p, c, l, s, h, n)
}

/** Twelve parameters: two $changed ints. */
@Composable
fun Twelve(
    a0: Int, a1: Int, a2: Int, a3: Int, a4: Int, a5: Int, a6: Int, a7: Int, a8: Int,
    a9: Point, a10: Counter, a11: Label,
) {
    Probe.ran(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11)
}

/** Uses only p: c is unused. */
@Composable
fun Unused(p: Point, c: Counter) {
    Probe.ran(p)
}

data class Screen(val id: Int) {
    @Composable
    fun Show(p: Point, c: Counter) {
        Probe.ran(this, p, c)
    }
}

/** Not skippable by design: a value-returning composable has no restart group. */
@Composable
fun Returns(p: Point, c: Counter): Int {
    Probe.ran(p, c)
    return p.x
}

@NonRestartableComposable
@Composable
fun NonRestartable(p: Point, c: Counter) {
    Probe.ran(p, c)
}

@NonSkippableComposable
@Composable
fun NonSkippable(p: Point, c: Counter) {
    Probe.ran(p, c)
}

@ReadOnlyComposable
@Composable
fun ReadOnly(p: Point, c: Counter): Int {
    Probe.ran(p, c)
    return p.x
}

@Suppress("NOTHING_TO_INLINE")
@Composable
inline fun Inline(p: Point, c: Counter) {
    Probe.ran(p, c)
}
