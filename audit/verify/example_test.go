package verify_test

import (
	"context"
	"fmt"
	"log"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/audit/verify"
)

// Check a published library against a policy: every public class of package lib1 must be stable
// for apps. Each violation names its rule and ends with a fix.
func ExampleVerify() {
	rep, err := scan.Scan(context.Background(), scan.Options{
		Inputs:    []string{"../../testdata/golden/lib1/lib1.jar"},
		Classpath: []string{"../../testdata/golden/runtime-stub.jar"},
	})
	if err != nil {
		log.Fatal(err)
	}
	defer rep.Close()
	res, err := verify.Verify(rep, verify.Options{ExpectStable: []string{"lib1.**"}})
	if err != nil {
		log.Fatal(err) // a bad pattern
	}
	for _, v := range res.Violations[:3] {
		fmt.Println(v.Severity, v.Rule, v.Class)
	}
	fmt.Println(len(res.Violations), "violations")
	// Output:
	// error expect-stable lib1.LAbstract
	// error expect-stable lib1.LBounded
	// error expect-stable lib1.LBox
	// 14 violations
}
