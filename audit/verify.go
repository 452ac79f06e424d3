package audit

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/composestab/composestab/stability"
)

// Verification rules.
const (
	// RuleNotCompose is a class the Compose compiler would process that has neither $stable nor
	// @StabilityInferred, in a set of inputs where other classes have them: part of the library
	// was built without the plugin, and consumers see the class as a plain dependency.
	RuleNotCompose = "not-compose"
	// RuleStableClaim is a class that claims stability with @Stable, @Immutable or another
	// marker (its own or a supertype's) while one of its own fields contradicts it.
	RuleStableClaim = "stable-claim"
	// RuleExpectStable is a public class matching an --expect-stable pattern that is not stable
	// for every consumer.
	RuleExpectStable = "expect-stable"
	// RuleDrift is a class whose bytes disagree with what the consumer's compiler would write
	// (VerifyOptions.Drift): rebuilding the library with that compiler changes what apps see.
	RuleDrift = "drift"
)

// Violation is one policy failure.
type Violation struct {
	Class string `json:"class"`
	// Rule is RuleNotCompose, RuleStableClaim or RuleExpectStable.
	Rule string `json:"rule"`
	// Part is "field NAME" for a field that contradicts a claim, "" otherwise.
	Part    string `json:"part"`
	Message string `json:"message"`
	Input   string `json:"input"`
}

// VerifyReport is the outcome of Verify.
type VerifyReport struct {
	// SchemaVersion is the version of the JSON contract (docs/json.md).
	SchemaVersion int `json:"schemaVersion"`
	// Violations are sorted by class, rule and part.
	Violations []Violation `json:"violations"`
	Errors     []*Error    `json:"errors"`
	Inputs     []string    `json:"inputs"`
}

// VerifyOptions select the policies.
type VerifyOptions struct {
	// ExpectStable are configuration-file patterns (such as com.example.model.**); public
	// classes matching one must be stable.
	ExpectStable []string
	// Drift reports every class whose $stable or mask differs from what the consumer's
	// compiler would write.
	Drift bool
}

// Verify applies the policies to a scan of a published artefact: every input of rep counts as
// one library. The error is non-nil only for a bad pattern (a *stability.ConfigError).
func Verify(rep *Report, opts VerifyOptions) (*VerifyReport, error) {
	var expect []*stability.Config
	for _, p := range opts.ExpectStable {
		cfg, err := stability.ParseConfig("--expect-stable", []byte(p))
		if err != nil {
			return nil, err
		}
		expect = append(expect, cfg)
	}
	usesCompose := false
	for _, c := range rep.Classes {
		usesCompose = usesCompose || c.Compose
	}
	byJVM := map[string]*Class{}
	for _, c := range rep.Classes {
		if byJVM[c.JVMName] == nil {
			byJVM[c.JVMName] = c
		}
	}
	v := &VerifyReport{SchemaVersion: SchemaVersion, Violations: []Violation{}, Errors: append([]*Error{}, rep.Errors...), Inputs: append([]string{}, rep.Inputs...)}
	for _, c := range rep.Classes {
		r := c.compiledResult()
		add := func(rule, part, msg string) {
			v.Violations = append(v.Violations, Violation{Class: c.Name, Rule: rule, Part: part, Message: msg, Input: c.Input})
		}
		if opts.Drift && c.Drift != "" {
			add(RuleDrift, "", c.Drift)
		}
		if usesCompose && r != nil && r.Processed && !c.Compose {
			add(RuleNotCompose, "", fmt.Sprintf("compiled without the Compose compiler (no $stable, no @StabilityInferred) in a library that otherwise uses it; consumers see it as %s (%s)", c.Verdict, stabilityText(c.Stability)))
		}
		if r != nil {
			for _, f := range claimViolations(r, byJVM) {
				add(RuleStableClaim, f[0], f[1])
			}
		}
		if c.Visibility == "public" || c.Visibility == "protected" {
			if pat := matchAny(expect, c.Name); pat != "" && !effectivelyStable(c) {
				b := baselineClass(c)
				msg := fmt.Sprintf("expected stable (--expect-stable %s) but is %s", pat, c.Verdict)
				if c.Verdict == "runtime" && c.StableValue != nil {
					msg += fmt.Sprintf(" with `$stable` = %d", *c.StableValue)
				}
				if why := notStableCauses(b); len(why) > 0 {
					msg += ": " + strings.Join(why, "; ")
				} else {
					msg += ": " + stabilityText(c.Stability)
				}
				add(RuleExpectStable, "", msg)
			}
		}
	}
	sort.SliceStable(v.Violations, func(i, j int) bool {
		a, b := v.Violations[i], v.Violations[j]
		if a.Class != b.Class {
			return a.Class < b.Class
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		return a.Part < b.Part
	})
	return v, nil
}

// effectivelyStable is stable for every consumer: a stable verdict, or a runtime one whose
// $stable is known to be 0 with no type parameter taking part.
func effectivelyStable(c *Class) bool {
	switch c.Verdict {
	case "stable":
		return true
	case "runtime":
		return c.StableValue != nil && *c.StableValue&unstableBit == 0 && len(c.Participating()) == 0 && c.result != nil
	}
	return false
}

func matchAny(cfgs []*stability.Config, name string) string {
	for _, cfg := range cfgs {
		if m := cfg.Match(name); m != nil {
			return m.Pattern
		}
	}
	return ""
}

// claimViolations returns (part, message) pairs for the fields of a stable-claiming class
// that contradict the claim: a plain var (any var property for @Immutable), or a field whose
// type is known to be unstable, either by the inference or, for a Runtime(X) field, because
// the scan found X's $stable unstable.
func claimViolations(r *stability.ClassResult, byJVM map[string]*Class) [][2]string {
	claim, immutable := stableClaim(r)
	if claim == "" {
		return nil
	}
	var out [][2]string
	for _, f := range r.Fields {
		fld := f.Field
		switch {
		case fld.Var && !fld.Bare && (!fld.Delegated || immutable):
			out = append(out, [2]string{"field " + fld.Name, fmt.Sprintf("%s; field `%s` is a var", claim, fld.Name)})
		case stability.KnownUnstable(f.Stability):
			msg := fmt.Sprintf("%s; field `%s: %s` is unstable", claim, fld.Name, fld.Type)
			if why := deepestSentence(f.Reason); why != "" {
				msg += " because " + why
			}
			out = append(out, [2]string{"field " + fld.Name, msg})
		default:
			if x := unstableRuntimeLeaf(f.Stability, byJVM); x != nil {
				out = append(out, [2]string{"field " + fld.Name, fmt.Sprintf("%s; field `%s: %s` is unstable: %s has `$stable` = %d",
					claim, fld.Name, fld.Type, x.Name, *x.StableValue)})
			}
		}
	}
	return out
}

// unstableRuntimeLeaf returns the first class of a Runtime(...) leaf of s that the scan found
// with the unstable bit in its $stable.
func unstableRuntimeLeaf(s stability.Stability, byJVM map[string]*Class) *Class {
	var found *Class
	stability.ForEach(s, func(leaf stability.Stability) {
		rt, ok := leaf.(stability.Runtime)
		if !ok || found != nil || rt.Class == nil {
			return
		}
		if c := byJVM[rt.Class.JVMName]; c != nil && c.StableValue != nil && *c.StableValue&unstableBit != 0 {
			found = c
		}
	})
	return found
}

// stableClaim says how a class claims to be stable, "" if it does not, and whether the claim
// is @Immutable (which rules out every var, even one delegated to a snapshot state).
func stableClaim(r *stability.ClassResult) (string, bool) {
	c := r.Class
	if c == nil {
		return "", false
	}
	if r.Marked {
		for _, a := range c.Annotations {
			switch a.Name {
			case "androidx/compose/runtime/Immutable", "com/google/errorprone/annotations/Immutable":
				return "claims stable (@Immutable)", true
			case "androidx/compose/runtime/Stable":
				return "claims stable (@Stable)", false
			}
		}
		for _, a := range c.Annotations {
			for _, m := range a.Ensure().Annotations {
				if m.Name == "androidx/compose/runtime/StableMarker" {
					return "claims stable (@" + a.SimpleName() + ")", false
				}
			}
		}
		return "claims stable (stable marker)", false
	}
	if r.Reason != nil && r.Reason.Rule == stability.RuleStableMarker {
		return "claims stable through a supertype's stable marker", false
	}
	return "", false
}

// WriteText writes one line per violation and a summary.
func (v *VerifyReport) WriteText(w io.Writer) error {
	var b strings.Builder
	for _, x := range v.Violations {
		fmt.Fprintf(&b, "%-14s %s: %s\n", x.Rule, x.Class, x.Message)
	}
	classes := map[string]bool{}
	for _, x := range v.Violations {
		classes[x.Class] = true
	}
	fmt.Fprintf(&b, "%s in %s; %s\n", plural(len(v.Violations), "violation"), plural(len(classes), "class"), plural(len(v.Errors), "error"))
	_, err := io.WriteString(w, b.String())
	return err
}
