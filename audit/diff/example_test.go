package diff_test

import (
	"context"
	"fmt"
	"log"

	"github.com/composestab/composestab/audit/diff"
	"github.com/composestab/composestab/audit/scan"
)

// Compare two releases of a library: what changed for apps, and why.
func ExampleDiff() {
	scanOf := func(jar string) *scan.Report {
		rep, err := scan.Scan(context.Background(), scan.Options{Inputs: []string{jar}})
		if err != nil {
			log.Fatal(err)
		}
		return rep
	}
	old, new := scanOf("../../testdata/golden/depv1/depv1.jar"), scanOf("../../testdata/golden/depv2/depv2.jar")
	defer old.Close()
	defer new.Close()
	d := diff.Diff(old, new)
	for _, c := range d.Changes {
		fmt.Printf("%s %s: %s\n", c.Kind, c.Class, c.Message)
	}
	fmt.Println(d.Summary())
	// Output:
	// regression evo.dep.Dep: stable → unstable: field `x` became var
	// 1 regression, 0 improvements, 0 neutral changes; 0 errors
}
