package evaluate

import (
	"errors"
	"sort"

	"github.com/composestab/composestab/stability"
)

// VerdictUncertain is the verdict of a class whose stability no one can know: an interface (or a
// class holding only interface-typed state as far as the consumer can tell). A class holding a
// field of such a type is unstable for the compiler.
const VerdictUncertain stability.Verdict = "uncertain"

// Effective is what an app compiled by the consumer's compiler sees for a class (or a concrete
// instantiation) used as a dependency: the consumer's compile-time decision, with every Runtime(C)
// part replaced by the value C.$stable holds in the bytes, whichever compiler wrote them.
type Effective struct {
	// Declared is the consumer's compile-time stability, normalized, and Reason why.
	Declared stability.Stability
	Reason   *stability.Reason
	// Stability is Declared with each Runtime(C) part resolved: a part whose $stable is 0
	// vanishes, one with the unstable bit makes the whole Unstable, one whose value cannot be
	// computed stays Runtime(C). Parameter and Uncertain parts stay.
	Stability stability.Stability
	// Reads are the $stable values the resolution read, in Declared's leaf order.
	Reads []*Value
	// Missing lists, sorted and once each, the classes whose absence from the classpath leaves
	// a value unknown.
	Missing []string
	// Errors are the evaluation errors behind unknown values.
	Errors []error
}

// UnstableBit is the bit of a $stable value (and of a $changed slot) that says unstable.
const UnstableBit = 0b1000

// Resolve replaces the Runtime(C) parts of the consumer's stability s with the $stable values the
// evaluator computes for them.
func (ev *Evaluator) Resolve(s stability.Stability, reason *stability.Reason) *Effective {
	eff := &Effective{Declared: stability.Normalize(s), Reason: reason}
	var left []stability.Stability
	unstable := false
	missing := map[string]bool{}
	stability.ForEach(s, func(leaf stability.Stability) {
		r, ok := leaf.(stability.Runtime)
		if !ok {
			if c, certain := leaf.(stability.Certain); !certain || !c.Stable {
				left = append(left, leaf)
			}
			return
		}
		v := ev.Stable(r.Class.JVMName)
		eff.Reads = append(eff.Reads, v)
		switch {
		case v.Err != nil:
			left = append(left, leaf)
			eff.Errors = append(eff.Errors, v.Err)
			for _, m := range MissingClasses(v) {
				missing[m] = true
			}
		case v.Value&UnstableBit != 0:
			unstable = true
		}
	})
	for m := range missing {
		eff.Missing = append(eff.Missing, m)
	}
	sort.Strings(eff.Missing)
	switch {
	case unstable:
		eff.Stability = stability.Unstable
	case len(left) == 0:
		eff.Stability = stability.Stable
	case len(left) == 1:
		eff.Stability = left[0]
	default:
		// Not normalized: normalizing drops Uncertain parts beside others, but they stay here.
		eff.Stability = stability.Combined{Elems: left}
	}
	return eff
}

// MissingClasses lists the classes whose absence made v unknown, following its dependencies.
func MissingClasses(v *Value) []string {
	var out []string
	seen := map[*Value]bool{}
	var walk func(v *Value)
	walk = func(v *Value) {
		if v == nil || seen[v] {
			return
		}
		seen[v] = true
		var mc *MissingClassError
		if errors.As(v.Err, &mc) {
			out = append(out, mc.Class)
		}
		for _, d := range v.Deps {
			walk(d)
		}
	}
	walk(v)
	return out
}

// Verdict is the effective verdict: stable or unstable when the bytes decide; uncertain when only
// interfaces are left; runtime when the answer depends on type arguments or on a value that cannot
// be computed (a class missing from the classpath).
func (e *Effective) Verdict() stability.Verdict {
	var unstable, open, unknown bool
	stability.ForEach(e.Stability, func(leaf stability.Stability) {
		switch l := leaf.(type) {
		case stability.Certain:
			unstable = unstable || !l.Stable
		case stability.Unknown:
			unknown = true
		default:
			open = true
		}
	})
	switch {
	case unstable:
		return stability.VerdictUnstable
	case open:
		return stability.VerdictRuntime
	case unknown:
		return VerdictUncertain
	}
	return stability.VerdictStable
}
