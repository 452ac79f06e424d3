package verify_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/cards"
	"github.com/composestab/composestab/audit/output"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/audit/verify"
	"github.com/composestab/composestab/internal/fixtures"
)

// TestConfigStaleCards: the file cards --format stability-config writes for capp against
// com.example:clib:1.0 (clibv1.jar, in a Maven repository's layout) and cplain.jar (a file)
// has a line proven at clib 1.0 and one proven at the jar. Verified against clib 2.0
// (clibv2.jar), the clib line alone is stale, named with both versions and still proven there;
// against clib 1.0 nothing is. The merged file audit --format stability-config writes keeps the
// finding above the line, and verifying it finds the same.
func TestConfigStaleCards(t *testing.T) {
	repo := t.TempDir()
	clib := map[string]string{}
	for v, module := range map[string]string{"1.0": "clibv1", "2.0": "clibv2"} {
		data, err := os.ReadFile(filepath.Join(fixtures.Root(), module, module+".jar"))
		if err != nil {
			t.Fatal(err)
		}
		clib[v] = filepath.Join(repo, "com", "example", "clib", v, "clib-"+v+".jar")
		if err := os.MkdirAll(filepath.Dir(clib[v]), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(clib[v], data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	app := filepath.Join(fixtures.Root(), "capp", "capp.jar")
	cplain := filepath.Join(fixtures.Root(), "cplain", "cplain.jar")
	stub := fixtures.RuntimeStubJar()
	rep, err := cards.Build(context.Background(), cards.Options{
		App: scan.Options{Inputs: []string{app}, Classpath: []string{clib["1.0"], cplain, stub}},
		Dependencies: []cards.Dependency{
			{Name: "com.example:clib:1.0", Coordinate: "com.example:clib:1.0", Version: "1.0", Files: []string{clib["1.0"]}},
			{Name: cplain, Files: []string{cplain}},
			{Name: stub, Files: []string{stub}},
		}})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := output.WriteCardsStabilityConfig(&b, rep); err != nil {
		t.Fatal(err)
	}
	conf := filepath.Join(t.TempDir(), "stability.conf")
	if err := os.WriteFile(conf, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"// proven at com.example:clib@1.0: ", "\nclib.WrapsPlain\n", "// proven at " + cplain + ": ", "\ncplain.PlainPoint\n"} {
		if !strings.Contains(b.String(), want) {
			t.Fatalf("cards wrote no %q:\n%s", want, b.String())
		}
	}
	line := 1 + strings.Count(b.String()[:strings.Index(b.String(), "\nclib.WrapsPlain\n")+1], "\n")
	stale := func(v *verify.Report) []verify.Violation {
		var out []verify.Violation
		for _, x := range v.Violations {
			if x.Rule == verify.RuleConfigStale {
				out = append(out, x)
			}
		}
		return out
	}
	for _, tt := range []struct {
		version string
		want    string // the message; "" for no finding
	}{
		{"1.0", ""},
		{"2.0", "proven at com.example:clib@1.0, but the classpath now has com.example:clib 2.0 (" + clib["2.0"] +
			"): the line is still proven on 2.0: clib.WrapsPlain is Unstable without it; final; every field is final and stable: p: PlainPoint." +
			" Fix: run composestab cards against com.example:clib:2.0 and replace the line and its comment with what it writes"},
	} {
		t.Run(tt.version, func(t *testing.T) {
			rep := scanWith(t, app, []string{clib[tt.version], cplain, stub}, []string{conf})
			defer rep.Close()
			v, err := verify.Verify(rep, verify.Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := stale(v)
			if tt.want == "" {
				if len(got) > 0 {
					t.Errorf("config-stale against the version proven: %+v", got)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("config-stale findings: %+v", got)
			}
			if x := got[0]; x.Class != "clib.WrapsPlain" || x.Input != conf || x.Line != line || x.Severity != verify.SeverityWarning || x.Message != tt.want {
				t.Errorf("got %+v\nwant line %d, message %q", x, line, tt.want)
			}

			checks, added := verify.MergeConfig(rep)
			var merged bytes.Buffer
			if err := output.WriteMergedStabilityConfig(&merged, rep, rep.ConfigTexts(), checks, added); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(merged.String(), "// composestab config-stale: "+tt.want+"\nclib.WrapsPlain\n") {
				t.Errorf("the merged file does not say it above the line:\n%s", merged.String())
			}
			mergedConf := filepath.Join(t.TempDir(), "merged.conf")
			if err := os.WriteFile(mergedConf, merged.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			again := scanWith(t, app, []string{clib[tt.version], cplain, stub}, []string{mergedConf})
			defer again.Close()
			v, err = verify.Verify(again, verify.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := stale(v); len(got) != 1 || got[0].Class != "clib.WrapsPlain" || got[0].Message != tt.want {
				t.Errorf("verify of the merged file: %+v", got)
			}
		})
	}
}
