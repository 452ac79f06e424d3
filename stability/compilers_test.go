package stability

import (
	"path/filepath"
	"testing"

	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/internal/fixtures"
)

// TestCompilersFixturesMatchCompiler: the modules of testdata/generate-compilers as built by
// every fixture release give, with --compiler set to that release, its -classes.txt block for
// block and its masks.
func TestCompilersFixturesMatchCompiler(t *testing.T) {
	versions, err := fixtures.CompilerVersions()
	if err != nil {
		t.Fatal(err)
	}
	deps := map[string][]string{"pdep": nil, "producers": {"pdep"}, "pconfig": nil}
	for _, v := range versions {
		for mod, ds := range deps {
			t.Run(v+"/"+mod, func(t *testing.T) { compareCompilerModule(t, v, mod, ds) })
		}
	}
}

func compareCompilerModule(t *testing.T, v, mod string, ds []string) {
	{
		{
			paths := []string{fixtures.CompilerJar(v, mod)}
			for _, d := range ds {
				paths = append(paths, fixtures.CompilerJar(v, d))
			}
			cp, err := classfile.OpenClasspath(append(paths, fixtures.RuntimeStubJar()))
			if err != nil {
				t.Fatal(err)
			}
			defer cp.Close()
			report := filepath.Join(filepath.Dir(paths[0]), mod+"-classes.txt")
			opts := Options{Compiler: v}
			if mod == "pconfig" {
				if opts.Config, err = LoadConfig(filepath.Join(fixtures.Root(), "..", "src", "compilers", "pconfig", "stability.conf")); err != nil {
					t.Fatal(err)
				}
			}
			compareClassesReport(t, NewUniverse(cp), paths[0], opts, report)
		}
	}
}
