package androidx.compose.runtime.internal

import androidx.compose.runtime.Composer
import androidx.compose.runtime.Stable

/** Written by the plugin on every inferred class: bit i = type parameter i participates. */
@Retention(AnnotationRetention.BINARY)
@Target(AnnotationTarget.CLASS)
annotation class StabilityInferred(val parameters: Int)

@Retention(AnnotationRetention.BINARY)
@Target(AnnotationTarget.FUNCTION)
annotation class FunctionKeyMeta(val key: Int, val startOffset: Int, val endOffset: Int)

@Retention(AnnotationRetention.BINARY)
@Target(AnnotationTarget.CLASS)
annotation class FunctionKeyMetaClass(val file: String)

@Retention(AnnotationRetention.BINARY)
@Target(AnnotationTarget.CLASS)
annotation class LiveLiteralFileInfo(val file: String)

@Retention(AnnotationRetention.BINARY)
@Target(AnnotationTarget.PROPERTY)
annotation class LiveLiteralInfo(val key: String, val offset: Int)
