// Compiled with featureFlag=-StrongSkipping: known-unstable parameters make a composable
// non-skippable and call sites set the unstable bit (0b100 << 3*slot) for unstable arguments.
package nostrong

class NsStable(val x: Int)

class NsUnstable(var x: Int)

class NsBox<T>(val t: T)

interface NsShape
