package composable

import (
	"math/rand"
	"testing"
	"time"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/callsite"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

// TestMutatedClassesNeverHang flips random bytes of fixture classes full of composables and runs
// the fuzz body on each: no panic, and no input that takes seconds (a cycle in the reading). It
// complements FuzzComposables with a fixed, reproducible set of mutations that runs everywhere.
func TestMutatedClassesNeverHang(t *testing.T) {
	mod, err := fixtures.Get("app")
	if err != nil {
		t.Fatal(err)
	}
	cp, err := archive.OpenClasspath(append([]string{mod.Jar()}, mod.Classpath()...))
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	u := stability.NewUniverse(cp)
	a := &analyzer{cfg: Config{Classpath: cp, Universe: u, Input: mod.Jar()}, engine: stability.NewEngine(u.Module(mod.Jar()), stability.Options{}),
		ck: callsite.NewChecker(cp, u, nil, mod.Jar(), stability.Options{}, true)}
	n := 300
	if testing.Short() {
		n = 30
	}
	r := rand.New(rand.NewSource(1))
	for _, name := range []string{"app/ComposablesKt", "app/CallersKt", "app/Screen", "app/Screen$ComposeDefaultImpls", "app/ComposableSingletons$CallersKt"} {
		seed, err := cp.Lookup(name).Read()
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < n; i++ {
			data := append([]byte(nil), seed...)
			for k := 0; k < 1+r.Intn(4); k++ {
				data[r.Intn(len(data))] = byte(r.Intn(256))
			}
			done := make(chan struct{})
			go func() {
				defer close(done)
				fuzzBody(a, u, data)
			}()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatalf("%s mutation %d: still running after 10s", name, i)
			}
		}
	}
}
