package runtime

import (
	"testing"

	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

// FuzzParseType parses arbitrary type expressions against a fixture classpath: a type or an
// error, never a panic.
func FuzzParseType(f *testing.F) {
	for _, s := range []string{"lib1.LBox<lib1.LStable>", "LBox<List<LUnstable>>?", "Pair<*, out Int>", "Map<in String,", "a.b.C<<>>", "LBox<LBox<LBox<LStable>>>"} {
		f.Add(s)
	}
	m, err := fixtures.Get("lib1")
	if err != nil {
		f.Fatal(err)
	}
	cp, err := classfile.OpenClasspath(append([]string{m.Jar()}, m.Classpath()...))
	if err != nil {
		f.Fatal(err)
	}
	u := stability.NewUniverse(cp)
	it := NewInstantiator(u, New(cp), stability.Options{})
	f.Fuzz(func(t *testing.T, s string) {
		in, err := it.Evaluate(s)
		if err == nil && in.Type == nil {
			t.Fatal("no type and no error")
		}
	})
}
