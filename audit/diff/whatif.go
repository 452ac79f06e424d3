package diff

import (
	"cmp"
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/composestab/composestab/audit/baseline"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/stability"
)

// CauseCompiler: the compiler's rules changed between the two releases; Rule names the rule
// (stability.RuleChange) and Since the first release that has it.
const CauseCompiler CauseKind = "compiler"

// WhatIf selects what a compiler what-if compares.
type WhatIf struct {
	// Old and New are the two releases (as --compiler takes them).
	Old, New string
	// AsCompiled compares the libraries' own reports (what the -classes.txt of a rebuild says:
	// inferred stability, mask, field verdicts) instead of what an app compiled by each release
	// gets for its own classes.
	AsCompiled bool
}

// CompilerWhatIf predicts what changes when the classes of opts.Inputs are compiled by w.New
// instead of w.Old, dependencies (opts.Classpath) unchanged: for each class the plugin would
// process, the $stable a build by each release writes, evaluated against the $stable values of the
// classpath (or, AsCompiled, the report block). Every change carries the rule changes behind it:
// each rule that differs between the releases is turned back to the old release's setting, one
// at a time, and the rules whose reversal moves the class are its causes, those that restore the
// old prediction whole first.
func CompilerWhatIf(ctx context.Context, opts scan.Options, w WhatIf) (*Report, error) {
	for _, v := range []*string{&w.Old, &w.New} {
		r, err := scan.ResolveCompiler(*v)
		if err != nil || r == scan.AutoCompiler {
			return nil, fmt.Errorf("compiler %q: a release is needed, such as %s", *v, stability.DefaultCompiler)
		}
		*v = r
	}
	// A side: each class's prediction, and, with composables, the composables as a baseline has
	// them (how each parameter is compared, whether a call skips, per call site).
	type side struct {
		p   map[string]prediction
		rep *scan.Report
		b   *baseline.Baseline
	}
	predict := func(compiler string, override map[string]bool, known string, shared *classfile.Shared) (side, error) {
		o := opts
		o.Shared = shared
		o.Compiler, o.RuleOverride, o.KnownStableOf = compiler, override, known
		rep, err := scan.Scan(ctx, o)
		if err != nil {
			return side{}, err
		}
		defer rep.Close()
		sd := side{p: predictions(rep, w.AsCompiled), rep: rep}
		if opts.Composables && !w.AsCompiled {
			sd.b = baseline.New(rep)
		}
		return sd, nil
	}
	// The two predictions read the same inputs: side by side, each class read once. (The
	// attribution scans below run one after another, when the classes read are long let go:
	// they read their own, through opts.Shared as given.)
	shared := cmp.Or(opts.Shared, classfile.NewShared())
	var oldS side
	var oldErr error
	var wg sync.WaitGroup
	wg.Go(func() { oldS, oldErr = predict(w.Old, nil, "", shared) })
	newS, err := predict(w.New, nil, "", shared)
	wg.Wait()
	if err = cmp.Or(oldErr, err); err != nil {
		return nil, err
	}
	oldP, newP := oldS.p, newS.p
	d := &Report{SchemaVersion: scan.SchemaVersion, Changes: []Change{}, Composables: []ComposableChange{},
		Errors: mergeErrors(oldS.rep.Errors, newS.rep.Errors), Old: append([]string{}, oldS.rep.Inputs...), New: append([]string{}, newS.rep.Inputs...)}
	var changed []string
	for name, n := range newP {
		if o, ok := oldP[name]; ok && o.key != n.key {
			changed = append(changed, name)
		}
	}
	sort.Strings(changed)
	if oldS.b != nil {
		// The same composables on both sides: only how they compare and skip can change.
		d.Composables = compareComposables(oldS.b.Composables, newS.b.Composables, false)
	}
	if len(changed) == 0 && len(d.Composables) == 0 {
		return d, nil
	}
	partKey := func(c ComposableChange) string { return c.Key + "\x00" + c.Part }
	composableCauses := map[string][]Cause{}
	// Attribution: one scan per rule change, that rule turned back.
	causes := map[string][]Cause{}
	whole := map[string]map[string]bool{}
	for _, rc := range stability.RuleChanges(w.Old, w.New) {
		override, known := map[string]bool{rc.Name: rc.Old}, ""
		if rc.Name == stability.KnownStableRule {
			override, known = nil, w.Old
		}
		backS, err := predict(w.New, override, known, opts.Shared)
		if err != nil {
			return nil, err
		}
		back := backS.p
		if backS.b != nil && len(d.Composables) > 0 {
			moved := map[string]bool{}
			for _, c := range compareComposables(backS.b.Composables, newS.b.Composables, false) {
				moved[partKey(c)] = true
			}
			for _, c := range d.Composables {
				if moved[partKey(c)] {
					composableCauses[partKey(c)] = append(composableCauses[partKey(c)], Cause{Kind: CauseCompiler, Rule: rc.Name, Since: rc.Since, Summary: rc.Summary})
				}
			}
		}
		for _, name := range changed {
			if back[name].key == newP[name].key {
				continue
			}
			causes[name] = append(causes[name], Cause{Kind: CauseCompiler, Rule: rc.Name, Since: rc.Since, Summary: rc.Summary})
			if back[name].key == oldP[name].key {
				if whole[name] == nil {
					whole[name] = map[string]bool{}
				}
				whole[name][rc.Name] = true
			}
		}
	}
	for _, name := range changed {
		o, n := oldP[name], newP[name]
		cs := causes[name]
		sort.SliceStable(cs, func(i, j int) bool { return whole[name][cs[i].Rule] && !whole[name][cs[j].Rule] })
		ch := Change{Class: n.class, Action: Changed, OldVerdict: o.verdict, NewVerdict: n.verdict, Part: n.part,
			Old: o.text, New: n.text, Kind: kindOf(o.verdict, n.verdict), Input: n.input, Causes: cs}
		ch.Message = whatIfMessage(w, o, n, cs)
		d.Changes = append(d.Changes, ch)
	}
	for i := range d.Composables {
		c := &d.Composables[i]
		c.Causes = composableCauses[partKey(*c)]
		if c.Causes == nil {
			c.Causes = []Cause{}
		}
		why := "several rule changes act together"
		if len(c.Causes) > 0 {
			why = "because " + CausesText(c.Causes)
		}
		c.Message = fmt.Sprintf("an app's build by %s instead of %s: %s %s → %s; %s", w.New, w.Old, partText(c.Part), c.Old, c.New, why)
	}
	sort.SliceStable(d.Changes, func(i, j int) bool {
		if d.Changes[i].Class != d.Changes[j].Class {
			return d.Changes[i].Class < d.Changes[j].Class
		}
		return d.Changes[i].Part < d.Changes[j].Part
	})
	return d, nil
}

// prediction is what one release makes of one class.
type prediction struct {
	class, input, part string
	verdict            stability.Verdict
	text               string // the stability and $stable (or the report block) in words
	key                string // what must differ for a change: the $stable value, or the block
}

// predictions keys, by JVM name, each processed class's prediction: for the app, the $stable a
// build writes (evaluated) and its verdict; AsCompiled, its report block.
func predictions(rep *scan.Report, asCompiled bool) map[string]prediction {
	out := map[string]prediction{}
	for _, c := range rep.Classes {
		if !asCompiled && c.InferredValue == nil {
			// Nothing to predict (a class of an input built without Compose): skip its
			// as-compiled analysis, which such a class only gets on demand.
			continue
		}
		r := c.CompiledResult()
		if r == nil || !r.Processed {
			continue
		}
		p := prediction{class: c.Name, input: c.Input}
		if asCompiled {
			// The report block as the compiler would print it, minus how it names types (which
			// releases print differently while deciding the same).
			var fields []string
			for _, f := range r.Fields {
				fields = append(fields, string(stability.VerdictOf(f.Stability))+" "+f.Field.Name)
			}
			p.part, p.verdict = "as compiled", r.Verdict()
			stab := r.Stability.String()
			if r.Marked {
				stab = "marked stable"
			}
			p.text = fmt.Sprintf("%s %s, mask %d (fields: %s)", r.Verdict(), stab, r.Mask, strings.Join(fields, ", "))
			p.key = p.text
		} else {
			if c.InferredValue == nil {
				continue
			}
			v := *c.InferredValue
			p.verdict = stability.VerdictRuntime
			switch {
			case v&evaluate.UnstableBit != 0:
				p.verdict = stability.VerdictUnstable
			case c.Inferred == "Stable" || v == 0 && len(c.Participating()) == 0:
				p.verdict = stability.VerdictStable
			}
			p.text = fmt.Sprintf("%s, $stable = %d", c.Inferred, v)
			// An app reads the value: Unstable and Uncertain(I) both write 8.
			p.key = fmt.Sprint(v)
		}
		out[c.JVMName] = p
	}
	return out
}

func whatIfMessage(w WhatIf, o, n prediction, cs []Cause) string {
	what := "an app's build"
	if w.AsCompiled {
		what = "the library's build"
	}
	msg := fmt.Sprintf("%s by %s instead of %s: %s → %s", what, w.New, w.Old, o.text, n.text)
	if len(cs) == 0 {
		return msg + "; no single rule change explains it (several act together)"
	}
	var parts []string
	for _, c := range cs {
		parts = append(parts, c.String())
	}
	return msg + "; because " + strings.Join(parts, "; ")
}

// partText names a composable's part in a sentence.
func partText(part string) string {
	if part == "" {
		return "the composable"
	}
	return part
}
