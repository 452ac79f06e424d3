package configured.shadow

class Box<T>(var t: T)

class Other(var x: Int)
