// Stand-ins for kotlinx.collections.immutable under the real names, so the Compose plugin's
// KnownStableConstructs (types) and stableFunctions (factory calls) recognise them.
package kotlinx.collections.immutable

interface ImmutableCollection<out E> : Collection<E>

interface ImmutableList<out E> : List<E>, ImmutableCollection<E>

interface ImmutableSet<out E> : Set<E>, ImmutableCollection<E>

interface ImmutableMap<K, out V> : Map<K, V>

interface PersistentCollection<out E> : ImmutableCollection<E>

interface PersistentList<out E> : ImmutableList<E>, PersistentCollection<E>

interface PersistentSet<out E> : ImmutableSet<E>, PersistentCollection<E>

interface PersistentMap<K, out V> : ImmutableMap<K, V>

private class ListImpl<E>(val items: List<E>) : PersistentList<E>, List<E> by items

private class SetImpl<E>(val items: Set<E>) : PersistentSet<E>, Set<E> by items

private class MapImpl<K, V>(val items: Map<K, V>) : PersistentMap<K, V>, Map<K, V> by items

fun <E> persistentListOf(vararg elements: E): PersistentList<E> = ListImpl(elements.toList())

fun <E> persistentSetOf(vararg elements: E): PersistentSet<E> = SetImpl(elements.toSet())

fun <K, V> persistentMapOf(vararg pairs: Pair<K, V>): PersistentMap<K, V> = MapImpl(pairs.toMap())

fun <E> immutableListOf(vararg elements: E): ImmutableList<E> = ListImpl(elements.toList())

fun <E> immutableSetOf(vararg elements: E): ImmutableSet<E> = SetImpl(elements.toSet())

fun <K, V> immutableMapOf(vararg pairs: Pair<K, V>): ImmutableMap<K, V> = MapImpl(pairs.toMap())
