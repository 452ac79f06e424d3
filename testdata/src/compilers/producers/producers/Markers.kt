// Stable markers: Error Prone's @Immutable is one for the Compose compiler (by class name), so a
// class holding a var is still Stable when marked with it.
package producers

@com.google.errorprone.annotations.Immutable
class ErrorProneMarked(var x: Int)

class ErrorProneHolder(val m: ErrorProneMarked)
