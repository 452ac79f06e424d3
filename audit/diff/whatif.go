package diff

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/audit/baseline"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/stability"
)

// CauseCompiler is the cause when the compiler's rules changed between the two releases; Rule
// names the rule (stability.RuleChange) and Since the first release that has it.
const CauseCompiler CauseKind = "compiler"

// The two views a compiler what-if takes of the inputs' classes (Change.Part names the view).
const (
	// ViewConsumed is the classes as an app built by each release consumes them: what audit
	// --compiler answers (verdict and stability), the default. A class's $stable is what its
	// bytes hold; the release decides what it decides at compile time (objects, interfaces,
	// known-stable types, markers).
	ViewConsumed = "as consumed"
	// ViewCompiled is the classes as each release would compile them (--as-compiled): what
	// audit --compiler infers for them, its "inferred" view: the stability, the $stable a
	// rebuild writes (evaluated against the classpath as it is), the @StabilityInferred mask and
	// the field verdicts of the -classes.txt block. Right for an app's own classes, rebuilt by
	// the new release.
	ViewCompiled = "as compiled"
)

// WhatIf selects what a compiler what-if compares.
type WhatIf struct {
	// Old and New are the two releases.
	Old, New stability.Release
	// AsCompiled takes ViewCompiled instead of ViewConsumed.
	AsCompiled bool
}

// CompilerWhatIf predicts what changes when the classes of opts.Inputs are seen by w.New instead
// of w.Old, in one of two views: as an app built by each release consumes them (ViewConsumed,
// audit --compiler's verdicts) or as each release would compile them (ViewCompiled). The
// classpath (opts.Classpath) is unchanged. Every change carries the rule changes behind it: each
// rule that differs between the releases is turned back to the old release's setting, one at a
// time, and the rules whose reversal moves the class are its causes, those that restore the old
// prediction whole first. Where no one reversal moves it, the rules act together: starting from
// all of them turned back, each is left at the new setting in turn while the class still moves,
// and the rules that remain, two or more, are its causes, each naming the others (Detail).
//
// With opts.Composables the composables are compared too, as an app's build by each release
// compiles them (in either view: they are the inputs' own code), with their causes found alike.
func CompilerWhatIf(ctx context.Context, opts scan.Options, w WhatIf) (*Report, error) {
	ds, err := compilerWhatIf(ctx, opts, w.Old, w.New, []bool{w.AsCompiled})
	if err != nil {
		return nil, err
	}
	return ds[0], nil
}

// compilerWhatIf is CompilerWhatIf for several views (AsCompiled false or true) out of the same
// scans: a report per view, in order, each with the composables.
func compilerWhatIf(ctx context.Context, opts scan.Options, oldV, newV stability.Release, views []bool) ([]*Report, error) {
	// A side: each class's prediction in each view, and, with composables, the composables as a
	// baseline has them (how each parameter is compared, whether a call skips, per call site).
	type side struct {
		p      []map[string]prediction
		errs   []*scan.Error
		inputs []string
		b      *baseline.Baseline
	}
	// sideOf keeps of a report only what the what-if needs: a large input's report is many
	// times its predictions.
	sideOf := func(rep *scan.Report) side {
		sd := side{errs: rep.Errors, inputs: rep.Inputs}
		for _, asCompiled := range views {
			sd.p = append(sd.p, predictions(rep, asCompiled))
		}
		if opts.Composables {
			sd.b = baseline.New(rep)
		}
		return sd
	}
	// with is opts with a release's rules, some turned back.
	with := func(release stability.Release, override map[string]bool, known *stability.Release) scan.Options {
		o := opts
		o.Compiler, o.RuleOverride, o.KnownStableOf = scan.Compiler{Release: release}, override, known
		return o
	}
	// The two predictions read the same inputs: side by side, each class read once. The new
	// side's report stays open: the attribution below judges its classes again.
	opts.Shared = cmp.Or(opts.Shared, archive.NewShared())
	var oldS side
	var oldErr error
	var wg sync.WaitGroup
	wg.Go(func() {
		rep, err := scan.Scan(ctx, with(oldV, nil, nil))
		if oldErr = err; err == nil {
			oldS = sideOf(rep)
			rep.Close()
		}
	})
	newRep, err := scan.Scan(ctx, with(newV, nil, nil))
	wg.Wait()
	if err = cmp.Or(oldErr, err); err != nil {
		if newRep != nil {
			newRep.Close()
		}
		return nil, err
	}
	defer newRep.Close()
	newS := sideOf(newRep)
	var composables []ComposableChange
	if oldS.b != nil {
		// The same composables on both sides: only how they compare and skip can change.
		composables = compareComposables(oldS.b.Composables, newS.b.Composables, false)
	}
	// Attribution. A target is a changed class (its view and JVM name) or a changed part of a
	// composable ("f", its key and part); it moves under some rules turned back when its
	// prediction is no longer the new release's.
	classTarget := func(view int, name string) string { return fmt.Sprint(view) + "\x00" + name }
	partKey := func(c ComposableChange) string { return "f\x00" + c.Key + "\x00" + c.Part }
	changed := make([][]string, len(views))
	var targets []string
	for v := range views {
		for name, n := range newS.p[v] {
			if o, ok := oldS.p[v][name]; ok && o.key != n.key {
				changed[v] = append(changed[v], name)
			}
		}
		sort.Strings(changed[v])
		for _, name := range changed[v] {
			targets = append(targets, classTarget(v, name))
		}
	}
	for _, c := range composables {
		targets = append(targets, partKey(c))
	}
	// backTo scans with some rules turned back: the targets that move, and the classes it
	// restores whole (their old prediction).
	backTo := func(rcs []stability.RuleChange) (trial, error) {
		override, known := map[string]bool{}, (*stability.Release)(nil)
		for _, rc := range rcs {
			if rc.Name == stability.KnownStableRule {
				known = &oldV
			} else {
				override[rc.Name] = rc.Old
			}
		}
		rep, err := newRep.Rescan(ctx, with(newV, override, known))
		if err != nil {
			return trial{}, err
		}
		s := sideOf(rep)
		rep.Close()
		t := trial{moved: map[string]bool{}, restored: map[string]bool{}}
		for v := range views {
			for _, name := range changed[v] {
				id := classTarget(v, name)
				if s.p[v][name].key != newS.p[v][name].key {
					t.moved[id] = true
				}
				if s.p[v][name].key == oldS.p[v][name].key {
					t.restored[id] = true
				}
			}
		}
		if s.b != nil && len(composables) > 0 {
			for _, c := range compareComposables(s.b.Composables, newS.b.Composables, false) {
				t.moved[partKey(c)] = true
			}
		}
		return t, nil
	}
	// back judges the new side's classes again under several sets of rules turned back, two at
	// a time: nothing is read again, and the judgements, largely serial, fill two cores. (Two
	// reports' classes besides the new side's are also the what-if's memory.)
	back := func(sets [][]stability.RuleChange) ([]trial, error) {
		out := make([]trial, len(sets))
		errs := make([]error, len(sets))
		for i := 0; i < len(sets); i += 2 {
			var wg sync.WaitGroup
			if i+1 < len(sets) {
				wg.Go(func() { out[i+1], errs[i+1] = backTo(sets[i+1]) })
			}
			out[i], errs[i] = backTo(sets[i])
			wg.Wait()
			if err := errors.Join(errs[i:min(i+2, len(sets))]...); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	var rcs []stability.RuleChange
	if len(targets) > 0 {
		rcs = stability.RuleChanges(oldV, newV)
	}
	singles := make([][]stability.RuleChange, len(rcs))
	for i, rc := range rcs {
		singles[i] = []stability.RuleChange{rc}
	}
	trials, err := back(singles)
	if err != nil {
		return nil, err
	}
	causes := map[string][]Cause{}
	whole := map[string]map[string]bool{} // the rules whose reversal alone restores a target whole
	for i, rc := range rcs {
		for _, id := range targets {
			if trials[i].moved[id] {
				causes[id] = append(causes[id], compilerCause(rc))
			}
			if trials[i].restored[id] {
				if whole[id] == nil {
					whole[id] = map[string]bool{}
				}
				whole[id][rc.Name] = true
			}
		}
	}
	var alone []string
	for _, id := range targets {
		if len(causes[id]) == 0 {
			alone = append(alone, id)
		}
	}
	together, err := actTogether(alone, rcs, func(sets [][]stability.RuleChange) ([]map[string]bool, error) {
		trials, err := back(sets)
		if err != nil {
			return nil, err
		}
		moved := make([]map[string]bool, len(trials))
		for i, t := range trials {
			moved[i] = t.moved
		}
		return moved, nil
	})
	if err != nil {
		return nil, err
	}
	for id, rs := range together {
		for _, rc := range rs {
			c := compilerCause(rc)
			var others []string
			for _, o := range rs {
				if o.Name != rc.Name {
					others = append(others, o.Name)
				}
			}
			c.Detail = "together with " + strings.Join(others, ", ")
			causes[id] = append(causes[id], c)
		}
	}
	var out []*Report
	for v, asCompiled := range views {
		w := WhatIf{Old: oldV, New: newV, AsCompiled: asCompiled}
		d := &Report{SchemaVersion: scan.SchemaVersion, Changes: []Change{}, Composables: []ComposableChange{},
			Errors: mergeErrors(oldS.errs, newS.errs), Old: append([]string{}, oldS.inputs...), New: append([]string{}, newS.inputs...)}
		for _, name := range changed[v] {
			o, n := oldS.p[v][name], newS.p[v][name]
			id := classTarget(v, name)
			cs := slices.Clone(causes[id])
			sort.SliceStable(cs, func(i, j int) bool { return whole[id][cs[i].Rule] && !whole[id][cs[j].Rule] })
			ch := Change{Class: n.class, Action: Changed, OldVerdict: o.verdict, NewVerdict: n.verdict, Part: n.part,
				Old: o.text, New: n.text, Kind: kindOf(o.verdict, n.verdict), Input: n.input, Causes: cs}
			ch.Message = whatIfMessage(w, o, n, cs)
			d.Changes = append(d.Changes, ch)
		}
		for _, c := range composables {
			c.Causes = slices.Clone(causes[partKey(c)])
			if c.Causes == nil {
				c.Causes = []Cause{}
			}
			c.Message = fmt.Sprintf("an app's build by %s instead of %s: %s %s → %s; %s", newV, oldV, partText(c.Part), c.Old, c.New, becauseText(c.Causes))
			d.Composables = append(d.Composables, c)
		}
		sort.SliceStable(d.Changes, func(i, j int) bool {
			if d.Changes[i].Class != d.Changes[j].Class {
				return d.Changes[i].Class < d.Changes[j].Class
			}
			return d.Changes[i].Part < d.Changes[j].Part
		})
		out = append(out, d)
	}
	return out, nil
}

func compilerCause(rc stability.RuleChange) Cause {
	return Cause{Kind: CauseCompiler, Rule: rc.Name, Since: rc.Since, Summary: rc.Summary}
}

// trial is what one scan with some rules turned back tells of the targets: those it moves off
// the new release's prediction, and those it restores to the old one.
type trial struct{ moved, restored map[string]bool }

// actTogether finds, for each target that no single rule turned back moves, the rules that move
// it together. Every rule starts turned back (the old release's rules, which move every change:
// that is checked, and a target they do not move is left without causes); then each in turn,
// in the table's order, is left at the new release's setting if the target still moves without
// it. What remains is a set of rules of which none can be left out at the time it was tried: two
// or more, since one alone moves nothing. Targets that share the rules still turned back share
// each trial: one per distinct set tried, the sets of one step asked of back at once.
func actTogether(alone []string, rcs []stability.RuleChange, back func(sets [][]stability.RuleChange) ([]map[string]bool, error)) (map[string][]stability.RuleChange, error) {
	out := map[string][]stability.RuleChange{}
	if len(alone) == 0 || len(rcs) < 2 {
		return out, nil
	}
	on := map[string][]bool{}
	moved, err := back([][]stability.RuleChange{rcs})
	if err != nil {
		return nil, err
	}
	for _, id := range alone {
		if moved[0][id] {
			on[id] = slices.Repeat([]bool{true}, len(rcs))
		}
	}
	for i := range rcs {
		trials := map[string][]string{} // the rules tried (a string of 0 and 1) → targets
		for _, id := range alone {
			set := on[id]
			if set == nil || !set[i] {
				continue
			}
			sig := make([]byte, len(set))
			for j, b := range set {
				sig[j] = '0'
				if b && j != i {
					sig[j] = '1'
				}
			}
			trials[string(sig)] = append(trials[string(sig)], id)
		}
		sigs := slices.Sorted(maps.Keys(trials))
		sets := make([][]stability.RuleChange, len(sigs))
		for k, sig := range sigs {
			for j, b := range sig {
				if b == '1' {
					sets[k] = append(sets[k], rcs[j])
				}
			}
		}
		if len(sets) == 0 {
			continue
		}
		moved, err := back(sets)
		if err != nil {
			return nil, err
		}
		for k, sig := range sigs {
			for _, id := range trials[sig] {
				if moved[k][id] {
					on[id][i] = false
				}
			}
		}
	}
	for id, set := range on {
		for j, b := range set {
			if b {
				out[id] = append(out[id], rcs[j])
			}
		}
	}
	return out, nil
}

// prediction is what one release makes of one class in one view.
type prediction struct {
	class, input, part string
	verdict            stability.Verdict
	text               string // the whole prediction in words (Change.Old and New)
	key                string // what must differ for a change
	// The parts of ViewCompiled's text, for a message that says what moved; ViewConsumed has
	// the stability alone.
	stability, value, mask, fields string
}

// predictions keys, by JVM name, each class's prediction in the view: ViewConsumed, every
// reported class's verdict and stability; ViewCompiled, each class the plugin processes, its
// inferred stability, the $stable a build writes (evaluated, where the input was built with
// Compose), its mask and its field verdicts.
func predictions(rep *scan.Report, asCompiled bool) map[string]prediction {
	out := map[string]prediction{}
	for _, c := range rep.Classes {
		p := prediction{class: c.Name, input: c.Input}
		if !asCompiled {
			p.part, p.verdict, p.stability = ViewConsumed, c.Verdict, c.Stability
			p.text = string(c.Verdict) + ": " + c.Stability
			p.key = p.text
			out[c.JVMName] = p
			continue
		}
		r := c.CompiledResult()
		if r == nil || !r.Processed {
			continue
		}
		// The report block as the compiler would print it, minus how it names types (which
		// releases print differently while deciding the same).
		var fields []string
		for _, f := range r.Fields {
			fields = append(fields, string(stability.VerdictOf(f.Stability))+" "+f.Field.Name)
		}
		p.part, p.verdict = ViewCompiled, r.Verdict()
		p.stability = r.Stability.String()
		switch {
		case r.Marked:
			p.stability = "marked stable"
		case p.stability == "":
			// Stable, which the report prints as nothing: releases differ on when.
			p.stability = "Stable (nothing to combine)"
		}
		p.mask, p.fields = fmt.Sprint(r.Mask), strings.Join(fields, ", ")
		if v := c.InferredValue; v != nil {
			// An app reads the value: Unstable and Uncertain(I) both write 8.
			p.value = fmt.Sprint(*v)
			p.verdict = stability.VerdictRuntime
			switch {
			case *v&evaluate.UnstableBit != 0:
				p.verdict = stability.VerdictUnstable
			case c.Inferred == "Stable" || *v == 0 && len(c.Participating()) == 0:
				p.verdict = stability.VerdictStable
			}
		}
		p.text = compiledText(p.stability, p.value) + ", mask " + p.mask + " (fields: " + p.fields + ")"
		p.key = string(p.verdict) + "\x00" + p.text
		out[c.JVMName] = p
	}
	return out
}

// compiledText is an inferred stability and the $stable written ("" when not known).
func compiledText(stab, value string) string {
	if value == "" {
		return stab
	}
	return stab + ", $stable = " + value
}

func whatIfMessage(w WhatIf, o, n prediction, cs []Cause) string {
	var what, moved string
	if w.AsCompiled {
		what = fmt.Sprintf("as compiled by %s instead of %s", w.New, w.Old)
		if ot, nt := compiledText(o.stability, o.value), compiledText(n.stability, n.value); ot != nt {
			moved = ot + " → " + nt
		} else {
			moved = nt + " either way"
		}
		if o.mask != n.mask {
			moved += "; mask " + o.mask + " → " + n.mask
		}
		if o.fields != n.fields {
			moved += "; fields " + o.fields + " → " + n.fields
		}
	} else {
		what = fmt.Sprintf("as an app built by %s instead of %s consumes it", w.New, w.Old)
		moved = o.stability + " → " + n.stability
		if o.verdict != n.verdict {
			moved = fmt.Sprintf("%s → %s (%s)", o.verdict, n.verdict, moved)
		}
	}
	return what + ": " + moved + "; " + becauseText(cs)
}

// becauseText says a change's compiler causes in words: the rules one by one, or the rules that
// act together.
func becauseText(cs []Cause) string {
	if len(cs) == 0 {
		return "no change of the compiler's rules explains it"
	}
	text := "because " + CausesText(cs)
	for _, c := range cs {
		if c.Detail != "" {
			text = "because the compiler rules act together (no one of them alone explains it): " + CausesText(cs)
			break
		}
	}
	return text
}

// partText names a composable's part in a sentence.
func partText(part string) string {
	if part == "" {
		return "the composable"
	}
	return part
}
