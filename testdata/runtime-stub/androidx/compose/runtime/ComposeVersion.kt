package androidx.compose.runtime

// The plugin's VersionChecker reads this constant and refuses anything below 3300 (1.0.0).
object ComposeVersion {
    @Suppress("unused")
    const val version: Int = 14000
}
