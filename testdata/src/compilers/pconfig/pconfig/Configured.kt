// Fields whose types a stability configuration file makes stable: Java collections with generic
// masks, a wildcard over a Java package, a wildcard over Kotlin's mutable collection interfaces,
// typealiases to Java classes, and a Kotlin class compiled without Compose.
package pconfig

class Mut(var x: Int)

class UsesArrayListInt(val l: java.util.ArrayList<Int>)

class UsesArrayListMut(val l: java.util.ArrayList<Mut>)

class UsesKotlinArrayList(val l: ArrayList<Int>)

class UsesHashMapMutKey(val m: java.util.HashMap<Mut, Int>)

class UsesHashMapMutValue(val m: java.util.HashMap<Int, Mut>)

class UsesConcurrent(val q: java.util.concurrent.ConcurrentHashMap<String, Mut>)

class UsesMutableList(val l: MutableList<Int>)

class UsesMutableMapMut(val m: MutableMap<String, Mut>)

class UsesStringBuilder(val sb: StringBuilder)

class UsesIntRange(val r: IntRange)

class UsesList(val l: List<Int>)

class UsesDate(val d: java.util.Date)

// Issue 28: a pattern naming the read-only kotlin.collections.List, and fields typed by its
// mutable counterpart and by the read-only one with an unstable argument.
class UsesMutableListMut(val l: MutableList<Mut>)

class UsesListMut(val l: List<Mut>)

class UsesCollection(val c: Collection<Int>)
