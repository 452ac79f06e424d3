// Interfaces read from Positions.kt: another file of the same module.
package producers

interface OtherFileIface {
    val n: Int
}

sealed interface OtherFileSealed {
    class B(val x: Int) : OtherFileSealed
}

fun interface OtherFileFun {
    fun run(): Int
}
