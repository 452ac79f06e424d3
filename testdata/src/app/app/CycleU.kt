package app

class CycleU(var x: Int)
