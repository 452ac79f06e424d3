// Error Prone's @Immutable, declared here so that the matrix needs no Error Prone jar: the
// Compose compiler recognizes it by its class name alone.
package com.google.errorprone.annotations

annotation class Immutable
