package configured.base

/** Listed: subclasses match through their direct supertype. */
open class ConfBase(var base: Int)

class ConfChild(var x: Int) : ConfBase(1)

open class ConfOpenChild(val x: Int) : ConfBase(1)

/** Supertype matching is not transitive: ConfOpenChild is not listed. */
class ConfGrandChild(var y: Int) : ConfOpenChild(1)

interface ConfIface

class ConfIfaceImpl(var z: Int) : ConfIface

/** Supertype is a configured Java class. */
class SubDate : java.util.Date()
