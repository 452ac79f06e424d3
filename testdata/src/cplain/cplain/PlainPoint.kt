// A Kotlin class compiled without the Compose plugin: it has no $stable and no
// @StabilityInferred, so Compose takes it for Unstable wherever it is used.
package cplain

data class PlainPoint(val x: Int, val y: Int)
