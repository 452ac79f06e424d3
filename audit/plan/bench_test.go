package plan

import (
	"context"
	"testing"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/fixtures"
)

// BenchmarkPlan prices the plan of cchurn (72 composables, 33 findings, 44 fixes) against the
// scan it stands on: scan is audit --call-sites's work, plan adds the candidates' re-runs of the
// analysis (Replan) and the one re-scan that judges configuration lines; replan is one
// Module.Replan alone.
func BenchmarkPlan(b *testing.B) {
	m, err := fixtures.Get("cchurn")
	if err != nil {
		b.Fatal(err)
	}
	opts := scan.Options{Inputs: []string{m.Jar()}, Classpath: m.Classpath(), Composables: true, CallSites: true, SuggestConfig: true}
	b.Run("scan", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			rep, err := scan.Scan(context.Background(), opts)
			if err != nil {
				b.Fatal(err)
			}
			rep.Close()
		}
	})
	b.Run("plan", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			rep, err := scan.Scan(context.Background(), opts)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := Build(context.Background(), rep, Options{Scan: opts}); err != nil {
				b.Fatal(err)
			}
			rep.Close()
		}
	})
	b.Run("replan", func(b *testing.B) {
		rep, err := scan.Scan(context.Background(), opts)
		if err != nil {
			b.Fatal(err)
		}
		defer rep.Close()
		p, err := Build(context.Background(), rep, Options{Scan: opts})
		if err != nil {
			b.Fatal(err)
		}
		mod := rep.Composables[0].Module
		b.ReportAllocs()
		for b.Loop() {
			mod.Replan(p.Fixes[0].edit)
		}
	})
}
