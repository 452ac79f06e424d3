// A class whose static initialiser throws, so the $stable truth tool records an error row.
package app

class BoomOnInit(val x: Int) {
    companion object {
        @JvmField
        val failing: Int = error("boom while initialising BoomOnInit")
    }
}
