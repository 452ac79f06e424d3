package configured.mid

/** Matched by configured.*.Mid. */
class Mid(var x: Int)

class NotMid(var x: Int)
