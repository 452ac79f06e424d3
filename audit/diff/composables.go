package diff

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/composestab/composestab/audit/baseline"
	"github.com/composestab/composestab/composable"
)

// CauseKind says where a change of a composable comes from.
type CauseKind string

// The causes.
const (
	// CauseCode: the composable's own bytecode compares or skips differently (its code, or the
	// compiler that built it, changed).
	CauseCode CauseKind = "code"
	// CauseDependency: a class's $stable, which the bits callers pass are read from, changed
	// value: the bytes of that class (or of one it reads) changed, in the jar named.
	CauseDependency CauseKind = "dependency"
	// CauseConfig: a configuration line now matches the class, or a type it holds, or no
	// longer does (Line, Detail "now matches" or "no longer matches").
	CauseConfig CauseKind = "config"
)

// Cause is one reason for a composable change.
type Cause struct {
	Kind CauseKind `json:"kind"`
	// Class is the dotted JVM name whose $stable moved from Old to New (dependency causes; nil
	// where the class is on one side only), and Input the jar or folder it was read from on the
	// new side.
	Class string `json:"class,omitempty"`
	Old   *int32 `json:"old,omitempty"`
	New   *int32 `json:"new,omitempty"`
	Input string `json:"input,omitempty"`
	// Detail says, for a class's code cause, what in its bytes changed ("field `x` became var");
	// Via, for a dependency cause of a class, the fields or type arguments it is read through.
	Detail string   `json:"detail,omitempty"`
	Via    []string `json:"via,omitempty"`
	// Line is, for a configuration cause, the line as "PATTERN (path:line)".
	Line string `json:"line,omitempty"`
	// Rule, Since and Summary name, for a compiler cause, the rule that differs between the
	// releases (stability.RuleChange), the first release that has it, and what it does.
	Rule    string `json:"rule,omitempty"`
	Since   string `json:"since,omitempty"`
	Summary string `json:"summary,omitempty"`
}

// String says the cause in words.
func (c Cause) String() string {
	switch c.Kind {
	case CauseCode:
		if c.Detail != "" {
			return c.Detail
		}
		return "the composable's own bytecode"
	case CauseConfig:
		return "the configuration line " + c.Line + " " + c.Detail
	case CauseCompiler:
		return fmt.Sprintf("the compiler rule %s (since %s: %s)", c.Rule, c.Since, c.Summary)
	case CauseMissingClass:
		return c.Class + " is not on the " + c.Detail + " classpath"
	}
	if c.Old == nil && c.New == nil && c.Detail != "" {
		return c.Class + ", " + c.Detail
	}
	s := fmt.Sprintf("%s.$stable %s → %s", c.Class, intText(c.Old), intText(c.New))
	if c.Input != "" {
		s += " (" + filepath.Base(c.Input) + ")"
	}
	return s
}

func intText(v *int32) string {
	if v == nil {
		return "absent"
	}
	return fmt.Sprint(*v)
}

// ComposableChange is one difference in a composable between two states, keyed by (Key, Part).
type ComposableChange struct {
	// Key is the JVM owner, name and descriptor; Name the compiler's qualified name.
	Key    string       `json:"key"`
	Name   string       `json:"name"`
	Action ChangeAction `json:"change"`
	// Part is what changed: "" for the composable itself (added or removed), "skips",
	// "restartable" or "parameter NAME".
	Part string     `json:"part"`
	Old  string     `json:"old"`
	New  string     `json:"new"`
	Kind ChangeKind `json:"kind"`
	// Causes are why, most direct first; empty for additions and removals.
	Causes  []Cause `json:"causes"`
	Message string  `json:"message"`
	Input   string  `json:"input"`
}

// compareRank orders the comparisons from the one that saves the most recompositions.
var compareRank = map[composable.Compare]int{composable.Equals: 3, composable.Open: 2, composable.Identity: 1, composable.NotCompared: 0}

var skipsRank = map[string]int{"true": 2, "runtime": 1, "false": 0}

// compareComposables lists the changes between two baselines' composables. In a check, a new
// composable that does not skip for a reason other than its design is a regression.
func compareComposables(old, new []*baseline.Composable, check bool) []ComposableChange {
	out := []ComposableChange{}
	oldBy := map[string]*baseline.Composable{}
	for _, c := range old {
		oldBy[c.Key] = c
	}
	newBy := map[string]bool{}
	for _, n := range new {
		newBy[n.Key] = true
		o := oldBy[n.Key]
		if o == nil {
			ch := ComposableChange{Key: n.Key, Name: n.Name, Action: Added, New: "skips " + n.Skips, Kind: Neutral, Causes: []Cause{}, Input: n.Input(),
				Message: "composable added (skips " + n.Skips + ")"}
			if check && n.Skips != "true" && n.ByDesign == "" {
				ch.Kind = Regression
				ch.Message = "new composable that does not always skip: " + notSkipping(n)
			}
			out = append(out, ch)
			continue
		}
		out = append(out, changedComposable(o, n)...)
	}
	for _, o := range old {
		if !newBy[o.Key] {
			out = append(out, ComposableChange{Key: o.Key, Name: o.Name, Action: Removed, Old: "skips " + o.Skips, Kind: Neutral, Causes: []Cause{}, Input: o.Input(),
				Message: "composable removed"})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Key != out[j].Key {
			return out[i].Key < out[j].Key
		}
		return out[i].Part < out[j].Part
	})
	return out
}

// notSkipping says what keeps a composable from skipping, from its parameters.
func notSkipping(c *baseline.Composable) string {
	var parts []string
	for _, p := range c.Params {
		if p.Compare == composable.NotCompared || p.Compare == composable.Open {
			parts = append(parts, p.Name+": "+p.Type+" ("+string(p.Compare)+")")
		}
	}
	if len(parts) == 0 {
		return "skips " + c.Skips
	}
	return "skips " + c.Skips + "; " + strings.Join(parts, ", ")
}

// changedComposable compares one composable on both sides.
func changedComposable(o, n *baseline.Composable) []ComposableChange {
	var out []ComposableChange
	change := func(part, old, new string, kind ChangeKind, causes []Cause, msg string) {
		out = append(out, ComposableChange{Key: n.Key, Name: n.Name, Action: Changed, Part: part, Old: old, New: new, Kind: kind,
			Causes: causes, Message: msg, Input: n.Input()})
	}
	all := stableCauses(o.Params, n.Params)
	if o.Restartable != n.Restartable {
		kind := Improvement
		if o.Restartable {
			kind = byDesign(n, Regression)
		}
		change("restartable", fmt.Sprint(o.Restartable), fmt.Sprint(n.Restartable), kind, []Cause{{Kind: CauseCode}},
			fmt.Sprintf("restartable %t → %t%s", o.Restartable, n.Restartable, designNote(n)))
	}
	if o.Skips != n.Skips {
		kind := Improvement
		if skipsRank[n.Skips] < skipsRank[o.Skips] {
			kind = byDesign(n, Regression)
		}
		causes := all
		if len(causes) == 0 {
			causes = []Cause{{Kind: CauseCode}}
		}
		change("skips", o.Skips, n.Skips, kind, causes, fmt.Sprintf("skips %s → %s%s: %s", o.Skips, n.Skips, designNote(n), CausesText(causes)))
	}
	for i := 0; i < len(o.Params) && i < len(n.Params); i++ {
		op, np := o.Params[i], n.Params[i]
		out = append(out, changedSites(n, op, np)...)
		if op.Compare == np.Compare {
			continue
		}
		kind := Neutral
		or, ok1 := compareRank[op.Compare]
		nr, ok2 := compareRank[np.Compare]
		switch {
		case ok1 && ok2 && nr < or:
			kind = byDesign(n, Regression)
		case ok1 && ok2 && nr > or:
			kind = Improvement
		}
		causes := stableCauses([]*baseline.ComposableParam{op}, []*baseline.ComposableParam{np})
		if len(causes) == 0 {
			causes = []Cause{{Kind: CauseCode}}
		}
		change("parameter "+np.Name, string(op.Compare), string(np.Compare), kind, causes,
			fmt.Sprintf("parameter %s: %s: %s → %s: %s", np.Name, np.Type, compareText(op.Compare), compareText(np.Compare), CausesText(causes)))
	}
	return out
}

// changedSites compares what the call sites pass for a parameter that only a caller's type
// arguments decide, site by site: the comparison, and whether the call can skip there (a site
// whose unstable bit turns the comparison off, strong skipping off, keeps the callee running).
func changedSites(n *baseline.Composable, op, np *baseline.ComposableParam) []ComposableChange {
	var out []ComposableChange
	oldBy := map[string]*baseline.Site{}
	for _, s := range op.Sites {
		oldBy[s.Caller] = s
	}
	for _, ns := range np.Sites {
		os := oldBy[ns.Caller]
		if os == nil || os.Compare == ns.Compare {
			continue
		}
		causes := stableCauses([]*baseline.ComposableParam{{Stable: os.Stable}}, []*baseline.ComposableParam{{Stable: ns.Stable}})
		if len(causes) == 0 {
			causes = []Cause{{Kind: CauseCode}}
		}
		kind := Neutral
		or, ok1 := compareRank[os.Compare]
		nr, ok2 := compareRank[ns.Compare]
		switch {
		case ok1 && ok2 && nr < or:
			kind = Regression
		case ok1 && ok2 && nr > or:
			kind = Improvement
		}
		at := " at " + ns.Caller
		out = append(out, ComposableChange{Key: n.Key, Name: n.Name, Action: Changed, Part: "parameter " + np.Name + at,
			Old: string(os.Compare), New: string(ns.Compare), Kind: kind, Causes: causes, Input: n.Input(),
			Message: fmt.Sprintf("parameter %s: %s called from %s: %s → %s: %s", np.Name, np.Type, ns.Caller, compareText(os.Compare), compareText(ns.Compare), CausesText(causes))})
		if (os.Compare == composable.NotCompared) != (ns.Compare == composable.NotCompared) && n.Skips == "runtime" {
			oldSkips, newSkips := "true", "false"
			kind := Regression
			if os.Compare == composable.NotCompared {
				oldSkips, newSkips, kind = "false", "true", Improvement
			}
			out = append(out, ComposableChange{Key: n.Key, Name: n.Name, Action: Changed, Part: "skips" + at,
				Old: oldSkips, New: newSkips, Kind: kind, Causes: causes, Input: n.Input(),
				Message: fmt.Sprintf("called from %s: skips %s → %s: %s", ns.Caller, oldSkips, newSkips, CausesText(causes))})
		}
	}
	return out
}

// compareText says a comparison in a message.
func compareText(c composable.Compare) string {
	switch c {
	case composable.Equals:
		return "compared with equals"
	case composable.Identity:
		return "compared by identity (===)"
	case composable.NotCompared:
		return "not compared"
	case composable.Open:
		return "decided by the caller"
	}
	return string(c)
}

// byDesign turns a regression of a composable that does not skip by design into a neutral change.
func byDesign(n *baseline.Composable, kind ChangeKind) ChangeKind {
	if n.ByDesign != "" {
		return Neutral
	}
	return kind
}

func designNote(n *baseline.Composable) string {
	if n.ByDesign != "" {
		return " (by design: " + n.ByDesign + ")"
	}
	return ""
}

// CausesText says causes in words, most direct first, joined by "; ".
func CausesText(cs []Cause) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, "; ")
}

// stableCauses lists the $stable values the parameters read that differ between the sides, in
// the new side's order, each class once.
func stableCauses(old, new []*baseline.ComposableParam) []Cause {
	oldV := map[string]int32{}
	for _, p := range old {
		for _, v := range p.Stable {
			oldV[v.Class] = v.Value
		}
	}
	var out []Cause
	seen := map[string]bool{}
	add := func(c Cause) {
		if !seen[c.Class] {
			seen[c.Class] = true
			out = append(out, c)
		}
	}
	newV := map[string]bool{}
	for _, p := range new {
		for _, v := range p.Stable {
			newV[v.Class] = true
			nv := v.Value
			if ov, ok := oldV[v.Class]; !ok || ov != nv {
				c := Cause{Kind: CauseDependency, Class: v.Class, New: &nv, Input: v.Input}
				if ok {
					c.Old = &ov
				}
				add(c)
			}
		}
	}
	for _, p := range old {
		for _, v := range p.Stable {
			if !newV[v.Class] {
				ov := v.Value
				add(Cause{Kind: CauseDependency, Class: v.Class, Old: &ov})
			}
		}
	}
	return out
}
