package cfgprobe
class Foo(var x: Int)
class Holder(val f: Foo)
