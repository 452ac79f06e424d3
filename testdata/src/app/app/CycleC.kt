package app

/** Closes the ring TriA -> TriB -> TriC -> TriA across three files; CycleU is unstable. */
class TriC(val a: TriA?, val u: CycleU)
