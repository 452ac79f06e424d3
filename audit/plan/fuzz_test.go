package plan

import (
	"archive/zip"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/fixtures"
)

// FuzzPlan puts one mutated class in the place of one of cchurn's (its callers, its targets)
// and builds the plan: whatever the bytes, no panic, every fix clears something, and every key
// it clears or introduces is a finding of the plan or of the analysis run again.
func FuzzPlan(f *testing.F) {
	m, err := fixtures.Get("cchurn")
	if err != nil {
		f.Fatal(err)
	}
	good := fixtures.JarEntries(f, m.Jar(), "")
	const mutated = "cchurn/ChurnKt.class"
	for _, seed := range []string{mutated, "cchurn/TargetsKt.class", "cchurn/Token.class"} {
		f.Add(good[seed])
	}
	names := make([]string, 0, len(good))
	for n := range good {
		names = append(names, n)
	}
	sort.Strings(names)
	jar := filepath.Join(f.TempDir(), "fuzz.jar")
	f.Fuzz(func(t *testing.T, class []byte) {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		for _, name := range names {
			data := good[name]
			if name == mutated {
				data = class
			}
			w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Store})
			if err != nil {
				t.Fatal(err)
			}
			w.Write(data)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(jar, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		opts := scan.Options{Inputs: []string{jar}, Classpath: m.Classpath(), Composables: true, CallSites: true, SuggestConfig: true, IncludeNonPublic: true}
		rep, err := scan.Scan(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		defer rep.Close()
		p, err := Build(context.Background(), rep, Options{Scan: opts})
		if err != nil {
			t.Fatal(err)
		}
		base := map[string]bool{}
		for _, f := range p.Findings {
			base[f.Key] = true
		}
		for _, fx := range p.Fixes {
			if len(fx.Clears) == 0 {
				t.Errorf("%s %s clears nothing", fx.Kind, fx.id())
			}
			for _, k := range fx.Clears {
				if !base[k] {
					t.Errorf("%s clears %q, not a finding", fx.Kind, k)
				}
			}
			for _, k := range fx.Introduces {
				if base[k] || !strings.Contains(k, " at ") {
					t.Errorf("%s introduces %q", fx.Kind, k)
				}
			}
		}
	})
}
