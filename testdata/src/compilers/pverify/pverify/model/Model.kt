// The package verify's tests pass to --expect-stable.
package pverify.model

class ModelOk(val x: Int)

/** Not stable: expect-stable (error). */
class ModelVar(var x: Int)

/** Not public API: never expect-stable. */
internal class ModelInternal(var x: Int)
