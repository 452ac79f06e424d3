// Generic classes, with used and unused type parameters.
package producers

class Phantom<T>(val x: Int)

class PhantomMutable<T>(var x: Int)

class Box<T>(val value: T)

class Pair2<A, B>(val a: A, val b: B)

class HalfUsed<A, B>(val b: B)

class BoxOfList<T>(val items: List<T>)
