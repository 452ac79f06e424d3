package evaluate

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/composestab/composestab/internal/english"
	"github.com/composestab/composestab/stability"
)

// Instantiation is what a call site in another module computes for an argument of a concrete
// type, such as Box<List<User>>, and what the callee does with it.
type Instantiation struct {
	// Type is the parsed type.
	Type *stability.Type
	// Stability is the un-normalized stability the call site works from (spec §7), and Reason
	// why.
	Stability stability.Stability
	Reason    *stability.Reason
	// Expr is the call site's stability expression for slot 0, nil when it has none: a known
	// stable type passes 0, a known-unstable or uncertain one passes nothing under strong skipping.
	Expr Expr
	// Value is what Expr evaluates to (0 without an expression).
	Value int32
	// Known is false when the answer cannot be computed: a $stable the expression reads cannot
	// be, or a class the answer depends on is not on the classpath (see Missing).
	Known bool
	// Deps are the evaluated $stable values the expression reads.
	Deps []*Value
	// Missing lists, sorted and once each, the Kotlin names of the classes not on the classpath
	// that the type names or its answer needs. Needed tells whether the answer depends on them:
	// a function type's parameter types, say, do not matter.
	Missing []string
	Needed  bool
	// Errors are the diagnostics met on the way (missing classes, unsimulable initializers).
	Errors []error
}

// Verdict describes what the callee does with the argument.
type Verdict struct {
	// Compare is "equals" (changed), "identity" (changedInstance), or "unknown" when the
	// answer cannot be computed.
	Compare string
	// Skippable tells whether a call with an unchanged argument can skip.
	Skippable bool
	// Why says it in words.
	Why string
}

// Bits is the slot-0 stability part of $changed that the call site passes: 0 or the unstable bit
// 8. Only without strong skipping does a known-unstable type pass the unstable bit. It means
// nothing when Known is false.
func (in *Instantiation) Bits(strongSkipping bool) int32 {
	if stability.KnownUnstable(in.Stability) && in.Known {
		if strongSkipping {
			return 0
		}
		return UnstableBit
	}
	return in.Value
}

// Verdict is the one word for the argument that the value and Callee agree with: stable when
// the call site passes 0 because the type is known stable or every $stable it reads is 0;
// unstable when the type is known unstable or a $stable it reads has the unstable bit; uncertain
// when the type holds an interface, which no expression can read, so that nothing is passed (even
// when other parts read the unstable bit); runtime when the answer cannot be computed, or a type
// parameter is left.
func (in *Instantiation) Verdict() stability.Verdict {
	switch {
	case !in.Known:
		return stability.VerdictRuntime
	case stability.KnownStable(in.Stability):
		return stability.VerdictStable
	case stability.KnownUnstable(in.Stability):
		return stability.VerdictUnstable
	case in.Expr == nil:
		if !stability.IsExpressible(in.Stability) {
			return VerdictUncertain
		}
		return stability.VerdictRuntime
	case in.Value&UnstableBit != 0:
		return stability.VerdictUnstable
	}
	return stability.VerdictStable
}

// Callee reports what a composable whose parameter is declared with this very type does with the
// argument: with strong skipping (the default since Kotlin 2.0.20) or without (spec §7).
func (in *Instantiation) Callee(strongSkipping bool) Verdict {
	const (
		equals   = "compared with equals (changed)"
		identity = "compared by identity (changedInstance)"
		skipEq   = "the call skips when the argument equals the previous one"
		skipSame = "the call skips only when the same instance is passed again"
	)
	switch {
	case in.Needed:
		return Verdict{"unknown", false, "unknown until " + strings.Join(in.Missing, ", ") + english.Choose(len(in.Missing), " is", " are") + " on the classpath"}
	case !in.Known:
		return Verdict{"unknown", false, "unknown: a $stable it reads cannot be computed; equals and skippable if it is 0, not if it has the unstable bit"}
	case stability.KnownStable(in.Stability):
		return Verdict{"equals", true, equals + ": the type is known stable; " + skipEq}
	case stability.KnownUnstable(in.Stability) && strongSkipping:
		return Verdict{"identity", true, identity + ": the type is known unstable; " + skipSame}
	case stability.KnownUnstable(in.Stability):
		return Verdict{"equals", false, "never skips: a parameter of a known-unstable type makes the composable non-skippable, and the call site passes the unstable bit (8)"}
	case in.Expr == nil:
		return Verdict{"equals", true, equals + ": nothing is passed, so the unstable bit is 0; " + skipEq}
	case in.Value&UnstableBit != 0 && strongSkipping:
		return Verdict{"identity", true, identity + ": the call site passes the unstable bit (8); " + skipSame}
	case in.Value&UnstableBit != 0:
		return Verdict{"equals", false, "never skips: the call site passes the unstable bit (8), so the callee runs its body every time"}
	}
	return Verdict{"equals", true, equals + ": the call site passes 0; " + skipEq}
}

// Instantiator evaluates concrete instantiations over one universe and evaluator.
type Instantiator struct {
	u  *stability.Universe
	ev *Evaluator
	// engine analyses from outside every module: the view of a consumer in another module.
	engine *stability.Engine

	once   sync.Once
	byName map[string][]string // simple name → JVM names
}

// NewInstantiator returns an instantiator over the universe and the evaluator, which must share
// one classpath; short type names are resolved against that classpath.
func NewInstantiator(u *stability.Universe, ev *Evaluator, opts stability.Options) *Instantiator {
	return &Instantiator{u: u, ev: ev, engine: stability.NewEngine(nil, opts)}
}

// Evaluate parses a type written as in Kotlin and computes what a JVM call site in another
// module passes for it.
func (it *Instantiator) Evaluate(typ string) (*Instantiation, error) {
	t, err := it.Parse(typ)
	if err != nil {
		return nil, err
	}
	return it.EvaluateType(t), nil
}

// EvaluateType is Evaluate for a type already parsed (by Parse).
func (it *Instantiator) EvaluateType(t *stability.Type) *Instantiation {
	s, r := it.engine.TypeStability(t, "")
	in := &Instantiation{Type: t, Stability: s, Reason: r, Known: true}
	missing := map[string]bool{}
	namedMissing(t, missing)
	needed := map[string]bool{}
	for _, m := range r.MissingClasses() {
		needed[kotlinName(m)] = true
	}
	switch {
	case len(needed) > 0:
		// The engine calls a class it cannot read Unstable; the truth depends on that class.
		in.Known = false
	case stability.KnownStable(s):
		in.Expr = Const{Value: 0}
	case stability.KnownUnstable(s):
	default:
		in.Expr = callSiteExpr(s)
		if in.Expr == nil {
			break // not expressible (an interface): nothing is passed
		}
		v, deps, errs := it.evalExpr(in.Expr)
		in.Value, in.Deps, in.Errors = v, deps, errs
		in.Known = len(errs) == 0
		for _, d := range deps {
			for _, m := range MissingClasses(d) {
				needed[kotlinName(m)] = true
			}
		}
	}
	for m := range needed {
		missing[m] = true
	}
	in.Needed = len(needed) > 0
	for m := range missing {
		in.Missing = append(in.Missing, m)
	}
	sort.Strings(in.Missing)
	return in
}

// namedMissing collects the classes a type names that are not on the classpath, but not the
// Composer a @Composable function type gains, which the user did not write.
func namedMissing(t *stability.Type, out map[string]bool) {
	if t == nil || t.Class == nil {
		return
	}
	if t.Class.Ensure().Origin == stability.OriginMissing {
		out[kotlinName(t.Class.FqName())] = true
	}
	for i, a := range t.Args {
		if t.Composable && i == len(t.Args)-3 {
			continue
		}
		namedMissing(a.Type, out)
	}
}

// kotlinName turns a JVM or half-converted name (lib/Outer$Inner) into a Kotlin one.
func kotlinName(n string) string {
	return strings.NewReplacer("/", ".", "$", ".").Replace(n)
}

// callSiteExpr is irStableExpression over the un-normalized stability as a call site builds it:
// Runtime(C) reads C.$stable; a type parameter, an Unknown or Unstable leaves nothing to pass
// (nil).
func callSiteExpr(s stability.Stability) Expr {
	se := stability.Expression(s, false)
	if se.Unstable {
		return nil
	}
	var x Expr = Const{Value: 0}
	for i, c := range se.Refs {
		ref := Ref{Class: c.JVMName, Field: StableField}
		if i == 0 {
			x = ref
		} else {
			x = Op{Op: "|", X: x, Y: ref}
		}
	}
	return x
}

func (it *Instantiator) evalExpr(x Expr) (int32, []*Value, []error) {
	switch x := x.(type) {
	case Const:
		return x.Value, nil, nil
	case Ref:
		v := it.ev.Stable(x.Class)
		if v.Err != nil {
			return 0, []*Value{v}, []error{v.Err}
		}
		return v.Value, []*Value{v}, nil
	case Op:
		a, da, ea := it.evalExpr(x.X)
		b, db, eb := it.evalExpr(x.Y)
		return apply(x.Op, a, b), append(da, db...), append(ea, eb...)
	}
	return 0, nil, []error{fmt.Errorf("unknown expression %T", x)}
}
