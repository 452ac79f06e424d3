// Package stability reproduces the Jetpack Compose compiler's class stability inference from
// class files. A Universe resolves the classes of a classpath, each read when Class.Ensure first
// asks; AnalyzeModule re-runs the compiler's analysis of one input, and an Engine answers the
// stability of any type. A Stability prints as the compiler's -classes.txt reports print it.
package stability

import "strings"

// Stability is one value of the compiler's stability lattice. The set of implementations is closed:
// Certain, Runtime, Unknown, Parameter and Combined, as the compiler's sealed hierarchy, with its
// algebra: Plus, Normalize and the knownStable / knownUnstable / isUncertain / isExpressible
// predicates.
type Stability interface {
	// String renders the value as the compiler's toString does in reports.
	String() string
	isStability()
}

// Certain is a stability known at compile time.
type Certain struct {
	Stable bool
}

// Runtime is the stability of a class whose $stable field must be read at run time.
type Runtime struct {
	Class *Class
}

// Unknown is the stability of a class that cannot be expressed, such as an interface or an open
// class. The compiler prints it as Uncertain(Name).
type Unknown struct {
	Class *Class
}

// Parameter is the stability of a type parameter that is not substituted yet.
type Parameter struct {
	Param *TypeParameter
}

// Combined is a conjunction of stabilities. It is not flattened until Normalize.
type Combined struct {
	Elems []Stability
}

// Stable and Unstable are the two Certain values.
var (
	Stable   Stability = Certain{Stable: true}
	Unstable Stability = Certain{Stable: false}
)

func (Certain) isStability()   {}
func (Runtime) isStability()   {}
func (Unknown) isStability()   {}
func (Parameter) isStability() {}
func (Combined) isStability()  {}

func (s Certain) String() string {
	if s.Stable {
		return "Stable"
	}
	return "Unstable"
}

func (s Runtime) String() string   { return "Runtime(" + s.Class.SimpleName() + ")" }
func (s Unknown) String() string   { return "Uncertain(" + s.Class.SimpleName() + ")" }
func (s Parameter) String() string { return "Parameter(" + s.Param.Name + ")" }

// String joins the elements with "," and no space or brackets; an empty Combined prints as "".
func (s Combined) String() string {
	parts := make([]string, len(s.Elems))
	for i, e := range s.Elems {
		parts[i] = e.String()
	}
	return strings.Join(parts, ",")
}

// Plus is the compiler's a + b: a Certain operand decides or vanishes, otherwise the two are
// combined without flattening or de-duplication.
func Plus(a, b Stability) Stability {
	if c, ok := b.(Certain); ok {
		if c.Stable {
			return a
		}
		return b
	}
	if c, ok := a.(Certain); ok {
		if c.Stable {
			return b
		}
		return a
	}
	return Combined{Elems: []Stability{a, b}}
}

// KnownStable reports whether s is certainly stable. An empty Combined is known stable, which is
// why a class whose only fields are interfaces is reported stable.
func KnownStable(s Stability) bool {
	switch s := s.(type) {
	case Certain:
		return s.Stable
	case Combined:
		for _, e := range s.Elems {
			if !KnownStable(e) {
				return false
			}
		}
		return true
	}
	return false
}

// KnownUnstable reports whether s is certainly unstable.
func KnownUnstable(s Stability) bool {
	switch s := s.(type) {
	case Certain:
		return !s.Stable
	case Combined:
		for _, e := range s.Elems {
			if KnownUnstable(e) {
				return true
			}
		}
	}
	return false
}

// isUncertain reports whether s depends on something not known at compile time.
func isUncertain(s Stability) bool {
	switch s := s.(type) {
	case Certain:
		return false
	case Combined:
		for _, e := range s.Elems {
			if isUncertain(e) {
				return true
			}
		}
		return false
	}
	return true
}

// IsExpressible reports whether s can be written as a $stable expression: it contains no Unknown.
func IsExpressible(s Stability) bool {
	switch s := s.(type) {
	case Unknown:
		return false
	case Combined:
		for _, e := range s.Elems {
			if !IsExpressible(e) {
				return false
			}
		}
	}
	return true
}

// Normalize flattens a Combined the way the compiler does: with a LIFO stack, dropping Stable and
// Unknown, keeping each Parameter once, keeping every Runtime, and collapsing to Unstable at the
// first Unstable. The kept parts come out in reverse depth-first order. Other values are returned
// unchanged.
func Normalize(s Stability) Stability {
	c, ok := s.(Combined)
	if !ok {
		return s
	}
	var out []Stability
	seen := map[*TypeParameter]bool{}
	stack := append([]Stability(nil), c.Elems...)
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch e := top.(type) {
		case Combined:
			stack = append(stack, e.Elems...)
		case Certain:
			if !e.Stable {
				return Unstable
			}
		case Parameter:
			if !seen[e.Param] {
				seen[e.Param] = true
				out = append(out, e)
			}
		case Runtime:
			out = append(out, e)
		case Unknown:
			// The compiler drops an Unknown here, so an interface-typed field stops counting.
		}
	}
	return Combined{Elems: out}
}

// ForEach visits the leaves of s depth-first, left to right.
func ForEach(s Stability, fn func(Stability)) {
	if c, ok := s.(Combined); ok {
		for _, e := range c.Elems {
			ForEach(e, fn)
		}
		return
	}
	fn(s)
}

// Verdict is the three-way word the compiler prints before a class or field in -classes.txt.
type Verdict string

// The three verdict words.
const (
	VerdictStable   Verdict = "stable"
	VerdictUnstable Verdict = "unstable"
	VerdictRuntime  Verdict = "runtime"
)

// VerdictOf classifies s the way the report prefix does: stable if known stable, unstable if known
// unstable, runtime otherwise (Uncertain values are reported as runtime too).
func VerdictOf(s Stability) Verdict {
	switch {
	case KnownStable(s):
		return VerdictStable
	case KnownUnstable(s):
		return VerdictUnstable
	}
	return VerdictRuntime
}

// Describe is s as the reports print it: normalized, "Stable" for the empty combination and
// "?" for nil (not known).
func Describe(s Stability) string {
	if s == nil {
		return "?"
	}
	if t := Normalize(s).String(); t != "" {
		return t
	}
	return "Stable"
}
