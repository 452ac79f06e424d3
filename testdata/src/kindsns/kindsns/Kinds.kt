// The kinds module compiled with featureFlag=-StrongSkipping.
// Every kind of composable and parameter the compiler's composables report distinguishes:
// primitives and literals of each type as defaults, static and dynamic defaults, a default that
// reads another parameter, unused parameters, vararg, receivers, generics, function types,
// composable lambdas (singleton and capturing), more than ten parameters (two $changed ints),
// the function annotations, inline, abstract, open and interface composables.
package kindsns

import androidx.compose.runtime.Composable
import androidx.compose.runtime.NonRestartableComposable
import androidx.compose.runtime.NonSkippableComposable
import androidx.compose.runtime.ReadOnlyComposable

class KLocal(val x: Int)

class KLocalVar(var x: Int)

@Composable
fun KText(text: String) {}

@Composable
fun KPrimitives(b: Boolean, c: Char, by: Byte, s: Short, i: Int, l: Long, f: Float, d: Double) {
    KText("$b$c$by$s$i$l$f$d")
}

@Composable
fun KLiteralDefaults(
    b: Boolean = true,
    c: Char = 'k',
    i: Int = -7,
    l: Long = 40000000000L,
    f: Float = 1.5f,
    d: Double = 2.25,
    s: String = "q\"uote",
    n: String? = null,
) {
    KText("$b$c$i$l$f$d$s$n")
}

@Composable
fun KDynamicDefaults(a: Int, b: Int = a, u: KUnstable = KUnstable(a), c: KColor = KColor.GREEN, o: KObject = KObject) {
    KText("$a$b${u.x}$c$o")
}

@Composable
fun KUnused(a: KStable, b: KUnstable, c: KLocalVar, d: Int, e: String = "e") {
    KText(d.toString())
}

@Composable
fun KLocals(l: KLocal, v: KLocalVar, box: KBox<KLocal>) {
    KText("${l.x}${v.x}${box.value.x}")
}

@Composable
fun <T : Any> KGeneric(value: T, list: List<T>, box: KBox<out T>, star: KBox<*>) {
    KText("$value$list$box$star")
}

@Composable
fun KFunctions(a: () -> Int, b: (String) -> Unit, c: @Composable () -> Unit, d: @Composable (Int) -> Unit) {
    c()
    d(a())
    b("x")
}

@Composable
fun KVarargs(vararg xs: KStable) {
    KText(xs.size.toString())
}

@Composable
fun KVarargInts(first: Int, vararg rest: Int) {
    KText((first + rest.sum()).toString())
}

@Composable
fun KStable.KExtension(other: KUnstable) {
    KText("$x${other.x}")
}

@Composable
fun KTwelve(
    p0: Int, p1: Int, p2: Int, p3: Int, p4: Int, p5: Int,
    p6: Int, p7: Int, p8: Int, p9: Int, p10: KStable, p11: String = "eleven",
) {
    KText("$p0$p1$p2$p3$p4$p5$p6$p7$p8$p9${p10.x}$p11")
}

@Composable
@NonRestartableComposable
fun KNonRestartable(s: KStable, n: Int = 3) {
    KText("${s.x}$n")
}

@Composable
@ReadOnlyComposable
fun kReadOnly(s: String): String = s + "!"

@Composable
@NonSkippableComposable
fun KNonSkippable(s: KStable) {
    KText(s.x.toString())
}

@Composable
inline fun KInline(s: String, content: @Composable (String) -> Unit) {
    content(s)
}

@Composable
fun KReturns(n: Int): KStable = KStable(n)

abstract class KScreen {
    @Composable
    abstract fun Title(text: String)

    @Composable
    open fun Body(box: KBox<Int>, flag: Boolean = false) {
        KText(box.value.toString() + flag)
    }
}

class KHome(val id: Int) : KScreen() {
    @Composable
    override fun Title(text: String) {
        KText(text + id)
    }

    @Composable
    fun Extra(shape: KShape) {
        KText(shape.toString())
    }
}

interface KWidget {
    @Composable
    fun Draw(s: KStable)

    @Composable
    fun Frame(n: Int) {
        KText(n.toString())
    }
}

@Composable
fun KCallAll(s: KStable, u: KUnstable, shape: KShape, screen: KScreen, widget: KWidget) {
    KPrimitives(true, 'c', 1, 2, 3, 4L, 5f, 6.0)
    KLiteralDefaults()
    KLiteralDefaults(b = false, s = "x")
    KDynamicDefaults(1)
    KDynamicDefaults(1, 2, u, KColor.RED, KObject)
    KUnused(s, u, KLocalVar(1), 2)
    KLocals(KLocal(1), KLocalVar(2), KBox(KLocal(3)))
    KGeneric(s, listOf(s), KBox(s), KBox(u))
    KFunctions({ 1 }, { println(it) }, { KText("c") }, { n -> KText(n.toString()) })
    KFunctions({ s.x }, { println(it + u.x) }, { KText(s.x.toString()) }, { n -> KText((n + u.x).toString()) })
    KVarargs(s, KStable(2))
    KVarargInts(1, 2, 3)
    s.KExtension(u)
    KTwelve(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, s)
    KNonRestartable(s)
    KText(kReadOnly("r"))
    KNonSkippable(KStable(1))
    KInline("i") { KText(it) }
    KText(KReturns(2).x.toString())
    screen.Title("t")
    screen.Body(KBox(1))
    KHome(1).Extra(shape)
    widget.Draw(s)
    widget.Frame(4)
}
