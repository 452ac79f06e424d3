package evo.lib

/** v2: val -> var. */
class Helper(val h: Int)
