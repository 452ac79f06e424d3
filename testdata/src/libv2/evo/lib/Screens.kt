package evo.lib

import androidx.compose.runtime.Composable
import evo.dep.Dep

@Composable
fun ShowStableToUnstable(v: StableToUnstable) {
    v.hashCode()
}

@Composable
fun ShowDependsOnDep(v: DependsOnDep, u: UnstableToStable) {
    v.hashCode()
    u.hashCode()
}

@Composable
fun CallEvolving() {
    ShowStableToUnstable(StableToUnstable(1))
    ShowDependsOnDep(DependsOnDep(Dep(1)), UnstableToStable(2))
}
