package stability

import "strings"

// knownStableTypes is the 2.4.20 compiler's KnownStableConstructs.stableTypes: a class's FQN and
// the mask of type parameters that decide its stability. Dumped by running the compiler's class
// (spec §2); java.util.Comparator is what Comparator::class.qualifiedName gives on the JVM.
var knownStableTypes = map[string]int32{
	"kotlin.Pair":                                        0b11,
	"kotlin.Triple":                                      0b111,
	"java.util.Comparator":                               0b1,
	"kotlin.Result":                                      0b1,
	"kotlin.ranges.ClosedRange":                          0b1,
	"kotlin.ranges.ClosedFloatingPointRange":             0b1,
	"com.google.common.collect.ImmutableList":            0b1,
	"com.google.common.collect.ImmutableEnumMap":         0b11,
	"com.google.common.collect.ImmutableMap":             0b11,
	"com.google.common.collect.ImmutableEnumSet":         0b1,
	"com.google.common.collect.ImmutableSet":             0b1,
	"kotlinx.collections.immutable.ImmutableCollection":  0b1,
	"kotlinx.collections.immutable.ImmutableList":        0b1,
	"kotlinx.collections.immutable.ImmutableSet":         0b1,
	"kotlinx.collections.immutable.ImmutableMap":         0b11,
	"kotlinx.collections.immutable.PersistentCollection": 0b1,
	"kotlinx.collections.immutable.PersistentList":       0b1,
	"kotlinx.collections.immutable.PersistentSet":        0b1,
	"kotlinx.collections.immutable.PersistentMap":        0b11,
	"dagger.Lazy": 0b1,
	"kotlin.coroutines.EmptyCoroutineContext": 0,
	"java.math.BigInteger":                    0,
	"java.math.BigDecimal":                    0,
	"java.util.Locale":                        0,
}

// knownStableFunctions is KnownStableConstructs.stableFunctions: calls whose result is stable when
// the type arguments selected by the mask are.
var knownStableFunctions = map[string]int32{
	"kotlin.collections.emptyList":                   0,
	"kotlin.collections.listOf":                      0b1,
	"kotlin.collections.listOfNotNull":               0b1,
	"kotlin.collections.mapOf":                       0b11,
	"kotlin.collections.emptyMap":                    0,
	"kotlin.collections.setOf":                       0b1,
	"kotlin.collections.emptySet":                    0,
	"kotlin.to":                                      0b11,
	"kotlinx.collections.immutable.immutableListOf":  0b1,
	"kotlinx.collections.immutable.immutableSetOf":   0b1,
	"kotlinx.collections.immutable.immutableMapOf":   0b11,
	"kotlinx.collections.immutable.persistentListOf": 0b1,
	"kotlinx.collections.immutable.persistentSetOf":  0b1,
	"kotlinx.collections.immutable.persistentMapOf":  0b11,
}

// IsKnownStableFunctionName reports whether some stable function has this simple name, for a
// JVM call site whose Kotlin FQN is not known (the JVM owner is a file facade such as
// CollectionsKt).
func IsKnownStableFunctionName(name string) bool {
	for fq := range knownStableFunctions {
		if fq[strings.LastIndexByte(fq, '.')+1:] == name {
			return true
		}
	}
	return false
}

// Annotation FQNs the inference looks for.
const (
	fqStableMarker         = "androidx.compose.runtime.StableMarker"
	fqStable               = "androidx.compose.runtime.Stable"
	fqImmutable            = "androidx.compose.runtime.Immutable"
	fqStabilityInferred    = "androidx.compose.runtime.internal.StabilityInferred"
	fqErrorproneImmutable  = "com.google.errorprone.annotations.Immutable"
	fqGeneratedMessageLite = "com.google.protobuf.GeneratedMessageLite"
	fqGeneratedMessage     = "com.google.protobuf.GeneratedMessage"
)
