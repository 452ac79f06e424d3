package stability

import (
	"path/filepath"
	"testing"

	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/internal/fixtures"
)

// TestCompilersFixturesMatchNewest: the modules of testdata/generate-compilers as built by the
// newest release, whose rules composestab reproduces, give that compiler's -classes.txt block
// for block and its masks.
func TestCompilersFixturesMatchNewest(t *testing.T) {
	deps := map[string][]string{"pdep": nil, "producers": {"pdep"}, "pconfig": nil}
	for mod, ds := range deps {
		t.Run(mod, func(t *testing.T) {
			paths := []string{fixtures.CompilerJar(DefaultCompiler, mod)}
			for _, d := range ds {
				paths = append(paths, fixtures.CompilerJar(DefaultCompiler, d))
			}
			cp, err := classfile.OpenClasspath(append(paths, fixtures.RuntimeStubJar()))
			if err != nil {
				t.Fatal(err)
			}
			defer cp.Close()
			report := filepath.Join(filepath.Dir(paths[0]), mod+"-classes.txt")
			var opts Options
			if mod == "pconfig" {
				if opts.Config, err = LoadConfig(filepath.Join(fixtures.Root(), "..", "src", "compilers", "pconfig", "stability.conf")); err != nil {
					t.Fatal(err)
				}
			}
			compareClassesReport(t, NewUniverse(cp), paths[0], opts, report)
		})
	}
}
