// Composables taking and passing classes of the kinds module. The report test reads this module
// without kinds on the classpath: what can still be recovered when a dependency is missing.
package usesdep

import androidx.compose.runtime.Composable
import kinds.KBox
import kinds.KStable
import kinds.KText
import kinds.KUnstable

class UHolder(val s: KStable)

@Composable
fun UShow(s: KStable, u: KUnstable, box: KBox<Int>, n: Int = 1) {
    KText("${s.x}${u.x}${box.value}$n")
}

@Composable
fun UCall(h: UHolder) {
    UShow(h.s, KUnstable(1), KBox(2))
    KText("plain")
}
