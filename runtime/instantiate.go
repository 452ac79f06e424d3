package runtime

import (
	"fmt"
	"sort"
	"strings"
	"sync"

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
	// Known is false when a $stable the expression reads cannot be computed.
	Known bool
	// Deps are the evaluated $stable values the expression reads.
	Deps []*Value
	// Errors are the diagnostics met on the way (missing classes, unsimulable initializers).
	Errors []error
}

// Verdict describes what the callee does with the argument.
type Verdict struct {
	// Compare is "equals" (changed) or "identity" (changedInstance).
	Compare string
	// Skippable tells whether a call with an unchanged argument can skip.
	Skippable bool
	// Why says it in words.
	Why string
}

// Bits is the slot-0 stability part of $changed that the call site passes: 0 or the unstable bit
// 8. Only without strong skipping does a known-unstable type pass the unstable bit.
func (in *Instantiation) Bits(strongSkipping bool) int32 {
	if stability.KnownUnstable(in.Stability) {
		if strongSkipping {
			return 0
		}
		return 8
	}
	return in.Value
}

// Callee reports what a composable whose parameter is declared with this very type does with the
// argument: with strong skipping (the default since Kotlin 2.0.20) or without.
func (in *Instantiation) Callee(strongSkipping bool) Verdict {
	declared := in.Stability
	unstableBit := in.Bits(strongSkipping)&8 != 0
	switch {
	case strongSkipping && stability.KnownUnstable(declared):
		return Verdict{"identity", true, "the type is known unstable: strong skipping compares it with === (changedInstance)"}
	case strongSkipping && stability.KnownStable(declared):
		return Verdict{"equals", true, "the type is known stable: compared with equals (changed)"}
	case strongSkipping && unstableBit:
		return Verdict{"identity", true, "the caller passes the unstable bit: compared with === (changedInstance)"}
	case strongSkipping:
		return Verdict{"equals", true, "the caller passes a stable runtime value: compared with equals (changed)"}
	case stability.KnownUnstable(declared):
		return Verdict{"equals", false, "without strong skipping a known-unstable parameter makes the function non-skippable"}
	case unstableBit || !in.Known:
		return Verdict{"equals", false, "without strong skipping the caller's unstable bit forces the body to run"}
	}
	return Verdict{"equals", true, "stable at run time: compared with equals and the call can skip"}
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
	switch {
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
	}
	return in
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

// defaultImports are the packages Kotlin imports by default, searched for short names.
var defaultImports = []string{"kotlin/", "kotlin/collections/", "kotlin/ranges/", "kotlin/sequences/", "kotlin/text/"}

// Parse reads a Kotlin type: qualified or short class names, type arguments, "?", "*", "in" and
// "out" projections, and function types written as FunctionN.
func (it *Instantiator) Parse(s string) (*stability.Type, error) {
	p := &typeParser{it: it, s: s}
	t := p.typ()
	p.space()
	if p.err == nil && p.i < len(p.s) {
		p.fail("unexpected %q", p.s[p.i:])
	}
	if p.err != nil {
		return nil, p.err
	}
	return t, nil
}

type typeParser struct {
	it  *Instantiator
	s   string
	i   int
	err error
}

func (p *typeParser) fail(format string, args ...any) {
	if p.err == nil {
		p.err = fmt.Errorf("type %q: %s", p.s, fmt.Sprintf(format, args...))
	}
	p.i = len(p.s)
}

func (p *typeParser) space() {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
}

func (p *typeParser) name() string {
	p.space()
	start := p.i
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c == '.' || c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80 {
			p.i++
			continue
		}
		break
	}
	return p.s[start:p.i]
}

func (p *typeParser) typ() *stability.Type {
	n := p.name()
	if n == "" {
		p.fail("expected a type name at %d", p.i)
		return nil
	}
	c, err := p.it.resolve(n)
	if err != nil {
		p.fail("%v", err)
		return nil
	}
	t := &stability.Type{Class: c}
	p.space()
	if p.i < len(p.s) && p.s[p.i] == '<' {
		p.i++
		for p.err == nil {
			p.space()
			var a stability.TypeArg
			switch {
			case strings.HasPrefix(p.s[p.i:], "*"):
				p.i++
				a.Star = true
			case strings.HasPrefix(p.s[p.i:], "out "):
				p.i += 4
				a.Variance, a.Type = stability.Out, p.typ()
			case strings.HasPrefix(p.s[p.i:], "in "):
				p.i += 3
				a.Variance, a.Type = stability.In, p.typ()
			default:
				a.Type = p.typ()
			}
			t.Args = append(t.Args, a)
			p.space()
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
				continue
			}
			if p.i < len(p.s) && p.s[p.i] == '>' {
				p.i++
				break
			}
			p.fail("expected , or > at %d", p.i)
		}
	}
	p.space()
	if p.i < len(p.s) && p.s[p.i] == '?' {
		p.i++
		t.Nullable = true
	}
	return t
}

// resolve finds a class by qualified or short name. A short name must be unambiguous among the
// classpath's classes and Kotlin's default imports.
func (it *Instantiator) resolve(n string) (*stability.Class, error) {
	if strings.Contains(n, ".") {
		// Try package/Outer.Inner splits from the longest package down.
		parts := strings.Split(n, ".")
		for i := len(parts) - 1; i >= 1; i-- {
			kn := strings.Join(parts[:i], "/") + "/" + strings.Join(parts[i:], ".")
			if c := it.u.ClassByName(kn).Ensure(); c.Origin != stability.OriginMissing {
				return c, nil
			}
		}
		return nil, fmt.Errorf("class %s is not on the classpath", n)
	}
	for _, pkg := range defaultImports {
		if c := it.u.ClassByName(pkg + n).Ensure(); c.Origin != stability.OriginMissing {
			return c, nil
		}
	}
	it.once.Do(it.index)
	cands := it.byName[n]
	switch len(cands) {
	case 0:
		return nil, fmt.Errorf("no class named %s on the classpath", n)
	case 1:
		return it.u.ClassByJVMName(cands[0]).Ensure(), nil
	}
	return nil, fmt.Errorf("%s is ambiguous: %s", n, strings.Join(cands, ", "))
}

func (it *Instantiator) index() {
	it.byName = map[string][]string{}
	for _, e := range it.ev.cp.Entries() {
		jn := e.ClassName
		simple := jn[strings.LastIndexAny(jn, "/$")+1:]
		it.byName[simple] = append(it.byName[simple], jn)
	}
	for _, v := range it.byName {
		sort.Strings(v)
	}
}
