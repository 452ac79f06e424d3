// Version 2 home of evo.lib.Moving: the same class, now compiled WITHOUT Compose.
package evo.lib

class Moving(val x: Int)
