package evo.lib

/** Was `val h` in v1. */
class Helper(var h: Int)
