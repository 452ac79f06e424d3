// Composable callees: stable, unstable, runtime-stable, interface, generic and lambda parameters,
// with and without defaults, plus the function kinds the reports distinguish.
package app

import androidx.compose.runtime.Composable
import androidx.compose.runtime.NonRestartableComposable
import androidx.compose.runtime.NonSkippableComposable
import androidx.compose.runtime.ReadOnlyComposable
import androidx.compose.runtime.remember

/** Declared in the same file as the composables that take it (analysed field by field). */
class CompLocal(val x: Int)

class CompLocalVar(var x: Int)

@Composable
fun Text(text: String) {}

@Composable
fun ShowInt(n: Int) {
    Text(n.toString())
}

@Composable
fun ShowString(s: String, n: Int = 0) {
    Text(s + n)
}

@Composable
fun ShowCompLocal(c: CompLocal) {
    Text(c.x.toString())
}

@Composable
fun ShowCompLocalVar(c: CompLocalVar) {
    Text(c.x.toString())
}

@Composable
fun ShowPlain(p: OtherFilePlain, n: Int) {
    Text(p.a.toString() + n)
}

@Composable
fun ShowUnstable(v: OneVar) {
    Text(v.x.toString())
}

@Composable
fun ShowUser(user: User) {
    Text(user.name)
}

@Composable
fun ShowShape(shape: Shape) {
    Text(shape.area.toString())
}

@Composable
fun <T> ShowBox(box: Box<T>) {
    Text(box.value.toString())
}

@Composable
fun <T> ShowValue(value: T) {
    Text(value.toString())
}

@Composable
fun <T> ShowValueTwice(value: T, other: T) {
    ShowValue(value)
    ShowValue(other)
}

@Composable
fun <A, B> ShowPair(pair: Pair<A, B>) {
    Text(pair.toString())
}

@Composable
fun ShowList(items: List<String>) {
    Text(items.joinToString())
}

@Composable
fun ShowNoCompose(n: plainkt.NoCompose) {
    Text(n.x.toString())
}

@Composable
fun ShowLambda(onClick: () -> Unit, content: @Composable () -> Unit) {
    content()
    onClick()
}

@Composable
fun ShowDefaults(
    user: User = User("a", 1),
    count: Int = 3,
    label: String = "label",
    box: Box<Int> = Box(1),
    unstable: OneVar = OneVar(1),
) {
    Text(user.name + count + label + box.value + unstable.x)
}

@Composable
fun ShowNullableDefault(s: String? = null, u: User? = null) {
    Text(s + u)
}

@Composable
fun ShowUnused(unusedStable: Int, unusedUnstable: OneVar, used: String) {
    Text(used)
}

@Composable
fun ShowEleven(
    a0: Int, a1: String, a2: User, a3: OneVar, a4: OtherFilePlain,
    a5: Box<Int>, a6: Shape, a7: Long, a8: CompLocal, a9: plainkt.NoCompose, a10: Color,
) {
    Text("$a0$a1$a2$a3$a4$a5$a6$a7$a8$a9$a10")
}

@Composable
fun ShowVararg(vararg names: String) {
    Text(names.joinToString())
}

@Composable
fun User.ShowAsReceiver(suffix: String) {
    Text(name + suffix)
}

@Composable
@ReadOnlyComposable
fun readOnlyValue(): Int = 42

@Composable
@NonRestartableComposable
fun NonRestartable(s: String) {
    Text(s)
}

@Composable
@NonSkippableComposable
fun NonSkippable(s: String) {
    Text(s)
}

@Composable
inline fun InlineComposable(content: @Composable () -> Unit) {
    content()
}

@Composable
fun rememberedUser(name: String): User = remember(name) { User(name, 0) }

@Composable
fun ShowSuspend(block: suspend () -> Unit) {
    Text(block.toString())
}

@Composable
fun ShowMarked(m: MarkedStable, c: MarkedCustom) {
    Text(m.x.toString() + c.y)
}

@Composable
fun ShowKnown(
    p: Pair<Int, String>,
    l: kotlinx.collections.immutable.PersistentList<String>,
    b: java.math.BigDecimal,
) {
    Text("$p$l$b")
}

@Composable
fun ShowLib(s: lib1.LStable, u: lib1.LUnstable, b: lib1.LBox<String>, w: lib2.L2Wrap) {
    Text("${s.a}${u.a}${b.v}${w.s}")
}

@Composable
fun ShowJava(p: javalib.JavaPoint, c: javalib.JavaColor) {
    Text("${p.x}$c")
}

@Composable
fun ShowEnumObject(c: Color, o: PlainObject) {
    Text("$c$o")
}

@Composable
fun ShowValueClass(m: Meters, w: Wrapped) {
    Text("$m$w")
}

@Composable
fun ShowFunctionTypes(f: (Int) -> String, s: suspend () -> Unit) {
    Text(f(1) + s)
}

abstract class Screen {
    @Composable
    abstract fun Content(title: String = "t")

    @Composable
    open fun Footer(user: User) {
        Text(user.name)
    }
}

class HomeScreen(val id: Int) : Screen() {
    @Composable
    override fun Content(title: String) {
        Text(title + id)
    }
}

interface Widget {
    @Composable
    fun Render(box: Box<String>)
}

/** Call sites in the callee's file: CompLocal/CompLocalVar are field-analysed, Box is Runtime(Box). */
@Composable
fun CallSameFile(v: CompLocalVar) {
    ShowCompLocal(CompLocal(1))
    ShowCompLocalVar(CompLocalVar(2))
    ShowCompLocalVar(v)
    ShowBox(Box(CompLocal(3)))
    ShowBox(Box(CompLocalVar(4)))
    ShowValue(CompLocalVar(5))
}
