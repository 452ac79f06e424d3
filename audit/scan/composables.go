package scan

import (
	"errors"
	"fmt"
	"strings"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/composable"
	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/stability"
)

// InputComposables is what the compiled composables of one reported input say.
type InputComposables struct {
	Input string `json:"input"`
	// StrongSkipping tells whether the module was compiled with strong skipping, read from the
	// shape of its code: with it, unstable parameters are compared by identity and do not stop
	// a composable from skipping.
	StrongSkipping bool `json:"strongSkipping"`
	// Composables are the module's composable functions (not lambdas), in the compiler's
	// recording order, without the non-public ones unless Options.IncludeNonPublic.
	Composables []*Composable `json:"composables"`
	// CallSites are the input's composable calls, with where each argument comes from; only
	// with Options.CallSites (nil otherwise).
	CallSites []*composable.CallSite `json:"callSites,omitempty"`
	// Module is the whole analysis, from which the compiler's four report files are written.
	Module *composable.Module `json:"-"`
	// Classes are the module's class results in report order (its -classes.txt).
	Classes []*stability.ClassResult `json:"-"`

	cfg composable.Config // what Module was read with, for Anatomy
}

// Anatomy takes the composable c of this input apart (composable.Module.Anatomize), as
// explain --composable does; only while the report is open.
func (ic *InputComposables) Anatomy(c *Composable) (*composable.Anatomy, error) {
	if ic.Module == nil || ic.cfg.Classpath == nil {
		return nil, errors.New("the composables were not read")
	}
	for _, f := range ic.Module.Functions {
		if f.Class == c.Class && f.Method == c.Method && !f.Lambda {
			return ic.Module.Anatomize(ic.cfg, f)
		}
	}
	return nil, fmt.Errorf("%s: no such composable", c.Name)
}

// Composable is one composable function as its compiled code shows it.
type Composable struct {
	Name       string               `json:"name"` // the compiler's qualified name, "app.Screen.Content"
	Class      string               `json:"class"`
	Method     string               `json:"method"` // name and descriptor
	Visibility stability.Visibility `json:"visibility"`
	// Restartable, Skippable, Readonly and Inline are the compiler's report flags.
	Restartable bool `json:"restartable"`
	Skippable   bool `json:"skippable"`
	Readonly    bool `json:"readonly"`
	Inline      bool `json:"inline"`
	// Skips says whether a call from another file or module skips when its arguments are
	// unchanged, with the $stable values on this classpath: "true", "false" or "runtime"
	// (decided by a caller's type arguments). It differs from Skippable without strong skipping,
	// where a caller's unstable bit keeps a skippable composable running.
	Skips string `json:"skips"`
	// ByDesign says why a composable that does not skip was written or compiled not to (inline,
	// returns a value, @NonRestartableComposable, ...): never a finding. "" otherwise.
	ByDesign string `json:"byDesign,omitempty"`
	// Undecided names the parameters whose comparison the classpath cannot decide: a class whose
	// $stable is needed is missing or cannot be computed (type arguments aside, which each call
	// site decides).
	Undecided []string `json:"undecided,omitempty"`
	// Blocked says, for a skippable composable that does not skip on this classpath, which
	// $stable values make callers pass the unstable bit.
	Blocked string `json:"blocked,omitempty"`
	// Params are the parameters as the compiler's composables report lists them.
	Params []ComposableParam `json:"params"`
	// Why says, for a composable that is not skippable, what stops it; "" when it skips.
	Why string `json:"why,omitempty"`
	// Identity names the unstable parameters that strong skipping compares by identity (===):
	// a new instance on each recomposition makes the composable run again.
	Identity []string `json:"identity,omitempty"`
}

// ComposableParam is one parameter of a composable.
type ComposableParam struct {
	Name string `json:"name"`
	Type string `json:"type"`
	// Stability is "stable", "unstable" or "runtime" (decided when the app runs).
	Stability string `json:"stability"`
	Used      bool   `json:"used"`
	// Default is the default value as the report prints it ("@static 3"), "" without one.
	Default string `json:"default,omitempty"`
	// Missing names the classes absent from the classpath that Stability stands on: add them
	// with --classpath for an answer.
	Missing []string `json:"missing,omitempty"`
	// Compare is how a call from another file or module compares the argument with the previous
	// one, with the $stable values on the classpath: equals, identity, none, unused or runtime;
	// Stable are those values and Open what leaves a runtime comparison undecided.
	Compare composable.Compare       `json:"compare"`
	Stable  []composable.StableValue `json:"stable,omitempty"`
	Open    []string                 `json:"open,omitempty"`
	// Compiled is what the function's code does: none, equals, identity, by-unstable-bit or
	// unless-unstable.
	Compiled string `json:"compiled"`
	// Sites are, for a comparison only a caller's type arguments decide, what each call site in
	// the audited input passes.
	Sites []composable.SiteOutcome `json:"sites,omitempty"`
}

// scanComposables reads the composables of one reported input while the classpath is open.
func scanComposables(cp *archive.Classpath, u *stability.Universe, input string, opts stability.Options, nonPublic, callSites bool) *InputComposables {
	classes := stability.AnalyzeModule(u, input, opts)
	cfg := composable.Config{Classpath: cp, Universe: u, Input: input, Options: opts, Classes: classes, CallSites: callSites}
	mod := composable.Analyze(cfg)
	ic := &InputComposables{Input: input, StrongSkipping: mod.Features.StrongSkipping, Composables: []*Composable{}, Module: mod, Classes: classes,
		CallSites: mod.CallSites, cfg: cfg}
	for _, f := range mod.Functions {
		if f.Lambda {
			continue
		}
		c := &Composable{Name: f.FqName, Class: f.Class, Method: f.Method, Visibility: methodVisibility(cp, f),
			Restartable: f.Restartable, Skippable: f.Skippable, Readonly: f.Readonly, Inline: f.Inline, Params: []ComposableParam{},
			Skips: f.Skips.String()}
		if !nonPublic && !c.Visibility.IsPublicAPI() {
			continue
		}
		var unstable []string
		for _, p := range f.Params {
			cp := ComposableParam{Name: p.Name, Type: p.Type, Stability: p.Stability.String(), Used: p.Used, Missing: p.Missing,
				Compare: p.Outcome.Compare, Stable: p.Outcome.Stable, Open: p.Outcome.Open, Compiled: p.Compiled.String(), Sites: p.Sites}
			if cp.Stability == "" {
				cp.Stability = "runtime"
			}
			if d := p.Default; d != nil {
				cp.Default = map[bool]string{true: "@static ", false: "@dynamic "}[d.Static] + d.Expr
			}
			c.Params = append(c.Params, cp)
			if p.Stability == composable.ParamUnstable && p.Used {
				text := p.Name + ": " + p.Type
				if len(p.Missing) > 0 {
					text += " (" + strings.Join(p.Missing, ", ") + " not on the classpath)"
				}
				unstable = append(unstable, text)
			}
		}
		c.Why = whyNotSkippable(f, unstable, ic.StrongSkipping)
		if !f.Skippable && c.Why != "" && !strings.HasPrefix(c.Why, unstablePrefix) {
			c.ByDesign = c.Why
		}
		if f.Skippable && f.Skips == composable.SkipsNo {
			c.Blocked = blockedWhy(f)
		}
		c.Undecided = undecidedParams(f)
		if ic.StrongSkipping && f.Skippable {
			c.Identity = identityParams(f)
		}
		ic.Composables = append(ic.Composables, c)
	}
	return ic
}

// whyNotSkippable names what keeps f from skipping, "" when it skips.
func whyNotSkippable(f *composable.Function, unstable []string, strong bool) string {
	switch {
	case f.Skippable:
		return ""
	case f.Inline:
		return "inline: runs as part of its caller"
	case f.ReturnType != "":
		return "returns a value (" + f.ReturnType + "): never restartable or skippable"
	case f.Abstract || f.Open:
		return "open or abstract: an override may run instead"
	case !f.Restartable:
		return "@NonRestartableComposable"
	case len(unstable) > 0 && !strong:
		return unstablePrefix + strings.Join(unstable, ", ")
	}
	return "@NonSkippableComposable"
}

const unstablePrefix = "unstable parameters: "

// undecidedParams lists the parameters left open by the classpath, with what is missing.
func undecidedParams(f *composable.Function) []string {
	var out []string
	for _, p := range f.Params {
		o := p.Outcome
		if o.Compare != composable.Open || len(o.Open) > 0 && strings.HasPrefix(o.Open[0], "type argument ") {
			continue
		}
		text := p.Name + ": " + p.Type
		if len(p.Missing) > 0 {
			text += " (" + strings.Join(p.Missing, ", ") + " not on the classpath)"
		} else if len(o.Open) > 0 {
			text += " (" + strings.Join(o.Open, ", ") + ")"
		}
		out = append(out, text)
	}
	return out
}

// identityParams lists the parameters a call compares by identity (===) with the $stable values
// on the classpath: known unstable to the compiler, or a runtime stability whose $stable has the
// unstable bit ("via X.$stable = 8"); a new instance on each recomposition makes it run again.
func identityParams(f *composable.Function) []string {
	var out []string
	for _, p := range f.Params {
		if p.Outcome.Compare != composable.Identity {
			continue
		}
		text := p.Name + ": " + p.Type
		var via []string
		for _, v := range p.Outcome.Stable {
			if v.Value&evaluate.UnstableBit != 0 {
				via = append(via, fmt.Sprintf("%s.$stable = %d", v.Class, v.Value))
			}
		}
		if len(via) > 0 {
			text += " (via " + strings.Join(via, ", ") + ")"
		}
		if len(p.Missing) > 0 {
			text += " (" + strings.Join(p.Missing, ", ") + " not on the classpath)"
		}
		out = append(out, text)
	}
	return out
}

// blockedWhy names the $stable values that keep a skippable composable from skipping: strong
// skipping off, or for a vararg, the caller passes their unstable bit.
func blockedWhy(f *composable.Function) string {
	var parts []string
	why := "strong skipping off"
	for _, p := range f.Params {
		if p.Outcome.BlocksSkip && p.Vararg() {
			why = "a vararg's compiled comparison never finds unstable elements unchanged"
		}
		if !p.Outcome.BlocksSkip {
			continue
		}
		var reads []string
		for _, v := range p.Outcome.Stable {
			if v.Value&evaluate.UnstableBit != 0 {
				reads = append(reads, fmt.Sprintf("%s.$stable = %d", v.Class, v.Value))
			}
		}
		parts = append(parts, p.Name+": "+p.Type+" ("+strings.Join(reads, ", ")+")")
	}
	return "callers pass the unstable bit (" + why + "): " + strings.Join(parts, ", ")
}

// methodVisibility reads a composable's Kotlin visibility from its JVM method: private stays
// private, and an internal function's name is mangled with its module ("name$module").
func methodVisibility(cp *archive.Classpath, f *composable.Function) stability.Visibility {
	name, desc, _ := strings.Cut(f.Method, "(")
	cf, err := cp.Class(f.Class)
	if err != nil {
		return stability.Public
	}
	m := cf.Method(name, "("+desc)
	switch {
	case m == nil:
		return stability.Public
	case m.Access&classfile.AccPrivate != 0:
		return stability.Private
	case m.Access&classfile.AccProtected != 0:
		return stability.Protected
	case strings.Contains(name, "$") && !strings.HasPrefix(name, "access$"):
		return stability.Internal
	}
	return stability.Public
}
