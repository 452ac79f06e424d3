package diff

import (
	"fmt"
	"slices"
	"strings"

	"github.com/composestab/composestab/audit/baseline"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/stability"
)

// This file finds why a class's verdict changed: its fields' stabilities, their types'
// configuration lines, and the $stable values it reads.

// fieldCauses describes field by field how the class's fields changed, new order first, then
// the removed ones.
func fieldCauses(o, n *baseline.Class) []fieldCause {
	var out []fieldCause
	oldBy := map[string]*scan.Field{}
	for _, f := range o.Fields {
		oldBy[f.Name] = f
	}
	newBy := map[string]bool{}
	for _, f := range n.Fields {
		newBy[f.Name] = true
		of := oldBy[f.Name]
		if of == nil {
			out = append(out, fieldCause{text: fmt.Sprintf("field `%s` added (`%s %s: %s`)", f.Name, baseline.ValVar(f.Var), f.Name, f.Type)})
			continue
		}
		if !of.Var && f.Var {
			out = append(out, fieldCause{text: fmt.Sprintf("field `%s` became var", f.Name)})
		} else if of.Var && !f.Var {
			out = append(out, fieldCause{text: fmt.Sprintf("field `%s` became val", f.Name)})
		}
		if of.Type != f.Type {
			out = append(out, fieldCause{text: fmt.Sprintf("field `%s` changed type `%s` → `%s`", f.Name, of.Type, f.Type)})
		} else if of.Verdict != f.Verdict || of.Stability != f.Stability {
			s := fmt.Sprintf("field `%s: %s` became %s", f.Name, f.Type, f.Verdict)
			if of.Verdict == f.Verdict {
				s = fmt.Sprintf("field `%s: %s` changed stability %s → %s", f.Name, f.Type, baseline.StabilityText(of.Stability), baseline.StabilityText(f.Stability))
			}
			if why := n.Why(f.Name); why != "" {
				s += " because " + why
			}
			out = append(out, fieldCause{text: s, effect: true, old: of.Verdict, new: f.Verdict})
		}
	}
	for _, f := range o.Fields {
		if !newBy[f.Name] {
			out = append(out, fieldCause{text: fmt.Sprintf("field `%s` removed", f.Name)})
		}
	}
	return out
}

// fieldCause is one way a class's fields changed; an effect is a field whose type decides
// differently (because of a dependency or a configuration line), not a change in the class's
// own bytes.
type fieldCause struct {
	text   string
	effect bool
	// old and new are an effect's field verdicts.
	old, new stability.Verdict
}

// explains reports whether a field that moved from fc.old to fc.new accounts for a class that
// moved from old to new: for a class that got less stable, a field that got less stable, down
// to the class's new verdict (a field now runtime does not make a class unstable); for one that
// got more stable, a field that got more stable from no better than the class's old verdict.
func (fc fieldCause) explains(old, new stability.Verdict) bool {
	fo, fn := rank(fc.old), rank(fc.new)
	switch kindOf(old, new) {
	case Regression:
		return fn < fo && fn <= rank(new)
	case Improvement:
		return fn > fo && fo <= rank(old)
	}
	return true
}

// fieldTypeCauses names, for a class change with no cause of its own, the classes of the fields
// whose stability moved: dependencies whose own bytes changed (a class that lost Compose, say).
func fieldTypeCauses(d *Report, new *scan.Report) {
	byName := classesByName(new)
	for i := range d.Changes {
		ch := &d.Changes[i]
		n := byName[ch.Class]
		if len(ch.Causes) > 0 || ch.Action != Changed || ch.Part != "" || n == nil {
			continue
		}
		r := n.CompiledResult()
		if r == nil {
			continue
		}
		seen := map[string]bool{}
		for _, f := range r.Fields {
			t := f.Field.Type
			if t == nil || t.Class == nil || !strings.Contains(ch.Message, "field `"+f.Field.Name+":") || seen[t.Class.FqName()] {
				continue
			}
			seen[t.Class.FqName()] = true
			ch.Causes = append(ch.Causes, Cause{Kind: CauseDependency, Class: t.Class.FqName(), Input: t.Class.Ensure().Input,
				Detail: "field `" + f.Field.Name + "` holds it", Via: []string{"field `" + f.Field.Name + "`"}})
		}
	}
}

// classesByName indexes a scan's classes by their dotted name, the key of a Change.
func classesByName(rep *scan.Report) map[string]*scan.Class {
	out := make(map[string]*scan.Class, len(rep.Classes))
	for _, c := range rep.Classes {
		out[c.Name] = c
	}
	return out
}

// configCauses adds to each class change the configuration lines that start or stop deciding
// it (the two sides scanned with different files): before the code causes when the class's own
// bytes did not change, after them otherwise.
func configCauses(d *Report, old, new *scan.Report) {
	oldBy, newBy := classesByName(old), classesByName(new)
	for i := range d.Changes {
		ch := &d.Changes[i]
		o, n := oldBy[ch.Class], newBy[ch.Class]
		if o == nil || n == nil {
			continue
		}
		ol, nl := o.ConfigLines(), n.ConfigLines()
		var cs []Cause
		for _, l := range nl {
			if !slices.Contains(ol, l) {
				cs = append(cs, Cause{Kind: CauseConfig, Line: l, Detail: "now matches"})
			}
		}
		for _, l := range ol {
			if !slices.Contains(nl, l) {
				cs = append(cs, Cause{Kind: CauseConfig, Line: l, Detail: "no longer matches"})
			}
		}
		if len(cs) == 0 {
			continue
		}
		if len(ch.Causes) > 0 {
			ch.Causes = append(ch.Causes, cs...)
		} else {
			ch.Causes = append(cs, ch.Causes...)
		}
		ch.Message += "; " + CausesText(cs)
	}
}

// readsChanged reports whether a $stable read on both sides holds another value.
func readsChanged(o, n *baseline.Class) bool {
	oldBy := map[string]scan.StableRead{}
	for _, r := range o.Reads {
		oldBy[r.Class] = r
	}
	for _, r := range n.Reads {
		if or, ok := oldBy[r.Class]; ok && baseline.ValueText(or.Value) != baseline.ValueText(r.Value) {
			return true
		}
	}
	return false
}

// readThrough names the fields whose stability has a Runtime(...) leaf for the dependency.
func readThrough(c *baseline.Class, dep string) []string {
	simple := dep
	if i := strings.LastIndex(dep, "."); i >= 0 {
		simple = dep[i+1:]
	}
	leaf := "Runtime(" + simple + ")"
	var out []string
	for _, f := range c.Fields {
		for _, part := range strings.Split(f.Stability, ",") {
			if part == leaf {
				out = append(out, "field `"+f.Name+"`")
				break
			}
		}
	}
	return out
}
