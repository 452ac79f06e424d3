package explain_test

import (
	"context"
	"fmt"
	"log"

	"github.com/composestab/composestab/audit/explain"
	"github.com/composestab/composestab/audit/scan"
)

// What does a call site pass for a LBox<LData> argument? The bits come from LBox.$stable and
// LData.$stable as the jar holds them.
func ExampleExplain() {
	x, err := explain.Explain(context.Background(), scan.Options{
		Classpath: []string{"../../testdata/golden/lib1/lib1.jar", "../../testdata/golden/runtime-stub.jar"},
	}, "lib1.LBox<lib1.LData>")
	if err != nil {
		log.Fatal(err) // bad syntax, wrong type arguments, options
	}
	fmt.Println(x.Verdict, x.Expression, *x.Value)
	fmt.Println(x.StrongSkipping)
	// Output:
	// stable LBox.$stable | LData.$stable 0
	// compared with equals (changed): the call site passes 0; the call skips when the argument equals the previous one
}
