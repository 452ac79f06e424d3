package verify

import "testing"

// TestVerdict: false before unproven before needed before redundant, "" for a line of no class.
func TestVerdict(t *testing.T) {
	note := []ClassNote{{Class: "a.B", Why: "why"}}
	for _, c := range []struct {
		kinds []ClassKind
		want  ClassKind
	}{
		{nil, ""},
		{[]ClassKind{KindRedundant}, KindRedundant},
		{[]ClassKind{KindRedundant, KindNeeded}, KindNeeded},
		{[]ClassKind{KindNeeded, KindUnproven}, KindUnproven},
		{[]ClassKind{KindUnproven, KindFalse, KindNeeded, KindRedundant}, KindFalse},
	} {
		lc := &LineCheck{Classes: map[ClassKind][]ClassNote{}}
		for _, k := range c.kinds {
			lc.Classes[k] = note
		}
		if got := lc.Verdict(); got != c.want {
			t.Errorf("%v: %q, want %q", c.kinds, got, c.want)
		}
	}
}
