// Package verify runs the policy checks a library publishes with: stability claims (@Stable,
// @Immutable) the bytes contradict, public classes built without Compose, classes that must be
// stable (--expect-stable) and drift between the producer's and the consumer's compiler. Each
// finding has a rule, a severity and a fix; suppressions drop the accepted ones.
package verify

import (
	"fmt"
	"sort"
	"strings"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/evaluate"

	"github.com/composestab/composestab/audit/baseline"
	"github.com/composestab/composestab/audit/scan"

	"github.com/composestab/composestab/stability"
)

// Verification rules. Each has one severity (Rules); a finding's message ends with a fix.
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
	// consumer's compiler (Options.Drift) would write it unstable: rebuilding the library
	// with that compiler makes it unstable for apps. Severity warning.
	RuleDrift = "drift"
	// RuleDriftStabler is the opposite drift: written unstable, rebuilding would make it
	// stable. Severity info.
	RuleDriftStabler = "drift-stabler"
	// RuleIdentityChurn is a composable call that re-runs its callee on every recomposition of
	// the caller because of what the caller passes: a fresh argument (NEW, an array, a builder
	// call, a function of the input that always builds, a lambda not memoized) to a parameter
	// compared by identity or by an equals its class does not override, or the caller's
	// parameter passed on when its own callers pass it fresh. Checked when the scan read call
	// sites (scan.Options.CallSites). Severity warning.
	RuleIdentityChurn = "identity-churn"
	// RuleUnstableParamType is a class that stops the composables taking a parameter of a type
	// it makes unstable from ever skipping: strong skipping off, or, strong skipping or not, a
	// vararg of it. One finding per class, on the input that declares it (Violation.Input; "" for
	// the JDK and Kotlin's built-ins), counting the calls it re-runs. Checked with
	// RuleIdentityChurn. Severity warning.
	RuleUnstableParamType = "unstable-param-type"

	// The rules of a stability configuration file (scan.Options.CheckConfig), one finding per
	// line: its Class is the pattern, Input the file and Line the line number.

	// RuleConfigSyntax is a line the compiler rejects, failing the build. Severity error.
	RuleConfigSyntax = "config-syntax"
	// RuleConfigFalse is a line that declares stable a class whose bytes show state that changes
	// unobserved (the analysis of stable-claim-mutable). Severity error.
	RuleConfigFalse = "config-false"
	// RuleConfigUnused is a line that matches no class on the classpath. Severity warning.
	RuleConfigUnused = "config-unused"
	// RuleConfigBroad is a wildcard line that matches classes of more than one kind: false,
	// unproven, already stable, needed. Severity warning.
	RuleConfigBroad = "config-broad"
	// RuleConfigUnproven is a line that declares stable a class whose state cannot be proven
	// stable (an interface, an open class, a field of an unprovable type), where nothing shows it
	// changes. Severity info.
	RuleConfigUnproven = "config-unproven"
	// RuleConfigRedundant is a line that changes nothing: every class it matches is stable
	// without it, or is matched first by another line, or it repeats an earlier line. Severity
	// info.
	RuleConfigRedundant = "config-redundant"
	// RuleConfigStale is a line whose "// proven at group:artifact@version" comment (as
	// composestab cards --format stability-config writes it) names another version of the
	// dependency than the classpath holds, or a dependency (or jar) the classpath no longer
	// holds: the proof was for other bytes. The message says whether the line is still proven on
	// what the classpath holds now. Severity warning.
	RuleConfigStale = "config-stale"
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

// Rule describes one rule: its id, severity and what it finds.
type Rule struct {
	ID, Severity, Summary string
}

// Rules lists the rules in a fixed order, the order of SARIF's rule table.
var Rules = []Rule{
	{RuleStableClaimMutable, SeverityError, "A class marked @Stable or @Immutable holds state whose change the runtime cannot observe"},
	{RuleStableClaimUnproven, SeverityInfo, "A class marked @Stable or @Immutable has a field whose type Compose cannot prove stable"},
	{RuleNotCompose, SeverityError, "A public class built without the Compose compiler is unstable for consumers, though the plugin would not make it so"},
	{RuleExpectStable, SeverityError, "A public class matching --expect-stable is not stable for every consumer"},
	{RuleDrift, SeverityWarning, "Rebuilding the library with the consumer's compiler makes a class unstable for apps"},
	{RuleDriftStabler, SeverityInfo, "Rebuilding the library with the consumer's compiler makes a class stable for apps"},
	{RuleIdentityChurn, SeverityWarning, "A composable call re-runs its callee on every recomposition: a new object each time where the callee compares by identity"},
	{RuleUnstableParamType, SeverityWarning, "An unstable parameter type stops every composable taking it from skipping (strong skipping off, or a vararg)"},
	{RuleConfigSyntax, SeverityError, "The compiler rejects a stability configuration line and fails the build"},
	{RuleConfigFalse, SeverityError, "A stability configuration line declares stable a class whose state changes unobserved"},
	{RuleConfigUnused, SeverityWarning, "A stability configuration line matches no class"},
	{RuleConfigBroad, SeverityWarning, "A wildcard stability configuration line matches classes of different kinds"},
	{RuleConfigUnproven, SeverityInfo, "A stability configuration line declares stable a class that cannot be proven stable"},
	{RuleConfigRedundant, SeverityInfo, "A stability configuration line changes nothing"},
	{RuleConfigStale, SeverityWarning, "A stability configuration line was proven at another version of its dependency than the classpath holds"},
}

func ruleSeverity(id string) string {
	for _, r := range Rules {
		if r.ID == id {
			return r.Severity
		}
	}
	return ""
}

// Violation is one finding.
type Violation struct {
	Class string `json:"class"`
	// Rule is one of the Rule* ids of Rules.
	Rule string `json:"rule"`
	// Severity is the rule's: error, warning or info.
	Severity string `json:"severity"`
	// Part is "field NAME" for a field that contradicts a claim, "" otherwise.
	Part    string `json:"part"`
	Message string `json:"message"`
	Input   string `json:"input"`
	// Line is, for a configuration rule, the 1-based line of the file Input; 0 otherwise.
	Line int `json:"line,omitempty"`
}

// Report is the outcome of Verify.
type Report struct {
	// SchemaVersion is the version of the JSON contract (docs/json.md).
	SchemaVersion int `json:"schemaVersion"`
	// Violations are sorted by class, rule and part; suppressed ones are left out.
	Violations []Violation `json:"violations"`
	// Suppressed counts the findings that a suppression removed.
	Suppressed int           `json:"suppressed"`
	Errors     []*scan.Error `json:"errors"`
	Inputs     []string      `json:"inputs"`
}

// AtLeast counts the findings whose severity is severity or more serious.
func (v *Report) AtLeast(severity string) int {
	n := 0
	for _, x := range v.Violations {
		if severityRank(x.Severity) >= severityRank(severity) {
			n++
		}
	}
	return n
}

// Options select the policies.
type Options struct {
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
func Verify(rep *scan.Report, opts Options) (*Report, error) {
	expect, err := parsePatterns("--expect-stable", opts.ExpectStable)
	if err != nil {
		return nil, err
	}
	var suppress []compiledSuppression
	for _, s := range opts.Suppress {
		if s.Rule != "*" && ruleSeverity(s.Rule) == "" {
			return nil, fmt.Errorf("%s: unknown rule %q", s.Source, s.Rule)
		}
		c, err := compile(s)
		if err != nil {
			return nil, err
		}
		suppress = append(suppress, c)
	}
	vf := newVerifier(rep)
	usesCompose := false
	for _, c := range rep.Classes {
		usesCompose = usesCompose || c.Compose
	}
	v := &Report{SchemaVersion: scan.SchemaVersion, Violations: []Violation{}, Errors: append([]*scan.Error{}, rep.Errors...), Inputs: append([]string{}, rep.Inputs...)}
	for _, c := range rep.Classes {
		if err := vf.checkGuarded(c, func() { vf.check(c, opts, v, expect, suppress, usesCompose) }); err != nil {
			v.Errors = append(v.Errors, err)
		}
	}
	var checks []*LineCheck
	if len(rep.ConfigLines) > 0 {
		if err := guardIn("", "", "the configuration files are not checked", func() { checks = vf.checkConfig(rep) }); err != nil {
			v.Errors = append(v.Errors, err)
		}
	}
	for _, lc := range checks {
		for _, x := range lc.Findings {
			if suppressed(suppress, x.Rule, x.Class) {
				v.Suppressed++
				continue
			}
			v.Violations = append(v.Violations, x)
		}
	}
	for _, ic := range rep.Composables {
		for _, site := range ic.CallSites {
			if site.Churned() == 0 {
				continue
			}
			owner, _, _ := strings.Cut(site.Caller, ".")
			class := strings.ReplaceAll(owner, "/", ".")
			if suppressed(suppress, RuleIdentityChurn, class) {
				v.Suppressed++
				continue
			}
			v.Violations = append(v.Violations, Violation{Class: class, Rule: RuleIdentityChurn, Severity: SeverityWarning,
				Part: "call " + site.CalleeName + " at " + siteWhere(site), Message: site.ChurnString(), Input: ic.Input})
		}
	}
	for _, x := range unstableParamTypes(rep) {
		if suppressed(suppress, RuleUnstableParamType, x.Class) {
			v.Suppressed++
			continue
		}
		v.Violations = append(v.Violations, x)
	}
	// Class findings by class, then configuration findings by file and line.
	sort.SliceStable(v.Violations, func(i, j int) bool {
		a, b := v.Violations[i], v.Violations[j]
		switch {
		case (a.Line > 0) != (b.Line > 0):
			return b.Line > 0
		case a.Line > 0 && a.Input != b.Input:
			return a.Input < b.Input
		case a.Line != b.Line:
			return a.Line < b.Line
		case a.Class != b.Class:
			return a.Class < b.Class
		case a.Rule != b.Rule:
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

func expectStableMessage(c *scan.Class, pat string) string {
	b := baseline.ClassOf(c)
	msg := fmt.Sprintf("expected stable (--expect-stable %s) but is %s", pat, c.Verdict)
	if c.Verdict == "runtime" && c.StableValue != nil {
		msg += fmt.Sprintf(" with `$stable` = %d", *c.StableValue)
	}
	why := b.NotStableCauses()
	if len(why) > 0 {
		msg += ": " + strings.Join(why, "; ")
	} else {
		msg += ": " + baseline.StabilityText(c.Stability)
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
func driftFinding(c *scan.Class) (string, string) {
	if c.Drift == "" || c.StableValue == nil || c.InferredValue == nil {
		return "", ""
	}
	readsOwn := false
	for _, r := range c.Reads {
		readsOwn = readsOwn || r.JVMName == c.JVMName
	}
	written, inferred := *c.StableValue&evaluate.UnstableBit != 0, *c.InferredValue&evaluate.UnstableBit != 0
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
	if r := c.Result(); r != nil {
		if why := r.Reason.DeepestSentence(); why != "" {
			fix = "make it stable under the new rules (" + why + "), or mark it @Stable or @Immutable if it is"
		}
	}
	return RuleDrift, text + ": apps see it stable today and unstable once the library is rebuilt. Fix: " + fix
}

// effectivelyStable is stable for every consumer: a stable verdict, or a runtime one whose
// $stable is known to be 0 with no type parameter taking part.
func effectivelyStable(c *scan.Class) bool {
	switch c.Verdict {
	case "stable":
		return true
	case "runtime":
		return c.StableValue != nil && *c.StableValue&evaluate.UnstableBit == 0 && len(c.Participating()) == 0 && c.Result() != nil
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
// on demand from the scan's classpath (so with its limits, and without opening a jar again).
type verifier struct {
	byJVM  map[string]*scan.Class
	byName map[string]*stability.Class // by Kotlin name in metadata form (a/b/Outer.Inner)
	cp     *archive.Classpath          // nil once the report is closed
	writes map[string]*fieldWrites     // by JVM name
	// mutable memoizes mutableCause by JVM name; "" means not known to change. judging holds
	// the classes whose answer is being worked out further up the walk (a cycle).
	mutable map[string]*string
	judging map[string]bool
	// stale compares the versions the configuration lines were proven at with the classpath;
	// nil when no line says.
	stale *staleCheck
}

func newVerifier(rep *scan.Report) *verifier {
	vf := &verifier{byJVM: map[string]*scan.Class{}, byName: map[string]*stability.Class{}, cp: rep.Classpath(),
		writes: map[string]*fieldWrites{}, mutable: map[string]*string{}, judging: map[string]bool{},
		stale: newStaleCheck(rep)}
	for _, c := range rep.Classes {
		if vf.byJVM[c.JVMName] == nil {
			vf.byJVM[c.JVMName] = c
			if r := c.CompiledResult(); r != nil && r.Class != nil {
				vf.byName[r.Class.Name] = r.Class
			}
		}
	}
	return vf
}

// publicAPI reports whether a consumer can name the class, as binary-compatibility validators
// decide: Kotlin visibility from the metadata (Java's from the class file), public or
// protected, or internal with @PublishedApi; and so, for a nested class, is every outer class.
func (vf *verifier) publicAPI(c *scan.Class) bool {
	r := c.CompiledResult()
	if r == nil || r.Class == nil {
		return c.Visibility.IsPublicAPI()
	}
	for sc, depth := r.Class, 0; sc != nil && depth < 32; depth++ {
		switch sc.Ensure().Visibility {
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
		if i < 0 || i < strings.LastIndexByte(name, '/') {
			break // a top-level class (a crafted name may have no package either)
		}
		sc = vf.byName[name[:i]]
	}
	return true
}

func hasAnnotation(c *stability.Class, jvmName string) bool {
	for _, a := range c.Ensure().Annotations {
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
		if c := vf.byJVM[ref.JVMName]; c != nil && c.StableValue != nil && *c.StableValue&evaluate.UnstableBit != 0 {
			return true
		}
	}
	return false
}

// suppressed reports that a suppression drops a finding of rule on the named class.
func suppressed(suppress []compiledSuppression, rule, name string) bool {
	for _, s := range suppress {
		if s.matches(rule, name) {
			return true
		}
	}
	return false
}

// check applies the policies to one class, adding its findings to v.
func (vf *verifier) check(c *scan.Class, opts Options, v *Report, expect []*stability.Config, suppress []compiledSuppression, usesCompose bool) {
	if !opts.IncludeNonPublic && !vf.publicAPI(c) {
		return
	}
	addAt := func(rule, part, msg, sev string) {
		if suppressed(suppress, rule, c.Name) {
			v.Suppressed++
			return
		}
		if sev == "" {
			sev = ruleSeverity(rule)
		}
		v.Violations = append(v.Violations, Violation{Class: c.Name, Rule: rule, Severity: sev, Part: part, Message: msg, Input: c.Input})
	}
	add := func(rule, part, msg string) { addAt(rule, part, msg, "") }
	r := c.CompiledResult()
	if opts.Drift {
		if rule, msg := driftFinding(c); rule != "" {
			add(rule, "", msg)
		}
	}
	if usesCompose && r != nil && r.Processed && !c.Compose && (c.Verdict == "unstable" || c.Verdict == "uncertain") && !vf.unstableAnyway(r) {
		add(RuleNotCompose, "", fmt.Sprintf("built without the Compose compiler (no $stable, no @StabilityInferred) in a library that otherwise uses it, so consumers see it as %s; with the plugin it would be %s. Fix: apply the Compose compiler plugin to the module that builds it",
			c.Verdict, stability.Describe(r.Stability)))
	}
	if r != nil {
		for _, f := range vf.claimFindings(r) {
			addAt(f.rule, f.part, f.msg, f.severity)
		}
	}
	if pat := matchAny(expect, c.Name); pat != "" && !effectivelyStable(c) {
		add(RuleExpectStable, "", expectStableMessage(c, pat))
	}
}

// checkGuarded runs check as a last resort against a bug: a panic becomes an internal error of
// that class, and the other classes are still checked.
func (vf *verifier) checkGuarded(c *scan.Class, check func()) *scan.Error {
	return guardIn(c.Input, c.JVMName, "this class is not verified", check)
}

// guardIn runs f, a panic becoming an internal error of input and class that says what was not done.
func guardIn(input, class, what string, f func()) (err *scan.Error) {
	defer func() {
		if r := recover(); r != nil {
			err = scan.InternalError(input, class, what, r)
		}
	}()
	f()
	return nil
}
