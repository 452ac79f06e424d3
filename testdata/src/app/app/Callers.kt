// Call sites in a different file from the callees and from most argument classes. The $changed
// ints passed here are the truth for composestab's call-site computation: the argument's static
// type decides (Runtime(C) -> C.$stable << 3*slot), not the callee's declared parameter type.
package app

import androidx.compose.runtime.Composable
import kotlinx.collections.immutable.persistentListOf

@Composable
fun CallConcrete() {
    ShowBox(Box(listOf(User("a", 1))))
    ShowBox(Box(OtherFilePlain(1)))
    ShowBox(Box(OneVar(1)))
    ShowBox(Box(1))
    ShowBox(Box(CompLocal(1)))
    ShowPair(Pair(OtherFilePlain(1), OneVar(2)))
    ShowPair(1 to "x")
    ShowNoCompose(plainkt.NoCompose(1))
    ShowShape(Square(2.0))
    ShowLambda(onClick = {}, content = { Text("c") })
    ShowInt(7)
    ShowString("constant")
    ShowCompLocal(CompLocal(1))
    ShowCompLocalVar(CompLocalVar(1))
    ShowUser(User("b", 2))
    ShowValue(OtherFilePlain(2))
    ShowValue(listOf(1, 2))
    ShowValue(persistentListOf("a"))
    ShowValue(emptyList<OneVar>())
    ShowList(listOf("x"))
    ShowList(mutableListOf("y"))
}

@Composable
fun CallForwarding(p: OtherFilePlain, hv: OneVar, anon: Shape, box: Box<User>, n: Int) {
    ShowPlain(p, n)
    ShowUnstable(hv)
    ShowShape(anon)
    ShowBox(box)
    ShowBox(Box(p))
    ShowValue(p)
    ShowValue(hv)
    ShowEleven(n, "s", User("u", n), hv, p, Box(n), anon, 1L, CompLocal(n), plainkt.NoCompose(n), Color.RED)
}

@Composable
fun <T> CallGeneric(value: T, box: Box<T>, list: List<T>) {
    ShowValue(value)
    ShowBox(box)
    ShowBox(Box(value))
    ShowValueTwice(value, value)
    ShowValue(list)
}

@Composable
fun CallDefaults(user: User) {
    ShowDefaults()
    ShowDefaults(user)
    ShowDefaults(count = 9, unstable = OneVar(3))
    ShowNullableDefault()
    ShowNullableDefault("s")
}

@Composable
fun CallLocals() {
    val fromListOf = listOf(OtherFilePlain(1))
    val fromMutable = mutableListOf(1)
    val fixed = 3
    ShowValue(fromListOf)
    ShowValue(fromMutable)
    ShowInt(fixed)
    ShowVararg("a", "b")
    User("r", 1).ShowAsReceiver("!")
    ShowKnown(1 to "x", persistentListOf("y"), java.math.BigDecimal.ONE)
    ShowJava(javalib.JavaPoint(1, 2), javalib.JavaColor.RED)
    ShowEnumObject(Color.GREEN, PlainObject)
    ShowValueClass(Meters(1.0), Wrapped(mutableListOf()))
    ShowFunctionTypes({ it.toString() }, {})
    ShowMarked(MarkedStable(1), MarkedCustom(2))
    NonRestartable("n")
    NonSkippable("s")
    InlineComposable { Text("inline") }
    Text(readOnlyValue().toString())
    Text(rememberedUser("m").name)
}

@Composable
fun CallScreens(screen: Screen, widget: Widget) {
    screen.Content()
    screen.Footer(User("f", 1))
    widget.Render(Box("w"))
    HomeScreen(1).Content("home")
}
