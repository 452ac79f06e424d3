// Every KnownStableConstructs entry with a stable and an unstable type argument, plus the
// stableFunctions used as call arguments elsewhere.
package app

import java.math.BigDecimal
import java.math.BigInteger
import java.util.Locale
import kotlin.coroutines.EmptyCoroutineContext

class KPair(val p: Pair<Int, String>)

class KPairUnstable(val p: Pair<Int, OneVar>)

class KTriple(val t: Triple<Int, String, Long>)

class KTripleUnstable(val t: Triple<Int, String, OneVar>)

class KComparator(val c: Comparator<String>)

class KComparatorUnstable(val c: Comparator<OneVar>)

class KResult(val r: Result<String>)

class KClosedRange(val r: ClosedRange<Int>)

class KClosedRangeUnstable(val r: ClosedRange<BigUnstableComparable>)

class BigUnstableComparable(var v: Int) : Comparable<BigUnstableComparable> {
    override fun compareTo(other: BigUnstableComparable) = v.compareTo(other.v)
}

class KClosedFloatingPointRange(val r: ClosedFloatingPointRange<Double>)

class KGuavaList(val l: com.google.common.collect.ImmutableList<String>)

class KGuavaListUnstable(val l: com.google.common.collect.ImmutableList<OneVar>)

class KGuavaSet(val s: com.google.common.collect.ImmutableSet<Int>)

class KGuavaMap(val m: com.google.common.collect.ImmutableMap<String, Int>)

class KGuavaMapUnstableValue(val m: com.google.common.collect.ImmutableMap<String, OneVar>)

class KGuavaEnumSet(val s: com.google.common.collect.ImmutableEnumSet<Color>)

class KGuavaEnumMap(val m: com.google.common.collect.ImmutableEnumMap<Color, String>)

class KxImmutableCollection(val c: kotlinx.collections.immutable.ImmutableCollection<String>)

class KxImmutableList(val l: kotlinx.collections.immutable.ImmutableList<String>)

class KxImmutableListUnstable(val l: kotlinx.collections.immutable.ImmutableList<OneVar>)

class KxImmutableSet(val s: kotlinx.collections.immutable.ImmutableSet<Int>)

class KxImmutableMap(val m: kotlinx.collections.immutable.ImmutableMap<String, Int>)

class KxPersistentCollection(val c: kotlinx.collections.immutable.PersistentCollection<String>)

class KxPersistentList(val l: kotlinx.collections.immutable.PersistentList<String>)

class KxPersistentSet(val s: kotlinx.collections.immutable.PersistentSet<String>)

class KxPersistentMap(val m: kotlinx.collections.immutable.PersistentMap<String, Box<Int>>)

class KxPersistentMapUnstable(val m: kotlinx.collections.immutable.PersistentMap<OneVar, String>)

class KDaggerLazy(val l: dagger.Lazy<String>)

class KDaggerLazyUnstable(val l: dagger.Lazy<OneVar>)

class KEmptyCoroutineContext(val c: EmptyCoroutineContext)

class KBigInteger(val i: BigInteger)

class KBigDecimal(val d: BigDecimal)

class KLocale(val l: Locale)

/** Not in the list: java.time and java.util.Date are plain Java classes (Unstable). */
class KLocalDate(val d: java.time.LocalDate)

class KDate(val d: java.util.Date)

/** The generic known construct with a type parameter of the holder. */
class KGenericPair<A, B>(val p: Pair<A, B>)

class KPersistentListOfT<T>(val l: kotlinx.collections.immutable.PersistentList<T>)
