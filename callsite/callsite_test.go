package callsite

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

func TestSplitChanged(t *testing.T) {
	ref := func(c string) evaluate.Expr { return evaluate.Ref{Class: c, Field: evaluate.StableField} }
	or := func(x, y evaluate.Expr) evaluate.Expr { return evaluate.Op{Op: "|", X: x, Y: y} }
	shl := func(x evaluate.Expr, n int32) evaluate.Expr {
		return evaluate.Op{Op: "<<", X: x, Y: evaluate.Const{Value: n}}
	}
	and := func(x, y evaluate.Expr) evaluate.Expr { return evaluate.Op{Op: "&", X: x, Y: y} }
	shr := func(x evaluate.Expr, n int32) evaluate.Expr {
		return evaluate.Op{Op: ">>", X: x, Y: evaluate.Const{Value: n}}
	}
	dirty := evaluate.Local{Index: 7}
	tests := []struct {
		name  string
		x     evaluate.Expr
		slots map[int]Bits
		force bool
		err   string
	}{
		{name: "zero", x: evaluate.Const{Value: 0}},
		{name: "static slot 0", x: evaluate.Const{Value: 6}, slots: map[int]Bits{0: {Static: true}}},
		{name: "static slots 0 and 1", x: evaluate.Const{Value: 54}, slots: map[int]Bits{0: {Static: true}, 1: {Static: true}}},
		{name: "unstable bits", x: evaluate.Const{Value: 8 | 8<<3}, slots: map[int]Bits{0: {Unstable: true}, 1: {Unstable: true}}},
		{name: "force", x: evaluate.Const{Value: 1}, force: true},
		{
			name:  "Box<Plain> in slot 0",
			x:     or(ref("app/Box"), ref("app/Plain")),
			slots: map[int]Bits{0: {Refs: []string{"app/Box", "app/Plain"}}},
		},
		{
			name: "spec example: ShowBox(Box(p), hv, anon)",
			x:    or(or(or(ref("app/Box"), ref("app/Plain")), shl(ref("app/HasVar"), 3)), and(evaluate.Const{Value: 0x70}, dirty)),
			slots: map[int]Bits{
				0: {Refs: []string{"app/Box", "app/Plain"}},
				1: {Refs: []string{"app/HasVar"}, Forwarded: true, Certain: true},
			},
		},
		{
			name:  "shifted OR of reads",
			x:     shl(or(ref("app/Box"), ref("app/User")), 6),
			slots: map[int]Bits{2: {Refs: []string{"app/Box", "app/User"}}},
		},
		{
			name:  "forwarded and shifted right",
			x:     or(ref("app/Plain"), and(evaluate.Const{Value: 112}, shr(dirty, 9))),
			slots: map[int]Bits{0: {Refs: []string{"app/Plain"}}, 1: {Forwarded: true, Certain: true}},
		},
		{
			name:  "constant with reads",
			x:     or(evaluate.Const{Value: 48}, ref("app/User")),
			slots: map[int]Bits{0: {Refs: []string{"app/User"}}, 1: {Static: true}},
		},
		{
			name:  "type parameter's unstable bit",
			x:     or(and(evaluate.Const{Value: 8}, evaluate.Local{Index: 2}), and(evaluate.Const{Value: 14}, dirty)),
			slots: map[int]Bits{0: {Forwarded: true, Certain: true}},
		},
		{name: "state Same is not a call-site constant", x: evaluate.Const{Value: 2}, err: "state 001 in slot 0"},
		{name: "bit 31", x: evaluate.Const{Value: -1 << 31}, err: "bit 31"},
		{name: "shift off a slot", x: shl(ref("app/Box"), 4), err: "not a $stable read"},
		{name: "not $stable", x: evaluate.Ref{Class: "app/Box", Field: "other"}, err: "not a $stable read"},
		{name: "reads mixed with locals", x: and(ref("app/Box"), dirty), err: "mixes"},
		{name: "other operator", x: evaluate.Op{Op: "+", X: ref("app/Box"), Y: evaluate.Const{Value: 1}}, err: "not a $stable read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			slots, force, err := splitChanged(tt.x)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if force != tt.force {
				t.Errorf("force = %v, want %v", force, tt.force)
			}
			for s := 0; s < 10; s++ {
				if want := tt.slots[s]; !reflect.DeepEqual(slots[s], want) {
					t.Errorf("slot %d = %+v, want %+v", s, slots[s], want)
				}
			}
		})
	}
}

// checkModule checks every call site in a fixture module's jar.
func checkModule(t *testing.T, m fixtures.Module) []*Check {
	t.Helper()
	var opts stability.Options
	strong := true
	for _, f := range m.Flags {
		if _, conf, ok := strings.Cut(f, "stabilityConfigurationPath="); ok {
			cfg, err := stability.LoadConfig(filepath.Join(fixtures.Root(), "..", conf))
			if err != nil {
				t.Fatal(err)
			}
			opts.Config = cfg
		}
		if strings.HasSuffix(f, "featureFlag=-StrongSkipping") {
			strong = false
		}
	}
	return checkJar(t, m.Jar(), m.Classpath(), opts, strong)
}

// checkJar checks every call site in jar, compiled against classpath, predicting with opts.
func checkJar(t *testing.T, jar string, classpath []string, opts stability.Options, strong bool) []*Check {
	t.Helper()
	cp, err := archive.OpenClasspath(append([]string{jar}, classpath...))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cp.Close() })
	u := stability.NewUniverse(cp)
	inst := evaluate.NewInstantiator(u, evaluate.New(cp), opts)
	ck := NewChecker(cp, u, inst, jar, opts, strong)
	var names []string
	for _, e := range cp.Entries() {
		if e.Input == jar {
			names = append(names, e.ClassName)
		}
	}
	sort.Strings(names)
	var out []*Check
	for _, n := range names {
		checks, err := ck.CheckClass(n)
		if err != nil {
			t.Errorf("%s: %v", n, err)
		}
		out = append(out, checks...)
	}
	return out
}

func siteName(c *Check) string {
	return fmt.Sprintf("%s.%s@%d -> %s.%s", simpleName(c.Class), c.Method[:strings.IndexByte(c.Method, '(')], c.Offset, simpleName(c.Callee.Owner), c.Callee.Name)
}

// TestCallSitesMatchCompiler reads the $changed ints every compiled caller in the fixture modules
// passes and checks that, for every slot whose argument type the bytecode shows, the $stable
// reads and the unstable bit equal what our inference computes for that type.
func TestCallSitesMatchCompiler(t *testing.T) {
	mods, err := fixtures.Modules()
	if err != nil {
		t.Fatal(err)
	}
	var all []*Check
	for _, m := range mods {
		if m.Kind != fixtures.KindCompose {
			continue
		}
		checks := checkModule(t, m)
		all = append(all, checks...)
		sum := summarize(checks)
		t.Logf("%s: %s", m.Name, sum)
		for _, c := range checks {
			switch c.Status {
			case NotDecodable:
				t.Logf("  not decodable: %s: %s", siteName(c), c.Reason)
				continue
			case Restart:
				continue
			}
			for _, s := range c.Slots {
				if s.Ours != nil && !s.Equal {
					t.Errorf("%s: %s slot %d (%s): compiler passes %s, we predict %s for %s (%s, %s view)",
						m.Name, siteName(c), s.Slot, s.Param, s.Compiler.Stability(), s.Ours.Stability(), s.Type, s.TypeSource, s.View)
				}
				if testing.Verbose() {
					if s.Ours != nil {
						t.Logf("  %s slot %d %s: %s = %s [%s; %s]", siteName(c), s.Slot, s.Param, s.Type, s.Compiler.Stability(), s.TypeSource, s.View)
					} else {
						t.Logf("  %s slot %d %s: skipped: %s (compiler: %s)", siteName(c), s.Slot, s.Param, s.Skip, s.Compiler.Stability())
					}
				}
			}
		}
	}
	sum := summarize(all)
	t.Logf("all modules: %s", sum)
	if sum.Compared != sum.Equal {
		t.Errorf("%d of %d compared slots differ", sum.Compared-sum.Equal, sum.Compared)
	}
	if sum.Sites < 100 || sum.NonTrivial < 30 {
		t.Errorf("only %d call sites and %d non-trivial slots compared", sum.Sites, sum.NonTrivial)
	}
}

func bitsString(b Bits) string {
	s := b.Stability()
	if b.Static {
		s += " +static"
	}
	if b.Forwarded {
		s += " +forwarded"
	}
	return s
}

// TestCallSiteDecoding pins the decoding of chosen fixture call sites: the rebuilt $changed
// expressions and the per-slot split, against the compiler's bytecode (javap output of the
// goldens).
func TestCallSiteDecoding(t *testing.T) {
	tests := []struct {
		module, class, method, callee string
		nth                           int // which call of callee in method, from 0
		ints                          []string
		slots                         []string // Compiler bits per slot
		ours                          []string // our prediction per slot, "skip" when skipped
	}{
		{
			module: "app", class: "app/CallersKt", method: "CallConcrete", callee: "ShowBox", nth: 1,
			ints:  []string{"Box.$stable | OtherFilePlain.$stable"},
			slots: []string{"Box.$stable | OtherFilePlain.$stable"},
			ours:  []string{"Box.$stable | OtherFilePlain.$stable"},
		},
		{
			module: "app", class: "app/CallersKt", method: "CallConcrete", callee: "ShowShape",
			ints:  []string{"Square.$stable"},
			slots: []string{"Square.$stable"},
			ours:  []string{"Square.$stable"},
		},
		{
			module: "app", class: "app/CallersKt", method: "CallConcrete", callee: "ShowString",
			ints:  []string{"6", "2"},
			slots: []string{"none +static", "none"},
			ours:  []string{"none", "skip"},
		},
		{
			module: "app", class: "app/CallersKt", method: "CallForwarding", callee: "ShowPlain",
			ints:  []string{"(OtherFilePlain.$stable | (14 & local7)) | (112 & (local7 >> 9))"},
			slots: []string{"OtherFilePlain.$stable +forwarded", "none +forwarded"},
			ours:  []string{"OtherFilePlain.$stable", "none"},
		},
		{
			module: "app", class: "app/CallersKt", method: "CallScreens", callee: "Footer",
			ints:  []string{"(User.$stable | (Screen.$stable << 3)) | (112 & (local4 << 3))"},
			slots: []string{"User.$stable", "Screen.$stable +forwarded"},
			ours:  []string{"User.$stable", "Screen.$stable"},
		},
		{
			module: "app", class: "app/CallersKt", method: "CallLocals", callee: "ShowAsReceiver",
			ints:  []string{"48 | User.$stable"},
			slots: []string{"User.$stable", "none +static"},
			ours:  []string{"User.$stable", "none"},
		},
		{
			module: "app", class: "app/CallersLibsKt", method: "CallLib2", callee: "L2ShowBox",
			// L2Box<User> is Runtime(L2Box) plus its argument: LBox, the type of L2Box's
			// field, is L2Box's own business.
			ints:  []string{"L2Box.$stable | User.$stable"},
			slots: []string{"L2Box.$stable | User.$stable"},
			ours:  []string{"L2Box.$stable | User.$stable"},
		},
		{
			module: "app", class: "app/ComposablesKt", method: "CallSameFile", callee: "ShowBox",
			ints:  []string{"Box.$stable"},
			slots: []string{"Box.$stable"},
			ours:  []string{"Box.$stable"},
		},
		{
			module: "nostrong", class: "nostrong/CallersKt", method: "NsCallAll", callee: "NsShowNoCompose",
			ints:  []string{"8"},
			slots: []string{"unstable"},
			ours:  []string{"unstable"},
		},
		{
			module: "nostrong", class: "nostrong/CallersKt", method: "NsCallAll", callee: "NsShowMixed",
			slots: []string{"none +static", "NsUnstable.$stable +forwarded", "NsStable.$stable +forwarded", "unstable", "none +static", "none +static"},
			ours:  []string{"none", "NsUnstable.$stable", "NsStable.$stable", "unstable", "skip", "skip"},
		},
		{
			module: "nostrong", class: "nostrong/CallersKt", method: "NsCallGeneric", callee: "NsShowBox",
			ints:  []string{"NsBox.$stable | (8 & local3)"},
			slots: []string{"NsBox.$stable +forwarded"},
			ours:  []string{"skip"},
		},
	}
	byModule := map[string][]*Check{}
	for _, tt := range tests {
		name := fmt.Sprintf("%s/%s/%s#%d", tt.module, tt.method, tt.callee, tt.nth)
		t.Run(name, func(t *testing.T) {
			checks, ok := byModule[tt.module]
			if !ok {
				m, err := fixtures.Get(tt.module)
				if err != nil {
					t.Fatal(err)
				}
				checks = checkModule(t, m)
				byModule[tt.module] = checks
			}
			var found *Check
			n := 0
			for _, c := range checks {
				if c.Class == tt.class && strings.HasPrefix(c.Method, tt.method+"(") && c.Callee.Name == tt.callee {
					if n == tt.nth {
						found = c
						break
					}
					n++
				}
			}
			if found == nil {
				t.Fatal("call site not found")
			}
			if found.Status != Decoded {
				t.Fatalf("status %v: %s", found.Status, found.Reason)
			}
			if tt.ints != nil {
				var got []string
				for _, x := range found.Ints {
					got = append(got, x.String())
				}
				if !reflect.DeepEqual(got, tt.ints) {
					t.Errorf("ints = %q, want %q", got, tt.ints)
				}
			}
			if len(found.Slots) != len(tt.slots) {
				t.Fatalf("%d slots, want %d", len(found.Slots), len(tt.slots))
			}
			for i, s := range found.Slots {
				if got := bitsString(s.Compiler); got != tt.slots[i] {
					t.Errorf("slot %d compiler = %q, want %q", i, got, tt.slots[i])
				}
				got := "skip"
				if s.Ours != nil {
					got = s.Ours.Stability()
					if !s.Equal {
						t.Errorf("slot %d not equal", i)
					}
				}
				if got != tt.ours[i] {
					t.Errorf("slot %d ours = %q (%s), want %q", i, got, s.Skip, tt.ours[i])
				}
			}
		})
	}
}

// FuzzCallSites mutates fixture classes full of composable calls: finding, decoding and checking
// call sites must never panic, whatever the bytecode.
func FuzzCallSites(f *testing.F) {
	m, cp := appSeeds(f, "app/CallersKt", "app/CallersLibsKt", "app/ComposablesKt", "app/Screen$ComposeDefaultImpls")
	u := stability.NewUniverse(cp)
	ck := NewChecker(cp, u, evaluate.NewInstantiator(u, evaluate.New(cp), stability.Options{}), m.Jar(), stability.Options{}, true)
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := classfile.Parse(data)
		if err != nil {
			return
		}
		sites, _ := Find(c)
		for _, s := range sites {
			sc := ck.Check(s)
			for _, sl := range sc.Slots {
				_ = sl.Compiler.Stability()
			}
		}
	})
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

// TestConsumerCallSitesEveryCompiler is the consumer's side of the bytes-first view, proven by
// the compilers: for every supported release V, an app compiled by 2.4.20 (consumer) and one
// compiled by V itself (selfconsumer) call ShowAny(make<C>()) for each producer class C built by
// V. The $changed each call passes is what that app's compiler decided for C as a dependency (0
// for stable, the unstable bit, or C.$stable read at run time). make's erased result hides C from
// the bytecode, so the types come from the source, in call order; our prediction for each, with
// the app compiler's rules, must equal what the call passes.
func TestConsumerCallSitesEveryCompiler(t *testing.T) {
	types := callAllTypes(t)
	for _, v := range stability.SupportedCompilers {
		dir := filepath.Join(fixtures.Root(), "compilers", v)
		deps := []string{filepath.Join(dir, "producers", "producers.jar"), filepath.Join(dir, "pdep", "pdep.jar"), fixtures.RuntimeStubJar()}
		for _, app := range []struct{ folder, compiler string }{{"consumer", stability.DefaultCompiler}, {"selfconsumer", v}} {
			t.Run(v+"/"+app.folder, func(t *testing.T) {
				jar := filepath.Join(dir, app.folder, app.folder+".jar")
				cp, err := archive.OpenClasspath(append([]string{jar}, deps...))
				if err != nil {
					t.Fatal(err)
				}
				defer cp.Close()
				opts := stability.Options{Release: release(t, app.compiler)}
				u := stability.NewUniverse(cp)
				ck := NewChecker(cp, u, evaluate.NewInstantiator(u, evaluate.New(cp), opts), jar, opts, true)
				checks, err := ck.CheckClass("consumer/CallsKt")
				if err != nil {
					t.Fatal(err)
				}
				var calls []*Check
				for _, c := range checks {
					if strings.HasPrefix(c.Method, "CallAll(") && c.Callee.Name == "ShowAny" {
						calls = append(calls, c)
					}
				}
				if len(calls) != len(types) {
					t.Fatalf("%d ShowAny calls in the bytecode, %d in the source", len(calls), len(types))
				}
				for i, c := range calls {
					if c.Status != Decoded || len(c.Slots) != 1 {
						t.Errorf("ShowAny(make<%s>()): %s (%s)", types[i], c.Status, c.Reason)
						continue
					}
					got := c.Slots[0].Compiler
					ours, _, s, err := ck.predictType(types[i], "consumer/Calls.kt")
					if err != nil {
						t.Errorf("ShowAny(make<%s>()): %v", types[i], err)
						continue
					}
					if !ours.sameStability(got) {
						t.Errorf("ShowAny(make<%s>()): %s's compiler passes %s, we predict %s (%s)", types[i], app.folder, got.Stability(), ours.Stability(), s)
					}
				}
			})
		}
	}
}

// callAllTypes reads the type arguments of the ShowAny(make<T>()) calls in the consumer
// fixture's source, qualified as Instantiator.Parse reads them.
func callAllTypes(t *testing.T) []string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(fixtures.Root(), "..", "src", "compilers", "consumer", "consumer", "Calls.kt"))
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, line := range strings.Split(string(src), "\n") {
		arg, ok := strings.CutPrefix(strings.TrimSpace(line), "ShowAny(make<")
		if !ok {
			continue
		}
		arg = strings.TrimSuffix(arg, ">())")
		types = append(types, fixtures.QualifyConsumerType(arg))
	}
	if len(types) < 60 {
		t.Fatalf("only %d ShowAny(make<T>()) calls in Calls.kt", len(types))
	}
	return types
}

// TestCallSiteWhatIfEveryPair is the call-site side of diff --old-compiler A --new-compiler B:
// appconsumer is the same sources compiled by every release over one set of library jars
// (2.0.20's), so the $changed a ShowAny(make<C>()) call passes differs between A's build and B's
// only where the releases' rules decide C differently. For every pair of consecutive releases
// (and 2.0.20 → 2.4.20), the slots whose predictions with A's and B's rules differ must be exactly
// the slots whose bits the two builds pass differ.
func TestCallSiteWhatIfEveryPair(t *testing.T) {
	types := callAllTypes(t)
	base := filepath.Join(fixtures.Root(), "compilers", "2.0.20")
	deps := []string{filepath.Join(base, "producers", "producers.jar"), filepath.Join(base, "pdep", "pdep.jar"), fixtures.RuntimeStubJar()}
	type slots struct{ real, predicted []Bits }
	read := func(v string) slots {
		jar := filepath.Join(fixtures.Root(), "compilers", v, "appconsumer", "appconsumer.jar")
		cp, err := archive.OpenClasspath(append([]string{jar}, deps...))
		if err != nil {
			t.Fatal(err)
		}
		defer cp.Close()
		opts := stability.Options{Release: release(t, v)}
		u := stability.NewUniverse(cp)
		ck := NewChecker(cp, u, evaluate.NewInstantiator(u, evaluate.New(cp), opts), jar, opts, true)
		checks, err := ck.CheckClass("consumer/CallsKt")
		if err != nil {
			t.Fatal(err)
		}
		var out slots
		for _, c := range checks {
			if !strings.HasPrefix(c.Method, "CallAll(") || c.Callee.Name != "ShowAny" {
				continue
			}
			if c.Status != Decoded || len(c.Slots) != 1 {
				t.Fatalf("%s: call %d: %s (%s)", v, len(out.real), c.Status, c.Reason)
			}
			i := len(out.real)
			if i >= len(types) {
				t.Fatalf("%s: more ShowAny calls than the source has", v)
			}
			ours, _, _, err := ck.predictType(types[i], "consumer/Calls.kt")
			if err != nil {
				t.Fatal(err)
			}
			out.real = append(out.real, c.Slots[0].Compiler)
			out.predicted = append(out.predicted, ours)
		}
		if len(out.real) != len(types) {
			t.Fatalf("%s: %d ShowAny calls in the bytecode, %d in the source", v, len(out.real), len(types))
		}
		return out
	}
	versions := stability.SupportedCompilers
	byVersion := map[string]slots{}
	for _, v := range versions {
		byVersion[v] = read(v)
	}
	pairs := [][2]string{{"2.0.20", "2.4.20"}}
	for i := 1; i < len(versions); i++ {
		pairs = append(pairs, [2]string{versions[i-1], versions[i]})
	}
	for _, p := range pairs {
		a, b := byVersion[p[0]], byVersion[p[1]]
		var real, predicted []string
		for i := range types {
			if !a.real[i].sameStability(b.real[i]) {
				real = append(real, types[i])
			}
			if !a.predicted[i].sameStability(b.predicted[i]) {
				predicted = append(predicted, types[i])
			}
		}
		if strings.Join(real, " ") != strings.Join(predicted, " ") {
			t.Errorf("%s → %s: predicted slot changes %v, the builds differ at %v", p[0], p[1], predicted, real)
		}
		t.Logf("%s → %s: %d/%d slots changed as predicted (of %d), %d predicted", p[0], p[1], len(real), len(real), len(types), len(predicted))
	}
}

// release is the supported release of that name.
func release(t testing.TB, name string) stability.Release {
	t.Helper()
	r, ok := stability.ParseRelease(name)
	if !ok {
		t.Fatalf("release %q is not supported", name)
	}
	return r
}
