package main

import (
	"math"
	"os"
	"runtime/debug"
)

// A scan allocates several times its inputs' size (every class inflated, parsed and modelled)
// but keeps little of it, so with the default GOGC of 100 the collector runs dozens of times on
// a small live heap. tuneGC lets the heap grow four times the live data between collections,
// under a soft limit of twice the inputs' size (at least minGCLimit): the collector then runs
// about a third as often, and peak memory stays within the limit as long as the live data does.
// GOGC or GOMEMLIMIT in the environment take precedence. Several scans (diff) share one limit,
// the largest asked for.
const minGCLimit = 96 << 20

var gcLimit int64

func tuneGC(paths []string) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	var size int64
	for _, p := range paths {
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			size += st.Size()
		}
	}
	limit := max(minGCLimit, min(size, math.MaxInt64/2)*2)
	if limit <= gcLimit {
		return
	}
	gcLimit = limit
	debug.SetGCPercent(400)
	debug.SetMemoryLimit(limit)
}
