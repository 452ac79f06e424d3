package plan

import (
	"fmt"
	"strings"

	"github.com/composestab/composestab/composable"
	"github.com/composestab/composestab/stability"
)

// candidates are the fixes worth proving for the module's findings, each once: per churned
// argument, remembering it (or its lambda's captures, or its key) and making its class compare
// by value; per call that never skips, strong skipping and the unstable classes it names.
func (m *module) candidates() []*Fix {
	var out []*Fix
	seen := map[string]bool{}
	add := func(fx *Fix) {
		if id := fx.id(); !seen[id] {
			seen[id] = true
			out = append(out, fx)
		}
	}
	input := m.ic.Input
	for i, s := range m.ic.CallSites {
		caller := s.CallerName
		if caller == "" {
			caller = s.Caller
		}
		site := Target{Caller: caller, Callee: s.CalleeName, File: s.File, Line: s.Line, Input: input}
		for k, a := range s.Arguments {
			if a.Churn != composable.ChurnFresh {
				continue
			}
			at := site
			at.Param = a.Param
			ref := composable.ArgRef{Site: i, Slot: k}
			class := a.Class()
			switch {
			case a.RememberedUnderNewKey() && !a.Lambda():
				add(&Fix{Kind: StableKey, Target: at, Size: 1, edit: composable.Edit{Remember: []composable.ArgRef{ref}},
					Edit: fmt.Sprintf("key the remember that builds %s by values that stay the same between recompositions", a.Param),
					Why:  "its key is new on every call, so remember builds a new " + a.Param + " every time"})
			case a.Lambda() && !m.ic.StrongSkipping:
				// Without strong skipping a lambda capturing an unstable value is not memoized
				// at all: what it captures does not matter, the lambda itself must be kept.
				add(&Fix{Kind: RememberArgument, Target: at, Size: 1, edit: composable.Edit{Remember: []composable.ArgRef{ref}},
					Edit: fmt.Sprintf("remember the lambda passed as %s: val %s = remember(<what it captures>) { { … } } at %s:%d", a.Param, a.Param, s.File, s.Line),
					Why:  "without strong skipping a lambda that captures a value of an unstable type is created anew on every call"})
			case a.NotMemoized():
				// Built with strong skipping, a lambda created at the call is @DontMemoize.
				add(&Fix{Kind: RemoveDontMemoize, Target: at, Size: 1, edit: composable.Edit{Memoize: []composable.ArgRef{ref}},
					Edit: fmt.Sprintf("remove @DontMemoize from the lambda passed as %s at %s:%d", a.Param, s.File, s.Line),
					Why:  "strong skipping memoizes every lambda under what it captures, except one marked @DontMemoize: it is new on every call"})
			case a.Lambda():
				add(&Fix{Kind: CaptureStable, Target: at, Size: 1, edit: composable.Edit{Remember: []composable.ArgRef{ref}},
					Edit: fmt.Sprintf("remember what the lambda passed as %s captures where it is built (%s)", a.Param, capturedText(a)),
					Why:  "strong skipping memoizes the lambda under what it captures; a capture new on every call makes a new lambda"})
			default:
				if a.BuiltFromConstants() {
					built := strings.TrimSuffix(a.What, " on every call")
					add(&Fix{Kind: HoistConstant, Target: at, Size: 2, edit: composable.Edit{Remember: []composable.ArgRef{ref}},
						Edit: fmt.Sprintf("build %s once, out of the composable (a top-level val), and pass that as %s at %s:%d", built, a.Param, s.File, s.Line),
						Why:  fmt.Sprintf("%s is built from constants only: the same value every time, so one instance serves every call", a.Param)})
				}
				add(&Fix{Kind: RememberArgument, Target: at, Size: 1, edit: composable.Edit{Remember: []composable.ArgRef{ref}},
					Edit: fmt.Sprintf("%s(%s = remember(<the values it is built from>) { … }) at %s:%d", shortName(s.CalleeName), a.Param, s.File, s.Line),
					Why:  fmt.Sprintf("%s is %s; remembered, it is the same instance until a key changes", a.Param, a.What)})
			}
			if ro, ok := readOnlyOf[class]; ok {
				add(&Fix{Kind: ReadOnlyParameterType, Target: at, Size: 1,
					edit: composable.Edit{ReadOnly: []composable.ParamRef{{Callee: s.Callee, Slot: k}}},
					Edit: fmt.Sprintf("declare %s's parameter %s as %s instead of %s", shortName(s.CalleeName), a.Param, ro+typeArgs(a.Type), a.Type),
					Why:  "a read-only collection interface is compared with equals; a new, equal collection then lets the call skip"})
			}
			for _, c := range append([]string{class}, a.CapturedClasses()...) {
				if c == "" || c == composable.LambdaClass || strings.HasPrefix(c, "[") {
					continue
				}
				for _, fx := range m.classFixes(c, a.IdentityEquals) {
					add(fx)
				}
			}
		}
		if s.NeverSkips && !m.ic.StrongSkipping {
			add(&Fix{Kind: StrongSkipping, Target: Target{Input: input}, Size: 1, edit: composable.Edit{StrongSkipping: true},
				Edit: "compile the module with strong skipping (the default since Kotlin 2.0.20; remove any featureFlags that turn it off)",
				Why:  "with strong skipping every restartable composable can skip: an unstable parameter is compared by ==="})
		}
		if s.NeverSkips {
			for _, u := range s.Unstable {
				for _, fx := range m.classFixes(strings.ReplaceAll(u.Class, ".", "/"), false) {
					add(fx)
				}
			}
		}
	}
	return out
}

// classFixes are the fixes of class c (a JVM name) that can make a fresh instance of it equal to
// the last: a structural equals for a stable class compared with an identity equals; for an
// unstable class of the module, a value class; for another module's, a configuration line.
func (m *module) classFixes(c string, identityEquals bool) []*Fix {
	dotted := strings.ReplaceAll(c, "/", ".")
	target := Target{Class: dotted, Input: m.ic.Input}
	ownClass := m.own[m.ic.Input+"\x00"+c]
	var out []*Fix
	if ownClass != nil && ownClass.Verdict == stability.VerdictStable {
		identityEquals = true // stable, and yet new every time: its equals is identity
	}
	if identityEquals {
		out = append(out, &Fix{Kind: AddEquals, Target: target, Size: 1, edit: composable.Edit{Equals: []string{c}},
			Edit: fmt.Sprintf("make %s a data class (or override equals and hashCode)", shortName(dotted)),
			Why:  "it is stable and compared with equals, but its equals is Object's: identity"})
		return out
	}
	if ownClass != nil {
		out = append(out, &Fix{Kind: AnnotateStable, Target: target, Size: 1, edit: composable.Edit{Stable: []string{c}},
			Edit: fmt.Sprintf("annotate %s with @Stable", shortName(dotted)),
			Why:  fmt.Sprintf("%s is %s: compared by ===; annotated, it is compared with equals", shortName(dotted), ownClass.Verdict)})
		out = append(out, &Fix{Kind: StableValueClass, Target: target, Size: 1, edit: composable.Edit{Stable: []string{c}, Equals: []string{c}},
			Edit: fmt.Sprintf("make %s a data class of vals of stable types", shortName(dotted)),
			Why:  fmt.Sprintf("%s is %s: compared by ===, a new instance is never the last one; a value class is stable and compared with equals", shortName(dotted), ownClass.Verdict)})
		return out
	}
	fx := &Fix{Kind: ConfigLine, Target: target, Size: 1, edit: composable.Edit{Stable: []string{c}},
		Edit: dotted, Why: "the app's compiler then treats it as stable and compares it with equals"}
	if s := m.suggestions[dotted]; s != nil {
		fx.Edit = s.Pattern
	}
	return append(out, fx)
}

// capturedText names what a lambda captures fresh.
func capturedText(a composable.CallArgument) string {
	var names []string
	for _, c := range a.CapturedClasses() {
		names = append(names, "a new "+shortName(strings.ReplaceAll(c, "/", ".")))
	}
	if len(names) == 0 {
		return a.What
	}
	return strings.Join(names, ", ")
}

// shortName is the last segment of a dotted name.
func shortName(s string) string {
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// readOnlyOf maps the mutable collection classes a parameter may be declared with to the
// read-only interface to declare instead.
var readOnlyOf = map[string]string{
	"java/util/ArrayList": "List", "java/util/LinkedList": "List",
	"java/util/HashMap": "Map", "java/util/LinkedHashMap": "Map", "java/util/TreeMap": "Map",
	"java/util/HashSet": "Set", "java/util/LinkedHashSet": "Set", "java/util/TreeSet": "Set",
}

// typeArgs is the <…> part of a type as written, "" for none.
func typeArgs(t string) string {
	if i := strings.IndexByte(t, '<'); i >= 0 {
		return t[i:]
	}
	return ""
}
