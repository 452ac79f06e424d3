package configured.gen

class Holder<A, B>(var a: A, var b: B)

class Second<A, B>(val a: A, val b: B)

class Four<A, B, C, D>(val a: A, val b: B, val c: C, val d: D)
