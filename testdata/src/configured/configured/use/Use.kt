package configured.use

import androidx.compose.runtime.Composable
import configured.base.ConfChild
import configured.base.ConfGrandChild
import configured.base.SubDate
import configured.deep.DeepRootVar
import configured.deep.sub.DeepVar
import configured.gen.Four
import configured.gen.Holder
import configured.gen.Second
import configured.local.LocalVar
import configured.local.LocalVarNotListed
import configured.mid.Mid
import configured.mid.NotMid
import configured.shadow.Box
import configured.single.SingleGeneric
import configured.single.SingleOuter
import configured.single.SingleVar
import configured.wild.Foo
import configured.wild.FooBar
import configured.wild.Food
import javalib.JavaBox
import javalib.JavaPoint
import lib1.LUnstable
import plainkt.NoCompose
import plainkt.NoComposeVar

class Unstable(var x: Int)

class UsesJava(val d: java.util.Date, val ld: java.time.LocalDate, val p: JavaPoint)

class UsesJavaBox(val s: JavaBox<String>, val u: JavaBox<Unstable>)

class UsesNoCompose(val n: NoCompose, val v: NoComposeVar)

class UsesHolder(val h: Holder<Int, Unstable>)

class UsesHolderFirstUnstable(val h: Holder<Unstable, Int>)

class UsesSecond(val s: Second<Unstable, Int>)

class UsesSecondUnstable(val s: Second<Int, LUnstable>)

class UsesFour(val f: Four<Int, String, Unstable, Long>)

class UsesFourUnstable(val f: Four<Int, String, Long, Unstable>)

class UsesSingle(val s: SingleVar, val g: SingleGeneric<Int>)

class UsesSingleNested(val n: SingleOuter.Nested)

class UsesDeep(val d: DeepVar, val n: DeepVar.DeepNested, val r: DeepRootVar)

class UsesWild(val foo: Foo, val fooBar: FooBar, val food: Food)

class UsesMid(val m: Mid)

class UsesNotMid(val n: NotMid)

class UsesShadowBox(val b: Box<Unstable>)

class UsesLocal(val l: LocalVar)

class UsesLocalNotListed(val l: LocalVarNotListed)

class UsesConfChild(val c: ConfChild)

class UsesGrandChild(val g: ConfGrandChild)

class UsesSubDate(val d: SubDate)

class UsesLists(val l: List<String>, val u: List<Unstable>, val m: Map<String, Int>)

class UsesMutableList(val l: MutableList<Int>)

@Composable
fun ShowConfigured(d: java.util.Date, h: Holder<Int, Unstable>, l: List<String>, n: NoCompose) {
    ShowAny(d)
    ShowAny(h)
    ShowAny(l)
    ShowAny(n)
}

@Composable
fun <T> ShowAny(value: T) {
    value.hashCode()
}

@Composable
fun CallConfigured() {
    ShowConfigured(java.util.Date(), Holder(1, Unstable(1)), listOf("a"), NoCompose(1))
    ShowAny(listOf(Unstable(1)))
    ShowAny(JavaBox(Unstable(1)))
    ShowAny(LocalVar(1))
}
