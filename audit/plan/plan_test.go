package plan

import (
	"context"
	"testing"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/fixtures"
)

func scanModule(t *testing.T, module string) (*scan.Report, scan.Options) {
	t.Helper()
	m, err := fixtures.Get(module)
	if err != nil {
		t.Fatal(err)
	}
	opts := scan.Options{Inputs: []string{m.Jar()}, Classpath: m.Classpath(), Composables: true, CallSites: true, SuggestConfig: true}
	rep, err := scan.Scan(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rep.Close() })
	return rep, opts
}

func TestPlanPrint(t *testing.T) {
	for _, module := range []string{"cchurn", "cchurnns"} {
		rep, opts := scanModule(t, module)
		p, err := Build(context.Background(), rep, Options{Scan: opts})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d findings, %d fixes, %d covered", module, len(p.Findings), len(p.Fixes), p.Covered)
		for _, fx := range p.Fixes {
			t.Logf("%s %s %s %s:%d risk=%t\n   %s\n   clears %v\n   introduces %v", fx.Kind, fx.Target.Class, fx.Target.Caller, fx.Target.File, fx.Target.Line, fx.Risk != "", fx.Edit, fx.Clears, fx.Introduces)
		}
	}
}
