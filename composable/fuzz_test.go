package composable

import (
	"testing"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/callsite"
	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/metadata"
	"github.com/composestab/composestab/stability"
)

// FuzzComposables mutates fixture classes full of composables: reading their bodies, their
// parameters, defaults and lambdas must never panic, whatever the bytecode and metadata.
func FuzzComposables(f *testing.F) {
	m, cp := appSeeds(f, "app/ComposablesKt", "app/CallersKt", "app/Screen", "app/Screen$ComposeDefaultImpls", "app/ComposableSingletons$CallersKt")
	u := stability.NewUniverse(cp)
	a := &analyzer{cfg: Config{Classpath: cp, Universe: u, Input: m.Jar()}, engine: stability.NewEngine(u.Module(m.Jar()), stability.Options{}),
		ck: callsite.NewChecker(cp, u, nil, m.Jar(), stability.Options{}, true)}
	f.Fuzz(func(t *testing.T, data []byte) { fuzzBody(a, u, data) })
}

func fuzzBody(a *analyzer, u *stability.Universe, data []byte) {
	c, err := classfile.Parse(data)
	if err != nil {
		return
	}
	var bodies []*body
	methods := c.Methods()
	for i := range methods {
		if b := readBody(c, &methods[i], composerLocal(&methods[i]), a.isLambdaClass); b != nil {
			_ = b.calls()
			b.defaultOf(4, 1, 0, 0)
			bodies = append(bodies, b)
		}
	}
	h, ok := metadata.HeaderFromClass(c)
	if !ok {
		return
	}
	md, err := metadata.Read(h)
	if err != nil {
		return
	}
	var fns []*metadata.Function
	switch {
	case md.Class != nil:
		fns = md.Class.Functions
	case md.Package != nil:
		fns = md.Package.Functions
	}
	var out []*Function
	sc := u.ClassByJVMName(c.Name())
	for _, fn := range fns {
		if fn.Signature == nil {
			continue
		}
		if meth := c.Method(fn.Signature.Name, fn.Signature.Descriptor); meth != nil && isComposableDescriptor(meth.Descriptor) {
			fun, _ := a.function(sc, c, meth, fn, nil, false)
			out = append(out, fun)
		}
	}
	detectFeatures(bodies, out, DefaultFeatures)
}

// appSeeds opens the app fixture with its classpath (closed when the fuzz test ends) and adds
// the named classes' bytes to the seed corpus.
func appSeeds(f *testing.F, classes ...string) (fixtures.Module, *archive.Classpath) {
	m, err := fixtures.Get("app")
	if err != nil {
		f.Fatal(err)
	}
	cp, err := archive.OpenClasspath(append([]string{m.Jar()}, m.Classpath()...))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { cp.Close() })
	for _, n := range classes {
		e := cp.Lookup(n)
		if e == nil {
			f.Fatalf("%s not in the fixture jar", n)
		}
		data, err := e.Read()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	return m, cp
}
