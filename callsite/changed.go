package callsite

import (
	"fmt"
	"strings"

	"github.com/composestab/composestab/evaluate"
)

// This file splits a rebuilt $changed int into its parameter slots.

// Bits is the part of a $changed int that belongs to one parameter slot.
type Bits struct {
	// Refs are the classes (internal names) whose $stable is OR'ed into the slot, in operand
	// order: the argument's runtime stability.
	Refs []string
	// Unstable is the constant unstable bit (0b100 in the slot): a known-unstable argument
	// without strong skipping.
	Unstable bool
	// Static is the constant Static state (0b011 in the slot).
	Static bool
	// Forwarded marks bits taken from the caller's own $changed or $dirty: the argument is a
	// parameter of the calling composable, or a type parameter's unstable bit.
	Forwarded bool
	// Certain marks forwarded bits that include the slot's state bits (0b011): the argument is
	// the caller's parameter, whose change state the caller passes on (the compiler's "certain"
	// argument), not only a type parameter's unstable bit.
	Certain bool
}

// Stability renders the stability part of the slot: the $stable reads and the unstable bit.
func (b Bits) Stability() string {
	var parts []string
	for _, r := range b.Refs {
		parts = append(parts, simpleName(r)+".$stable")
	}
	if b.Unstable {
		parts = append(parts, "unstable")
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, " | ")
}

func (b Bits) sameStability(o Bits) bool {
	if b.Unstable != o.Unstable || len(b.Refs) != len(o.Refs) {
		return false
	}
	for i := range b.Refs {
		if b.Refs[i] != o.Refs[i] {
			return false
		}
	}
	return true
}

// splitChanged distributes one $changed int over its ten slots. It accepts only the terms the
// compiler ORs together: constants, $stable reads shifted to a slot, and masked reads of the
// caller's locals; anything else is reported, not guessed.
func splitChanged(x evaluate.Expr) (slots [10]Bits, force bool, err error) {
	var terms []evaluate.Expr
	var flatten func(evaluate.Expr)
	flatten = func(x evaluate.Expr) {
		if o, ok := x.(evaluate.Op); ok && o.Op == "|" {
			flatten(o.X)
			flatten(o.Y)
			return
		}
		terms = append(terms, x)
	}
	flatten(x)
	for _, t := range terms {
		switch {
		case isConst(t):
			c := t.(evaluate.Const).Value
			if c&1 != 0 {
				force = true
			}
			if uint32(c)>>31 != 0 {
				return slots, force, fmt.Errorf("constant %d sets bit 31, outside every slot", c)
			}
			for s := 0; s < 10; s++ {
				switch v := (c >> (3*s + 1)) & 7; v {
				case 0:
				case 0b011:
					slots[s].Static = true
				case 0b100:
					slots[s].Unstable = true
				default:
					return slots, force, fmt.Errorf("constant %d puts state %03b in slot %d", c, v, s)
				}
			}
		case has[evaluate.Local](t):
			if has[evaluate.Ref](t) {
				return slots, force, fmt.Errorf("term %s mixes $stable reads with locals", t)
			}
			// Which slots the caller's bits may reach: evaluate with every local bit set.
			m := evaluate.LocalMask(t)
			if m&1 != 0 {
				force = true
			}
			for s := 0; s < 10; s++ {
				if (m>>(3*s+1))&7 != 0 {
					slots[s].Forwarded = true
				}
				if (m>>(3*s+1))&3 != 0 {
					slots[s].Certain = true
				}
			}
		default:
			refs, shift, ok := stableTerm(t)
			if !ok {
				return slots, force, fmt.Errorf("term %s is not a $stable read shifted to a slot", t)
			}
			s := shift / 3
			slots[s].Refs = append(slots[s].Refs, refs...)
		}
	}
	return slots, force, nil
}

func isConst(x evaluate.Expr) bool { _, ok := x.(evaluate.Const); return ok }

// has reports whether x holds a leaf of type T (a Local, a Ref).
func has[T evaluate.Expr](x evaluate.Expr) bool {
	if o, ok := x.(evaluate.Op); ok {
		return has[T](o.X) || has[T](o.Y)
	}
	_, ok := x.(T)
	return ok
}

// stableTerm matches C.$stable, an OR of such reads, or either shifted left by 3·slot.
func stableTerm(x evaluate.Expr) (refs []string, shift int, ok bool) {
	if o, isOp := x.(evaluate.Op); isOp && o.Op == "<<" {
		c, isC := o.Y.(evaluate.Const)
		if !isC || c.Value < 3 || c.Value > 27 || c.Value%3 != 0 {
			return nil, 0, false
		}
		refs, ok = stableRefs(o.X)
		return refs, int(c.Value), ok
	}
	refs, ok = stableRefs(x)
	return refs, 0, ok
}

func stableRefs(x evaluate.Expr) ([]string, bool) {
	switch x := x.(type) {
	case evaluate.Ref:
		if x.Field != evaluate.StableField {
			return nil, false
		}
		return []string{x.Class}, true
	case evaluate.Op:
		if x.Op != "|" {
			return nil, false
		}
		a, ok1 := stableRefs(x.X)
		b, ok2 := stableRefs(x.Y)
		return append(a, b...), ok1 && ok2
	}
	return nil, false
}
