// Issue 28's composables-report positions: an unused vararg parameter, and default values that are
// calls the compiler treats as static (the standard library's empty-collection builders).
package kinds

import androidx.compose.runtime.Composable

@Composable
fun KUnusedVararg(vararg xs: Int) {
}

@Composable
fun KUnusedVarargStable(label: String, vararg xs: KStable) {
    KText(label)
}

@Composable
fun KDefaultEmptyList(xs: List<Int> = emptyList()) {
    KText(xs.size.toString())
}

@Composable
fun KDefaultListOf(xs: List<String> = listOf()) {
    KText(xs.size.toString())
}

@Composable
fun KDefaultEmptyMap(m: Map<String, Int> = emptyMap()) {
    KText(m.size.toString())
}

@Composable
fun KDefaultEmptySet(s: Set<Int> = emptySet(), n: Int = 0) {
    KText((s.size + n).toString())
}

@Composable
fun KDefaultListOfOne(xs: List<Int> = listOf(1)) {
    KText(xs.size.toString())
}
