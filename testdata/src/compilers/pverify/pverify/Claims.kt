// Classes that claim stability (@Stable, @Immutable, or a marked supertype), for verify's
// stable-claim rules. Each comment says what verify reports for the public-API default.
package pverify

import androidx.compose.runtime.Immutable
import androidx.compose.runtime.MutableState
import androidx.compose.runtime.Stable
import androidx.compose.runtime.State
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import kotlin.properties.Delegates
import pverify.nc.NcCounter
import pverify.nc.NcPoint

// Lies (stable-claim-mutable, error): state the runtime cannot observe.

/** A plain var with a public setter. */
@Stable
class StablePublicVar {
    var count: Int = 0
}

/** A private var written after construction, by a method. */
@Stable
class StablePrivateVarWritten {
    private var n = 0

    fun bump(): Int {
        n += 1
        return n
    }
}

/** A mutable collection. */
@Stable
class StableMutableList(val items: MutableList<String>)

/** An array. */
@Stable
class StableArray(val data: IntArray)

/** A var holding a MutableState, replaced after construction: readers keep the old state. */
@Stable
class StableStateReassigned {
    var state: MutableState<Int> = mutableStateOf(0)
        private set

    fun reset() {
        state = mutableStateOf(0)
    }
}

/** A var delegated to something that is not snapshot state. */
@Stable
class StableObservable {
    var x: Int by Delegates.observable(0) { _, _, _ -> }
}

/** Unstable (a var): no claim, no finding. */
class Counter {
    var n = 0
}

/** Holds a class whose var changes. */
@Stable
class StableHoldsCounter(val counter: Counter)

/** Holds a class of the non-Compose module whose var changes. */
@Stable
class StableHoldsNcCounter(val counter: NcCounter)

/** @Immutable promises no change at all: a var delegated to snapshot state is one. */
@Immutable
class ImmutableDelegatedState {
    var x by mutableStateOf(0)
}

/** @Immutable with a val holding a MutableState. */
@Immutable
class ImmutableValState(val s: MutableState<Int>)

@Stable
interface StableIface {
    val id: Int
}

/** Stable through its supertype's marker, with a var. */
class ImplementsStableIface(override var id: Int) : StableIface

// Not lies: no finding.

/** A var delegated to snapshot state: what @Stable means. */
@Stable
class StableDelegatedState {
    var x by mutableStateOf(0)
}

/** A val holding a MutableState: changes go through the state. */
@Stable
class StableValState(val s: MutableState<Int>)

/** A val holding a read-only State. */
@Stable
class StableReadOnlyState(val s: State<Int>)

/** A var holding a MutableState that nothing reassigns after construction. */
@Stable
class StableStateNeverReassigned {
    var state: MutableState<Int> = mutableStateOf(0)
        private set
}

/** A private var assigned only during construction. */
@Suppress("CanBePrivate")
@Stable
class StableVarSetOnce(seed: Int) {
    private var n: Int = 0

    init {
        n = seed * 2
    }

    fun read(): Int = n
}

@Immutable
class ImmutableClean(val x: Int, val name: String, val f: (Int) -> Int)

// Unproven (stable-claim-unproven, info): types Compose cannot prove stable, nothing shows they
// change.

/** IntRange is immutable, but Compose cannot prove it. */
@Immutable
class ImmutableRange(val range: IntRange)

/** A read-only List: an interface. */
@Stable
class StableList(val items: List<String>)

/** A class of a module built without Compose. */
@Stable
class StableHoldsNcPoint(val p: NcPoint)

// Visibility.

/** Internal: reported only with --include-nonpublic. */
@Stable
internal class InternalStableVar {
    var x = 0
}

/** Internal but @PublishedApi: public API. */
@PublishedApi
@Stable
internal class PublishedStableVar {
    var x = 0
}

internal class InternalOuter {
    /** Public, but nested in an internal class: not public API. */
    @Stable
    class NestedStableVar {
        var x = 0
    }
}

@Stable
private class PrivateStableVar {
    var x = 0
}

/** Objects: stable for every consumer, no claim; no finding. */
object PublicObject {
    var cache = 0
}

internal object InternalObject {
    var cache = 0
}
