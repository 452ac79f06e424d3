package audit

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/stability"
)

// Verification rules. Each has one severity (VerifyRules); a finding's message ends with a fix.
const (
	// RuleStableClaimMutable is a class that claims stability with @Stable, @Immutable or
	// another marker (its own or a supertype's) while it holds state whose change the runtime
	// cannot observe: a plain var reassigned after construction, a mutable collection or array,
	// a var delegated to something that is not snapshot state, a class whose var changes; under
	// @Immutable, any snapshot state too. Severity error.
	RuleStableClaimMutable = "stable-claim-mutable"
	// RuleStableClaimUnproven is a field of a stable-claiming class whose type the consumer's
	// compiler cannot prove stable, where nothing shows that it changes. Severity info.
	RuleStableClaimUnproven = "stable-claim-unproven"
	// RuleNotCompose is a public class the Compose compiler would process that was built
	// without it, in a library that otherwise uses it, where that changes what consumers see:
	// they see it unstable, while the plugin would not have made it unstable. Severity error.
	RuleNotCompose = "not-compose"
	// RuleExpectStable is a public class matching an --expect-stable pattern that is not stable
	// for every consumer. Severity error.
	RuleExpectStable = "expect-stable"
	// RuleDrift is a public class that apps read as stable from its $stable today, while the
	// consumer's compiler (VerifyOptions.Drift) would write it unstable: rebuilding the library
	// with that compiler makes it unstable for apps. Severity warning.
	RuleDrift = "drift"
	// RuleDriftStabler is the opposite drift: written unstable, rebuilding would make it
	// stable. Severity info.
	RuleDriftStabler = "drift-stabler"
)

// Severities, from the most to the least serious.
const (
	SeverityError   = "error"
	SeverityWarning = "warning"
	SeverityInfo    = "info"
)

// severityRank orders severities; 0 is not a severity.
func severityRank(s string) int {
	switch s {
	case SeverityError:
		return 3
	case SeverityWarning:
		return 2
	case SeverityInfo:
		return 1
	}
	return 0
}

// ValidSeverity reports whether s is error, warning or info.
func ValidSeverity(s string) bool { return severityRank(s) > 0 }

// VerifyRule describes one rule: its id, severity and what it finds.
type VerifyRule struct {
	ID, Severity, Summary string
}

// VerifyRules lists the rules in a fixed order, the order of SARIF's rule table.
var VerifyRules = []VerifyRule{
	{RuleStableClaimMutable, SeverityError, "A class marked @Stable or @Immutable holds state whose change the runtime cannot observe"},
	{RuleStableClaimUnproven, SeverityInfo, "A class marked @Stable or @Immutable has a field whose type Compose cannot prove stable"},
	{RuleNotCompose, SeverityError, "A public class built without the Compose compiler is unstable for consumers, though the plugin would not make it so"},
	{RuleExpectStable, SeverityError, "A public class matching --expect-stable is not stable for every consumer"},
	{RuleDrift, SeverityWarning, "Rebuilding the library with the consumer's compiler makes a class unstable for apps"},
	{RuleDriftStabler, SeverityInfo, "Rebuilding the library with the consumer's compiler makes a class stable for apps"},
}

func ruleSeverity(id string) string {
	for _, r := range VerifyRules {
		if r.ID == id {
			return r.Severity
		}
	}
	return ""
}

// Violation is one finding.
type Violation struct {
	Class string `json:"class"`
	// Rule is one of the Rule* ids of VerifyRules.
	Rule string `json:"rule"`
	// Severity is the rule's: error, warning or info.
	Severity string `json:"severity"`
	// Part is "field NAME" for a field that contradicts a claim, "" otherwise.
	Part    string `json:"part"`
	Message string `json:"message"`
	Input   string `json:"input"`
}

// VerifyReport is the outcome of Verify.
type VerifyReport struct {
	// SchemaVersion is the version of the JSON contract (docs/json.md).
	SchemaVersion int `json:"schemaVersion"`
	// Violations are sorted by class, rule and part; suppressed ones are left out.
	Violations []Violation `json:"violations"`
	// Suppressed counts the findings that a suppression removed.
	Suppressed int      `json:"suppressed"`
	Errors     []*Error `json:"errors"`
	Inputs     []string `json:"inputs"`
}

// AtLeast counts the findings whose severity is severity or more serious.
func (v *VerifyReport) AtLeast(severity string) int {
	n := 0
	for _, x := range v.Violations {
		if severityRank(x.Severity) >= severityRank(severity) {
			n++
		}
	}
	return n
}

// Suppression removes the findings of one rule ("*" for every rule) on the classes a pattern
// matches (stability-configuration syntax, such as com.example.internal.**).
type Suppression struct {
	Rule, Pattern string
	// Source says where it came from: "--suppress" or FILE:LINE.
	Source string
}

// ParseSuppression parses RULE:PATTERN.
func ParseSuppression(source, s string) (Suppression, error) {
	s = strings.TrimSpace(s)
	rule, pattern, ok := strings.Cut(s, ":")
	rule, pattern = strings.TrimSpace(rule), strings.TrimSpace(pattern)
	if !ok || rule == "" || pattern == "" {
		return Suppression{}, fmt.Errorf("%s: %q is not RULE:PATTERN", source, s)
	}
	if rule != "*" && ruleSeverity(rule) == "" {
		ids := make([]string, len(VerifyRules))
		for i, r := range VerifyRules {
			ids[i] = r.ID
		}
		return Suppression{}, fmt.Errorf("%s: unknown rule %q (one of %s, or *)", source, rule, strings.Join(ids, ", "))
	}
	if _, err := stability.ParseConfig(source, []byte(pattern)); err != nil {
		return Suppression{}, err
	}
	return Suppression{Rule: rule, Pattern: pattern, Source: source}, nil
}

// ReadSuppressions reads a suppression file: one RULE:PATTERN a line; blank lines and lines
// starting with // or # are ignored, as is anything after // on a line.
func ReadSuppressions(path string) ([]Suppression, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []Suppression
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if i := strings.Index(text, "//"); i >= 0 {
			text = text[:i]
		}
		text = strings.TrimSpace(text)
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		s, err := ParseSuppression(fmt.Sprintf("%s:%d", path, line), text)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, sc.Err()
}

// VerifyOptions select the policies.
type VerifyOptions struct {
	// ExpectStable are configuration-file patterns (such as com.example.model.**); public
	// classes matching one must be stable.
	ExpectStable []string
	// Drift reports the public classes whose $stable, as apps read it, differs from what the
	// consumer's compiler would write.
	Drift bool
	// IncludeNonPublic checks internal and private classes too; by default only what a
	// consumer can name is checked (see PublicAPI).
	IncludeNonPublic bool
	// Suppress removes matching findings.
	Suppress []Suppression
}

// Verify applies the policies to a scan of a published artefact: every input of rep counts as
// one library. Nested classes are public API only if their outer classes are, which Verify
// sees when the scan included non-public classes. The error is non-nil only for a bad pattern
// (a *stability.ConfigError) or suppression.
func Verify(rep *Report, opts VerifyOptions) (*VerifyReport, error) {
	expect, err := parsePatterns("--expect-stable", opts.ExpectStable)
	if err != nil {
		return nil, err
	}
	type compiledSuppression struct {
		rule string
		cfg  *stability.Config
	}
	var suppress []compiledSuppression
	for _, s := range opts.Suppress {
		if s.Rule != "*" && ruleSeverity(s.Rule) == "" {
			return nil, fmt.Errorf("%s: unknown rule %q", s.Source, s.Rule)
		}
		cfg, err := stability.ParseConfig(s.Source, []byte(s.Pattern))
		if err != nil {
			return nil, err
		}
		suppress = append(suppress, compiledSuppression{s.Rule, cfg})
	}
	vf := newVerifier(rep)
	defer vf.close()
	usesCompose := false
	for _, c := range rep.Classes {
		usesCompose = usesCompose || c.Compose
	}
	v := &VerifyReport{SchemaVersion: SchemaVersion, Violations: []Violation{}, Errors: append([]*Error{}, rep.Errors...), Inputs: append([]string{}, rep.Inputs...)}
	for _, c := range rep.Classes {
		if !opts.IncludeNonPublic && !vf.publicAPI(c) {
			continue
		}
		add := func(rule, part, msg string) {
			for _, s := range suppress {
				if (s.rule == "*" || s.rule == rule) && s.cfg.Match(c.Name) != nil {
					v.Suppressed++
					return
				}
			}
			v.Violations = append(v.Violations, Violation{Class: c.Name, Rule: rule, Severity: ruleSeverity(rule), Part: part, Message: msg, Input: c.Input})
		}
		r := c.compiledResult()
		if opts.Drift {
			if rule, msg := driftFinding(c); rule != "" {
				add(rule, "", msg)
			}
		}
		if usesCompose && r != nil && r.Processed && !c.Compose && (c.Verdict == "unstable" || c.Verdict == "uncertain") && !vf.unstableAnyway(r) {
			add(RuleNotCompose, "", fmt.Sprintf("built without the Compose compiler (no $stable, no @StabilityInferred) in a library that otherwise uses it, so consumers see it as %s; with the plugin it would be %s. Fix: apply the Compose compiler plugin to the module that builds it",
				c.Verdict, describeStability(r.Stability)))
		}
		if r != nil {
			for _, f := range vf.claimFindings(r) {
				add(f.rule, f.part, f.msg)
			}
		}
		if pat := matchAny(expect, c.Name); pat != "" && !effectivelyStable(c) {
			add(RuleExpectStable, "", expectStableMessage(c, pat))
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

func parsePatterns(source string, patterns []string) ([]*stability.Config, error) {
	var out []*stability.Config
	for _, p := range patterns {
		cfg, err := stability.ParseConfig(source, []byte(p))
		if err != nil {
			return nil, err
		}
		out = append(out, cfg)
	}
	return out, nil
}

func expectStableMessage(c *Class, pat string) string {
	b := baselineClass(c)
	msg := fmt.Sprintf("expected stable (--expect-stable %s) but is %s", pat, c.Verdict)
	if c.Verdict == "runtime" && c.StableValue != nil {
		msg += fmt.Sprintf(" with `$stable` = %d", *c.StableValue)
	}
	why := notStableCauses(b)
	if len(why) > 0 {
		msg += ": " + strings.Join(why, "; ")
	} else {
		msg += ": " + stabilityText(c.Stability)
	}
	fix := "make its fields vals of stable types, or mark it @Immutable if it never changes"
	if len(why) > 0 {
		switch w := why[0]; {
		case w == "not compiled with Compose":
			fix = "apply the Compose compiler plugin to the module that builds it"
		case strings.HasSuffix(w, " is a var"):
			fix = "make the var a val, or back it with snapshot state (`by mutableStateOf(…)`) and mark the class @Stable"
		case strings.HasPrefix(w, "type parameter "):
			fix = "it is stable only for stable type arguments; mark it @Stable if it is stable whatever they are, or leave it out of the pattern"
		case strings.HasPrefix(w, "reads "):
			fix = "make the class whose `$stable` it reads stable"
		}
	}
	return msg + ". Fix: " + fix
}

// driftFinding is the drift rule for one class: "" unless apps read the class's own $stable
// (objects, enums and marked classes are decided at compile time, so their $stable is never
// read) and rebuilding would flip its unstable bit. Masks alone are ignored: JVM consumers do
// not read them.
func driftFinding(c *Class) (string, string) {
	if c.Drift == "" || c.StableValue == nil || c.InferredValue == nil {
		return "", ""
	}
	readsOwn := false
	for _, r := range c.Reads {
		readsOwn = readsOwn || r.JVMName == c.JVMName
	}
	written, inferred := *c.StableValue&unstableBit != 0, *c.InferredValue&unstableBit != 0
	if !readsOwn || written == inferred {
		return "", ""
	}
	text := c.Drift
	if i := strings.Index(text, "; @StabilityInferred"); i >= 0 {
		text = text[:i]
	}
	if written {
		return RuleDriftStabler, text + ": apps built against a rebuild would see it stable. Fix: rebuild the library with that compiler"
	}
	fix := "make it stable under the new rules, or mark it @Stable or @Immutable if it is"
	if r := c.result; r != nil {
		if why := deepestSentence(r.Reason); why != "" {
			fix = "make it stable under the new rules (" + why + "), or mark it @Stable or @Immutable if it is"
		}
	}
	return RuleDrift, text + ": apps see it stable today and unstable once the library is rebuilt. Fix: " + fix
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

// verifier holds what the rules share: the scanned classes by name and the bytecode facts read
// from the inputs on demand.
type verifier struct {
	byJVM  map[string]*Class
	byName map[string]*stability.Class // by Kotlin name in metadata form (a/b/Outer.Inner)
	inputs map[string]*classfile.Input // opened lazily, by path; nil when it cannot be opened
	writes map[string]*fieldWrites     // by JVM name
	// mutable memoizes mutableCause by JVM name; "" means not known to change.
	mutable map[string]*string
}

func newVerifier(rep *Report) *verifier {
	vf := &verifier{byJVM: map[string]*Class{}, byName: map[string]*stability.Class{}, inputs: map[string]*classfile.Input{},
		writes: map[string]*fieldWrites{}, mutable: map[string]*string{}}
	for _, c := range rep.Classes {
		if vf.byJVM[c.JVMName] == nil {
			vf.byJVM[c.JVMName] = c
			if r := c.compiledResult(); r != nil && r.Class != nil {
				vf.byName[r.Class.Name] = r.Class
			}
		}
	}
	return vf
}

func (vf *verifier) close() {
	for _, in := range vf.inputs {
		if in != nil {
			_ = in.Close()
		}
	}
}

// publicAPI reports whether a consumer can name the class, as binary-compatibility validators
// decide: Kotlin visibility from the metadata (Java's from the class file), public or
// protected, or internal with @PublishedApi; and so, for a nested class, is every outer class.
func (vf *verifier) publicAPI(c *Class) bool {
	r := c.compiledResult()
	if r == nil || r.Class == nil {
		return c.Visibility.IsPublicAPI()
	}
	for sc, depth := r.Class, 0; sc != nil && depth < 32; depth++ {
		switch sc.Visibility {
		case stability.Public, stability.Protected:
		case stability.Internal:
			if !hasAnnotation(sc, "kotlin/PublishedApi") {
				return false
			}
		default:
			return false
		}
		name := sc.Name
		i := strings.LastIndexByte(name, '.')
		if i < strings.LastIndexByte(name, '/') {
			break
		}
		sc = vf.byName[name[:i]]
	}
	return true
}

func hasAnnotation(c *stability.Class, jvmName string) bool {
	for _, a := range c.Annotations {
		if a.JVMName == jvmName {
			return true
		}
	}
	return false
}

// unstableAnyway reports whether the plugin would have made the class unstable too: its
// $stable would be 8, or would read a class of the library whose $stable is unstable.
func (vf *verifier) unstableAnyway(r *stability.ClassResult) bool {
	if r.Expr.Unstable {
		return true
	}
	for _, ref := range r.Expr.Refs {
		if c := vf.byJVM[ref.JVMName]; c != nil && c.StableValue != nil && *c.StableValue&unstableBit != 0 {
			return true
		}
	}
	return false
}

type finding struct{ rule, part, msg string }

// claimFindings checks the fields of a class that claims stability against the claim.
func (vf *verifier) claimFindings(r *stability.ClassResult) []finding {
	claim, immutable := stableClaim(r)
	if claim == "" {
		return nil
	}
	var out []finding
	lie := func(fld *stability.Field, what, fix string) {
		out = append(out, finding{RuleStableClaimMutable, "field " + fld.Name, fmt.Sprintf("%s, but %s. Fix: %s", claim, what, fix)})
	}
	for _, f := range r.Fields {
		fld := f.Field
		t := fld.Type
		switch {
		case fld.Var && !fld.Delegated && !fld.Bare:
			where, ok := vf.reassigned(r.Class, fld.Name)
			if !ok {
				continue // assigned during construction only: a val in all but name
			}
			if isSnapshotState(t) {
				lie(fld, fmt.Sprintf("var `%s: %s` holds snapshot state and is reassigned%s: readers of the old state never see the new one", fld.Name, t, where),
					fmt.Sprintf("make `%s` a val and assign its `.value`", fld.Name))
			} else {
				lie(fld, fmt.Sprintf("`%s` is a plain var, reassigned%s: the runtime cannot observe the change", fld.Name, where),
					varFix(fld.Name, immutable))
			}
			continue
		case fld.Var && fld.Delegated:
			prop := strings.TrimSuffix(fld.Name, "$delegate")
			switch {
			case !isSnapshotState(t):
				lie(fld, fmt.Sprintf("var `%s` is delegated to %s, which is not snapshot state: the runtime cannot observe the change", prop, t),
					fmt.Sprintf("delegate it to snapshot state (`var %s by mutableStateOf(…)`)", prop))
			case immutable:
				lie(fld, fmt.Sprintf("var `%s` is delegated to snapshot state, so it changes", prop),
					"mark the class @Stable (changes are observed) instead of @Immutable")
			}
			continue
		}
		// A val, a delegated val or an interface-delegation field: what it holds.
		if immutable && isSnapshotState(t) {
			lie(fld, fmt.Sprintf("`%s: %s` holds snapshot state, whose value changes", fld.Name, t),
				"mark the class @Stable (changes are observed) instead of @Immutable")
			continue
		}
		if what := mutableType(t); what != "" && !vf.snapshotBacked(r.Class, fld.Name) {
			lie(fld, fmt.Sprintf("`%s: %s` is %s, whose contents can change unobserved", fld.Name, t, what),
				"hold an immutable or read-only collection, or snapshot state (mutableStateListOf, mutableStateMapOf)")
			continue
		}
		if stability.KnownStable(f.Stability) || t == nil || t.Class == nil {
			continue
		}
		if cause := vf.mutableCause(t.Class, 0); cause != "" {
			lie(fld, fmt.Sprintf("`%s: %s` holds %s, %s", fld.Name, t, t.Class.FqName(), cause),
				fmt.Sprintf("make %s immutable or back its state with snapshot state", t.Class.FqName()))
			continue
		}
		if msg := vf.unproven(f, claim); msg != "" {
			out = append(out, finding{RuleStableClaimUnproven, "field " + fld.Name, msg})
		}
	}
	return out
}

func varFix(name string, immutable bool) string {
	if immutable {
		return fmt.Sprintf("make `%s` a val", name)
	}
	return fmt.Sprintf("make `%s` a val, or snapshot state (`var %s by mutableStateOf(…)`)", name, name)
}

// unproven describes a field whose type the compiler cannot prove stable, "" when the type
// depends only on type arguments or a class whose $stable is not known to be unstable.
func (vf *verifier) unproven(f stability.FieldResult, claim string) string {
	s := stability.Normalize(f.Stability)
	var culprit string
	switch {
	case stability.KnownUnstable(s):
		culprit = culpritOf(f.Reason)
	case hasUnknown(s):
		stability.ForEach(s, func(leaf stability.Stability) {
			if u, ok := leaf.(stability.Unknown); ok && culprit == "" && u.Class != nil {
				culprit = u.Class.FqName()
			}
		})
	default:
		x := unstableRuntimeLeaf(s, vf.byJVM)
		if x == nil {
			return ""
		}
		culprit = x.Name
	}
	if culprit == "" {
		culprit = f.Field.Type.String()
	}
	why := deepestSentence(f.Reason)
	if why == "" {
		why = "it is " + s.String()
	}
	prove := fmt.Sprintf("an entry `%s` in the stability configuration file (stabilityConfigurationPath) of the module that builds this class", culprit)
	if c := vf.byJVM[jvmOf(culprit, vf)]; c != nil {
		prove += fmt.Sprintf(", or @Immutable or @Stable on %s, would prove it", culprit)
	} else {
		prove += " would prove it"
	}
	return fmt.Sprintf("%s; field `%s: %s` is not provably stable: %s; nothing shows it changes. Fix, if it never changes: %s",
		claim, f.Field.Name, f.Field.Type, why, prove)
}

// jvmOf finds the JVM name of a scanned class by its dotted name.
func jvmOf(dotted string, vf *verifier) string {
	for n, c := range vf.byJVM {
		if c.Name == dotted {
			return n
		}
	}
	return ""
}

func hasUnknown(s stability.Stability) bool {
	found := false
	stability.ForEach(s, func(leaf stability.Stability) {
		if _, ok := leaf.(stability.Unknown); ok {
			found = true
		}
	})
	return found
}

// culpritOf follows the unstable chain of a reason tree down to the class that decided it.
func culpritOf(r *stability.Reason) string {
	name := ""
	for depth := 0; r != nil && depth < 8; depth++ {
		switch r.Rule {
		case stability.RuleNotCompose, stability.RuleJava, stability.RuleInterface, stability.RuleMissing, stability.RuleRuntime,
			stability.RuleFields, stability.RuleOpenClass:
			if r.Subject != "" && !strings.ContainsAny(r.Subject, " <") {
				name = r.Subject
			}
		}
		var next *stability.Reason
		for _, c := range r.Because {
			if c != nil && stability.KnownUnstable(stability.Normalize(c.Stability)) {
				next = c
				break
			}
		}
		r = next
	}
	return name
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

// Snapshot state: what the runtime observes.
var snapshotTypes = map[string]bool{
	"androidx/compose/runtime/State":                          true,
	"androidx/compose/runtime/MutableState":                   true,
	"androidx/compose/runtime/snapshots/StateObject":          true,
	"androidx/compose/runtime/snapshots/SnapshotMutableState": true,
}

// isSnapshotState reports whether values of t are snapshot state: State, MutableState or a
// snapshot StateObject, or a subtype.
func isSnapshotState(t *stability.Type) bool {
	if t == nil || t.Class == nil {
		return false
	}
	return subtypeOf(t.Class, snapshotTypes, 0)
}

func subtypeOf(c *stability.Class, names map[string]bool, depth int) bool {
	if c == nil || depth > 16 {
		return false
	}
	c = c.Ensure()
	if names[c.Name] || names[c.JVMName] {
		return true
	}
	for _, s := range c.Supertypes {
		if s != nil && subtypeOf(s.Class, names, depth+1) {
			return true
		}
	}
	return false
}

// Collection types whose contents can change: Kotlin's mutable interfaces and the JDK's
// mutable implementations (Kotlin's ArrayList and HashMap are these).
var mutableCollections = map[string]bool{
	"kotlin/collections/MutableIterable": true, "kotlin/collections/MutableCollection": true,
	"kotlin/collections/MutableList": true, "kotlin/collections/MutableSet": true, "kotlin/collections/MutableMap": true,
	"kotlin/collections/MutableIterator": true, "kotlin/collections/MutableListIterator": true,
	"kotlin/collections/ArrayList": true, "kotlin/collections/HashMap": true, "kotlin/collections/LinkedHashMap": true,
	"kotlin/collections/HashSet": true, "kotlin/collections/LinkedHashSet": true, "kotlin/collections/ArrayDeque": true,
	"java/util/ArrayList": true, "java/util/LinkedList": true, "java/util/HashMap": true, "java/util/LinkedHashMap": true,
	"java/util/TreeMap": true, "java/util/HashSet": true, "java/util/LinkedHashSet": true, "java/util/TreeSet": true,
	"java/util/ArrayDeque": true, "java/util/Vector": true, "java/util/Stack": true,
	"java/util/concurrent/ConcurrentHashMap": true, "java/util/concurrent/CopyOnWriteArrayList": true,
}

// mutableType names what makes values of t mutable: "a mutable collection", "an array", or "".
func mutableType(t *stability.Type) string {
	if t == nil || t.Class == nil {
		return ""
	}
	n := t.Class.Ensure().Name
	switch {
	case mutableCollections[n] || mutableCollections[t.Class.JVMName]:
		return "a mutable collection"
	case n == "kotlin/Array" || strings.HasPrefix(n, "kotlin/") && strings.HasSuffix(n, "Array") && !strings.Contains(n[len("kotlin/"):], "/"):
		return "an array"
	}
	return ""
}

// mutableCause says how instances of c change unobserved — "whose var `n` is reassigned (in
// setN)" — or "" when nothing shows it: c is not a Kotlin class read from an input, is
// decided stable by kind or marker, or its fields are vals of such classes. It follows val
// fields a few classes deep.
func (vf *verifier) mutableCause(c *stability.Class, depth int) string {
	if c == nil || depth > 3 {
		return ""
	}
	c = c.Ensure()
	key := c.JVMName
	if key == "" {
		return ""
	}
	if m := vf.mutable[key]; m != nil {
		return *m
	}
	empty := ""
	vf.mutable[key] = &empty // a cycle adds nothing
	cause := ""
	if c.Origin == stability.OriginKotlin && c.Kind == stability.KindClass && c.Input != "" && !markedStable(c) {
		for _, f := range c.Fields {
			t := f.Type
			switch {
			case f.Var && !f.Delegated && !f.Bare:
				if where, ok := vf.reassigned(c, f.Name); ok {
					cause = fmt.Sprintf("whose var `%s` is reassigned%s", f.Name, where)
				}
			case f.Var && f.Delegated && !isSnapshotState(t):
				cause = fmt.Sprintf("whose var `%s` is delegated to %s, not snapshot state", strings.TrimSuffix(f.Name, "$delegate"), t)
			case mutableType(t) != "" && !vf.snapshotBacked(c, f.Name):
				cause = fmt.Sprintf("whose field `%s: %s` is %s", f.Name, t, mutableType(t))
			case !f.Var && t != nil && t.Class != nil:
				if inner := vf.mutableCause(t.Class, depth+1); inner != "" {
					cause = fmt.Sprintf("whose field `%s` holds %s, %s", f.Name, t.Class.FqName(), inner)
				}
			}
			if cause != "" {
				break
			}
		}
	}
	vf.mutable[key] = &cause
	return cause
}

// markedStable is a class with a stable marker on itself: its own claim is checked on its own.
func markedStable(c *stability.Class) bool {
	for _, a := range c.Annotations {
		switch a.JVMName {
		case "androidx/compose/runtime/Stable", "androidx/compose/runtime/Immutable", "com/google/errorprone/annotations/Immutable":
			return true
		}
		for _, m := range a.Ensure().Annotations {
			if m.JVMName == "androidx/compose/runtime/StableMarker" {
				return true
			}
		}
	}
	return false
}

// fieldWrites are the bytecode facts about one class's own fields.
type fieldWrites struct {
	// after lists, per field, the methods other than constructors and static initializers that
	// store into it.
	after map[string][]string
	// open are the fields that are neither private nor final, so other classes may store into
	// them.
	open map[string]bool
	// snapshot are the fields a constructor stores the result of a Compose runtime call into
	// (mutableStateListOf(), …): snapshot-backed collections.
	snapshot map[string]bool
	err      bool
}

// reassigned reports whether the field is (or may be) stored after construction, and where:
// " (in setX, reset)", " (the field is not private)", or "" when the class file cannot be read.
func (vf *verifier) reassigned(c *stability.Class, field string) (string, bool) {
	w := vf.fieldWrites(c)
	switch {
	case w.err:
		return "", true
	case len(w.after[field]) > 0:
		ms := w.after[field]
		if len(ms) > 3 {
			ms = append(ms[:3:3], "…")
		}
		return " (in " + strings.Join(ms, ", ") + ")", true
	case w.open[field]:
		return " (the field is not private)", true
	}
	return "", false
}

// snapshotBacked reports whether a constructor stores a Compose runtime call's result into field.
func (vf *verifier) snapshotBacked(c *stability.Class, field string) bool {
	return vf.fieldWrites(c).snapshot[field]
}

func (vf *verifier) fieldWrites(c *stability.Class) *fieldWrites {
	if w := vf.writes[c.JVMName]; w != nil {
		return w
	}
	w := &fieldWrites{after: map[string][]string{}, open: map[string]bool{}, snapshot: map[string]bool{}}
	vf.writes[c.JVMName] = w
	cf := vf.classFile(c)
	if cf == nil {
		w.err = true
		return w
	}
	for _, f := range cf.Fields() {
		if f.Access&(classfile.AccPrivate|classfile.AccFinal) == 0 {
			w.open[f.Name] = true
		}
	}
	pool := cf.Pool()
	for _, m := range cf.Methods() {
		if m.Code == nil {
			continue
		}
		// An object's properties are static fields, set up by <clinit>.
		ctor := m.Name == "<init>" || m.Name == "<clinit>"
		lastCall := ""
		err := m.Code.Walk(func(in *classfile.Instruction) bool {
			switch in.Opcode {
			case classfile.OpInvokestatic, classfile.OpInvokevirtual, classfile.OpInvokespecial, classfile.OpInvokeinterface:
				if ref, err := pool.MemberRef(in.Index); err == nil {
					lastCall = ref.Owner
				}
			case classfile.OpCheckcast:
			case classfile.OpPutfield, classfile.OpPutstatic:
				ref, err := pool.MemberRef(in.Index)
				if err == nil && ref.Owner == c.JVMName {
					if !ctor {
						if ms := w.after[ref.Name]; len(ms) == 0 || ms[len(ms)-1] != m.Name {
							w.after[ref.Name] = append(ms, m.Name)
						}
					} else if strings.HasPrefix(lastCall, "androidx/compose/runtime/") {
						w.snapshot[ref.Name] = true
					}
				}
				lastCall = ""
			default:
				if !isLoad(in.Opcode) {
					lastCall = ""
				}
			}
			return true
		})
		if err != nil {
			w.err = true
		}
	}
	return w
}

// isLoad: instructions between a call and the store of its result that keep it.
func isLoad(op classfile.Opcode) bool {
	return op == classfile.OpDup || op == classfile.OpSwap
}

// classFile reads c's class file from its input, nil when it cannot.
func (vf *verifier) classFile(c *stability.Class) *classfile.Class {
	if c.Input == "" {
		return nil
	}
	in, ok := vf.inputs[c.Input]
	if !ok {
		opened, err := classfile.InputOptions{Lazy: true}.Open(c.Input)
		if err != nil && opened != nil {
			_ = opened.Close()
			opened = nil
		}
		in = opened
		vf.inputs[c.Input] = in
	}
	if in == nil {
		return nil
	}
	for _, e := range in.Entries {
		if e.Name == c.Entry {
			cf, err := e.Parse(classfile.ParseOptions{})
			if err != nil {
				return nil
			}
			return cf
		}
	}
	return nil
}

// stableClaim says how a class claims to be stable, "" if it does not, and whether the claim
// is @Immutable (which rules out every change, even one snapshot state would observe).
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

// WriteText writes one line per finding and a summary.
func (v *VerifyReport) WriteText(w io.Writer) error {
	var b strings.Builder
	for _, x := range v.Violations {
		fmt.Fprintf(&b, "%-7s %-21s %s: %s\n", x.Severity, x.Rule, x.Class, x.Message)
	}
	classes := map[string]bool{}
	count := map[string]int{}
	for _, x := range v.Violations {
		classes[x.Class] = true
		count[x.Severity]++
	}
	fmt.Fprintf(&b, "%s in %s", plural(len(v.Violations), "violation"), plural(len(classes), "class"))
	if len(v.Violations) > 0 {
		fmt.Fprintf(&b, " (%d error, %d warning, %d info)", count[SeverityError], count[SeverityWarning], count[SeverityInfo])
	}
	if v.Suppressed > 0 {
		fmt.Fprintf(&b, "; %d suppressed", v.Suppressed)
	}
	fmt.Fprintf(&b, "; %s\n", plural(len(v.Errors), "error"))
	_, err := io.WriteString(w, b.String())
	return err
}
