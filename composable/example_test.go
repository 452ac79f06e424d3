package composable_test

import (
	"fmt"
	"log"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/composable"
	"github.com/composestab/composestab/stability"
)

// Read the composables of a compiled module, find the calls that re-run their callee on every
// recomposition of their caller, and prove a fix: the analysis run again with the argument
// remembered finds the churn gone.
func Example() {
	const app = "../testdata/golden/cchurn/cchurn.jar"
	cp, err := archive.OpenClasspath([]string{app, "../testdata/golden/clibv1/clibv1.jar",
		"../testdata/golden/cplain/cplain.jar", "../testdata/golden/runtime-stub.jar"})
	if err != nil {
		log.Fatal(err)
	}
	defer cp.Close()
	u := stability.NewUniverse(cp)
	mod := composable.Analyze(composable.Config{Classpath: cp, Universe: u, Input: app, CallSites: true,
		Classes: stability.AnalyzeModule(u, app, stability.Options{})})
	for _, f := range mod.Functions {
		if f.FqName == "cchurn.ShowCounter" {
			fmt.Printf("%s: restartable %t, skippable %t, c compared by %s\n", f.FqName, f.Restartable, f.Skippable, f.Params[0].Outcome.Compare)
		}
	}
	for i, s := range mod.CallSites {
		if s.CallerName != "cchurn.Churn_freshCounter" {
			continue
		}
		fmt.Printf("%s:%d %s → %s: %s (%s)\n", s.File, s.Line, s.CallerName, s.CalleeName, s.Arguments[0].Churn, s.Arguments[0].What)
		after := mod.Replan(composable.Edit{Remember: []composable.ArgRef{{Site: i, Slot: 0}}})
		fmt.Printf("remembered: churn %q\n", after[i].Arguments[0].Churn)
	}
	// Output:
	// cchurn.ShowCounter: restartable true, skippable true, c compared by identity
	// cchurn/Churn.kt:24 cchurn.Churn_freshCounter → cchurn.ShowCounter: fresh (a new clib.Counter on every call)
	// remembered: churn ""
}
