package configured.local

/** Same-module class with a var, listed in the configuration: Stable, $stable 0. */
class LocalVar(var x: Int)

class LocalVarNotListed(var x: Int)
