package stability

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Rule names the step of the compiler's decision that produced a stability.
type Rule string

// The rules, in the compiler's vocabulary (spec §1).
const (
	RuleBuiltinStable   Rule = "builtin-stable"   // Unit, primitives, String, function types
	RuleTypeParameter   Rule = "type-parameter"   // an unsubstituted type parameter
	RuleTypeArgument    Rule = "type-argument"    // a type parameter replaced by its argument
	RuleStarProjection  Rule = "star-projection"  // a * argument is Unstable
	RuleValueClass      Rule = "value-class"      // an inline class is as stable as its value
	RuleCycle           Rule = "cycle"            // the class is already being analysed
	RuleStableMarker    Rule = "stable-marker"    // @Stable, @Immutable or a @StableMarker on it or a supertype
	RuleEnum            Rule = "enum"             // enum classes and entries
	RuleObject          Rule = "object"           // objects and companion objects
	RulePrimitive       Rule = "primitive"        // the class is a primitive type
	RuleProtobuf        Rule = "protobuf"         // a final GeneratedMessage(Lite) subclass
	RuleKnownStable     Rule = "known-stable"     // KnownStableConstructs
	RuleConfig          Rule = "config"           // a stability configuration file pattern
	RuleJava            Rule = "java"             // a Java class
	RuleInterface       Rule = "interface"        // an interface cannot be expressed
	RuleNotCompose      Rule = "not-compose"      // a dependency without @StabilityInferred
	RuleRuntime         Rule = "runtime"          // a class of another file or module: read its $stable
	RuleExternalMask    Rule = "external-mask"    // a non-public dependency: Runtime plus its mask
	RuleFields          Rule = "fields"           // the class's own fields decide
	RuleOpenClass       Rule = "open-class"       // a non-final class starts as Uncertain
	RuleVarField        Rule = "var-field"        // a var property makes the class Unstable
	RuleField           Rule = "field"            // one field's type
	RuleSuperclass      Rule = "superclass"       // the superclass's stability
	RuleMissing         Rule = "missing-class"    // the class is not on the classpath
	RuleMarked          Rule = "marked"           // a class annotated with a stable marker itself
	RuleUnexpectedClass Rule = "unexpected-class" // a type parameter used as a class classifier
)

// Reason explains one step of an inference: the rule that decided, what it was applied to, the
// stability it gave, and the reasons below it.
type Reason struct {
	Rule Rule
	// Subject is what the rule looked at: a class name, "field items", "type argument T", or the
	// configuration pattern with its file and line.
	Subject   string
	Stability Stability
	Because   []*Reason
}

func (r *Reason) String() string {
	var b strings.Builder
	r.write(&b, 0)
	return b.String()
}

func (r *Reason) write(b *strings.Builder, depth int) {
	fmt.Fprintf(b, "%s%s: %s [%s]\n", strings.Repeat("  ", depth), r.Subject, describe(r.Stability), r.Rule)
	for _, c := range r.Because {
		c.write(b, depth+1)
	}
}

// describe renders a stability for people: the compiler's text, or a word where it would be empty.
func describe(s Stability) string {
	if s == nil {
		return "?"
	}
	if str := s.String(); str != "" {
		return str
	}
	return "Stable (nothing left after normalization)"
}

// Sentences flattens the reason tree into sentences, the deciding rule first, leaves last, each
// indented by its depth and ending with what it decided (at most 7 levels deep). A nil reason has
// none.
func (r *Reason) Sentences() []string {
	out := []string{}
	var walk func(r *Reason, depth int)
	walk = func(r *Reason, depth int) {
		if r == nil || depth > 6 {
			return
		}
		out = append(out, strings.Repeat("  ", depth)+r.Sentence()+" ⇒ "+Describe(r.Stability))
		for _, c := range r.Because {
			walk(c, depth+1)
		}
	}
	walk(r, 0)
	return out
}

// Sentence says in words why the rule decided as it did.
func (r *Reason) Sentence() string {
	switch r.Rule {
	case RuleBuiltinStable:
		return r.Subject + " is a built-in stable type"
	case RuleTypeParameter:
		return r.Subject + " is a type parameter: stable only if its argument is"
	case RuleTypeArgument:
		return r.Subject + " takes the stability of its argument"
	case RuleStarProjection:
		return r.Subject + " is a star projection, which is unstable"
	case RuleValueClass:
		return r.Subject + " is a value class: as stable as its underlying value"
	case RuleCycle:
		return r.Subject + " refers to itself: the compiler gives up and calls it unstable"
	case RuleStableMarker:
		return r.Subject + " is marked stable (@Stable, @Immutable or a @StableMarker), on itself or a supertype"
	case RuleMarked:
		return r.Subject + " is annotated with a stable marker"
	case RuleEnum:
		return r.Subject + " is an enum"
	case RuleObject:
		return r.Subject + " is an object"
	case RulePrimitive:
		return r.Subject + " is a primitive type"
	case RuleProtobuf:
		return r.Subject + " is a final protobuf message"
	case RuleKnownStable:
		return r.Subject + " is on the compiler's list of known stable types"
	case RuleConfig:
		return r.Subject + " is declared stable by a stability configuration file"
	case RuleJava:
		return r.Subject + " is a Java class, which Compose never trusts"
	case RuleInterface:
		return r.Subject + " is an interface: its implementations are unknown"
	case RuleNotCompose:
		return r.Subject + " comes from a dependency not compiled with Compose (no @StabilityInferred)"
	case RuleRuntime:
		return r.Subject + " is declared in another file or module: its $stable is read at run time"
	case RuleExternalMask:
		return r.Subject + " is a non-public dependency: its $stable and its @StabilityInferred type parameters decide"
	case RuleFields:
		return r.Subject + " is inferred from its fields"
	case RuleOpenClass:
		return r.Subject + " is not final: subclasses could add state"
	case RuleVarField:
		return r.Subject + " is a var"
	case RuleField:
		return r.Subject
	case RuleSuperclass:
		return r.Subject + " adds its own stability"
	case RuleMissing:
		return r.Subject + " is not on the classpath"
	case RuleUnexpectedClass:
		return r.Subject + " cannot be analysed"
	}
	return r.Subject
}

// MissingClasses lists, sorted and once each, the classes absent from the classpath that the
// reason tree stands on: a verdict that depends on them is a guess until they are found.
func (r *Reason) MissingClasses() []string {
	var out []string
	var walk func(r *Reason)
	walk = func(r *Reason) {
		if r == nil {
			return
		}
		if r.Rule == RuleMissing {
			out = append(out, r.Subject)
		}
		for _, b := range r.Because {
			walk(b)
		}
	}
	walk(r)
	sort.Strings(out)
	return slices.Compact(out)
}

// DeepestSentence follows the reason down through the children that agree with it and returns
// the last sentence: the rule that really decided ("" for a nil reason or past eight levels).
func (r *Reason) DeepestSentence() string {
	for depth := 0; r != nil && depth < 8; depth++ {
		var next *Reason
		for _, c := range r.Because {
			if c != nil && VerdictOf(Normalize(c.Stability)) == VerdictOf(Normalize(r.Stability)) {
				next = c
				break
			}
		}
		if next == nil {
			return r.Sentence()
		}
		r = next
	}
	return ""
}
