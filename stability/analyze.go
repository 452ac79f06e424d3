package stability

import "strings"

// StableExpr is a $stable initializer as the compiler builds it: the constant 8 when Unstable, or
// the bitwise OR of other classes' $stable fields (0 when there are none).
type StableExpr struct {
	Unstable bool
	// Refs are the classes whose $stable is OR'ed, in the compiler's operand order.
	Refs []*Class
}

func (x StableExpr) String() string {
	if x.Unstable {
		return "8"
	}
	if len(x.Refs) == 0 {
		return "0"
	}
	parts := make([]string, len(x.Refs))
	for i, c := range x.Refs {
		parts[i] = c.SimpleName() + ".$stable"
	}
	return strings.Join(parts, " | ")
}

// ClassResult is what the compiler decides for one class of the module it compiles.
type ClassResult struct {
	Class *Class
	// ReportName is the class's name as the compiler's -classes.txt prints it: the FQN, or the
	// simple name for releases before 2.2.20.
	ReportName string
	// Processed tells whether the compiler's ClassStabilityTransformer handles the class at all
	// (it skips private classes, interfaces, enums, companions, value classes, ...). Unprocessed
	// classes have no @StabilityInferred, no $stable and no report block.
	Processed bool
	// Marked is a class with a stable marker on itself: $stable is 0 and no annotation is added.
	Marked bool
	// UnloweredTypes tells the report to print field types as the release did before lowering
	// composable function types (Type.UnloweredString).
	UnloweredTypes bool
	// Stability is the normalized class stability, as printed in <runtime stability>.
	Stability Stability
	// Mask is the @StabilityInferred parameters value (0 for marked classes, which have none).
	Mask int32
	// Expr is the $stable initializer.
	Expr   StableExpr
	Fields []FieldResult
	Reason *Reason
}

// FieldResult is one field line of the -classes.txt report.
type FieldResult struct {
	Field     *Field
	Stability Stability
	Reason    *Reason
}

// Verdict is the class's report word.
func (r *ClassResult) Verdict() Verdict {
	if r.Marked {
		return VerdictStable
	}
	return VerdictOf(r.Stability)
}

// processed mirrors the transformer's filter (spec §3).
func processed(c *Class) bool {
	d := c.Ensure()
	if d.Visibility != Public && d.Visibility != Internal {
		return false
	}
	switch d.Kind {
	case KindEnumClass, KindEnumEntry, KindInterface, KindAnnotationClass, KindCompanionObject:
		return false
	}
	return !d.Expect && !d.Inner && !d.Value && d.Origin == OriginKotlin && !isAnonymous(c)
}

func isAnonymous(c *Class) bool {
	n := c.SimpleName()
	return n == "" || n == "<no name provided>" || (n[0] >= '0' && n[0] <= '9')
}

// AnalyzeClass re-runs the compiler's ClassStabilityTransformer for a class of the engine's
// module, analysed from its own file.
func (e *Engine) AnalyzeClass(c *Class) *ClassResult {
	d := c.Ensure()
	res := &ClassResult{Class: c, Processed: processed(c), ReportName: c.FqName(), UnloweredTypes: !e.rules.loweredTypeNames}
	if !e.rules.qualifiedReportNames {
		res.ReportName = c.SimpleName()
	}
	for _, f := range d.Fields {
		fs, fr := e.typeStability(f.Type, nil, nil, d.File)
		res.Fields = append(res.Fields, FieldResult{Field: f, Stability: fs, Reason: fr})
	}
	if e.hasStableMarker(c) {
		res.Marked = true
		res.Stability = Stable
		res.Reason = &Reason{Rule: RuleMarked, Subject: c.FqName(), Stability: Stable}
		return res
	}
	dt := DefaultType(c)
	raw, reason := e.typeStability(&dt, nil, nil, d.File)
	s := Normalize(raw)
	res.Stability, res.Reason = s, reason
	external := false
	if n := len(d.TypeParameters); n > 0 {
		ForEach(s, func(leaf Stability) {
			p, ok := leaf.(Parameter)
			if !ok {
				return
			}
			if i := indexOf(d.TypeParameters, p.Param); i >= 0 {
				if i < 32 {
					res.Mask |= 1 << i
				}
			} else {
				external = true
			}
		})
		if KnownStable(s) && n < 32 {
			res.Mask |= 1 << n
		}
	} else if KnownStable(s) {
		res.Mask = 1
	}
	if external {
		res.Expr = StableExpr{Unstable: true}
	} else {
		res.Expr = Expression(s, len(d.TypeParameters) > 0)
	}
	return res
}

// DefaultType is C<T1, …, Tn>, the class applied to its own type parameters: the type a
// consumer names when it uses the class without choosing arguments. It is a value so that a
// caller that only asks its stability keeps it on the stack.
func DefaultType(c *Class) Type {
	t := Type{Class: c}
	for _, p := range c.Ensure().TypeParameters {
		t.Args = append(t.Args, TypeArg{Type: &Type{Param: p}})
	}
	return t
}

func indexOf(ps []*TypeParameter, p *TypeParameter) int {
	for i, q := range ps {
		if q == p {
			return i
		}
	}
	return -1
}

// Expression is the compiler's irStableExpression over s: the OR of the Runtime classes' $stable
// in s's leaf order, or Unstable when s holds Unstable, an Unknown, or a type parameter that
// does not count as stable (paramsStable: at class level of a generic class a type parameter
// resolves to STABLE; at a call site or in a class without type parameters it resolves to nothing).
func Expression(s Stability, paramsStable bool) StableExpr {
	var refs []*Class
	ok := true
	ForEach(s, func(leaf Stability) {
		switch l := leaf.(type) {
		case Certain:
			if !l.Stable {
				ok = false
			}
		case Runtime:
			refs = append(refs, l.Class)
		case Unknown:
			ok = false
		case Parameter:
			ok = ok && paramsStable
		}
	})
	if !ok {
		return StableExpr{Unstable: true}
	}
	return StableExpr{Refs: refs}
}
