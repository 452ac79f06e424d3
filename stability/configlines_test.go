package stability

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
)

// TestConfigLinesLikeTheCompiler: for every form of a configuration line in
// testdata/tools/configlines/cases.tsv, what the real compiler did with the file (build or
// error, and on which 0-based line; whether a class Foo with a var came out stable) is what
// ParseConfig and Match do (testdata/golden/configlines/results.tsv, written by
// testdata/tools/configlines/run with Kotlin 2.4.20).
func TestConfigLinesLikeTheCompiler(t *testing.T) {
	dir := filepath.Join(fixtures.Root(), "configlines")
	data, err := os.ReadFile(filepath.Join(dir, "results.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if len(rows) < 20 {
		t.Fatalf("%d results", len(rows))
	}
	for _, row := range rows {
		f := strings.Split(row, "\t")
		if len(f) != 4 {
			t.Fatalf("row %q", row)
		}
		name, rc, verdict, diag := f[0], f[1], f[2], f[3]
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(dir, name+".conf"))
			if err != nil {
				t.Fatal(err)
			}
			cfg, err := ParseConfig(name+".conf", src)
			if (err == nil) != (rc == "0") {
				t.Fatalf("ours: %v; the compiler: exit %s, %q", err, rc, diag)
			}
			if err != nil {
				var ce *ConfigError
				line, ok := strings.CutPrefix(diag, "error: error parsing stability configuration file on line ")
				n, aerr := strconv.Atoi(strings.TrimSuffix(line, "."))
				if !errors.As(err, &ce) || !ok || aerr != nil || ce.Line != n+1 {
					t.Errorf("ours: %v; the compiler: %q", err, diag)
				}
				return
			}
			stable := cfg.Match("cfgprobe.Foo") != nil
			if stable != (verdict == "stable") {
				t.Errorf("ours: Foo matched %t; the compiler made Foo %s", stable, verdict)
			}
		})
	}
}
