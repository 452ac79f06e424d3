package lib2

import androidx.compose.runtime.Composable
import lib1.LBox
import lib1.LShow
import lib1.LShowAny
import lib1.LShowBox
import lib1.LStable
import lib1.LText
import lib1.LUnstable
import lib1.LWithDefaults

@Composable
fun L2Screen(w: L2Wrap) {
    LShow(w.s)
    LShowBox(LBox(w))
    LShowAny(w)
    LWithDefaults(n = 3)
}

@Composable
fun <T> L2ShowBox(b: L2Box<T>) {
    LShowBox(b.box)
    LShowBox(LBox(LStable(1)))
    LShowBox(LBox(LUnstable(1)))
}

@Composable
fun L2Text(text: String, count: Int = 0) {
    LText(text + count)
}
