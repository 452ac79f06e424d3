package evaluate_test

import (
	"fmt"
	"log"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/stability"
)

// Read a class's $stable as the JVM computes it from the initializer in the bytes, and what a
// call site passes for one concrete instantiation of a generic class.
func Example() {
	cp, err := archive.OpenClasspath([]string{"../testdata/golden/lib1/lib1.jar", "../testdata/golden/runtime-stub.jar"})
	if err != nil {
		log.Fatal(err)
	}
	defer cp.Close()
	ev := evaluate.New(cp)
	v := ev.Stable("lib1/LBox")
	fmt.Println(v.Class, "$stable =", v.Value, v.Err)

	it := evaluate.NewInstantiator(stability.NewUniverse(cp), ev, stability.Options{})
	for _, typ := range []string{"lib1.LBox<kotlin.String>", "lib1.LBox<lib1.LUnstable>"} {
		in, err := it.Evaluate(typ)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(typ+":", in.Verdict(), in.Stability, "expr", in.Expr, "=", in.Value, "known", in.Known)
	}
	// Output:
	// lib1/LBox $stable = 0 <nil>
	// lib1.LBox<kotlin.String>: stable Runtime(LBox),Stable expr LBox.$stable = 0 known true
	// lib1.LBox<lib1.LUnstable>: unstable Runtime(LBox),Runtime(LUnstable) expr LBox.$stable | LUnstable.$stable = 8 known true
}
