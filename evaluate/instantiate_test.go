package evaluate

import (
	"errors"
	"strings"
	"testing"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

// lib1Instantiator is an instantiator over lib1 and the runtime stub.
func lib1Instantiator(t testing.TB) *Instantiator {
	t.Helper()
	m, err := fixtures.Get("lib1")
	if err != nil {
		t.Fatal(err)
	}
	cp, err := archive.OpenClasspath(append([]string{m.Jar()}, m.Classpath()...))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cp.Close() })
	return NewInstantiator(stability.NewUniverse(cp), New(cp), stability.Options{})
}

var userMode = ParseOptions{AllowMissing: true, CheckArguments: true}

// TestParseFunctionTypes: each written form becomes the IR type the compiler's reports print
// (app-classes.txt, kinds-composables.txt: Function2<Composer, Int, Unit> for @Composable () ->
// Unit, @[ExtensionFunctionType] for a receiver, SuspendFunctionN for suspend).
func TestParseFunctionTypes(t *testing.T) {
	it := lib1Instantiator(t)
	tests := []struct{ in, want string }{
		{"() -> Unit", "Function0<Unit>"},
		{"(Int) -> String", "Function1<Int, String>"},
		{"(x: Int, y: String) -> Boolean", "Function2<Int, String, Boolean>"},
		{"Int.(String) -> Unit", "@[ExtensionFunctionType] Function2<Int, String, Unit>"},
		{"String?.() -> Unit", "@[ExtensionFunctionType] Function1<String?, Unit>"},
		{"lib1.LBox<Int>.() -> Unit", "@[ExtensionFunctionType] Function1<LBox<Int>, Unit>"},
		{"(() -> Unit)?", "Function0<Unit>?"},
		{"() -> Unit?", "Function0<Unit?>"},
		{"(Int) -> (String) -> Unit", "Function1<Int, Function1<String, Unit>>"},
		{"@Composable () -> Unit", "Function2<Composer, Int, Unit>"},
		{"@Composable (Int) -> Unit", "Function3<Int, Composer, Int, Unit>"},
		{"@androidx.compose.runtime.Composable lib1.LStable.() -> Unit", "@[ExtensionFunctionType] Function3<LStable, Composer, Int, Unit>"},
		{"suspend () -> Unit", "SuspendFunction0<Unit>"},
		{"suspend Int.() -> Unit", "@[ExtensionFunctionType] SuspendFunction1<Int, Unit>"},
		{"lib1.LBox<() -> Unit>", "LBox<Function0<Unit>>"},
		{"lib1.LBox<out @Composable () -> Unit>", "LBox<out Function2<Composer, Int, Unit>>"},
		{"(Int)", "Int"},
		{"(Int)?", "Int?"},
		{"kotlin.Function1<Int, Unit>", "Function1<Int, Unit>"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			typ, err := it.ParseWith(tt.in, userMode)
			if err != nil {
				t.Fatal(err)
			}
			if got := typ.String(); got != tt.want {
				t.Errorf("%q parsed as %s, want %s", tt.in, got, tt.want)
			}
		})
	}
}

// TestParseErrors: each kind of bad type is its own typed error.
func TestParseErrors(t *testing.T) {
	it := lib1Instantiator(t)
	var (
		te *TypeError
		ae *ArityError
		be *BoundError
		nf *NotFoundError
	)
	tests := []struct {
		in     string
		opts   ParseOptions
		target any
		msg    string
	}{
		{"lib1.LPair<Int>", userMode, &ae, "lib1.LPair takes 2 type arguments <A, B>, 1 given"},
		{"lib1.LStable<Int>", userMode, &ae, "lib1.LStable takes no type arguments, 1 given"},
		{"lib1.LBounded<Int>", userMode, &be, "type argument kotlin.Int of lib1.LBounded is not within its bound: T : kotlin.CharSequence"},
		{"lib1.Nope", ParseOptions{}, &nf, "class lib1.Nope is not on the classpath"},
		{"Nope", ParseOptions{}, &nf, "no class named Nope on the classpath"},
		{"lib1.LBox<", userMode, &te, `type "lib1.LBox<": expected a type name (at offset 10)`},
		{"() ->", userMode, &te, `type "() ->": expected a type name (at offset 5)`},
		{"(Int, String)", userMode, &te, `type "(Int, String)": expected -> after the parameters of a function type (at offset 13)`},
		{"@Composable Int", userMode, &te, `type "@Composable Int": @Composable and suspend apply to function types only, such as @Composable () -> Unit (at offset 0)`},
		{"((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((Int", userMode, &te, "nested more than 64 deep"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := it.ParseWith(tt.in, tt.opts)
			if err == nil {
				t.Fatal("no error")
			}
			if !errors.As(err, tt.target) {
				t.Errorf("error %T (%v), want %T", err, err, tt.target)
			}
			if got := err.Error(); got != tt.msg && !(len(tt.msg) < 30 && strings.Contains(got, tt.msg)) {
				t.Errorf("error %q, want %q", got, tt.msg)
			}
		})
	}
	// Types rendered from bytecode are not held to argument counts.
	if _, err := it.Parse("lib1.LPair<Int>"); err != nil {
		t.Errorf("Parse without CheckArguments: %v", err)
	}
}

// TestEvaluateMissing: a class found nowhere makes the answer unknown (runtime), and is named;
// one the answer does not depend on is named but changes nothing.
func TestEvaluateMissing(t *testing.T) {
	it := lib1Instantiator(t)
	tests := []struct {
		in      string
		verdict stability.Verdict
		missing string
		needed  bool
	}{
		{"lib1.Nope", stability.VerdictRuntime, "lib1.Nope", true},
		{"lib1.LBox<a.b.Outer.Inner>", stability.VerdictRuntime, "a.b.Outer.Inner", true},
		{"(a.B) -> Unit", stability.VerdictStable, "a.B", false},
		{"@Composable () -> Unit", stability.VerdictStable, "", false},
		{"lib1.LBox<lib1.LStable>", stability.VerdictStable, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			typ, err := it.ParseWith(tt.in, userMode)
			if err != nil {
				t.Fatal(err)
			}
			in := it.EvaluateType(typ)
			got := ""
			if len(in.Missing) > 0 {
				got = in.Missing[0]
			}
			if in.Verdict() != tt.verdict || got != tt.missing || in.Needed != tt.needed {
				t.Errorf("verdict %s, missing %v (needed %t); want %s, %q (%t)", in.Verdict(), in.Missing, in.Needed, tt.verdict, tt.missing, tt.needed)
			}
			if tt.needed && (in.Known || in.Callee(true).Compare != "unknown" || in.Callee(false).Compare != "unknown") {
				t.Errorf("known %t, callee %+v: a missing class must leave the answer unknown", in.Known, in.Callee(true))
			}
		})
	}
}

// TestVerdictAgreesWithCallee: the verdict, the bits and what the callee does are one answer.
// LPair<LUnstable, LIface> reads nothing at the call site (an Unknown makes the expression
// null, spec §7), so it is uncertain and compared with equals, not unstable.
func TestVerdictAgreesWithCallee(t *testing.T) {
	it := lib1Instantiator(t)
	tests := []struct {
		in             string
		verdict        stability.Verdict
		strong, noSS   int32
		cmpSS, cmpNoSS string
		skipNoSS       bool
	}{
		{"lib1.LStable", stability.VerdictStable, 0, 0, "equals", "equals", true},
		{"lib1.LUnstable", stability.VerdictUnstable, 8, 8, "identity", "equals", false},
		{"kotlin.Int", stability.VerdictStable, 0, 0, "equals", "equals", true},
		{"java.util.Date", stability.VerdictUnstable, 0, 8, "identity", "equals", false},
		{"lib1.LIface", VerdictUncertain, 0, 0, "equals", "equals", true},
		{"lib1.LPair<lib1.LUnstable, lib1.LIface>", VerdictUncertain, 0, 0, "equals", "equals", true},
		{"lib1.LBox<lib1.LUnstable>", stability.VerdictUnstable, 8, 8, "identity", "equals", false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			typ, err := it.ParseWith(tt.in, userMode)
			if err != nil {
				t.Fatal(err)
			}
			in := it.EvaluateType(typ)
			ss, noSS := in.Callee(true), in.Callee(false)
			if in.Verdict() != tt.verdict || in.Bits(true) != tt.strong || in.Bits(false) != tt.noSS ||
				ss.Compare != tt.cmpSS || noSS.Compare != tt.cmpNoSS || noSS.Skippable != tt.skipNoSS || !ss.Skippable {
				t.Errorf("verdict %s, bits %d/%d, callee %+v / %+v", in.Verdict(), in.Bits(true), in.Bits(false), ss, noSS)
			}
		})
	}
}

// FuzzParseUserType parses arbitrary text the way explain does: a type or a typed error, never
// a panic.
func FuzzParseUserType(f *testing.F) {
	for _, s := range []string{"@Composable (Int) -> Unit", "suspend String.() -> Unit", "(() -> Unit)?", "LBox<() -> (Int) -> Unit>",
		"lib1.LPair<lib1.LStable>", "a.b.C<in D, out E?, *>", "(x: Int) -> Unit", "((((", "@", "suspend", "Int.."} {
		f.Add(s)
	}
	it := lib1Instantiator(f)
	f.Fuzz(func(t *testing.T, s string) {
		typ, err := it.ParseWith(s, userMode)
		if err != nil {
			return
		}
		if typ == nil {
			t.Fatal("no type and no error")
		}
		in := it.EvaluateType(typ)
		_, _ = in.Callee(true), in.Verdict()
	})
}
