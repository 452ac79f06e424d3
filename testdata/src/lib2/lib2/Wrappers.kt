// Second hop: lib2 depends on lib1 (app -> lib2 -> lib1). Fields typed with lib1 classes are
// Runtime(<lib1 class>) here, because lib1 classes are external and carry @StabilityInferred.
package lib2

import lib1.LBox
import lib1.LData
import lib1.LEnum
import lib1.LObject
import lib1.LOpen
import lib1.LPhantom
import lib1.LStable
import lib1.LStableIface
import lib1.LUnstable
import lib1.LValue

class L2Wrap(val s: LStable)

class L2WrapUnstable(val u: LUnstable)

class L2Box<T>(val box: LBox<T>)

class L2Deep(val box: LBox<LBox<LStable>>)

class L2Sub(val y: Int) : LOpen(1)

class L2ImplStable(var x: Int) : LStableIface

/** On JVM the phantom mask of LPhantom is ignored: Runtime(LPhantom) and Runtime(LUnstable). */
class L2Phantom(val p: LPhantom<LUnstable>)

class L2Mixed(val e: LEnum, val o: LObject, val v: LValue, val d: LData)

open class L2Open(val w: L2Wrap)

class L2Generic<A, B>(val a: A, val box: LBox<B>)
