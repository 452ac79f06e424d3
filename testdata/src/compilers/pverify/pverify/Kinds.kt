// Kinds the Compose compiler skips by design (no $stable, no @StabilityInferred) in a Compose
// module: verify never calls them not-compose.
package pverify

interface PlainIface {
    val x: Int
}

enum class Mode { On, Off }

@JvmInline
value class Id(val v: Int)

annotation class Tag

class Outer(val x: Int) {
    inner class Inner(val y: Int)

    companion object {
        var created = 0
    }
}

/** Kotlin 2.1 to 2.3 write $stable 0 for an open class; 2.4.20's rules write 8: drift. */
open class OpenHolder(val x: Int)

/** Older releases write 8 (PublicObject has a var); 2.4.20's rules write 0: drift, stabler. */
class HoldsObject(val o: PublicObject)
