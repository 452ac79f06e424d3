package stability

import (
	"path/filepath"
	"testing"

	"github.com/composestab/composestab/archive"
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
	for _, v := range versions {
		// module, the jar's folder, its classpath (other jars of the same release), and the
		// compiler that built it: the consumer is built by 2.4.20 against every release.
		for _, m := range []struct {
			mod, jar string
			deps     []string
			compiler string
		}{
			{"pdep", "pdep", nil, v},
			{"producers", "producers", []string{"pdep/pdep.jar"}, v},
			{"pconfig", "pconfig", nil, v},
			{"pverify", "pverify", []string{"pverify/pverify-nocompose.jar"}, v},
			{"consumer", "consumer", []string{"producers/producers.jar", "pdep/pdep.jar"}, DefaultCompiler},
			{"consumer", "selfconsumer", []string{"producers/producers.jar", "pdep/pdep.jar"}, v},
		} {
			t.Run(v+"/"+m.jar, func(t *testing.T) { compareCompilerModule(t, v, m.mod, m.jar, m.deps, m.compiler) })
		}
	}
}

// compareCompilerModule compares module mod of release v (folder jar) with its -classes.txt.
func compareCompilerModule(t *testing.T, v, mod, jar string, deps []string, compiler string) {
	dir := filepath.Join(fixtures.Root(), "compilers", v, jar)
	paths := []string{filepath.Join(dir, jar+".jar")}
	for _, d := range deps {
		paths = append(paths, filepath.Join(fixtures.Root(), "compilers", v, d))
	}
	cp, err := archive.OpenClasspath(append(paths, fixtures.RuntimeStubJar()))
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	opts := Options{Release: mustRelease(t, compiler)}
	if mod == "pconfig" {
		if opts.Config, err = LoadConfig(filepath.Join(fixtures.Root(), "..", "src", "compilers", "pconfig", "stability.conf")); err != nil {
			t.Fatal(err)
		}
	}
	compareClassesReport(t, NewUniverse(cp), paths[0], opts, filepath.Join(dir, mod+"-classes.txt"))
}
