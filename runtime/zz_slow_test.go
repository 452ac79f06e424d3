package runtime

import (
	"math/rand"
	"testing"
	"time"

	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

func TestZZSlow(t *testing.T) {
	m, _ := fixtures.Get("app")
	cp, _ := classfile.OpenClasspath(append([]string{m.Jar()}, m.Classpath()...))
	defer cp.Close()
	data0, _ := cp.Lookup("app/CallersKt").Read()
	u := stability.NewUniverse(cp)
	ck := NewCallSiteChecker(cp, u, NewInstantiator(u, New(cp), stability.Options{}, nil), m.Jar(), stability.Options{}, true)
	r := rand.New(rand.NewSource(1))
	for it := 0; it < 300; it++ {
		data := append([]byte(nil), data0...)
		for k := 0; k < 1+r.Intn(4); k++ {
			data[r.Intn(len(data))] = byte(r.Intn(256))
		}
		t0 := time.Now()
		c, err := classfile.Parse(data)
		t1 := time.Since(t0)
		if err != nil {
			continue
		}
		sites, _ := FindCallSites(c)
		t2 := time.Since(t0)
		for _, s := range sites {
			ck.Check(s)
		}
		if d := time.Since(t0); d > 50*time.Millisecond {
			t.Logf("it %d: parse %v find %v total %v", it, t1, t2, d)
		}
	}
}
