package scan

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

// TestRescan: judging a report's classes again with other options gives, field for field, the
// report a fresh scan with those options gives — for other releases, rules turned back, a
// configuration file and composables — without reading anything again; a rescan of other inputs,
// or of a closed report, is refused.
func TestRescan(t *testing.T) {
	release := func(v string) stability.Release {
		r, ok := stability.ParseRelease(v)
		if !ok {
			t.Fatal(v)
		}
		return r
	}
	old := release("2.0.20")
	conf, err := filepath.Abs("../../testdata/src/configured/stability.conf")
	if err != nil {
		t.Fatal(err)
	}
	changed := 0 // cases whose options change the report: the comparison is not vacuous
	for _, tc := range []struct {
		module string
		change func(o *Options)
	}{
		{"app", func(o *Options) { o.Compiler = Compiler{Release: release("2.3.21")} }},
		{"app", func(o *Options) { o.Compiler = Compiler{Auto: true}; o.IncludeNonPublic = true }},
		{"kinds", func(o *Options) {
			o.RuleOverride = map[string]bool{"interfaces-uncertain": false, "objects-stable": false}
		}},
		{"kinds", func(o *Options) { o.KnownStableOf = &old }},
		{"configured", func(o *Options) { o.Configs = []string{conf}; o.CheckConfig = true }},
		{"capp", func(o *Options) { o.Compiler = Compiler{Release: old}; o.Composables, o.CallSites = true, true }},
	} {
		t.Run(tc.module, func(t *testing.T) {
			m, err := fixtures.Get(tc.module)
			if err != nil {
				t.Fatal(err)
			}
			base := Options{Inputs: []string{m.Jar()}, Classpath: m.Classpath(), Composables: true, CallSites: true}
			first, err := Scan(context.Background(), base)
			if err != nil {
				t.Fatal(err)
			}
			defer first.Close()
			o := base
			tc.change(&o)
			again, err := first.Rescan(context.Background(), o)
			if err != nil {
				t.Fatal(err)
			}
			fresh, err := Scan(context.Background(), o)
			if err != nil {
				t.Fatal(err)
			}
			defer fresh.Close()
			got, _ := json.Marshal(again)
			want, _ := json.Marshal(fresh)
			if string(got) != string(want) {
				t.Errorf("rescan differs from a fresh scan (%d and %d bytes of JSON)", len(got), len(want))
			}
			if before, _ := json.Marshal(first); string(before) != string(got) {
				changed++
			}
			again.Close() // leaves the classpath to first
			if _, err := first.Rescan(context.Background(), base); err != nil {
				t.Errorf("rescan after a rescan's Close: %v", err)
			}
			other := base
			other.Classpath = nil
			if _, err := first.Rescan(context.Background(), other); err == nil {
				t.Error("a rescan with another classpath was not refused")
			}
		})
	}
	if changed < 4 {
		t.Errorf("only %d cases changed the report", changed)
	}
	m, err := fixtures.Get("kinds")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Scan(context.Background(), Options{Inputs: []string{m.Jar()}, Classpath: m.Classpath()})
	if err != nil {
		t.Fatal(err)
	}
	rep.Close()
	if _, err := rep.Rescan(context.Background(), Options{Inputs: []string{m.Jar()}, Classpath: m.Classpath()}); err == nil {
		t.Error("a closed report was scanned again")
	}
}
