package cfgapp

import cfgdomain.Basket
import cfgdomain.Cache
import cfgdomain.Counter
import cfgdomain.Grid
import cfgdomain.Labelled
import cfgdomain.Square
import cfgdomain.Tagged
import cfgdomain.Wrapper
import cfgdomain.orders.Draft
import javalib.JavaMutable

// What the JVM shows of each class a configuration line names: "own" when its own API changes an
// instance (the change read back), "via" when an instance of a subtype or a held value changes
// while the declared type says nothing of it, "none" when no public API changes it.
// testdata/generate runs main and keeps the output as golden/cfgapp/mutations.tsv.

private fun changed(before: Any?, after: () -> Any?): Boolean = before != after()

val mutations: List<Pair<String, () -> String>> = listOf(
    "cfgdomain.Counter" to { val c = Counter(1); val b = c.count; c.count = 2; own(changed(b) { c.count }) },
    "cfgdomain.Basket" to { val x = Basket(mutableListOf()); val b = x.items.size; x.items.add("a"); own(changed(b) { x.items.size }) },
    "cfgdomain.Grid" to { val g = Grid(IntArray(1)); val b = g.cells[0]; g.cells[0] = 7; own(changed(b) { g.cells[0] }) },
    "cfgdomain.Wrapper" to { val w = Wrapper(Counter(1)); val b = w.counter.count; w.counter.count = 5; own(changed(b) { w.counter.count }) },
    "cfgdomain.Cache" to { val c = Cache(); val b = c.hits(); c.touch(); own(changed(b) { c.hits() }) },
    "javalib.JavaMutable" to { val j = JavaMutable(); val b = j.count; j.count = 3; own(changed(b) { j.count }) },
    "cfgdomain.orders.Draft" to { val d = Draft("a"); val b = d.title; d.title = "b"; own(changed(b) { d.title }) },
    "kotlin.collections.MutableList" to { val l: MutableList<Int> = mutableListOf(); val b = l.size; l.add(1); own(changed(b) { l.size }) },
    "kotlin.collections.MutableSet" to { val x: MutableSet<Int> = mutableSetOf(); val b = x.size; x.add(1); own(changed(b) { x.size }) },
    "kotlin.collections.MutableMap" to { val x: MutableMap<Int, Int> = mutableMapOf(); val b = x.size; x[1] = 1; own(changed(b) { x.size }) },
    "kotlin.collections.MutableCollection" to { val x: MutableCollection<Int> = mutableListOf(); val b = x.size; x.add(1); own(changed(b) { x.size }) },
    "kotlin.collections.MutableIterable" to { val l = mutableListOf(1); val x: MutableIterable<Int> = l; val b = x.count(); x.iterator().run { next(); remove() }; own(changed(b) { x.count() }) },
    "kotlin.collections.MutableIterator" to { val l = mutableListOf(1, 2); val x: MutableIterator<Int> = l.iterator(); val b = x.next(); x.remove(); own(changed(b) { x.next() }) },
    "kotlin.collections.MutableListIterator" to { val x: MutableListIterator<Int> = mutableListOf(1).listIterator(); x.next(); x.set(2); val b = x.previous(); x.set(3); own(changed(b) { x.next(); x.previous() }) },
    "kotlin.collections.ArrayDeque" to { val x = ArrayDeque<Int>(); val b = x.size; x.addLast(1); own(changed(b) { x.size }) },
    "cfgdomain.Square" to { val s = Square(1.0); val b = s.side; s.side = 2.0; own(changed(b) { s.side }) },
    "cfgdomain.Labelled" to { val x = Labelled("id", "a"); val b = x.label; x.label = "b"; own(changed(b) { x.label }) },
    "cfgdomain.Shape" to { val s = Square(1.0); val b = s.area; s.side = 2.0; via(changed(b) { s.area }) },
    "cfgdomain.Base" to { val x = Labelled("id", "a"); val b = x.label; x.label = "b"; via(changed(b) { x.label }) },
    "cfgdomain.Tagged" to { val c = Counter(1); val t = Tagged(c); val b = (t.tag as Counter).count; c.count = 2; via(changed(b) { (t.tag as Counter).count }) },
    "java.util.Date" to { val d = java.util.Date(0); val b = d.time; d.time = 1; own(changed(b) { d.time }) },
)

private fun own(changed: Boolean) = if (changed) "own" else "none"
private fun via(changed: Boolean) = if (changed) "via" else "none"

/** Prints CLASS<TAB>own|via|none for every probe; classes without one have no public API that changes them. */
fun main() {
    for ((name, probe) in mutations) println(name + "\t" + probe())
}
