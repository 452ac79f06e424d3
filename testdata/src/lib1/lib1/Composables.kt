package lib1

import androidx.compose.runtime.Composable

@Composable
fun LShow(s: LStable) {
    LText(s.a.toString())
}

@Composable
fun LText(text: String) {}

@Composable
fun <T> LShowBox(box: LBox<T>) {
    LText(box.v.toString())
}

@Composable
fun <T> LShowAny(value: T) {
    LText(value.toString())
}

@Composable
fun LShowUnstable(u: LUnstable) {
    LText(u.a.toString())
}

@Composable
fun LWithDefaults(s: LStable = LStable(1), n: Int = 2, label: String = "x") {
    LText(label + s.a + n)
}

@Composable
fun LShowOpen(o: LOpen, i: LIface) {
    LText(o.x.toString() + i.id())
}
