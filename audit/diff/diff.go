// Package diff compares two stability states of the same classes — two scans (two releases, or
// one release against two classpaths) or a committed baseline and a scan — and classifies every
// change as a regression, an improvement or neutral, with its cause in words.
package diff

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/composestab/composestab/audit/baseline"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/english"

	"github.com/composestab/composestab/stability"
)

// ChangeKind classifies a change by what it does to the library's consumers.
type ChangeKind string

// The change kinds.
const (
	// Regression is a change consumers pay for: a class got less stable, lost a class, or
	// depends on more of its type arguments.
	Regression ChangeKind = "regression"
	// Improvement is a change that makes a class more stable.
	Improvement ChangeKind = "improvement"
	// Neutral is any other difference: additions, a field type change that keeps the verdict.
	Neutral ChangeKind = "neutral"
)

// ChangeAction says whether a class was added, removed or changed between the two sides.
type ChangeAction string

// The change actions.
const (
	Added   ChangeAction = "added"
	Removed ChangeAction = "removed"
	Changed ChangeAction = "changed"
)

// Change is one difference between two versions of a class.
type Change struct {
	// Class is the Kotlin FQN of the class.
	Class string `json:"class"`
	// Action is added, removed or changed (the class is on both sides).
	Action ChangeAction `json:"change"`
	// OldVerdict and NewVerdict are the class's effective verdict on each side, "" where it is
	// absent.
	OldVerdict stability.Verdict `json:"oldVerdict"`
	NewVerdict stability.Verdict `json:"newVerdict"`
	// Part is what changed: "" for the class itself, "type parameter T", or "dependency X" for
	// a class whose $stable it reads.
	Part string `json:"part"`
	// Old and New are the part's value on each side: the class's stability (empty when the
	// class is absent), a type parameter's participation, a dependency's $stable.
	Old  string     `json:"old"`
	New  string     `json:"new"`
	Kind ChangeKind `json:"kind"`
	// Message says what changed and why, in words.
	Message string `json:"message"`
	// Input is the jar, AAR or folder the class was read from: the new side's, or the old
	// side's for a removed class; "" for a class that only a baseline names.
	Input string `json:"input"`
	// Causes are what made the change, most direct first: what in the class's own bytes changed
	// (CauseCode, with Detail), a dependency's $stable (CauseDependency: the class, its old and new
	// value, its jar and the fields it is read through), or, in a compiler what-if, the rule
	// changes (CauseCompiler).
	Causes []Cause `json:"causes,omitempty"`
}

// Report is the outcome of a diff or a baseline check.
type Report struct {
	// SchemaVersion is the version of the JSON contract (docs/json.md).
	SchemaVersion int `json:"schemaVersion"`
	// Changes are keyed by (Class, Part), at most one per key, sorted by Class then Part.
	Changes []Change `json:"changes"`
	// Errors are the problems met while scanning either side.
	Errors []*scan.Error `json:"errors"`
	// Composables are the changes of composables, sorted by key then part; empty unless both
	// sides recorded composables (a baseline written by dump --composables, diff --composables).
	Composables []ComposableChange `json:"composables"`
	// Old and New are the inputs compared; Old is empty for a baseline check.
	Old []string `json:"old"`
	New []string `json:"new"`
	// Classpath says, for a check, how its classpath differs from the one the baseline was made
	// with (baseline.ClasspathChanges): a $stable read from a jar that is gone or other is no
	// change of the code.
	Classpath []string `json:"classpath,omitempty"`
}

// Count returns how many changes, of classes and of composables, are of the kind.
func (d *Report) Count(kind ChangeKind) int {
	n := 0
	for _, c := range d.Changes {
		if c.Kind == kind {
			n++
		}
	}
	for _, c := range d.Composables {
		if c.Kind == kind {
			n++
		}
	}
	return n
}

// Ignore drops the changes whose class, or whose dependency for a "dependency X" part, matches
// cfg, and returns how many it dropped.
func (d *Report) Ignore(cfg *stability.Config) int {
	if cfg == nil {
		return 0
	}
	kept := d.Changes[:0]
	n := 0
	for _, c := range d.Changes {
		dep, isDep := strings.CutPrefix(c.Part, "dependency ")
		if cfg.Match(c.Class) != nil || (isDep && cfg.Match(dep) != nil) {
			n++
			continue
		}
		kept = append(kept, c)
	}
	d.Changes = kept
	return n
}

// Diff compares two scans of a library, old and new, class by class, then does a second,
// classpath-wide pass over the $stable values each class reads, so that a class whose
// dependency got less stable in the new classpath is reported even though its own binary did
// not change.
//
// The rules: a class that becomes less stable (stable → runtime → unstable), a removed class, a
// type parameter that newly takes part in the stability, and a dependency whose $stable gains
// the unstable bit are regressions; the opposite moves are improvements; everything else,
// added classes included, is neutral.
func Diff(old, new *scan.Report) *Report {
	d := compareBaselines(baseline.New(old), baseline.New(new), false)
	unreadableNotRemoved(d, new.Errors)
	configCauses(d, old, new)
	fieldTypeCauses(d, new)
	missingCauses(d, sideMissing(old), sideMissing(new))
	d.Errors = mergeErrors(old.Errors, new.Errors)
	d.Old = append([]string{}, old.Inputs...)
	d.New = append([]string{}, new.Inputs...)
	return d
}

// Check compares a fresh scan with a baseline. The rules are Diff's, except that an added
// class that is not stable is a regression: a baseline lists what has been reviewed.
func Check(base *baseline.Baseline, rep *scan.Report) *Report {
	d := compareBaselines(base, baseline.New(rep), true)
	d.Classpath = baseline.ClasspathChanges(base, rep)
	unreadableNotRemoved(d, rep.Errors)
	fieldTypeCauses(d, rep)
	missingCauses(d, missingOf{}, sideMissing(rep))
	d.Errors = mergeErrors(nil, rep.Errors)
	d.Old = []string{}
	d.New = append([]string{}, rep.Inputs...)
	return d
}

// unreadableNotRemoved turns a "class removed" whose class file the new side could not read
// into what happened: the class is there, its bytes are broken, and the error says how. It is
// no regression of the class (nothing is known of it) but the error, which makes the command
// exit 3.
func unreadableNotRemoved(d *Report, errs []*scan.Error) {
	unreadable := map[string]*scan.Error{}
	for _, e := range errs {
		if e.Kind != scan.ErrUnreadable {
			continue
		}
		if strings.HasSuffix(e.Entry, ".class") {
			unreadable[kotlinName(strings.TrimSuffix(e.Entry, ".class"))] = e
		}
		if e.Class != "" {
			unreadable[kotlinName(e.Class)] = e
		}
	}
	for i, c := range d.Changes {
		if e := unreadable[c.Class]; e != nil && c.Action == Removed {
			d.Changes[i].Kind = Neutral
			d.Changes[i].Message = "class could not be read (was " + string(c.OldVerdict) + "): " + e.Message
		}
	}
}

// kotlinName is a JVM internal name as a baseline names the class: dotted, nested classes too.
func kotlinName(jvmName string) string {
	return strings.NewReplacer("/", ".", "$", ".").Replace(jvmName)
}

func mergeErrors(a, b []*scan.Error) []*scan.Error {
	out := []*scan.Error{}
	seen := map[string]bool{}
	for _, list := range [][]*scan.Error{a, b} {
		for _, e := range list {
			if k := string(e.Kind) + "\x00" + e.Error(); !seen[k] {
				seen[k] = true
				out = append(out, e)
			}
		}
	}
	return out
}

// differ holds both sides and collects changes keyed by (class, part).
type differ struct {
	check   bool
	changes map[[2]string]Change
}

func (d *differ) add(c Change) {
	k := [2]string{c.Class, c.Part}
	if _, dup := d.changes[k]; dup {
		return // the first message for a key wins; the passes never produce two on purpose
	}
	d.changes[k] = c
}

func compareBaselines(old, new *baseline.Baseline, check bool) *Report {
	d := &differ{check: check, changes: map[[2]string]Change{}}
	oldBy := map[string]*baseline.Class{}
	for _, c := range old.Classes {
		oldBy[c.Name] = c
	}
	newBy := map[string]*baseline.Class{}
	for _, c := range new.Classes {
		newBy[c.Name] = c
		o := oldBy[c.Name]
		if o == nil {
			d.added(c)
			continue
		}
		d.class(o, c)
		d.typeParameters(o, c)
	}
	for _, o := range old.Classes {
		if newBy[o.Name] == nil {
			d.add(Change{Class: o.Name, Old: baseline.StabilityText(o.Stability), Kind: Regression, Input: o.Input(),
				Message: "class removed (was " + string(o.Verdict) + ")"})
		}
	}
	// The classpath-wide pass: what each class reads at run time, compared on both sides.
	for _, c := range new.Classes {
		if o := oldBy[c.Name]; o != nil {
			d.dependencies(o, c)
		}
	}
	rep := &Report{SchemaVersion: scan.SchemaVersion, Changes: make([]Change, 0, len(d.changes)), Errors: []*scan.Error{}}
	for _, c := range d.changes {
		o, n := oldBy[c.Class], newBy[c.Class]
		switch {
		case o == nil:
			c.Action = Added
		case n == nil:
			c.Action = Removed
		default:
			c.Action = Changed
		}
		if o != nil {
			c.OldVerdict = o.Verdict
		}
		if n != nil {
			c.NewVerdict = n.Verdict
		}
		rep.Changes = append(rep.Changes, c)
	}
	sort.Slice(rep.Changes, func(i, j int) bool {
		a, b := rep.Changes[i], rep.Changes[j]
		if a.Class != b.Class {
			return a.Class < b.Class
		}
		return a.Part < b.Part
	})
	rep.Composables = compareComposables(old.Composables, new.Composables, check)
	return rep
}

// rank orders verdicts from worst to best.
// kindOf ranks a verdict move: less stable is a regression, more stable an improvement.
func kindOf(old, new stability.Verdict) ChangeKind {
	switch o, n := rank(old), rank(new); {
	case n < o:
		return Regression
	case n > o:
		return Improvement
	}
	return Neutral
}

func rank(verdict stability.Verdict) int {
	switch verdict {
	case "stable":
		return 3
	case "runtime":
		return 2
	case "uncertain":
		return 1
	case "unstable":
		return 0
	}
	return -1
}

func (d *differ) added(c *baseline.Class) {
	kind := Neutral
	msg := "class added: " + string(c.Verdict)
	if c.Visibility == stability.Internal {
		// No other module can name it, so no other module's composables can take it.
		msg = "internal class added (only its own module can name it): " + string(c.Verdict)
	}
	if c.Verdict != "stable" {
		if d.check && c.Visibility != stability.Internal {
			kind = Regression
		}
		if why := c.NotStableCauses(); len(why) > 0 {
			msg += " (" + strings.Join(why, "; ") + ")"
		} else {
			msg += " (" + baseline.StabilityText(c.Stability) + ")"
		}
	}
	d.add(Change{Class: c.Name, New: baseline.StabilityText(c.Stability), Kind: kind, Message: msg, Input: c.Input()})
}

// unstableBit is the slot-0 unstable bit of a $stable value.
const unstableBit = 8

// class compares the two versions of one class's own binary.
func (d *differ) class(o, n *baseline.Class) {
	var causes []string
	effects := map[int]bool{} // the indexes of causes that are fieldCause effects
	if o.Compose && !n.Compose {
		causes = append(causes, "no longer compiled with Compose")
	} else if !o.Compose && n.Compose {
		causes = append(causes, "now compiled with Compose")
	}
	if o.Marked && !n.Marked {
		causes = append(causes, "stable marker removed")
	} else if !o.Marked && n.Marked {
		causes = append(causes, "now marked stable (@Stable, @Immutable or a marker)")
	}
	if o.Kind != n.Kind {
		causes = append(causes, fmt.Sprintf("kind %s → %s", o.Kind, n.Kind))
	}
	if o.Visibility != n.Visibility {
		causes = append(causes, fmt.Sprintf("visibility %s → %s", o.Visibility, n.Visibility))
	}
	if !o.Consumer && !n.Consumer {
		fcs := fieldCauses(o, n)
		// When some field accounts for the verdict's move, the fields that moved otherwise are
		// no cause of it (a field still stable through a $stable of 0 beside the List field
		// that alone made the class unstable).
		explained := false
		for _, fc := range fcs {
			explained = explained || fc.effect && o.Verdict != n.Verdict && fc.explains(o.Verdict, n.Verdict)
		}
		for _, fc := range fcs {
			if fc.effect && explained && !fc.explains(o.Verdict, n.Verdict) {
				continue
			}
			if fc.effect {
				effects[len(causes)] = true
			}
			causes = append(causes, fc.text)
		}
		if ot, nt := strings.Join(o.TypeParameters, ", "), strings.Join(n.TypeParameters, ", "); ot != nt {
			causes = append(causes, fmt.Sprintf("type parameters <%s> → <%s>", ot, nt))
		}
	}
	exprChanged := o.StableField != n.StableField || o.StableExpr != n.StableExpr
	valueWorse, valueBetter := false, false
	if exprChanged && o.StableValue != nil && n.StableValue != nil {
		ob, nb := *o.StableValue&unstableBit != 0, *n.StableValue&unstableBit != 0
		valueWorse, valueBetter = !ob && nb, ob && !nb
	}
	if len(causes) == 0 {
		// Nothing visible explains it; name the binary's own differences.
		if exprChanged {
			causes = append(causes, fmt.Sprintf("`$stable` initializer `%s` → `%s`", exprText(o), exprText(n)))
		}
		if !sameMask(o.Mask, n.Mask) {
			causes = append(causes, fmt.Sprintf("@StabilityInferred mask %s → %s", maskText(o.Mask), maskText(n.Mask)))
		}
	}
	if o.Verdict == n.Verdict && (valueWorse || valueBetter) {
		causes = append(causes, fmt.Sprintf("`$stable` %s → %s", baseline.ValueText(o.StableValue), baseline.ValueText(n.StableValue)))
	}
	var head string
	kind := Neutral
	switch {
	case o.Verdict != n.Verdict:
		head = string(o.Verdict + " → " + n.Verdict)
		kind = kindOf(o.Verdict, n.Verdict)
	case o.Stability != n.Stability:
		head = "stability " + baseline.StabilityText(o.Stability) + " → " + baseline.StabilityText(n.Stability)
	}
	if kind == Neutral && o.Verdict == n.Verdict {
		if valueWorse {
			kind = Regression
		} else if valueBetter {
			kind = Improvement
		}
	}
	if head == "" && len(causes) == 0 {
		return
	}
	if len(causes) == 0 && !exprChanged && readsChanged(o, n) {
		return // the dependency pass says which $stable it read changed
	}
	msg := head
	if len(causes) > 0 {
		if msg != "" {
			msg += ": "
		}
		msg += strings.Join(causes, "; ")
	}
	// What changed in the class's own bytes is its code cause; the effects on its fields have
	// their own causes (dependency, config).
	var typed []Cause
	for i, c := range causes {
		if !effects[i] {
			typed = append(typed, Cause{Kind: CauseCode, Detail: c})
		}
	}
	d.add(Change{Class: n.Name, Old: baseline.StabilityText(o.Stability), New: baseline.StabilityText(n.Stability), Kind: kind, Message: msg, Input: n.Input(),
		Causes: typed})
}

func exprText(c *baseline.Class) string {
	if !c.StableField {
		return "none"
	}
	return c.StableExpr
}

func sameMask(a, b *int32) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func maskText(m *int32) string {
	if m == nil {
		return "none"
	}
	return fmt.Sprint(*m)
}

// typeParameters reports each type parameter, by position, that starts or stops taking part
// in the class's stability. Parameters present on one side only are the class change's business,
// and so is an unstable side, where no argument matters.
func (d *differ) typeParameters(o, n *baseline.Class) {
	if o.Participating == nil || n.Participating == nil || o.Verdict == "unstable" || n.Verdict == "unstable" {
		return
	}
	in := func(list []string, name string) bool {
		for _, x := range list {
			if x == name {
				return true
			}
		}
		return false
	}
	for i := 0; i < len(o.TypeParameters) && i < len(n.TypeParameters); i++ {
		was, is := in(o.Participating, o.TypeParameters[i]), in(n.Participating, n.TypeParameters[i])
		name := n.TypeParameters[i]
		switch {
		case !was && is:
			d.add(Change{Class: n.Name, Part: "type parameter " + name, Old: "not participating", New: "participating", Kind: Regression,
				Message: "type parameter " + name + " now participates: an unstable argument makes the class unstable", Input: n.Input(),
				Causes: []Cause{{Kind: CauseCode, Detail: "its fields now use type parameter " + name}}})
		case was && !is:
			d.add(Change{Class: n.Name, Part: "type parameter " + name, Old: "participating", New: "not participating", Kind: Improvement,
				Message: "type parameter " + name + " no longer participates", Input: n.Input(),
				Causes: []Cause{{Kind: CauseCode, Detail: "its fields no longer use type parameter " + name}}})
		}
	}
}

// dependencies compares the $stable values a class reads on both sides. Dependencies read on
// one side only changed with the class's own initializer, which the class change reports.
func (d *differ) dependencies(o, n *baseline.Class) {
	oldBy := map[string]scan.StableRead{}
	for _, r := range o.Reads {
		oldBy[r.Class] = r
	}
	for _, r := range n.Reads {
		or, ok := oldBy[r.Class]
		if !ok {
			continue
		}
		var kind ChangeKind
		var what string
		switch {
		case or.Value != nil && r.Value != nil:
			if *or.Value == *r.Value {
				continue
			}
			ob, nb := *or.Value&unstableBit != 0, *r.Value&unstableBit != 0
			switch {
			case !ob && nb:
				kind, what = Regression, "became unstable"
			case ob && !nb:
				kind, what = Improvement, "became stable"
			default:
				kind, what = Neutral, "changed"
			}
			what += fmt.Sprintf(" (`$stable` %d → %d", *or.Value, *r.Value)
			if r.Input != "" {
				what += " in " + filepath.Base(r.Input)
			}
			what += ")"
		case or.Value != nil && r.Value == nil:
			kind, what = Regression, "can no longer be read: "+r.Err
			if r.Err == "" {
				what = "can no longer be read"
			}
		default:
			continue // unknown before: nothing to compare with
		}
		msg := "dependency `" + r.Class + "` " + what
		if o.Verdict != n.Verdict {
			msg = string(o.Verdict+" → "+n.Verdict) + ": " + msg
		}
		via := readThrough(n, r.Class)
		if len(via) > 0 {
			msg += ", read through " + strings.Join(via, ", ")
		}
		d.add(Change{Class: n.Name, Part: "dependency " + r.Class, Old: baseline.ValueText(or.Value), New: baseline.ValueText(r.Value),
			Kind: kind, Message: msg, Input: n.Input(),
			Causes: []Cause{{Kind: CauseDependency, Class: r.Class, Old: or.Value, New: r.Value, Input: r.Input, Via: via}}})
	}
}

// Summary is a one-line count of the changes and errors.
func (d *Report) Summary() string {
	return fmt.Sprintf("%s, %s, %s; %s",
		english.Plural(d.Count(Regression), "regression"), english.Plural(d.Count(Improvement), "improvement"),
		english.Plural(d.Count(Neutral), "neutral change"), english.Plural(len(d.Errors), "error"))
}
