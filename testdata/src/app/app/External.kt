// Field types from other modules: Java (javalib), Kotlin without Compose (plainkt), and the
// Compose libraries, two hops deep (app -> lib2 -> lib1).
package app

import javalib.JavaBox
import javalib.JavaColor
import javalib.JavaMutable
import javalib.JavaPoint
import javalib.JavaRecord
import javalib.JavaStableBase
import lib1.LBox
import lib1.LData
import lib1.LEnum
import lib1.LImplStable
import lib1.LIface
import lib1.LNullable
import lib1.LObject
import lib1.LOpen
import lib1.LOuter
import lib1.LPhantom
import lib1.LSealed
import lib1.LSecond
import lib1.LStable
import lib1.LStableIface
import lib1.LUnstable
import lib1.LValue
import lib2.L2Box
import lib2.L2Deep
import lib2.L2Generic
import lib2.L2ImplStable
import lib2.L2Phantom
import lib2.L2Sub
import lib2.L2Wrap
import lib2.L2WrapUnstable
import plainkt.NoCompose
import plainkt.NoComposeBox
import plainkt.NoComposeData
import plainkt.NoComposeEnum
import plainkt.NoComposeImplStable
import plainkt.NoComposeMarked
import plainkt.NoComposeObject
import plainkt.NoComposeSealed
import plainkt.NoComposeShape
import plainkt.NoComposeValue
import plainkt.NoComposeVar

class JavaPointField(val p: JavaPoint)

class JavaMutableField(val m: JavaMutable)

class JavaBoxField(val b: JavaBox<String>)

class JavaRecordField(val r: JavaRecord)

class JavaEnumField(val c: JavaColor)

class JavaStableField(val s: JavaStableBase)

class JavaStringBuilderField(val sb: StringBuilder)

class NoComposeField(val n: NoCompose)

class NoComposeVarField(val n: NoComposeVar)

class NoComposeBoxField(val b: NoComposeBox<Int>)

class NoComposeDataField(val d: NoComposeData)

class NoComposeEnumField(val e: NoComposeEnum)

class NoComposeObjectField(val o: NoComposeObject)

class NoComposeMarkedField(val m: NoComposeMarked)

class NoComposeImplStableField(val i: NoComposeImplStable)

class NoComposeValueField(val v: NoComposeValue)

class NoComposeShapeField(val s: NoComposeShape)

class NoComposeSealedField(val s: NoComposeSealed, val a: NoComposeSealed.A)

class LibStableField(val s: LStable)

class LibUnstableField(val u: LUnstable)

class LibBoxField(val b: LBox<Int>)

class LibBoxOfLib(val b: LBox<LStable>)

class LibBoxOfUnstable(val b: LBox<LUnstable>)

class LibBoxOfLocal(val b: LBox<OneVal>)

class LibBoxOfT<T>(val b: LBox<T>)

class LibPhantomUnstable(val p: LPhantom<LUnstable>)

class LibSecondField(val s: LSecond<LUnstable, Int>)

class LibKinds(val e: LEnum, val o: LObject, val v: LValue, val d: LData, val n: LOuter.LNested)

class LibSealedField(val s: LSealed, val leaf: LSealed.LLeaf)

class LibIfaceField(val i: LIface, val s: LStableIface)

class LibImplStableField(val i: LImplStable)

class LibNullableField(val n: LNullable?)

class LibOpenField(val o: LOpen)

class TwoHopWrap(val w: L2Wrap)

class TwoHopWrapUnstable(val w: L2WrapUnstable)

class TwoHopBox(val b: L2Box<LStable>)

class TwoHopBoxOfT<T>(val b: L2Box<T>)

class TwoHopDeep(val d: L2Deep)

class TwoHopSub(val s: L2Sub)

class TwoHopImplStable(val i: L2ImplStable)

class TwoHopPhantom(val p: L2Phantom)

class TwoHopGeneric(val g: L2Generic<String, LUnstable>)

class StdlibPair(val p: Pair<LStable, NoCompose>)
