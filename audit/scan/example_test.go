package scan_test

import (
	"context"
	"fmt"
	"log"

	"github.com/composestab/composestab/audit/scan"
)

// Scan a Compose library against the runtime it was built with, and print the verdict an app
// sees for some of its classes, with the $stable value behind it.
func Example() {
	rep, err := scan.Scan(context.Background(), scan.Options{
		Inputs:    []string{"../../testdata/golden/lib1/lib1.jar"},
		Classpath: []string{"../../testdata/golden/runtime-stub.jar"},
	})
	if err != nil {
		log.Fatal(err) // no input, a bad configuration file
	}
	defer rep.Close()
	for _, c := range rep.Classes[:4] {
		value := "-"
		if c.StableValue != nil {
			value = fmt.Sprint(*c.StableValue)
		}
		fmt.Println(c.Verdict, c.Name, c.Stability, "$stable="+value)
	}
	fmt.Println(len(rep.Errors), "errors")
	// Output:
	// unstable lib1.LAbstract Unstable $stable=8
	// runtime lib1.LBounded Parameter(T) $stable=0
	// runtime lib1.LBox Parameter(T) $stable=0
	// stable lib1.LData Stable $stable=0
	// 0 errors
}
