// One caller per case: Call_<case> takes no parameters and passes Args.current, cast to the
// parameter types, to the composable under test. The arguments are neither static nor the
// caller's own parameters, so the $changed the compiled call site computes holds only stability
// bits: the $stable of each argument's class (and its type arguments), read at run time.
// <case> is the callee's name, then "__<variant>" when one callee has several cases.
package capp

import androidx.compose.runtime.Composable
import clib.Counter
import clib.Point

@Suppress("UNCHECKED_CAST")
fun <T> arg(i: Int): T = Args.current[i] as T

@Composable
fun Call_NoParams() {
    NoParams()
}

@Composable
fun Call_Primitives() {
    Primitives(arg(0), arg(1), arg(2), arg(3), arg(4), arg(5), arg(6), arg(7))
}

@Composable
fun Call_Text() {
    Text(arg(0))
}

@Composable
fun Call_ShowPoint() {
    ShowPoint(arg(0))
}

@Composable
fun Call_ShowCounter() {
    ShowCounter(arg(0))
}

@Composable
fun Call_ShowLabel() {
    ShowLabel(arg(0))
}

@Composable
fun Call_ShowMarked() {
    ShowMarked(arg(0))
}

@Composable
fun Call_ShowFrozen() {
    ShowFrozen(arg(0))
}

@Composable
fun Call_ShowShape() {
    ShowShape(arg(0))
}

@Composable
fun Call_ShowColor() {
    ShowColor(arg(0))
}

@Composable
fun Call_ShowItems() {
    ShowItems(arg(0))
}

@Composable
fun Call_ShowHolder() {
    ShowHolder(arg(0))
}

@Composable
fun Call_ShowSession() {
    ShowSession(arg(0))
}

@Composable
fun Call_ShowWrapsPlain() {
    ShowWrapsPlain(arg(0))
}

@Composable
fun Call_ShowPlain() {
    ShowPlain(arg(0))
}

@Composable
fun Call_ShowLocals() {
    ShowLocals(arg(0), arg(1))
}

@Composable
fun Call_ShowAny() {
    ShowAny(arg(0))
}

@Composable
fun Call_ShowList() {
    ShowList(arg(0))
}

@Composable
fun Call_ShowBoxPoint() {
    ShowBoxPoint(arg(0))
}

@Composable
fun Call_ShowBoxCounter() {
    ShowBoxCounter(arg(0))
}

@Composable
fun Call_ShowBoxLabel() {
    ShowBoxLabel(arg(0))
}

@Composable
fun Call_ShowGeneric__point() {
    ShowGeneric(arg<Point>(0))
}

@Composable
fun Call_ShowGeneric__counter() {
    ShowGeneric(arg<Counter>(0))
}

@Composable
fun Call_ShowNullable__values() {
    ShowNullable(arg(0), arg(1))
}

@Composable
fun Call_ShowNullable__nulls() {
    ShowNullable(arg(0), arg(1))
}

@Composable
fun Call_ShowLambdas() {
    ShowLambdas(arg(0), arg(1))
}

@Composable
fun Call_Defaults__all() {
    Defaults(arg(0), arg(1), arg(2))
}

@Composable
fun Call_Defaults__omitted() {
    Defaults(arg(0))
}

@Composable
fun Call_Points() {
    Points(*arg<Array<Point>>(0))
}

@Composable
fun Call_Extension() {
    arg<Point>(0).Extension(arg(1))
}

@Composable
fun Call_Mixed() {
    Mixed(arg(0), arg(1), arg(2), arg(3), arg(4), arg(5))
}

@Composable
fun Call_Twelve() {
    Twelve(arg(0), arg(1), arg(2), arg(3), arg(4), arg(5), arg(6), arg(7), arg(8), arg(9), arg(10), arg(11))
}

@Composable
fun Call_Unused() {
    Unused(arg(0), arg(1))
}

@Composable
fun Call_Show() {
    arg<Screen>(0).Show(arg(1), arg(2))
}

@Composable
fun Call_Returns() {
    Returns(arg(0), arg(1))
}

@Composable
fun Call_NonRestartable() {
    NonRestartable(arg(0), arg(1))
}

@Composable
fun Call_NonSkippable() {
    NonSkippable(arg(0), arg(1))
}

@Composable
fun Call_ReadOnly() {
    ReadOnly(arg(0), arg(1))
}

@Composable
fun Call_Inline() {
    Inline(arg(0), arg(1))
}
