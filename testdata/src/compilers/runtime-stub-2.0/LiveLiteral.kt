package androidx.compose.runtime.internal

import androidx.compose.runtime.State

// The Compose compiler of Kotlin 2.0.x looks these up when it starts, live literals on or off.
fun <T> liveLiteral(key: String, value: T): State<T> = throw UnsupportedOperationException("stub")
val isLiveLiteralsEnabled: Boolean = false
