package androidx.compose.runtime.internal

import androidx.compose.runtime.Composable
import androidx.compose.runtime.Composer
import androidx.compose.runtime.Stable
import kotlin.jvm.functions.FunctionN

// One FunctionK supertype per arity the plugin may wrap (0..18 value parameters plus composer and
// changed), as in the real runtime; wider composable lambdas use ComposableLambdaN.

/** What the plugin wraps composable lambdas in (real runtime: the same shape). */
@Stable
interface ComposableLambda :
    Function2<Composer, Int, Any?>,
    Function3<Any?, Composer, Int, Any?>,
    Function4<Any?, Any?, Composer, Int, Any?>,
    Function5<Any?, Any?, Any?, Composer, Int, Any?>,
    Function6<Any?, Any?, Any?, Any?, Composer, Int, Any?>,
    Function7<Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>,
    Function8<Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>,
    Function9<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>,
    Function10<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>,
    Function11<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>,
    Function12<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>,
    Function13<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>,
    Function14<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>,
    Function15<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>,
    Function16<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>,
    Function17<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>,
    Function18<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>,
    Function19<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>,
    Function20<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>

/** Composable lambdas with more parameters than ComposableLambda covers. */
@Stable
interface ComposableLambdaN : FunctionN<Any?>

@Suppress("UNCHECKED_CAST")
private class ComposableLambdaImpl(val key: Int, val tracked: Boolean, val block: Any) : ComposableLambda {
    override fun invoke(c: Composer, changed: Int): Any? =
        (block as Function2<Composer, Int, Any?>).invoke(c, changed)
    override fun invoke(p1: Any?, c: Composer, changed: Int): Any? =
        (block as Function3<Any?, Composer, Int, Any?>).invoke(p1, c, changed)
    override fun invoke(p1: Any?, p2: Any?, c: Composer, changed: Int): Any? =
        (block as Function4<Any?, Any?, Composer, Int, Any?>).invoke(p1, p2, c, changed)
    override fun invoke(p1: Any?, p2: Any?, p3: Any?, c: Composer, changed: Int): Any? =
        (block as Function5<Any?, Any?, Any?, Composer, Int, Any?>).invoke(p1, p2, p3, c, changed)
    override fun invoke(p1: Any?, p2: Any?, p3: Any?, p4: Any?, c: Composer, changed: Int): Any? =
        (block as Function6<Any?, Any?, Any?, Any?, Composer, Int, Any?>).invoke(p1, p2, p3, p4, c, changed)
    override fun invoke(p1: Any?, p2: Any?, p3: Any?, p4: Any?, p5: Any?, c: Composer, changed: Int): Any? =
        (block as Function7<Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>).invoke(p1, p2, p3, p4, p5, c, changed)
    override fun invoke(p1: Any?, p2: Any?, p3: Any?, p4: Any?, p5: Any?, p6: Any?, c: Composer, changed: Int): Any? =
        (block as Function8<Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>).invoke(p1, p2, p3, p4, p5, p6, c, changed)
    override fun invoke(p1: Any?, p2: Any?, p3: Any?, p4: Any?, p5: Any?, p6: Any?, p7: Any?, c: Composer, changed: Int): Any? =
        (block as Function9<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>).invoke(p1, p2, p3, p4, p5, p6, p7, c, changed)
    override fun invoke(p1: Any?, p2: Any?, p3: Any?, p4: Any?, p5: Any?, p6: Any?, p7: Any?, p8: Any?, c: Composer, changed: Int): Any? =
        (block as Function10<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>).invoke(p1, p2, p3, p4, p5, p6, p7, p8, c, changed)
    override fun invoke(p1: Any?, p2: Any?, p3: Any?, p4: Any?, p5: Any?, p6: Any?, p7: Any?, p8: Any?, p9: Any?, c: Composer, changed: Int): Any? =
        (block as Function11<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>).invoke(p1, p2, p3, p4, p5, p6, p7, p8, p9, c, changed)
    override fun invoke(p1: Any?, p2: Any?, p3: Any?, p4: Any?, p5: Any?, p6: Any?, p7: Any?, p8: Any?, p9: Any?, p10: Any?, c: Composer, changed: Int): Any? =
        (block as Function12<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>).invoke(p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, c, changed)
    override fun invoke(p1: Any?, p2: Any?, p3: Any?, p4: Any?, p5: Any?, p6: Any?, p7: Any?, p8: Any?, p9: Any?, p10: Any?, p11: Any?, c: Composer, changed: Int): Any? =
        (block as Function13<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>).invoke(p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, c, changed)
    override fun invoke(p1: Any?, p2: Any?, p3: Any?, p4: Any?, p5: Any?, p6: Any?, p7: Any?, p8: Any?, p9: Any?, p10: Any?, p11: Any?, p12: Any?, c: Composer, changed: Int): Any? =
        (block as Function14<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>).invoke(p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, c, changed)
    override fun invoke(p1: Any?, p2: Any?, p3: Any?, p4: Any?, p5: Any?, p6: Any?, p7: Any?, p8: Any?, p9: Any?, p10: Any?, p11: Any?, p12: Any?, p13: Any?, c: Composer, changed: Int): Any? =
        (block as Function15<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>).invoke(p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, c, changed)
    override fun invoke(p1: Any?, p2: Any?, p3: Any?, p4: Any?, p5: Any?, p6: Any?, p7: Any?, p8: Any?, p9: Any?, p10: Any?, p11: Any?, p12: Any?, p13: Any?, p14: Any?, c: Composer, changed: Int): Any? =
        (block as Function16<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>).invoke(p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, c, changed)
    override fun invoke(p1: Any?, p2: Any?, p3: Any?, p4: Any?, p5: Any?, p6: Any?, p7: Any?, p8: Any?, p9: Any?, p10: Any?, p11: Any?, p12: Any?, p13: Any?, p14: Any?, p15: Any?, c: Composer, changed: Int): Any? =
        (block as Function17<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>).invoke(p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, c, changed)
    override fun invoke(p1: Any?, p2: Any?, p3: Any?, p4: Any?, p5: Any?, p6: Any?, p7: Any?, p8: Any?, p9: Any?, p10: Any?, p11: Any?, p12: Any?, p13: Any?, p14: Any?, p15: Any?, p16: Any?, c: Composer, changed: Int): Any? =
        (block as Function18<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>).invoke(p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, c, changed)
    override fun invoke(p1: Any?, p2: Any?, p3: Any?, p4: Any?, p5: Any?, p6: Any?, p7: Any?, p8: Any?, p9: Any?, p10: Any?, p11: Any?, p12: Any?, p13: Any?, p14: Any?, p15: Any?, p16: Any?, p17: Any?, c: Composer, changed: Int): Any? =
        (block as Function19<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>).invoke(p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17, c, changed)
    override fun invoke(p1: Any?, p2: Any?, p3: Any?, p4: Any?, p5: Any?, p6: Any?, p7: Any?, p8: Any?, p9: Any?, p10: Any?, p11: Any?, p12: Any?, p13: Any?, p14: Any?, p15: Any?, p16: Any?, p17: Any?, p18: Any?, c: Composer, changed: Int): Any? =
        (block as Function20<Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Any?, Composer, Int, Any?>).invoke(p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17, p18, c, changed)
}

@Suppress("UNCHECKED_CAST")
private class ComposableLambdaNImpl(val key: Int, val tracked: Boolean, override val arity: Int, val block: Any) :
    ComposableLambdaN {
    override fun invoke(vararg args: Any?): Any? = (block as FunctionN<Any?>).invoke(*args)
}

@Suppress("UNUSED_PARAMETER")
fun composableLambda(composer: Composer, key: Int, tracked: Boolean, block: Any): ComposableLambda =
    ComposableLambdaImpl(key, tracked, block)

fun composableLambdaInstance(key: Int, tracked: Boolean, block: Any): ComposableLambda =
    ComposableLambdaImpl(key, tracked, block)

@Composable
fun rememberComposableLambda(key: Int, tracked: Boolean, block: Any): ComposableLambda =
    ComposableLambdaImpl(key, tracked, block)

@Suppress("UNUSED_PARAMETER")
fun composableLambdaN(composer: Composer, key: Int, tracked: Boolean, arity: Int, block: Any): ComposableLambdaN =
    ComposableLambdaNImpl(key, tracked, arity, block)

fun composableLambdaNInstance(key: Int, tracked: Boolean, arity: Int, block: Any): ComposableLambdaN =
    ComposableLambdaNImpl(key, tracked, arity, block)

@Composable
fun rememberComposableLambdaN(key: Int, tracked: Boolean, arity: Int, block: Any): ComposableLambdaN =
    ComposableLambdaNImpl(key, tracked, arity, block)
