// One caller per case: Churn_<case>() builds the arguments of one call itself, each origin kind
// (testdata/tools/composerun ChurnRun composes it, recomposes it, and records which callees ran
// their bodies again).
package cchurn

import androidx.compose.runtime.Composable
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import clib.Counter
import clib.Items
import clib.Point
import cplain.PlainPoint

/** The same instance on every read: a top-level val. */
val SharedCounter = Counter(7)

/** The same instance on every read: an object's val. */
object Shared {
    val counter = Counter(8)
}

@Composable
fun Churn_freshCounter() {
    ShowCounter(Counter(1))
}

@Composable
fun Churn_freshPoint() {
    ShowPoint(Point(1, 2))
}

@Composable
fun Churn_rememberedCounter() {
    val c = remember { Counter(1) }
    ShowCounter(c)
}

@Composable
fun Churn_stateCounter() {
    val s = remember { mutableStateOf(Counter(1)) }
    ShowCounter(s.value)
}

@Composable
fun Churn_freshItems() {
    ShowItems(Items(listOf("a")))
}

@Composable
fun Churn_listOfPoints() {
    ShowList(listOf(Point(1, 2)))
}

@Composable
fun Churn_copy() {
    val base = remember { Counter(1) }
    ShowCounter(base.copy(count = 2))
}

@Composable
fun Churn_localFresh() {
    val c = Counter(3)
    ShowCounter(c)
}

@Composable
fun Churn_genericCounter() {
    ShowGeneric(Counter(1))
}

@Composable
fun Churn_genericPoint() {
    ShowGeneric(Point(1, 2))
}

@Composable
fun Churn_localVar() {
    ShowLocalVar(LocalVar(1))
}

@Composable
fun Churn_plain() {
    ShowPlain(PlainPoint(1, 2))
}

@Composable
fun Churn_constantString() {
    ShowString("x")
}

@Composable
fun Churn_builtString() {
    ShowString(buildString { append("x") })
}

@Composable
fun Churn_lambdaSingleton() {
    ShowLambda { Probe.body("click") }
}

@Composable
fun Churn_lambdaRemembered() {
    val c = remember { Counter(1) }
    ShowLambda { Probe.body("click", c) }
}

@Composable
fun Churn_lambdaFresh() {
    val c = Counter(1)
    ShowLambda { Probe.body("click", c) }
}

@Composable
fun Churn_topLevelVal() {
    ShowCounter(SharedCounter)
}

@Composable
fun Churn_objectVal() {
    ShowCounter(Shared.counter)
}

@Composable
fun Churn_forward() {
    Forward(Counter(1))
}

@Composable
fun Churn_forwardRemembered() {
    val c = remember { Counter(1) }
    Forward(c)
}
