package composable

import (
	"strings"

	"github.com/composestab/composestab/callsite"
	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/stability"
)

// This file turns what a compiled composable's skipping code does with each parameter into what
// it comes to for a call from another file or module, with the $stable values the classpath
// holds now: the predicate that dumps record and checks compare.

// Compare is the comparison a parameter gets when its composable is called from another file or
// module.
type Compare string

// The comparisons.
const (
	// Equals: changed(), equals (== for primitives and enums).
	Equals Compare = "equals"
	// Identity: changedInstance(), ===: a new instance makes the composable run again.
	Identity Compare = "identity"
	// NotCompared: the function does not compare the argument before it decides (it cannot skip,
	// or the caller's unstable bit turned the comparison off).
	NotCompared Compare = "none"
	// Unused: the body never reads the parameter, so nothing compares it.
	Unused Compare = "unused"
	// Open: decided by the caller's bits, which cannot be known here: a type argument chosen by
	// the caller, or a $stable that cannot be computed (Outcome.Open says which).
	Open Compare = "runtime"
)

// StableValue is one class's $stable that the bits a caller passes are read from.
type StableValue struct {
	// Class is the dotted JVM name; Input the jar or folder it was read from.
	Class string `json:"class"`
	Value int32  `json:"value"`
	Input string `json:"input,omitempty"`
}

// Outcome is what one parameter's comparison comes to for a caller in another file or module.
type Outcome struct {
	Compare Compare `json:"compare"`
	// Stable are the $stable values the caller's bits are read from, in the order the call site
	// reads them; empty when the function's own code decides (Compiled is equals, identity or
	// none).
	Stable []StableValue `json:"stable,omitempty"`
	// Open names what keeps an Open comparison undecided: "type argument T", or a class whose
	// $stable cannot be computed.
	Open []string `json:"open,omitempty"`
	// BlocksSkip: the caller passes the unstable bit, so the function runs its body on every
	// recomposition (strong skipping off, or a vararg of an unstable element type).
	BlocksSkip bool `json:"blocksSkip,omitempty"`

	unstableBit bool // the caller passes the unstable bit (Replan compiles the callee again)
}

// Skips says whether a composable called from another file or module can skip its body when its
// arguments are unchanged.
type Skips uint8

// The answers.
const (
	SkipsNo Skips = iota
	SkipsYes
	// SkipsOpen: it depends on bits the caller passes that cannot be known here.
	SkipsOpen
)

// String returns "false", "true" or "runtime".
func (s Skips) String() string {
	switch s {
	case SkipsYes:
		return "true"
	case SkipsOpen:
		return "runtime"
	}
	return "false"
}

// resolve fills in the outcome of every parameter of f and whether a call can skip.
func (a *analyzer) resolve(f *Function, strong bool) {
	open, blocked := false, false
	for i := range f.Params {
		p := &f.Params[i]
		p.Outcome = outcomeOf(a.ck.Instantiator, a.ev, p, strong)
		open = open || p.Outcome.Compare == Open && (p.Compiled == CompareUnlessUnstable || p.vararg)
		blocked = blocked || p.Outcome.BlocksSkip
	}
	switch {
	case !f.Skippable || blocked:
		f.Skips = SkipsNo
	case open:
		f.Skips = SkipsOpen
	default:
		f.Skips = SkipsYes
	}
}

// outcome is what p's comparison comes to for a caller that passes the bits its compiler computes
// from p's declared type.
func outcomeOf(inst *evaluate.Instantiator, ev *evaluate.Evaluator, p *Param, strong bool) Outcome {
	switch p.Compiled {
	case CompareNone:
		if !p.Used {
			return Outcome{Compare: Unused}
		}
		return Outcome{Compare: NotCompared}
	case CompareEquals:
		if !p.vararg {
			return Outcome{Compare: Equals}
		}
	case CompareIdentity:
		if !p.vararg {
			return Outcome{Compare: Identity}
		}
	}
	// A vararg, however compiled, never skips while the caller passes the unstable bit (byBits):
	// its bits decide it too.
	if p.typ == nil {
		return Outcome{Compare: Open, Open: []string{"the parameter's type"}}
	}
	if tps := typeParameters(p.typ, nil, 0); len(tps) > 0 {
		o := Outcome{Compare: Open}
		for _, tp := range tps {
			o.Open = append(o.Open, "type argument "+tp)
		}
		return o
	}
	in := inst.EvaluateType(p.typ)
	var o Outcome
	for _, d := range in.Deps {
		o.Stable = append(o.Stable, StableValue{Class: strings.ReplaceAll(d.Class, "/", "."), Value: d.Value, Input: d.Input})
	}
	if in.Needed || !in.Known {
		o.Compare = Open
		o.Open = append(o.Open, in.Missing...)
		for _, d := range in.Deps {
			if d.Err != nil {
				o.Open = append(o.Open, strings.ReplaceAll(d.Class, "/", ".")+".$stable")
			}
		}
		if len(o.Open) == 0 {
			o.Open = []string{"a $stable that cannot be computed"}
		}
		return o
	}
	if len(o.Stable) == 0 {
		// Decided at compile time now (a marker, a known-stable type): a caller compiled before
		// still reads the $stable of the classes the type names, which the check's causes need.
		o.Stable = namedStable(ev, p.typ, nil, 0)
	}
	o.unstableBit = in.Bits(strong)&evaluate.UnstableBit != 0
	o.Compare, o.BlocksSkip = byBits(p.Compiled, o.unstableBit, p.vararg)
	return o
}

// byBits is what a comparison comes to with the caller's unstable bit. A vararg never skips when
// the bit is set, strong skipping or not: after comparing the elements the compiled code marks the
// slot unchanged only when $dirty & 0b1110 is 0, which the unstable bit (0b1000) it keeps never is
// (the JVM's churn runs of cchurn's and cchurnns's ShowCounters).
func byBits(c Comparison, unstable, vararg bool) (cmp Compare, blocksSkip bool) {
	switch {
	case unstable && vararg:
		return NotCompared, true
	case c == CompareByUnstableBit && unstable:
		return Identity, false
	case c == CompareUnlessUnstable && unstable:
		return NotCompared, true
	case c == CompareIdentity:
		return Identity, false
	}
	return Equals, false
}

// typeParameters lists the names of the type parameters t mentions, once each.
func typeParameters(t *stability.Type, out []string, depth int) []string {
	if t == nil || depth > 32 {
		return out
	}
	if t.Param != nil {
		for _, n := range out {
			if n == t.Param.Name {
				return out
			}
		}
		return append(out, t.Param.Name)
	}
	for _, arg := range t.Args {
		out = typeParameters(arg.Type, out, depth+1)
	}
	return out
}

// namedStable lists the $stable values of the classes t names that have one.
func namedStable(ev *evaluate.Evaluator, t *stability.Type, out []StableValue, depth int) []StableValue {
	if t == nil || depth > 32 {
		return out
	}
	if t.Class != nil {
		if v := ev.Stable(t.Class.JVMName); v.Err == nil {
			out = append(out, StableValue{Class: strings.ReplaceAll(v.Class, "/", "."), Value: v.Value, Input: v.Input})
		}
	}
	for _, arg := range t.Args {
		out = namedStable(ev, arg.Type, out, depth+1)
	}
	return out
}

// SiteOutcome is what one call site of the audited module passes for a parameter whose
// comparison the declaration leaves to the caller's type arguments.
type SiteOutcome struct {
	// Caller is the calling method: JVM owner, a dot, name and descriptor, then "#2", "#3" for
	// its further calls of the same composable.
	Caller string `json:"caller"`
	Outcome
}

// siteOutcomes closes, for one decoded call site, the parameters of its callee that only a
// caller's type arguments decide: the bits the site passes are the $stable values it reads.
func (a *analyzer) siteOutcomes(sc *callsite.Check, byKey map[string]*Function, strong bool) {
	if sc.Status != callsite.Decoded {
		return
	}
	f := byKey[sc.Callee.Owner+"."+sc.Callee.Name+sc.Callee.Descriptor]
	if f == nil || len(sc.Slots) != len(f.Params) {
		return
	}
	for i, slot := range sc.Slots {
		p := &f.Params[i]
		if p.Outcome.Compare != Open || len(p.Outcome.Open) == 0 || !strings.HasPrefix(p.Outcome.Open[0], "type argument ") || slot.NotProvided {
			continue
		}
		var o Outcome
		var bits int32
		for _, r := range slot.Compiler.Refs {
			v := a.ev.Stable(r)
			if v.Err != nil {
				o.Open = append(o.Open, strings.ReplaceAll(r, "/", ".")+".$stable")
				continue
			}
			o.Stable = append(o.Stable, StableValue{Class: strings.ReplaceAll(v.Class, "/", "."), Value: v.Value, Input: v.Input})
			bits |= v.Value
		}
		if slot.Compiler.Unstable {
			bits |= evaluate.UnstableBit
		}
		if slot.Compiler.Forwarded {
			o.Open = append(o.Open, "the caller's own parameter")
		}
		if o.Compare = Open; len(o.Open) == 0 {
			o.unstableBit = bits&evaluate.UnstableBit != 0
			o.Compare, o.BlocksSkip = byBits(p.Compiled, o.unstableBit, p.vararg)
		}
		caller := sc.Class + "." + sc.Method
		n := 1
		for _, s := range p.Sites {
			if s.Caller == caller || strings.HasPrefix(s.Caller, caller+"#") {
				n++
			}
		}
		if n > 1 {
			caller += "#" + itoa(n)
		}
		p.Sites = append(p.Sites, SiteOutcome{Caller: caller, Outcome: o})
	}
}
