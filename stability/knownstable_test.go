package stability

import (
	"maps"
	"strings"
	"testing"
)

// The hand-written 2.4.20 tables the generated file replaced (dumped by running the compiler's
// class): the generated 2.4.20 tables must say exactly the same.
var handKnownStableTypes = map[string]int32{
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
var handKnownStableFunctions = map[string]int32{
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

func TestKnownStableDefaultIsHandTable(t *testing.T) {
	k := mustRelease(t, "2.4.20").knownStable()
	if !maps.Equal(k.types, handKnownStableTypes) {
		t.Errorf("2.4.20 stableTypes = %v, want %v", k.types, handKnownStableTypes)
	}
	if !maps.Equal(k.functions, handKnownStableFunctions) {
		t.Errorf("2.4.20 stableFunctions = %v, want %v", k.functions, handKnownStableFunctions)
	}
	if DefaultRelease().knownStable() != k || (Release{}).knownStable() != k {
		t.Error("the default release does not read the 2.4.20 tables")
	}
}

// Every supported release has its tables, and every line of the embedded file is read.
func TestKnownStableEveryRelease(t *testing.T) {
	all := knownStableByRelease()
	if len(all) != len(SupportedCompilers) {
		t.Errorf("%d releases in knownstable_releases.txt, want %d", len(all), len(SupportedCompilers))
	}
	for _, v := range SupportedCompilers {
		if k := all[v]; k == nil || len(k.types) == 0 || len(k.functions) == 0 {
			t.Errorf("%s: no tables", v)
		}
	}
	lines := 0
	for _, line := range strings.Split(knownStableText, "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			lines++
			if f := strings.Split(line, "\t"); len(f) != 4 || f[1] != "types" && f[1] != "functions" {
				t.Errorf("malformed line %q", line)
			}
		}
	}
	n := 0
	for _, k := range all {
		n += len(k.types) + len(k.functions)
	}
	if n != lines {
		t.Errorf("%d entries read from %d lines", n, lines)
	}
}

// The differences between releases' tables, as read from their plugin jars.
func TestKnownStableReleaseDifferences(t *testing.T) {
	tests := []struct {
		release, name string
		mask          int32 // -1: absent
	}{
		{"2.0.20", "java.util.Comparator", 0}, // Comparator<T> stable whatever T until 2.2.20
		{"2.2.10", "java.util.Comparator", 0},
		{"2.2.20", "java.util.Comparator", 0b1},
		{"2.4.20", "java.util.Comparator", 0b1},
		{"2.2.10", "java.math.BigDecimal", -1}, // java.math is known stable since 2.2.20
		{"2.2.20", "java.math.BigDecimal", 0},
		{"2.2.20", "java.math.BigInteger", 0},
		{"2.2.21", "java.util.Locale", -1}, // Locale since 2.3.0
		{"2.3.0", "java.util.Locale", 0},
		{"2.5.0-Beta1", "java.util.Locale", 0},
		{"2.0.20", "kotlin.Pair", 0b11},
	}
	for _, tt := range tests {
		mask, ok := mustRelease(t, tt.release).knownStable().types[tt.name]
		if !ok {
			mask = -1
		}
		if mask != tt.mask {
			t.Errorf("%s: %s mask %d, want %d", tt.release, tt.name, mask, tt.mask)
		}
	}
	for _, v := range Releases() {
		e := NewEngine(nil, Options{Release: v})
		if !e.IsKnownStableFunctionName("persistentListOf") || e.IsKnownStableFunctionName("mutableListOf") {
			t.Errorf("%s: IsKnownStableFunctionName", v)
		}
	}
}
