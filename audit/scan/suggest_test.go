package scan

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
)

// TestSuggestConfigRoundTrip: the suggested configuration, given back to the same audit as a
// stability configuration file, makes every safe class stable and leaves every unsafe one
// unstable; every candidate is a class the consumer judged unstable for want of Compose traces.
func TestSuggestConfigRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		module   string
		minSafe  int
		minTotal int
	}{
		{"javalib", 3, 6},
		{"plainkt", 4, 6},
	} {
		t.Run(tc.module, func(t *testing.T) {
			m, err := fixtures.Get(tc.module)
			if err != nil {
				t.Fatal(err)
			}
			opts := Options{Inputs: []string{m.Jar()}, Classpath: m.Classpath()}
			opts.SuggestConfig = true
			rep, err := Scan(context.Background(), opts)
			if err != nil {
				t.Fatal(err)
			}
			var lines []string
			safe := map[string]bool{}
			for _, s := range rep.Suggestions {
				if len(s.Why) == 0 {
					t.Errorf("%s: no reason given", s.Class)
				}
				if s.Safe {
					safe[s.Class] = true
					lines = append(lines, s.Pattern)
				}
			}
			if len(safe) < tc.minSafe || len(rep.Suggestions) < tc.minTotal {
				t.Fatalf("%d safe of %d suggestions: %v", len(safe), len(rep.Suggestions), lines)
			}
			cfg := filepath.Join(t.TempDir(), "stability.conf")
			if err := os.WriteFile(cfg, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			opts.SuggestConfig, opts.Configs = false, []string{cfg}
			after, err := Scan(context.Background(), opts)
			if err != nil {
				t.Fatal(err)
			}
			verdict := map[string]string{}
			for _, c := range after.Classes {
				verdict[c.Name] = string(c.Verdict)
			}
			for _, s := range rep.Suggestions {
				want := "unstable"
				if s.Safe {
					want = "stable"
					if strings.Contains(s.Pattern, "<") || len(s.Why) > 1 {
						want = "runtime" // generic: stable when its arguments are
					}
				}
				if got := verdict[s.Class]; got != want && !(want == "unstable" && got == "uncertain") {
					t.Errorf("%s (%s): verdict %s with the suggested configuration, want %s", s.Class, s.Pattern, got, want)
				}
			}
		})
	}
}

// TestWritablePattern: a suggestion is only safe when its pattern can be written in a
// configuration file; a crafted class name such as lib1.L)ata (FuzzAuditScan) cannot, and made
// the whole scan fail.
func TestWritablePattern(t *testing.T) {
	for p, want := range map[string]bool{"lib1.LData": true, "lib1.Box<*,_>": true, "lib1.L)ata": false, "a.B\nc.D": false, "a.B // x": false} {
		if got := writablePattern(p); got != want {
			t.Errorf("writablePattern(%q) = %v, want %v", p, got, want)
		}
	}
}

// TestSuggestedConfigLater: a scan computes, when asked afterwards, the suggestions
// Options.SuggestConfig would have made, on its own models, with or without call sites; a
// closed report says it cannot.
func TestSuggestedConfigLater(t *testing.T) {
	for _, module := range []string{"javalib", "plainkt", "app"} {
		t.Run(module, func(t *testing.T) {
			m, err := fixtures.Get(module)
			if err != nil {
				t.Fatal(err)
			}
			scanWith := func(suggest, callSites bool) *Report {
				rep, err := Scan(context.Background(), Options{Inputs: []string{m.Jar()}, Classpath: m.Classpath(),
					SuggestConfig: suggest, Composables: callSites, CallSites: callSites})
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { rep.Close() })
				return rep
			}
			want := scanWith(true, false).Suggestions
			if len(want) == 0 {
				t.Fatal("no suggestions to compare")
			}
			var later *Report
			for _, callSites := range []bool{false, true} {
				later = scanWith(false, callSites)
				got, err := later.SuggestedConfig()
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("later, call sites %v: %d suggestions, want %d", callSites, len(got), len(want))
				}
			}
			later.Close()
			if _, err := later.SuggestedConfig(); err == nil {
				t.Error("a closed report gave suggestions")
			}
		})
	}
}
