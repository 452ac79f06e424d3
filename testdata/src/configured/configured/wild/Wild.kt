package configured.wild

/** configured.wild.Foo* does not match Foo itself. */
class Foo(var x: Int)

class FooBar(var x: Int)

class Food(var x: Int)
