package scan_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/audit/explain"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

// parseCompiler is the --compiler choice v.
func parseCompiler(t testing.TB, v string) scan.Compiler {
	t.Helper()
	c, err := scan.ParseCompiler(v)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// newest is the release whose rules composestab reproduces; the drift truth compares with it.
const newest = stability.DefaultCompiler

// TestEffectiveMatchesConsumer checks, for the same sources built by every fixture release, that
// each class's effective verdict is what a Kotlin 2.4.20 app sees: the JVM's $stable of the
// consumer module's holder class U_X (one field of type X, compiled by 2.4.20 against the older
// bytes). A holder reads 0 exactly when the verdict is stable; interfaces (uncertain) and unstable
// classes give 8; for generic classes the holders of X<Int> and X<Mut> are checked through the
// instantiation evaluator.
func TestEffectiveMatchesConsumer(t *testing.T) {
	checkConsumer(t, "consumer", "")
}

// TestEffectiveMatchesSelfConsumer is the same proof for older consumers: each release V compiled
// the consumer's holders itself (selfconsumer), and --compiler V must predict what they read.
func TestEffectiveMatchesSelfConsumer(t *testing.T) {
	checkConsumer(t, "selfconsumer", "self")
}

// checkConsumer compares, for every fixture release V, the effective verdict of each producers and
// pdep class with what the JVM reads in the holder U_X(val v: X) of module (consumer: compiled by
// 2.4.20; selfconsumer: by V). compiler "self" means --compiler V, "" the default.
func checkConsumer(t *testing.T, module, compiler string) {
	versions, err := fixtures.CompilerVersions()
	if err != nil {
		t.Fatal(err)
	}
	holders := holderTypes(t)
	for _, v := range versions {
		t.Run(v, func(t *testing.T) {
			consumerCompiler := compiler
			if compiler == "self" {
				consumerCompiler = v
			}
			rep := scanProducersWith(t, v, consumerCompiler)
			truth, err := fixtures.StableValues("compilers/" + v + "/" + module)
			if err != nil {
				t.Fatal(err)
			}
			checked := 0
			for _, c := range rep.Classes {
				h, ok := truth["consumer/U_"+holderSuffix(c.JVMName)]
				if !ok {
					continue // a generic class: checked through its instantiations below
				}
				checked++
				want := map[bool]stability.Verdict{true: stability.VerdictStable, false: stability.VerdictUnstable}[h.Value == 0]
				got := c.Verdict
				if got == evaluate.VerdictUncertain {
					got = "unstable" // a holder of an interface-typed field is unstable
				}
				if got != want {
					t.Errorf("%s: verdict %s (%s), the %s holder reads %d", c.Name, c.Verdict, c.Stability, module, h.Value)
				}
			}
			cp := []string{fixtures.CompilerJar(v, module), fixtures.CompilerJar(v, "producers"), fixtures.CompilerJar(v, "pdep"), fixtures.RuntimeStubJar()}
			for holder, typ := range holders {
				h, ok := truth["consumer/"+holder]
				if !ok || !strings.Contains(typ, "<") {
					continue
				}
				checked++
				x, err := explain.Explain(context.Background(), scan.Options{Classpath: cp, Compiler: parseCompiler(t, consumerCompiler)}, typ)
				if err != nil {
					t.Errorf("%s: %v", typ, err)
					continue
				}
				got := int32(8)
				if x.Value != nil && x.Verdict != "unstable" && x.Expression != "" {
					got = *x.Value
				}
				if got != int32(h.Value) {
					t.Errorf("%s: explain gives %v (%s, %s), the holder %s reads %d", typ, got, x.Stability, x.Expression, holder, h.Value)
				}
			}
			if checked < 60 {
				t.Errorf("only %d classes checked", checked)
			}
		})
	}
}

// TestDriftWhereRulesDiffer checks drift against the compilers themselves: a class drifts
// exactly where its own $stable (the 2.4.20 initializer evaluated over the older build's values)
// or its mask differs between the older build and the 2.4.20 build of the same sources.
func TestDriftWhereRulesDiffer(t *testing.T) {
	versions, err := fixtures.CompilerVersions()
	if err != nil {
		t.Fatal(err)
	}
	ref := scanProducers(t, newest)
	refByName := map[string]*scan.Class{}
	for _, c := range ref.Classes {
		refByName[c.JVMName] = c
		if c.Drift != "" {
			t.Errorf("%s %s: drift in a %s build: %s", newest, c.Name, newest, c.Drift)
		}
	}
	refCP := newEvaluator(t, newest)
	for _, v := range versions {
		t.Run(v, func(t *testing.T) {
			rep := scanProducers(t, v)
			ev := newEvaluator(t, v)
			var agree, drifted int
			for _, c := range rep.Classes {
				r := refByName[c.JVMName]
				if r == nil || c.StableValue == nil || r.StableValue == nil {
					continue
				}
				local, ok := evalWith(refCP.Stable(c.JVMName).Expr, ev)
				if !ok && readsAbsentStable(refCP.Stable(c.JVMName), ev) {
					// The newest build reads a $stable the older build does not have (the
					// getter 2.4 gives an annotation class of another file): nothing to compare.
					t.Logf("%s: the %s initializer reads a $stable %s's build lacks", c.Name, newest, v)
					continue
				}
				if !ok {
					t.Errorf("%s: cannot evaluate the %s initializer over %s's values", c.Name, newest, v)
					continue
				}
				maskDiffers := (c.StabilityInferred == nil) != (r.StabilityInferred == nil) ||
					c.StabilityInferred != nil && *c.StabilityInferred != *r.StabilityInferred
				want := (*c.StableValue&8 != 0) != (local&8 != 0) || maskDiffers
				if got := c.Drift != ""; got != want {
					t.Errorf("%s: drift %v (%q), want %v: %s wrote $stable %d mask %v, %s's initializer gives %d, mask %v",
						c.Name, got, c.Drift, want, v, *c.StableValue, ptr(c.StabilityInferred), newest, local, ptr(r.StabilityInferred))
				}
				if want {
					drifted++
				} else {
					agree++
				}
			}
			t.Logf("Kotlin %s: %d classes, %d agree with %s's rules, %d drift", v, agree+drifted, agree, newest, drifted)
		})
	}
}

// TestProducerDetection checks the producer named for every class of every fixture release.
func TestProducerDetection(t *testing.T) {
	versions, err := fixtures.CompilerVersions()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range versions {
		parts := strings.SplitN(v, ".", 3)
		want := fmt.Sprintf("Kotlin %s.%s (K2)", parts[0], parts[1])
		rep := scanProducers(t, v)
		for _, c := range rep.Classes {
			if c.Producer != want {
				t.Errorf("%s %s: producer %q, want %q", v, c.Name, c.Producer, want)
			}
		}
	}
}

func ptr(p *int32) string {
	if p == nil {
		return "none"
	}
	return fmt.Sprint(*p)
}

// evalWith evaluates an initializer with the $stable values of another build.
func evalWith(x evaluate.Expr, ev *evaluate.Evaluator) (int32, bool) {
	switch x := x.(type) {
	case nil:
		return 0, true
	case evaluate.Const:
		return x.Value, true
	case evaluate.Ref:
		v := ev.Stable(x.Class)
		return v.Value, v.Err == nil
	case evaluate.Op:
		a, ok1 := evalWith(x.X, ev)
		b, ok2 := evalWith(x.Y, ev)
		if x.Op != "|" {
			return 0, false
		}
		return a | b, ok1 && ok2
	}
	return 0, false
}

func newEvaluator(t *testing.T, v string) *evaluate.Evaluator {
	t.Helper()
	cp, err := archive.OpenClasspath([]string{fixtures.CompilerJar(v, "producers"), fixtures.CompilerJar(v, "pdep"), fixtures.RuntimeStubJar()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cp.Close() })
	return evaluate.New(cp)
}

func scanProducers(t *testing.T, v string) *scan.Report {
	t.Helper()
	return scanProducersWith(t, v, "")
}

// scanProducersWith is scanProducers as seen by the consuming compiler consumer.
func scanProducersWith(t *testing.T, v, consumer string) *scan.Report {
	t.Helper()
	rep, err := scan.Scan(context.Background(), scan.Options{
		Inputs:           []string{fixtures.CompilerJar(v, "producers"), fixtures.CompilerJar(v, "pdep")},
		Classpath:        []string{fixtures.RuntimeStubJar()},
		IncludeNonPublic: true,
		Compiler:         parseCompiler(t, consumer),
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Errors) > 0 {
		t.Fatalf("%s: %v", v, rep.Errors)
	}
	return rep
}

// holderSuffix names a class's holder in the consumer module: producers/Shape$Circle → Shape_Circle,
// pdep/DepOpen → pdep_DepOpen.
func holderSuffix(jvm string) string {
	n := strings.TrimPrefix(jvm, "producers/")
	return strings.NewReplacer("/", "_", "$", "_").Replace(n)
}

// holderTypes reads the consumer's holders (U_X(val v: T)) from its source, with T qualified.
func holderTypes(t *testing.T) map[string]string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(fixtures.Root(), "..", "src", "compilers", "consumer", "consumer", "Uses.kt"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	re := regexp.MustCompile(`(?m)^class (U_\w+)\(val v: (.+)\)$`)
	for _, m := range re.FindAllStringSubmatch(string(src), -1) {
		out[m[1]] = fixtures.QualifyConsumerType(m[2])
	}
	if len(out) < 70 {
		t.Fatalf("read %d holders", len(out))
	}
	return out
}

// TestMissingDependencyModule audits producers without pdep on the classpath: an interface the
// classpath lacks never makes a class unstable, the classes whose $stable reads pdep stay runtime
// naming what is missing, and the summary lists each missing class once with how many need it.
func TestMissingDependencyModule(t *testing.T) {
	for _, v := range []string{"2.1.0", newest} {
		t.Run(v, func(t *testing.T) {
			rep, err := scan.Scan(context.Background(), scan.Options{Inputs: []string{fixtures.CompilerJar(v, "producers")}, Classpath: []string{fixtures.RuntimeStubJar()}})
			if err != nil {
				t.Fatal(err)
			}
			full := scanProducers(t, v)
			byName := map[string]*scan.Class{}
			for _, c := range full.Classes {
				byName[c.Name] = c
			}
			for _, c := range rep.Classes {
				f := byName[c.Name]
				switch {
				case len(c.Missing) > 0:
					if c.Verdict != "runtime" || c.StableValue != nil {
						t.Errorf("%s: verdict %s with missing %v", c.Name, c.Verdict, c.Missing)
					}
				case c.Verdict != f.Verdict || c.Drift != "" && c.Drift != f.Drift:
					// Drift may go unsaid when the inference needs a missing superclass.
					t.Errorf("%s: without pdep %s drift %q, with it %s drift %q", c.Name, c.Verdict, c.Drift, f.Verdict, f.Drift)
				}
			}
			if c := byName["producers.ImplDepIface"]; c.Verdict != "stable" {
				t.Errorf("ImplDepIface: %s", c.Verdict)
			}
			// Every class a verdict or a reason stands on is named, also those only the
			// as-compiled reasons need (a superclass, an interface-typed field).
			want := []scan.MissingClass{{"pdep.DepBox", 2, "producers.UsesDepBox", 0}, {"pdep.DepMutable", 2, "producers.UsesDepBoxMutable", 0}, {"pdep.DepAbstract", 1, "producers.SubOfDepAbstract", 0},
				{"pdep.DepAnn", 1, "producers.HoldsDepAnn", 0}, {"pdep.DepIface", 1, "producers.HasInterface", 0}, {"pdep.DepMutableOpen", 1, "producers.SubOfDepMutable", 0}, {"pdep.DepOpen", 1, "producers.SubOfDep", 0}, {"pdep.DepStable", 1, "producers.UsesDep", 0}}
			if got := fmt.Sprint(rep.Summary.Missing); got != fmt.Sprint(want) {
				t.Errorf("missing %s, want %s", got, fmt.Sprint(want))
			}
			for _, e := range rep.Errors {
				t.Errorf("error %v: missing classes belong in the summary", e)
			}
		})
	}
}

// TestVerdictFollowsPatchedBytes rewrites classes of the 2.4.20 build the way a post-processing
// tool (or a compiler composestab cannot run) might: HasVar's initializer stores 0 instead of 8,
// and UsesOtherFile's stores 8 instead of reading OtherFileData.$stable (0). No rule gives those values; the verdict follows the bytes
// and drift says the rules disagree.
func TestVerdictFollowsPatchedBytes(t *testing.T) {
	patches := map[string][2][]byte{
		"producers/HasVar.class": {{0x10, 0x08, 0xb3}, {0x10, 0x00, 0xb3}}, // bipush 8 → bipush 0; putstatic
		// getstatic OtherFileData.$stable → bipush 8; nop, before putstatic $stable
		"producers/UsesOtherFile.class": {{0xb2, 0x00, 0x20, 0xb3, 0x00, 0x21}, {0x10, 0x08, 0x00, 0xb3, 0x00, 0x21}},
	}
	jar := patchJar(t, fixtures.CompilerJar(newest, "producers"), patches)
	rep, err := scan.Scan(context.Background(), scan.Options{Inputs: []string{jar}, Classpath: []string{fixtures.CompilerJar(newest, "pdep"), fixtures.RuntimeStubJar()}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		verdict string
		value   int32
	}{
		"producers.HasVar":        {"stable", 0},
		"producers.UsesOtherFile": {"unstable", 8},
	}
	for _, c := range rep.Classes {
		w, ok := want[c.Name]
		if !ok {
			continue
		}
		delete(want, c.Name)
		if string(c.Verdict) != w.verdict || c.StableValue == nil || *c.StableValue != w.value {
			t.Errorf("%s: verdict %s $stable %s, want %s %d", c.Name, c.Verdict, ptr(c.StableValue), w.verdict, w.value)
		}
		if !strings.Contains(c.Drift, fmt.Sprintf("$stable written %s (%d)", w.verdict, w.value)) {
			t.Errorf("%s: drift %q", c.Name, c.Drift)
		}
	}
	if len(want) > 0 {
		t.Errorf("not reported: %v", want)
	}
}

// patchJar copies a jar, replacing the first occurrence of a byte sequence in the named entries.
func patchJar(t *testing.T, src string, patches map[string][2][]byte) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "patched.jar")
	fixtures.RewriteJar(t, src, out, func(name string, data []byte) []byte {
		p, ok := patches[name]
		if !ok {
			return data
		}
		i := bytes.Index(data, p[0])
		if i < 0 {
			t.Fatalf("%s: % x not found", name, p[0])
		}
		return append(append(append([]byte{}, data[:i]...), p[1]...), data[i+len(p[0]):]...)
	})
	return out
}

// TestCompilerAuto: --compiler auto reproduces each fixture release's own -classes.txt from its
// bytes alone, except where releases differ only in report formatting that no byte records
// (2.2.0 and 2.2.10 name classes simply, 2.2.20 by FQN, with the same metadata version 2.2).
func TestCompilerAuto(t *testing.T) {
	versions, err := fixtures.CompilerVersions()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range versions {
		rep, err := scan.Scan(context.Background(), scan.Options{Inputs: []string{fixtures.CompilerJar(v, "producers")}, Compiler: scan.Compiler{Auto: true},
			Classpath: []string{fixtures.CompilerJar(v, "pdep"), fixtures.RuntimeStubJar()}, IncludeNonPublic: true})
		if err != nil {
			t.Fatal(err)
		}
		var results []*stability.ClassResult
		for _, c := range rep.ReportOrder() {
			if r := c.Result(); r != nil {
				results = append(results, r)
			}
		}
		var got bytes.Buffer
		if err := stability.WriteClassesReport(&got, results); err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(filepath.Dir(fixtures.CompilerJar(v, "producers")), "producers-classes.txt"))
		if err != nil {
			t.Fatal(err)
		}
		same := got.String() == string(want)
		if formatOnly := v == "2.2.0" || v == "2.2.10"; same == formatOnly {
			t.Errorf("%s: auto report identical=%v", v, same)
		}
	}
}

// readsAbsentStable reports that a $stable value reads another class's $stable that ev's
// classpath does not have.
func readsAbsentStable(v *evaluate.Value, ev *evaluate.Evaluator) bool {
	for _, d := range v.Deps {
		if ev.Stable(d.Class).Err != nil {
			return true
		}
	}
	return false
}
