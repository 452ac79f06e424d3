package app

class CycleB(val a: CycleA?)

class TriB(val c: TriC?)
