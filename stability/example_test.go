package stability_test

import (
	"fmt"
	"log"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/stability"
)

// Re-run the Compose compiler's inference on classes of a compiled library: the stability it
// reports, the @StabilityInferred mask and the $stable initializer it writes.
func ExampleEngine_AnalyzeClass() {
	const lib = "../testdata/golden/lib1/lib1.jar"
	cp, err := archive.OpenClasspath([]string{lib, "../testdata/golden/runtime-stub.jar"})
	if err != nil {
		log.Fatal(err)
	}
	defer cp.Close()
	u := stability.NewUniverse(cp)
	e := stability.NewEngine(u.Module(lib), stability.Options{})
	for _, name := range []string{"lib1/LData", "lib1/LBox", "lib1/LPair", "lib1/LUnstable"} {
		r := e.AnalyzeClass(u.ClassByJVMName(name))
		fmt.Printf("%s: %s %s, mask %d, $stable = %s\n", r.ReportName, r.Verdict(), r.Stability, r.Mask, r.Expr)
	}
	// Output:
	// lib1.LData: stable Stable, mask 1, $stable = 0
	// lib1.LBox: runtime Parameter(T), mask 1, $stable = 0
	// lib1.LPair: runtime Parameter(B),Parameter(A), mask 3, $stable = 0
	// lib1.LUnstable: unstable Unstable, mask 0, $stable = 8
}
