package cchurn

/** Records, in order, the composable bodies that ran: ChurnRun reads and clears bodies. */
object Probe {
    @JvmField
    val bodies: MutableList<String> = ArrayList()

    @JvmStatic
    fun body(name: String, vararg used: Any?) {
        if (name != "click") {
            bodies.add(name)
        }
    }
}
