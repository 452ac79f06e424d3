package stability

// RuleChange is one rule of the compiler whose setting differs between two releases: the cause a
// what-if (diff --old-compiler A --new-compiler B) gives a change.
type RuleChange struct {
	// Name is the rule's id, such as "interfaces-uncertain" or "known-stable-types".
	Name string `json:"rule"`
	// Summary says what the rule does when on.
	Summary string `json:"summary"`
	// Since is the first release that has it (for known-stable-types: the newer release).
	Since string `json:"since"`
	// Old and New tell whether each release has it.
	Old bool `json:"old"`
	New bool `json:"new"`
}

// KnownStableRule names the known-stable tables (KnownStableConstructs) as a rule: they differ
// between releases as a whole.
const KnownStableRule = "known-stable-types"

// ruleFlags names each rule flag, in the order of the releases that brought them.
var ruleFlags = []struct {
	name, summary string
	field         func(*rules) *bool
}{
	{"param-guard", "a type parameter already under substitution stays Parameter(T): Box<Box<Int>> in another class is Parameter(T), not Stable", func(r *rules) *bool { return &r.paramGuard }},
	{"lowered-type-names", "-classes.txt prints a composable function type as the function type it is lowered to", func(r *rules) *bool { return &r.loweredTypeNames }},
	{"superclass-counts", "a superclass's stability counts with the class's own fields", func(r *rules) *bool { return &r.superclassCounts }},
	{"qualified-report-names", "-classes.txt names classes by their fully qualified name", func(r *rules) *bool { return &r.qualifiedReportNames }},
	{"error-prone-marker", "Error Prone's @Immutable is a stable marker", func(r *rules) *bool { return &r.errorProneMarker }},
	{"objects-stable", "an object is Stable whatever its fields", func(r *rules) *bool { return &r.objectsStable }},
	{"open-seed-uncertain", "a non-final class starts as Uncertain(itself)", func(r *rules) *bool { return &r.openSeedUnknown }},
	{"skip-uncertain-superclass", "a superclass whose stability is Uncertain adds nothing", func(r *rules) *bool { return &r.skipUnknownSuper }},
	{"runtime-other-files", "a public or internal class of another file or module is Runtime(C), its mask ignored", func(r *rules) *bool { return &r.runtimeOtherFiles }},
	{"interfaces-uncertain", "every interface is Uncertain(I); before, one of another module was Unstable", func(r *rules) *bool { return &r.interfacesUncertain }},
	{"annotations-are-interfaces", "an annotation class is analysed as the interface it is on the JVM", func(r *rules) *bool { return &r.annotationsAreInterfaces }},
}

// RuleChanges lists the rules whose setting differs between two releases, and the known-stable
// tables when they differ.
func RuleChanges(old, new Release) []RuleChange {
	ro, rn := old.rules(), new.rules()
	var out []RuleChange
	for _, f := range ruleFlags {
		o, n := *f.field(&ro), *f.field(&rn)
		if o == n {
			continue
		}
		out = append(out, RuleChange{Name: f.name, Summary: f.summary, Since: ruleSince(f.field), Old: o, New: n})
	}
	if !sameKnownStable(old.knownStable(), new.knownStable()) {
		since := new
		if since.Before(old) {
			since = old
		}
		out = append(out, RuleChange{Name: KnownStableRule, Summary: "the JDK and Kotlin types the plugin trusts as stable (KnownStableConstructs)", Since: since.String(), Old: true, New: true})
	}
	return out
}

// ruleSince is the first release whose rules have the flag on.
func ruleSince(field func(*rules) *bool) string {
	for _, r := range releases {
		if *field(&r.rules) {
			return r.name
		}
	}
	return ""
}

func sameKnownStable(a, b *knownStable) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil || len(a.types) != len(b.types) || len(a.functions) != len(b.functions) {
		return false
	}
	for k, v := range a.types {
		if w, ok := b.types[k]; !ok || w != v {
			return false
		}
	}
	for k, v := range a.functions {
		if w, ok := b.functions[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// applyOverrides sets the rules Options.Override names, and the known-stable tables of
// Options.KnownStableOf.
func (e *Engine) applyOverrides() {
	for _, f := range ruleFlags {
		if v, ok := e.opts.Override[f.name]; ok {
			*f.field(&e.rules) = v
		}
	}
	if e.opts.KnownStableOf != nil {
		e.known = e.opts.KnownStableOf.knownStable()
	}
}
