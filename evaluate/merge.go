package evaluate

import "fmt"

// This file merges the abstract states that reach one instruction along several paths.

// merge joins s into old, the state already recorded at offset at.
func (f *flow) merge(old *fstate, s fstate, at int) (*fstate, bool) {
	st, stChanged := f.mergeStore(old.st, s.st, at)
	top, topChanged := f.mergeStack(old.top, s.top, at)
	if f.err != nil || !stChanged && !topChanged {
		return old, false
	}
	return &fstate{top: top, st: st}, true
}

func (f *flow) mergeStore(a, b *store, at int) (*store, bool) {
	switch {
	case a == b, a.top():
		return a, false
	case b.top():
		return b, true
	case a != nil && b != nil && f.equal(a.v.expr, b.v.expr):
		return a, false
	}
	first, second := a, b
	if second == nil || first != nil && first.off > second.off {
		first, second = second, first
	}
	return &store{off: at, conflict: "$stable depends on the path <clinit> takes: " + first.describe() + "; on another path " + second.describe()}, true
}

// mergeStack joins stack b into a; values that differ become unknown.
func (f *flow) mergeStack(a, b *slot, at int) (*slot, bool) {
	if depthOf(a) != depthOf(b) {
		f.fail(at, fmt.Sprintf("paths join with operand stacks of %d and %d values", depthOf(a), depthOf(b)))
		return a, false
	}
	var vals []*val
	changed := false
	pa, pb := a, b
	for pa != pb {
		f.steps++
		v := f.mergeVal(pa.v, pb.v, at)
		changed = changed || v != pa.v
		vals = append(vals, v)
		pa, pb = pa.below, pb.below
	}
	if !changed {
		return a, false
	}
	top := pa
	for i := len(vals) - 1; i >= 0; i-- {
		top = &slot{v: vals[i], below: top, depth: depthOf(top) + 1}
	}
	return top, true
}

func (f *flow) mergeVal(a, b *val, at int) *val {
	if a.wide != b.wide {
		f.fail(at, "paths join with a long or double where the other has an int")
		return a
	}
	if a == b || a.expr == nil || b.expr != nil && f.equal(a.expr, b.expr) {
		return a
	}
	return &val{wide: a.wide, off: at, why: fmt.Sprintf("the value depends on the path taken: paths that join at offset %d hold different values", at)}
}

// equal compares expressions node by node within the step budget; false when it runs out.
func (f *flow) equal(x, y Expr) bool {
	f.steps++
	if f.steps > f.budget {
		return false
	}
	switch x := x.(type) {
	case Op:
		y, ok := y.(Op)
		return ok && x.Op == y.Op && f.equal(x.X, y.X) && f.equal(x.Y, y.Y)
	case Const, Ref:
		return x == y
	}
	return false
}
