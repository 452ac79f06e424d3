// Call sites crossing module boundaries: app calling lib1 and lib2 composables with app, lib1,
// lib2, Java and non-Compose arguments.
package app

import androidx.compose.runtime.Composable
import lib1.LBox
import lib1.LShow
import lib1.LShowAny
import lib1.LShowBox
import lib1.LShowOpen
import lib1.LShowUnstable
import lib1.LStable
import lib1.LUnstable
import lib1.LWithDefaults
import lib2.L2Box
import lib2.L2ShowBox
import lib2.L2Text
import lib2.L2Wrap

@Composable
fun CallLib1() {
    LShow(LStable(1))
    LShowUnstable(LUnstable(1))
    LShowBox(LBox(OtherFilePlain(1)))
    LShowBox(LBox(LStable(2)))
    LShowBox(LBox(plainkt.NoCompose(3)))
    LShowBox(LBox(javalib.JavaPoint(1, 2)))
    LShowAny(User("x", 1))
    LShowAny(Box(LStable(1)))
    LWithDefaults()
    LWithDefaults(LStable(5), label = "y")
    LShowOpen(lib1.LOpen(1), object : lib1.LIface {
        override fun id() = 1
    })
}

@Composable
fun CallLib2(w: L2Wrap) {
    lib2.L2Screen(w)
    lib2.L2Screen(L2Wrap(LStable(1)))
    L2ShowBox(L2Box(LBox(User("a", 1))))
    L2ShowBox(L2Box(LBox(OneVar(1))))
    L2Text("t")
    ShowLib(LStable(1), LUnstable(2), LBox("b"), w)
}
