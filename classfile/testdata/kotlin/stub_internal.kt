package androidx.compose.runtime.internal

@Retention(AnnotationRetention.BINARY)
@Target(AnnotationTarget.CLASS)
annotation class StabilityInferred(val parameters: Int)
