package nostrong

import androidx.compose.runtime.Composable
import lib1.LBox
import lib1.LStable
import lib1.LUnstable
import plainkt.NoCompose

@Composable
fun NsCallAll(u: NsUnstable, s: NsStable, shape: NsShape) {
    NsShowStable(NsStable(1))
    NsShowStable(s)
    NsShowUnstable(NsUnstable(1))
    NsShowUnstable(u)
    NsShowNoCompose(NoCompose(1))
    NsShowBox(NsBox(NsStable(1)))
    NsShowBox(NsBox(NsUnstable(1)))
    NsShowBox(NsBox(NoCompose(1)))
    NsShowValue(u)
    NsShowValue(LStable(1))
    NsShowShape(shape)
    NsShowLib(LStable(1), LUnstable(2), LBox(3))
    NsShowMixed(1, u, s, NoCompose(2), listOf("x"), {})
    NsShowUnusedUnstable(u, 3)
    NsShowDefaultUnstable()
}

@Composable
fun <T> NsCallGeneric(v: T) {
    NsShowValue(v)
    NsShowBox(NsBox(v))
}
