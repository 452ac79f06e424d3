package verify_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/output"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/audit/verify"
	"github.com/composestab/composestab/internal/fixtures"
)

// TestMergedConfigClean is the merged file's property: for every fixture module (and, in the long
// loop, the Kotlin distribution's jars) with a configuration file made to have lines of every
// kind — exact classes of the module, package wildcards, a line behind a wider one, false and
// unused lines, the cfgapp file's lines — the file audit --format stability-config writes,
// checked again by verify --config, has nothing left to remove: no false, too broad, redundant,
// unused or rejected line. (Unproven lines stay: only their authors know.)
func TestMergedConfigClean(t *testing.T) {
	mods, err := fixtures.Modules()
	if err != nil {
		t.Fatal(err)
	}
	type input struct {
		name      string
		jar       string
		classpath []string
	}
	var inputs []input
	for _, m := range mods {
		inputs = append(inputs, input{m.Name, m.Jar(), m.Classpath()})
	}
	if fixtures.Long() {
		for _, n := range []string{"kotlin-stdlib.jar", "kotlinx-coroutines-core-jvm.jar"} {
			inputs = append(inputs, input{n, fixtures.KotlinLib(t, n), nil})
		}
	}
	cfgapp, err := os.ReadFile(filepath.Join(fixtures.Root(), "..", "src", "cfgapp", "stability.conf"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, in := range inputs {
		t.Run(in.name, func(t *testing.T) {
			first := scanWith(t, in.jar, in.classpath, nil)
			var lines []string
			pkgs := map[string]bool{}
			for i, c := range first.Classes {
				pkg := c.Name[:max(0, strings.LastIndexByte(c.Name, '.'))]
				if pkg != "" && !pkgs[pkg] {
					pkgs[pkg] = true
					lines = append(lines, pkg+".*", pkg+".**")
				}
				if i%3 == 0 {
					lines = append(lines, c.Name)
				}
			}
			first.Close()
			lines = append(lines, "kotlin.collections.List", "kotlin.collections.*", "java.util.ArrayList", "com.example.Gone")
			lines = append(lines, strings.Split(strings.TrimSpace(string(cfgapp)), "\n")...)
			given := filepath.Join(dir, in.name+".conf")
			os.WriteFile(given, []byte(strings.Join(lines, "\n")+"\n"), 0o644)

			rep := scanWith(t, in.jar, in.classpath, []string{given})
			var merged bytes.Buffer
			checks, added := verify.MergeConfig(rep)
			if err := output.WriteMergedStabilityConfig(&merged, rep, rep.ConfigTexts(), checks, added); err != nil {
				t.Fatal(err)
			}
			rep.Close()
			file := filepath.Join(dir, in.name+".merged.conf")
			os.WriteFile(file, merged.Bytes(), 0o644)

			again := scanWith(t, in.jar, in.classpath, []string{file})
			defer again.Close()
			var left []string
			for _, lc := range verify.CheckConfig(again) {
				for _, x := range lc.Findings {
					if x.Rule != verify.RuleConfigUnproven {
						left = append(left, fmt.Sprintf("line %d %s: %s: %s", lc.Line.Line, lc.Line.Pattern, x.Rule, x.Message))
					}
				}
			}
			slices.Sort(left)
			if len(left) > 0 {
				t.Errorf("%d findings in the merged file:\n%s\n--- merged\n%s", len(left), strings.Join(left, "\n"), merged.String())
			}
		})
	}
}

func scanWith(t *testing.T, jar string, classpath, configs []string) *scan.Report {
	t.Helper()
	rep, err := scan.Scan(context.Background(), scan.Options{Inputs: []string{jar}, Classpath: classpath, Configs: configs,
		CheckConfig: len(configs) > 0, SuggestConfig: len(configs) > 0, IncludeNonPublic: true})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}
