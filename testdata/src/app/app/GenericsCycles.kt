// Type-parameter and class cycles that the inferencer cuts (spec 1.1 step 4, 1.2 check 1).
package app

class Recursive(val next: Recursive?)

class Node<T>(val value: T, val next: Node<T>?)

class TwoLevel<T>(val inner: Box<Box<T>>)

class SelfList(val children: List<SelfList>)

class Tree<T>(val value: T, val left: Tree<T>?, val right: Tree<T>?)

/** Same-file mutual reference: each analysis re-enters the other and is cut to Unstable. */
class SameFileA(val b: SameFileB?)

class SameFileB(val a: SameFileA?)
