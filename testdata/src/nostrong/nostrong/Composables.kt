package nostrong

import androidx.compose.runtime.Composable
import lib1.LBox
import lib1.LStable
import lib1.LUnstable
import plainkt.NoCompose

@Composable
fun NsText(s: String) {}

@Composable
fun NsShowStable(s: NsStable) {
    NsText(s.x.toString())
}

@Composable
fun NsShowUnstable(u: NsUnstable) {
    NsText(u.x.toString())
}

@Composable
fun NsShowNoCompose(n: NoCompose) {
    NsText(n.x.toString())
}

@Composable
fun <T> NsShowBox(b: NsBox<T>) {
    NsText(b.t.toString())
}

@Composable
fun <T> NsShowValue(v: T) {
    NsText(v.toString())
}

@Composable
fun NsShowShape(s: NsShape) {
    NsText(s.toString())
}

@Composable
fun NsShowLib(s: LStable, u: LUnstable, b: LBox<Int>) {
    NsText("${s.a}${u.a}${b.v}")
}

@Composable
fun NsShowMixed(a: Int, u: NsUnstable, s: NsStable, n: NoCompose, l: List<String>, f: () -> Unit) {
    NsText("$a$u$s$n$l$f")
}

@Composable
fun NsShowUnusedUnstable(u: NsUnstable, used: Int) {
    NsText(used.toString())
}

@Composable
fun NsShowDefaultUnstable(u: NsUnstable = NsUnstable(1)) {
    NsText(u.x.toString())
}

/** Declared in this file, so it is known Unstable here (Model.kt classes are Runtime here). */
class NsLocalUnstable(var x: Int)

@Composable
fun NsShowLocalUnstable(u: NsLocalUnstable, n: Int) {
    NsText(u.x.toString() + n)
}

@Composable
fun NsCallSameFile(u: NsLocalUnstable) {
    NsShowLocalUnstable(NsLocalUnstable(1), 2)
    NsShowLocalUnstable(u, 3)
    NsShowValue(NsLocalUnstable(4))
}
