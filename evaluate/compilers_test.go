package evaluate

import (
	"testing"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/internal/fixtures"
)

// TestStableMatchesJVMEveryCompiler: for the modules of every fixture release (and the Kotlin
// 2.4.20 consumer built against each), the simulated $stable equals the JVM's.
func TestStableMatchesJVMEveryCompiler(t *testing.T) {
	versions, err := fixtures.CompilerVersions()
	if err != nil {
		t.Fatal(err)
	}
	mods := map[string][]string{"pdep": nil, "producers": {"pdep"}, "pconfig": nil, "consumer": {"producers", "pdep"}}
	for _, v := range versions {
		total, same := 0, 0
		for mod, deps := range mods {
			truth, err := fixtures.StableValues("compilers/" + v + "/" + mod)
			if err != nil {
				t.Fatal(err)
			}
			paths := []string{fixtures.CompilerJar(v, mod)}
			for _, d := range deps {
				paths = append(paths, fixtures.CompilerJar(v, d))
			}
			cp, err := archive.OpenClasspath(append(paths, fixtures.RuntimeStubJar()))
			if err != nil {
				t.Fatal(err)
			}
			ev := New(cp)
			for n, want := range truth {
				total++
				got := ev.Stable(n)
				if got.Err != nil || int(got.Value) != want.Value || want.Err != "" {
					t.Errorf("%s %s: $stable %d (%v), the JVM: %d %s", v, n, got.Value, got.Err, want.Value, want.Err)
					continue
				}
				same++
			}
			cp.Close()
		}
		t.Logf("Kotlin %s: %d/%d $stable values equal the JVM's", v, same, total)
	}
}
