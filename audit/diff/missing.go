package diff

import (
	"slices"
	"strings"

	"github.com/composestab/composestab/audit/scan"
)

// CauseMissingClass is the cause when a class the verdict or the comparison stands on is not on
// one side's classpath (Class; Detail "old" or "new"). Nothing in the bytes need have changed: a
// half resolved classpath, not the code, made the difference.
const CauseMissingClass CauseKind = "missing-class"

// missingOf is what one side's scan lacks: per class (by Change.Class), per composable (by
// ComposableChange.Key) and per composable parameter (Key and Part), the missing classes each
// stands on, and all of them; dotted.
type missingOf struct {
	classes, composables map[string][]string
	all                  map[string]bool
}

func sideMissing(rep *scan.Report) missingOf {
	m := missingOf{classes: map[string][]string{}, composables: map[string][]string{}, all: map[string]bool{}}
	if rep == nil {
		return m
	}
	for _, mc := range rep.Summary.Missing {
		m.all[kotlinName(mc.Class)] = true
	}
	for _, c := range rep.Classes {
		for _, name := range c.Missing {
			m.classes[c.Name] = appendOnce(m.classes[c.Name], kotlinName(name))
		}
	}
	for _, ic := range rep.Composables {
		for _, c := range ic.Composables {
			key := c.Class + "." + c.Method
			for _, p := range c.Params {
				for _, name := range p.Missing {
					m.composables[key] = appendOnce(m.composables[key], kotlinName(name))
					m.composables[key+"\x00parameter "+p.Name] = appendOnce(m.composables[key+"\x00parameter "+p.Name], kotlinName(name))
				}
			}
		}
	}
	return m
}

func appendOnce(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// missingCauses gives every change that stands on a class one side's classpath lacks that
// class as its cause, in place of the causes it explains: the dependency whose $stable went
// absent or appeared, the composable's own bytecode, a marker. The change is still reported —
// a gate must not pass on a half-resolved classpath — but it names what to add, not code that
// did not change.
func missingCauses(d *Report, old, new missingOf) {
	explain := func(causes []Cause, oldMiss, newMiss []string) ([]Cause, bool) {
		// A dependency read on one side only, absent from the other's classpath, is missing too.
		for _, c := range causes {
			switch {
			case c.Kind != CauseDependency:
			case c.New == nil && new.all[c.Class]:
				newMiss = appendOnce(slices.Clone(newMiss), c.Class)
			case c.Old == nil && old.all[c.Class]:
				oldMiss = appendOnce(slices.Clone(oldMiss), c.Class)
			}
		}
		if len(oldMiss) == 0 && len(newMiss) == 0 {
			return causes, false
		}
		var out []Cause
		for _, name := range newMiss {
			out = append(out, Cause{Kind: CauseMissingClass, Class: name, Detail: "new"})
		}
		for _, name := range oldMiss {
			if !slices.Contains(newMiss, name) {
				out = append(out, Cause{Kind: CauseMissingClass, Class: name, Detail: "old"})
			}
		}
		for _, c := range causes {
			switch {
			case c.Kind == CauseCode:
				// The bytes the missing classes leave undecided: not the code.
			case c.Kind == CauseDependency && (slices.Contains(newMiss, c.Class) || slices.Contains(oldMiss, c.Class)):
			default:
				out = append(out, c)
			}
		}
		return out, true
	}
	for i := range d.Changes {
		ch := &d.Changes[i]
		if causes, ok := explain(ch.Causes, old.classes[ch.Class], new.classes[ch.Class]); ok {
			if head, _, ok := strings.Cut(ch.Message, ": "); ok && ch.Part == "" {
				// What moved, then why: the fields' reasons on the side that had the classes are
				// no change of the fields.
				ch.Message = head + ": " + CausesText(causes)
			} else {
				ch.Message = retell(ch.Message, ch.Causes, causes)
			}
			ch.Causes = causes
		}
	}
	for i := range d.Composables {
		ch := &d.Composables[i]
		key := ch.Key
		if param, _, _ := strings.Cut(ch.Part, " at "); strings.HasPrefix(param, "parameter ") {
			key += "\x00" + param // a parameter's own missing classes, not its siblings'
		}
		if causes, ok := explain(ch.Causes, old.composables[key], new.composables[key]); ok {
			ch.Message = retell(ch.Message, ch.Causes, causes)
			ch.Causes = causes
		}
	}
}

// retell replaces the causes a message ends with by the new ones, or adds them.
func retell(msg string, old, new []Cause) string {
	if len(old) > 0 {
		if base, ok := strings.CutSuffix(msg, CausesText(old)); ok {
			return base + CausesText(new)
		}
	}
	return msg + ": " + CausesText(new)
}
