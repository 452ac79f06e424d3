// Subclasses of another module's classes, and implementations of another module's interface.
package producers

class SubOfDep(val y: Int) : pdep.DepOpen(1)

class SubOfDepAbstract(val y: Int) : pdep.DepAbstract("n")

class SubOfDepMutable(val y: Int) : pdep.DepMutableOpen(1)

class ImplDepIface(val x: Int) : pdep.DepIface

class ImplDepIfaceVar(var x: Int) : pdep.DepIface
