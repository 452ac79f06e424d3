// Package plan ranks the fixes of an app's recomposition findings: for each finding (a call site
// that re-runs its callee although nothing changed, a call that never skips) the source edits
// that would clear it, each proven by running the call-site analysis again with the edit applied
// (composable.Module.Replan), never estimated.
package plan

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/composable"
)

// Version is the version of the JSON form of a Plan (docs/plan.md).
const Version = 1

// Kind is the kind of a fix.
type Kind string

// The kinds of fixes.
const (
	// RememberArgument: the argument built at the call site wrapped in remember.
	RememberArgument Kind = "remember-argument"
	// HoistConstant: a value built from constants only, built once out of the composable (a
	// top-level val) instead of on every call.
	HoistConstant Kind = "hoist-constant"
	// CaptureStable: what a lambda captures remembered where it is built, so that the lambda
	// strong skipping memoizes stays the same.
	CaptureStable Kind = "capture-stable"
	// ReadOnlyParameterType: a composable's parameter declared with a read-only collection
	// interface instead of a mutable class (ArrayList → List).
	ReadOnlyParameterType Kind = "read-only-parameter-type"
	// RemoveDontMemoize: a lambda marked @DontMemoize left to strong skipping's memoization.
	RemoveDontMemoize Kind = "remove-dontmemoize"
	// StableKey: a remember whose key is new on every call keyed by a value that stays.
	StableKey Kind = "stable-key"
	// AddEquals: a stable class compared with equals that it does not override (identity).
	AddEquals Kind = "add-equals"
	// StableValueClass: a class of the app made a value class (vals of stable types, equals).
	StableValueClass Kind = "stable-value-class"
	// AnnotateImmutable and AnnotateStable: @Immutable on a class of the app whose bytes show it
	// never changes, @Stable on one they do not (a risk: the UI may miss a change).
	AnnotateImmutable Kind = "annotate-immutable"
	AnnotateStable    Kind = "annotate-stable"
	// ConfigLine: a line of the stability configuration file declaring a class stable.
	ConfigLine Kind = "config-line"
	// StrongSkipping: the module compiled with strong skipping.
	StrongSkipping Kind = "strong-skipping"
	// DependencyVersion: a dependency at a newer version the Gradle or Maven cache holds, whose
	// classes' $stable make the app's calls skip.
	DependencyVersion Kind = "dependency-version"
)

// Kinds are the kinds of fixes, in the order their SARIF rules are listed.
var Kinds = []Kind{RememberArgument, HoistConstant, CaptureStable, RemoveDontMemoize, ReadOnlyParameterType,
	StableKey, AddEquals, StableValueClass, AnnotateImmutable, AnnotateStable, ConfigLine, StrongSkipping, DependencyVersion}

// FindingKind is the kind of a finding.
type FindingKind string

// The kinds of findings.
const (
	// Churn: a fresh argument to a parameter compared by identity (or an equals that is).
	Churn FindingKind = "churn"
	// Forwarded: the caller passes on its own parameter, which its callers pass fresh.
	Forwarded FindingKind = "forwarded"
	// NeverSkips: the callee cannot skip for this call (strong skipping off, a vararg).
	NeverSkips FindingKind = "never-skips"
)

// Finding is one recomposition finding of a call site.
type Finding struct {
	// Key identifies the finding across a recompilation: kind, caller and callee by qualified
	// name, parameter, file and line.
	Key    string      `json:"key"`
	Kind   FindingKind `json:"kind"`
	Input  string      `json:"input"`
	Caller string      `json:"caller"`
	Callee string      `json:"callee"`
	Param  string      `json:"param,omitempty"`
	File   string      `json:"file"`
	Line   int         `json:"line"`
	// What says what the argument is ("a new clib.Counter on every call").
	What string `json:"what,omitempty"`
}

// Target is what a fix changes: a class, a call site's argument, or a module.
type Target struct {
	Class string `json:"class,omitempty"` // dotted name
	// Dependency is the coordinate of a dependency-version fix: group:artifact:version now.
	Dependency string `json:"dependency,omitempty"`
	Caller     string `json:"caller,omitempty"`
	Callee     string `json:"callee,omitempty"`
	Param      string `json:"param,omitempty"`
	File       string `json:"file,omitempty"`
	Line       int    `json:"line,omitempty"`
	Input      string `json:"input"`
}

// Fix is one proposed source edit with its proven effect.
type Fix struct {
	Kind   Kind   `json:"kind"`
	Target Target `json:"target"`
	// Edit is the source edit in one line; Why why it works.
	Edit string `json:"edit"`
	Why  string `json:"why"`
	// Clears and Introduces are the keys of the findings the analysis, run again with the edit,
	// no longer finds and finds anew.
	Clears     []string `json:"clears"`
	Introduces []string `json:"introduces"`
	// Risk says what the edit may break (a configuration line the bytes do not prove: a UI
	// that no longer updates); "" for a safe edit. A risky fix ranks below every safe one.
	Risk string `json:"risk,omitempty"`
	// Size is the number of source lines the edit touches, a tie-break.
	Size int `json:"size"`

	edit composable.Edit
}

// Plan is the ranked plan of one scan.
type Plan struct {
	Version  int        `json:"version"`
	Inputs   []string   `json:"inputs"`
	Findings []*Finding `json:"findings"`
	Fixes    []*Fix     `json:"fixes"`
	// Covered counts the findings at least one safe fix clears; Uncovered are the keys of the
	// others (before Options.Top).
	Covered   int      `json:"covered"`
	Uncovered []string `json:"uncovered"`
}

// Options choose what Build ranks.
type Options struct {
	// Top keeps the first Top fixes (0: all).
	Top int
	// Scan are the options the report was scanned with: an upgrade is tried by the scan run
	// again with its jar.
	Scan scan.Options
	// Upgrades are newer versions of classpath jars (from the Gradle and Maven caches): one
	// whose jar declares a class a finding names is tried by scanning again with it.
	Upgrades []Upgrade
}

// Upgrade is a newer version of a dependency's jar.
type Upgrade struct {
	Jar      string // the classpath entry now
	From, To string // group:artifact:version now, and the newer one
	ToJar    string // the newer version's jar
}

// Build makes the plan of every reported input of rep, which must have been scanned with
// Options.Composables and Options.CallSites.
func Build(ctx context.Context, rep *scan.Report, opts Options) (*Plan, error) {
	p := &Plan{Version: Version, Inputs: []string{}, Findings: []*Finding{}, Fixes: []*Fix{}}
	own := map[string]*scan.Class{}
	for _, c := range rep.Classes {
		own[c.Input+"\x00"+c.JVMName] = c
	}
	suggestions := map[string]*scan.Suggestion{}
	modules := make([]*module, 0, len(rep.Composables))
	for _, ic := range rep.Composables {
		if ic.Module == nil || ic.CallSites == nil {
			return nil, fmt.Errorf("%s: the call sites were not analysed", ic.Input)
		}
		p.Inputs = append(p.Inputs, ic.Input)
		m := &module{ic: ic, own: own, suggestions: suggestions}
		m.base = m.findings(ic.CallSites)
		p.Findings = append(p.Findings, m.base...)
		modules = append(modules, m)
	}
	if len(p.Findings) > 0 {
		// Configuration-line candidates come from the suggestions, which judge every class the
		// app sees as unstable for want of Compose traces: only worth it with something to clear.
		all, err := rep.SuggestedConfig()
		if err != nil {
			return nil, err
		}
		for _, s := range all {
			suggestions[s.Class] = s
		}
	}
	for _, m := range modules {
		for _, fx := range m.candidates() {
			after := m.findings(m.ic.Module.Replan(fx.edit))
			fx.Clears, fx.Introduces = diffKeys(m.base, after), diffKeys(after, m.base)
			if len(fx.Clears) == 0 {
				continue // a fix that clears nothing is never proposed
			}
			p.Fixes = append(p.Fixes, fx)
		}
	}
	if err := judgeConfigLines(rep, p.Fixes); err != nil {
		return nil, err
	}
	ups, err := upgradeFixes(ctx, rep, opts)
	if err != nil {
		return nil, err
	}
	p.Fixes = append(p.Fixes, ups...)
	rank(p.Fixes)
	cleared := map[string]bool{}
	for _, fx := range p.Fixes {
		if fx.Risk == "" {
			for _, k := range fx.Clears {
				cleared[k] = true
			}
		}
	}
	p.Covered = len(cleared)
	p.Uncovered = []string{}
	for _, f := range p.Findings {
		if !cleared[f.Key] {
			p.Uncovered = append(p.Uncovered, f.Key)
		}
	}
	if opts.Top > 0 && len(p.Fixes) > opts.Top {
		p.Fixes = p.Fixes[:opts.Top]
	}
	return p, nil
}

// module is the planning of one input.
type module struct {
	ic          *scan.InputComposables
	own         map[string]*scan.Class // input + NUL + JVM name → the reported class
	suggestions map[string]*scan.Suggestion
	base        []*Finding // the findings before any fix
}

// findings are the findings of a module's call sites, in a stable order.
func (m *module) findings(sites []*composable.CallSite) []*Finding {
	var out []*Finding
	for _, s := range sites {
		caller := s.CallerName
		if caller == "" {
			caller = s.Caller
		}
		for _, a := range s.Arguments {
			if a.Churn == "" {
				continue
			}
			k := Churn
			if a.Churn == composable.ChurnForwarded {
				k = Forwarded
			}
			out = append(out, m.finding(k, caller, s, a.Param, a.What))
		}
		if s.NeverSkips {
			out = append(out, m.finding(NeverSkips, caller, s, "", s.Why))
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

func (m *module) finding(k FindingKind, caller string, s *composable.CallSite, param, what string) *Finding {
	key := fmt.Sprintf("%s %s → %s", k, caller, s.CalleeName)
	if param != "" {
		key += " (" + param + ")"
	}
	key += fmt.Sprintf(" at %s:%d", s.File, s.Line)
	return &Finding{Key: key, Kind: k, Input: m.ic.Input, Caller: caller, Callee: s.CalleeName, Param: param, File: s.File, Line: s.Line, What: what}
}

// diffKeys are the keys of a that b does not have.
func diffKeys(a, b []*Finding) []string {
	in := map[string]bool{}
	for _, f := range b {
		in[f.Key] = true
	}
	out := []string{}
	for _, f := range a {
		if !in[f.Key] {
			out = append(out, f.Key)
		}
	}
	return out
}

// rank orders fixes: safe before risky, then by churn sites cleared, then by calls that come to
// skip, then by findings cleared net of those introduced, then by the size of the edit; ties
// keep a stable order (kind, target).
func rank(fixes []*Fix) {
	count := func(keys []string, k FindingKind) int {
		n := 0
		for _, key := range keys {
			if strings.HasPrefix(key, string(k)+" ") {
				n++
			}
		}
		return n
	}
	sort.SliceStable(fixes, func(i, j int) bool {
		a, b := fixes[i], fixes[j]
		if (a.Risk == "") != (b.Risk == "") {
			return a.Risk == ""
		}
		ca := count(a.Clears, Churn) + count(a.Clears, Forwarded) - count(a.Introduces, Churn) - count(a.Introduces, Forwarded)
		cb := count(b.Clears, Churn) + count(b.Clears, Forwarded) - count(b.Introduces, Churn) - count(b.Introduces, Forwarded)
		if ca != cb {
			return ca > cb
		}
		if sa, sb := count(a.Clears, NeverSkips), count(b.Clears, NeverSkips); sa != sb {
			return sa > sb
		}
		if na, nb := len(a.Clears)-len(a.Introduces), len(b.Clears)-len(b.Introduces); na != nb {
			return na > nb
		}
		if a.Size != b.Size {
			return a.Size < b.Size
		}
		return a.id() < b.id()
	})
}

// id names a fix by kind and target.
func (fx *Fix) id() string {
	t := fx.Target
	return fmt.Sprintf("%s %s %s %s %s %s %s:%d", fx.Kind, t.Input, t.Class, t.Dependency, t.Caller, t.Param, t.File, t.Line)
}

// judgeConfigLines labels the configuration-line fixes with the configuration check's verdict.
func judgeConfigLines(rep *scan.Report, fixes []*Fix) error {
	var lines []string
	for _, fx := range fixes {
		if fx.Kind == ConfigLine || fx.Kind == AnnotateStable {
			lines = append(lines, fx.Target.Class)
		}
	}
	risks, err := judgeLines(rep, lines)
	if err != nil {
		return err
	}
	for _, fx := range fixes {
		if fx.Kind != ConfigLine && fx.Kind != AnnotateStable {
			continue
		}
		r, ok := risks[fx.Target.Class]
		if !ok {
			r = "unproven: the configuration check could not judge the line"
		}
		switch {
		case fx.Kind == ConfigLine:
			fx.Risk = r
			fx.Edit += "   (a line of the stability configuration file)"
		case r == "":
			// The bytes show the class never changes: the stronger promise holds.
			fx.Kind, fx.Edit = AnnotateImmutable, strings.Replace(fx.Edit, "@Stable", "@Immutable", 1)
		default:
			fx.Risk = r
		}
	}
	return nil
}
