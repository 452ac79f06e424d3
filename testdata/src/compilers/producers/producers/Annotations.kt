// Annotation classes and kotlin.Function used as types (issue 28): an annotation class of this
// file, of another file of the module (Marker, in Gaps.kt) and of another module (pdep.DepAnn),
// and kotlin.Function written as a type and as a type argument.
package producers

import pdep.DepAnn

annotation class SameFileAnn

class HoldsSameFileAnn(val a: SameFileAnn)

class HoldsOtherFileAnn(val m: Marker)

class HoldsDepAnn(val a: DepAnn)

class HoldsFunction(val f: Function<Int>)

class HoldsFunctionStar(val f: Function<*>)

class HoldsBoxOfFunction(val b: Box<Function<Int>>)
