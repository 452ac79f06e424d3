// Minimal stand-in for androidx.compose.runtime: just enough for the Compose
// compiler plugin to process plain classes. Not a usable runtime.
package androidx.compose.runtime

object ComposeVersion {
    const val version: Int = 14000
}

@Retention(AnnotationRetention.BINARY)
@Target(AnnotationTarget.FUNCTION, AnnotationTarget.TYPE, AnnotationTarget.TYPE_PARAMETER, AnnotationTarget.PROPERTY_GETTER)
annotation class Composable

interface Composer {
    fun changed(value: Any?): Boolean
    fun changed(value: Boolean): Boolean
    fun changed(value: Char): Boolean
    fun changed(value: Byte): Boolean
    fun changed(value: Short): Boolean
    fun changed(value: Int): Boolean
    fun changed(value: Float): Boolean
    fun changed(value: Long): Boolean
    fun changed(value: Double): Boolean
    fun changedInstance(value: Any?): Boolean
}
