package composable

import (
	"strings"

	"github.com/composestab/composestab/stability"
)

// Edit is a change to the audited module's source, applied to the model of its call sites: what
// the call-site analysis would find once the module is compiled again with it. Module.Replan runs
// that analysis again; a fix-first plan proposes an edit only for the findings this clears.
type Edit struct {
	// Remember are arguments wrapped in remember with keys that do not change between
	// recompositions: the same instance until they do.
	Remember []ArgRef
	// Equals are classes (JVM internal names) given a structural equals (a data class).
	Equals []string
	// Stable are classes (JVM internal names) the module's compiler will treat as stable: a
	// configuration line, @Stable/@Immutable, or vals of stable types only. A parameter of the
	// module whose stability stood on them is inferred again.
	Stable []string
	// ReadOnly are parameters of the module's composables declared with a read-only collection
	// interface (List, Set, Map) instead of a mutable class (ArrayList, HashMap, …): the compiler
	// then compares them with equals.
	ReadOnly []ParamRef
	// Memoize are lambda arguments the compiler was told not to memoize (@DontMemoize) that it
	// is now left to memoize, under what they capture.
	Memoize []ArgRef
	// StrongSkipping: the module compiled again with strong skipping on.
	StrongSkipping bool
}

// ArgRef names one argument of Module.CallSites: the site's index and the callee's slot.
type ArgRef struct {
	Site, Slot int
}

// ParamRef names a parameter: its composable (CallSite.Callee: JVM owner, a dot, name and
// descriptor) and slot.
type ParamRef struct {
	Callee string
	Slot   int
}

// Replan returns the module's call sites as the analysis finds them with e applied (the module's
// own composables compiled again: their comparisons follow their parameters' stability as the
// compiler infers it with e; a dependency's stay as compiled). Module.CallSites is not changed.
// Nil unless the module was analysed with Config.CallSites.
func (m *Module) Replan(e Edit) []*CallSite {
	if m.CallSites == nil || m.an == nil {
		return nil
	}
	a := m.an
	strong := m.Features.StrongSkipping || e.StrongSkipping
	remember, memoize, readOnly := setOf(e.Remember), setOf(e.Memoize), setOf(e.ReadOnly)
	equals, stable := setOf(e.Equals), setOf(e.Stable)
	// The module's parameters inferred again: with the classes of e declared stable by a
	// configuration (as the compiler reads a stability configuration file), under the same rules.
	engine := a.engine
	if len(e.Stable) > 0 {
		var lines []string
		for _, c := range e.Stable {
			lines = append(lines, strings.ReplaceAll(c, "/", "."))
		}
		opts := a.cfg.Options
		if cfg, err := opts.Config.With("<edit>", []byte(strings.Join(lines, "\n")+"\n")); err == nil {
			opts.Config = cfg
			engine = stability.NewEngine(a.cfg.Universe.Module(a.cfg.Input), opts)
		}
	}
	recompiled := e.StrongSkipping || len(e.Stable) > 0 || len(e.ReadOnly) > 0
	out := make([]*CallSite, len(m.CallSites))
	for i, s := range m.CallSites {
		c := *s
		c.Arguments = append([]CallArgument(nil), s.Arguments...)
		f := s.callee
		own := f != nil && m.own[f]
		blocked, blockedVararg, bitsChanged := false, false, false
		for k := range c.Arguments {
			arg := &c.Arguments[k]
			arg.Churn, arg.IdentityEquals = "", false
			var p *Param
			if f != nil && arg.slot < len(f.Params) {
				p = &f.Params[arg.slot]
			}
			if p == nil {
				continue
			}
			o := p.Outcome
			for _, so := range p.Sites {
				if so.Caller == c.Caller || strings.HasPrefix(so.Caller, c.Caller+"#") {
					o = so.Outcome
					break
				}
			}
			st := p.Stability
			// The caller is compiled again: the unstable bit it passes clears when the classes
			// whose $stable it reads are now stable at compile time.
			unstableBit := o.unstableBit && !allStable(o.Stable, stable)
			if own && recompiled && p.Used {
				// The module's own callee compiled again: its comparison follows the parameter's
				// stability as the compiler infers it with the edit, and strong skipping.
				if p.typ != nil {
					t, _ := engine.TypeStability(p.typ, f.File)
					switch {
					case stability.KnownStable(t):
						st = ParamStable
					case stability.KnownUnstable(t):
						st = ParamUnstable
					}
				}
				if readOnly[ParamRef{s.Callee, arg.slot}] {
					// An interface the compiler cannot judge: compared with equals, no bits passed.
					st, unstableBit = ParamRuntime, false
				}
				unstableBit = unstableBit && st != ParamStable
				comp := compiledFor(st, strong)
				cmp, blocks := byBits(comp, unstableBit, p.vararg)
				if comp == CompareNone {
					cmp, blocks = NotCompared, true // not skippable: nothing is compared
				}
				if o.Compare != Open || st == ParamStable {
					arg.Compare = cmp
				}
				blocked = blocked || blocks && !p.vararg || !strong && st == ParamUnstable
				blockedVararg = blockedVararg || blocks && p.vararg
			} else if p.Used && unstableBit != o.unstableBit {
				// A dependency's callee, as compiled, with the bits the caller now passes.
				cmp, blocks := byBits(p.Compiled, unstableBit, p.vararg)
				arg.Compare, bitsChanged = cmp, true
				blocked = blocked || blocks && !p.vararg
				blockedVararg = blockedVararg || blocks && p.vararg
			} else if o.BlocksSkip {
				blocked = blocked || !p.vararg
				blockedVararg = blockedVararg || p.vararg
			}
			if !strong && !f.Skippable && p.Used && st == ParamUnstable && !(own && recompiled) {
				blocked = true // compiled not skippable: the compiler knew the type unstable
			}
			if remember[ArgRef{i, k}] {
				arg.Origin, arg.What, arg.fromParam = OriginRemembered, "remember { … }", -1
				arg.elems, arg.captures = nil, nil
			}
			if arg.Origin != OriginFresh {
				continue
			}
			switch {
			case arg.elems != nil:
				for _, el := range arg.elems {
					if churn, idEquals := a.churnsWith(el, arg.Compare, equals); churn {
						arg.Churn, arg.IdentityEquals = ChurnFresh, idEquals
						break
					}
				}
				continue
			case memoize[ArgRef{i, k}] && arg.direct:
				// @DontMemoize gone: memoized under its captures, as every lambda is.
				if churn, _ := a.memoChurns(arg.captures, true, false, true, engine, stable, equals, s.File); churn {
					arg.Churn = ChurnFresh
				}
				continue
			case arg.captures != nil && !(arg.direct && m.Features.StrongSkipping):
				// A memoized lambda, or a remember: new only when a key (a capture) is new
				// and compared by === or by an equals its class does not override. (A lambda
				// a module built with strong skipping creates directly is @DontMemoize.)
				if churn, decided := a.memoChurns(arg.captures, m.Features.StrongSkipping, e.StrongSkipping, false, engine, stable, equals, s.File); decided {
					if churn {
						arg.Churn = ChurnFresh
					}
					continue
				}
			}
			if churn, idEquals := a.churnsWith(origin{origin: arg.Origin, class: arg.class}, arg.Compare, equals); churn {
				arg.Churn, arg.IdentityEquals = ChurnFresh, idEquals
			}
		}
		if own && recompiled || bitsChanged {
			c.NeverSkips = f.skipsByArguments() && (blocked || blockedVararg)
			if !c.NeverSkips {
				c.Why, c.Unstable = "", nil
			}
		}
		out[i] = &c
	}
	propagateForwarded(out)
	return out
}

// churnsWith is churns with the classes of equals given a structural equals.
func (a *analyzer) churnsWith(o origin, cmp Compare, equals map[string]bool) (churn, identityEquals bool) {
	if o.origin == OriginFresh && cmp == Equals && equals[o.class] {
		return false, false
	}
	return a.churns(o, cmp)
}

// compiledFor is the comparison the compiler writes for a parameter of stability st.
func compiledFor(st ParamStability, strong bool) Comparison {
	switch {
	case st == ParamStable:
		return CompareEquals
	case st == ParamUnstable && strong:
		return CompareIdentity
	case st == ParamUnstable:
		return CompareNone
	case strong:
		return CompareByUnstableBit
	}
	return CompareUnlessUnstable
}

// memoChurns decides, when the edit changes it, whether a value memoized under keys is new on
// every call. A module built with strong skipping memoizes lambdas under their captures (=== for
// a type not known stable, equals otherwise), as it does a remember's keys; one built without
// memoizes a lambda only when every capture's type is known stable in the caller's file. decided is false when the
// edit changes nothing about these keys (and force is false): the analysis's own answer stands.
func (a *analyzer) memoChurns(keys []origin, strongBuilt, strongEdit, force bool, engine *stability.Engine, stable, equals map[string]bool, file string) (churn, decided bool) {
	touched := force || strongEdit && !strongBuilt
	for _, k := range keys {
		touched = touched || stable[k.class] || stable[k.typ] || equals[k.class]
	}
	if !touched {
		return false, false
	}
	// Stability as the caller's file sees it: a class of another file is decided at run time.
	knownStable := func(class string) bool { return classKnownStable(a.cfg.Universe, engine, class, file) }
	typeOf := func(k origin) string {
		if k.typ != "" && k.typ != "java/lang/Object" {
			return k.typ
		}
		return k.class
	}
	if !strongBuilt && !strongEdit {
		for _, k := range keys {
			if !knownStable(typeOf(k)) {
				return false, false // not memoized: still a new lambda each time
			}
		}
	}
	for _, k := range keys {
		if k.origin != OriginFresh {
			continue
		}
		cmp := Equals
		if !knownStable(typeOf(k)) && (k.instance || !strongBuilt) {
			cmp = Identity
		}
		if c, _ := a.churnsWith(k, cmp, equals); c {
			return true, true
		}
	}
	return false, true
}

// Class is the JVM internal name of a fresh argument's class ("kotlin/jvm/internal/Lambda" for a
// lambda), "" when the argument is not fresh or its class is not known.
func (a *CallArgument) Class() string { return a.class }

// CapturedClasses are the classes of the fresh values a fresh lambda captures (or of the
// remember keys it was computed again under).
func (a *CallArgument) CapturedClasses() []string {
	var out []string
	for _, c := range a.captures {
		if c.origin == OriginFresh && c.class != "" {
			out = append(out, c.class)
		}
	}
	return out
}

// allStable tells whether every class of values (dotted names) is in stable (JVM names); false
// for none.
func allStable(values []StableValue, stable map[string]bool) bool {
	if len(values) == 0 || len(stable) == 0 {
		return false
	}
	for _, v := range values {
		if !stable[strings.ReplaceAll(v.Class, ".", "/")] {
			return false
		}
	}
	return true
}

// BuiltFromConstants tells whether a fresh argument is built from constants only (literals,
// objects, allocations and the standard library's builders of such values): the same value on
// every call, which can be built once, out of the composable.
func (a *CallArgument) BuiltFromConstants() bool { return a.constInputs }

// Lambda tells whether a fresh argument is a lambda (created at the call, or computed again by a
// memo whose keys change).
func (a *CallArgument) Lambda() bool { return a.class == LambdaClass }

// RememberedUnderNewKey tells whether a fresh argument is the value of a remember (or a lambda's
// memo) computed again because a key is new on every call.
func (a *CallArgument) RememberedUnderNewKey() bool { return !a.direct && len(a.captures) > 0 }

// NotMemoized tells whether a fresh lambda argument is created directly at the call, not
// memoized: in a module built with strong skipping, one marked @DontMemoize.
func (a *CallArgument) NotMemoized() bool { return a.direct }

// setOf is the set of xs.
func setOf[T comparable](xs []T) map[T]bool {
	m := make(map[T]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// classKnownStable tells whether the engine knows class (a JVM name) stable at compile time, as
// code in file sees it (a class of another file is decided at run time).
func classKnownStable(u *stability.Universe, engine *stability.Engine, class, file string) bool {
	if class == "" {
		return false
	}
	cl := u.ClassByJVMName(class)
	if cl == nil {
		return false
	}
	t := stability.DefaultType(cl)
	st, _ := engine.TypeStability(&t, file)
	return stability.KnownStable(st)
}
