// A $stable initialisation cycle across files: CycleA.$stable = CycleB.$stable | CycleU.$stable and
// CycleB.$stable = CycleA.$stable. Initialising CycleA first gives CycleB = 0 (it reads CycleA's
// $stable while CycleA is still being initialised); initialising CycleB first gives 8 for both.
package app

class CycleA(val b: CycleB?, val u: CycleU)

class TriA(val b: TriB?)
