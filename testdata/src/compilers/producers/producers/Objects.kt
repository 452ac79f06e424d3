// Objects: Kotlin 2.4's Compose compiler makes every object stable; older ones inferred them
// from their fields.
package producers

object MutableObject {
    var count = 0
}

object PlainObject {
    val x = 1
}

class WithCompanion(val x: Int) {
    companion object {
        var calls = 0
    }
}

data object DataObject
