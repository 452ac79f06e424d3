package androidx.compose.runtime

/** Target of the plugin's `endRestartGroup()?.updateScope { ... }` calls. */
interface ScopeUpdateScope {
    fun updateScope(block: (Composer, Int) -> Unit)
}

interface RecomposeScope {
    fun invalidate()
}

/** The slice of the real Composer interface that generated code calls. */
interface Composer {
    val inserting: Boolean
    val skipping: Boolean
    val defaultsInvalid: Boolean
    val recomposeScope: RecomposeScope?
    val recomposeScopeIdentity: Any?
    val compoundKeyHash: Int
    val currentMarker: Int

    fun startReplaceableGroup(key: Int)
    fun endReplaceableGroup()
    fun startReplaceGroup(key: Int)
    fun endReplaceGroup()
    fun startMovableGroup(key: Int, dataKey: Any?)
    fun endMovableGroup()
    fun startDefaults()
    fun endDefaults()
    fun startRestartGroup(key: Int): Composer
    fun endRestartGroup(): ScopeUpdateScope?
    fun startReusableGroup(key: Int, dataKey: Any?)
    fun endReusableGroup()
    fun endToMarker(marker: Int)
    fun skipToGroupEnd()
    fun skipCurrentGroup()
    fun deactivateToEndGroup(changed: Boolean)
    fun shouldExecute(parametersChanged: Boolean, flags: Int): Boolean

    fun joinKey(left: Any?, right: Any?): Any
    fun rememberedValue(): Any?
    fun updateRememberedValue(value: Any?)

    fun changed(value: Any?): Boolean
    fun changedInstance(value: Any?): Boolean = changed(value)
    fun changed(value: Char): Boolean = changed(value as Any?)
    fun changed(value: Byte): Boolean = changed(value as Any?)
    fun changed(value: Short): Boolean = changed(value as Any?)
    fun changed(value: Boolean): Boolean = changed(value as Any?)
    fun changed(value: Float): Boolean = changed(value as Any?)
    fun changed(value: Long): Boolean = changed(value as Any?)
    fun changed(value: Double): Boolean = changed(value as Any?)
    fun changed(value: Int): Boolean = changed(value as Any?)

    fun recordUsed(scope: RecomposeScope)
    fun collectParameterInformation()
    fun sourceInformation(sourceInformation: String)
    fun sourceInformationMarkerStart(key: Int, sourceInformation: String)
    fun sourceInformationMarkerEnd()

    companion object {
        /** Sentinel that rememberedValue() returns for an empty slot. */
        val Empty: Any = EmptySlot
    }
}

private object EmptySlot {
    override fun toString() = "Empty"
}

/** Inline helper behind intrinsic remember. */
@Suppress("NOTHING_TO_INLINE")
inline fun <T> Composer.cache(invalid: Boolean, block: @DisallowComposableCalls () -> T): T {
    @Suppress("UNCHECKED_CAST")
    return rememberedValue().let {
        if (invalid || it === Composer.Empty) {
            val value = block()
            updateRememberedValue(value)
            value
        } else it as T
    }
}

val currentComposer: Composer
    @ReadOnlyComposable
    @Composable
    get() = throw NotImplementedError("Implemented as an intrinsic")

val currentRecomposeScope: RecomposeScope
    @ReadOnlyComposable
    @Composable
    get() = currentComposer.recomposeScope ?: error("no recompose scope")

fun sourceInformation(composer: Composer, sourceInformation: String) {
    composer.sourceInformation(sourceInformation)
}

fun sourceInformationMarkerStart(composer: Composer, key: Int, sourceInformation: String) {
    composer.sourceInformationMarkerStart(key, sourceInformation)
}

fun sourceInformationMarkerEnd(composer: Composer) {
    composer.sourceInformationMarkerEnd()
}

fun isTraceInProgress(): Boolean = false

@Suppress("UNUSED_PARAMETER")
fun traceEventStart(key: Int, dirty1: Int, dirty2: Int, info: String) {}

fun traceEventEnd() {}

/** Keeps the force bit and maps Same/Different to Uncertain, as the real runtime does. */
fun updateChangedFlags(flags: Int): Int {
    val lowBits = flags and 0b001_001_001_001_001_001_001_001_001_001_0
    val highBits = flags and 0b010_010_010_010_010_010_010_010_010_010_0
    return (flags and 0b110_110_110_110_110_110_110_110_110_110_1.inv()) or
        (lowBits or (highBits shr 1)) or ((lowBits shl 1) and highBits)
}

@Composable
inline fun <T> key(
    @Suppress("UNUSED_PARAMETER") vararg keys: Any?,
    block: @Composable () -> T,
): T = block()
