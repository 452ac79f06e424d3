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

// The patterns of issue 41, each checked against what the JVM re-runs.

/** A data class built fresh as a remember key: compared with equals, equal every time. */
@Composable
fun Churn_rememberKeyPoint() {
    val t = remember(Point(1, 2)) { Token(1) }
    ShowToken(t)
}

/** A data class with a var built fresh as a remember key. */
@Composable
fun Churn_rememberKeyCounter() {
    val t = remember(Counter(1)) { Token(1) }
    ShowToken(t)
}

/** A class without equals built fresh as a remember key: a new key, a new Token, every time. */
@Composable
fun Churn_rememberKeyToken() {
    val t = remember(Token(9)) { Token(1) }
    ShowToken(t)
}

/** A lambda capturing a data class of another module built fresh: its memo compares by identity. */
@Composable
fun Churn_lambdaCapturesPoint() {
    val p = Point(1, 2)
    ShowLambda { Probe.body("click", p) }
}

/** Declared in this file: known stable here, so a lambda's memo compares it with equals. */
data class NearPoint(val x: Int, val y: Int)

/** A lambda capturing a known-stable data class built fresh: memoized on equals. */
@Composable
fun Churn_lambdaCapturesNearPoint() {
    val p = NearPoint(1, 2)
    ShowLambda { Probe.body("click", p) }
}

/** A lambda capturing a stable class without equals built fresh: a new lambda every time. */
@Composable
fun Churn_lambdaCapturesToken() {
    val t = Token(1)
    ShowLambda { Probe.body("click", t) }
}

/** A stable class that does not override equals, built fresh. */
@Composable
fun Churn_freshToken() {
    ShowToken(Token(1))
}

@Composable
fun Churn_intArray() {
    ShowInts(intArrayOf(1, 2))
}

@Composable
fun Churn_arrayOfPoints() {
    ShowPointArray(arrayOf(Point(1, 2)))
}

@Composable
fun Churn_emptyArray() {
    ShowPointArray(emptyArray())
}

@Composable
fun Churn_mutableList() {
    ShowMutableList(mutableListOf(1, 2))
}

@Composable
fun Churn_arrayList() {
    ShowArrayList(ArrayList(listOf(1)))
}

/** Calls of functions of this module (Factories.kt): every path builds, or one may not. */
@Composable
fun Churn_madeCounter() {
    ShowCounter(makeCounter())
}

@Composable
fun Churn_madeIndirect() {
    ShowCounter(makeCounterIndirect())
}

@Composable
fun Churn_pickedCounter() {
    ShowCounter(pickCounter(true))
}

@Composable
fun Churn_cachedCounter() {
    ShowCounter(cachedCounter())
}

@Composable
fun Churn_madeToken() {
    ShowToken(makeToken())
}

@Composable
fun Churn_cachedToken() {
    ShowToken(cachedToken())
}

@Composable
fun Churn_factoryToken() {
    ShowToken(TokenFactory.make())
}

@Composable
fun Churn_getterToken() {
    ShowToken(TokenFactory.fresh)
}

@Composable
fun Churn_madePoint() {
    ShowPoint(makePoint())
}

@Composable
fun Churn_madeArray() {
    ShowInts(makeInts())
}

/** A callee holding an inlined composable lambda (an animateFloat stand-in). */
@Composable
fun Churn_animated() {
    Animated(Counter(1))
}

/** Composable calls inside an inlined composable lambda of this caller. */
@Composable
fun Churn_inlineLambda() {
    val f = animateLike(1f) { t ->
        ShowToken(Token(2))
        t * 2
    }
    ShowFloat(f)
}

/** A composable call inside the body of an inline composable, inlined here. */
@Composable
fun Churn_inlineBody() {
    WithFreshInside {
        ShowPoint(Point(1, 2))
    }
}

/** Varargs: the array is new on every call, but the callee compares its size and elements. */
@Composable
fun Churn_varargPoints() {
    ShowPoints(Point(1, 2), Point(3, 4))
}

@Composable
fun Churn_varargCounters() {
    ShowCounters(SharedCounter, Counter(1))
}

@Composable
fun Churn_varargTokens() {
    ShowTokens(Token(1))
}

@Composable
fun Churn_varargShared() {
    ShowCounters(SharedCounter, Shared.counter)
}
