// Package scan runs one composestab scan: it finds the inputs (jars, AARs, class folders, Gradle
// build trees), opens them with their classpath once, re-runs the Compose compiler's stability
// inference for every class, simulates each $stable, and collects the results and every error
// met on the way into a Report. Baselines, diffs, verification and explanations build on it.
package scan

import (
	"context"
	"errors"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/internal/par"
	"github.com/composestab/composestab/metadata"

	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/stability"
)

// Scan runs a scan. The error is non-nil only when the scan could not run at all (no input, a
// bad configuration file) or ctx was cancelled (ctx.Err()); unreadable inputs and classes are
// listed in Report.Errors.
func Scan(ctx context.Context, opts Options) (*Report, error) {
	setup, d, err := prepare(opts)
	if err != nil {
		return nil, err
	}
	b := &opened{inputs: d.Inputs, classpath: slices.Clone(opts.Classpath)}
	for _, p := range append(append([]error(nil), opts.Problems...), d.Problems...) {
		b.errs = append(b.errs, newError(ErrUnreadable, "", "", "", p))
	}
	if len(b.inputs) == 0 {
		return nil, errors.New("no jar, AAR or class folder found")
	}
	all := append(append([]string(nil), b.inputs...), opts.Classpath...)
	cp, openErr := setup.OpenClasspath(all)
	if cp == nil {
		return nil, openErr
	}
	b.cp = cp
	b.errs = append(b.errs, OpenErrors(openErr)...)
	b.u = stability.NewUniverse(cp)
	if opts.Composables {
		b.u.ReadFunctions() // the composables' analysis reads them: decoded once, with the model
	}
	if opts.Progress != nil {
		total := inputEntries(cp, b.inputs...)
		var pmu sync.Mutex
		read := 0
		b.u.SetProgress(func() {
			pmu.Lock()
			defer pmu.Unlock()
			// Every 64th entry, and the last: a terminal redraw per class would cost more than
			// reading the class.
			if read++; read%64 == 0 || read == total {
				opts.Progress(read, total)
			}
		})
	}
	b.ev = evaluate.New(cp)
	rep, err := b.judge(ctx, opts, setup)
	if err != nil {
		cp.Close()
		return nil, err
	}
	return rep, nil
}

// opened is what a scan opens and reads once, whatever it judges with: the inputs, the classpath,
// the class models and the $stable values the bytes compute (none depends on a release, a rule
// or a configuration), and the errors of opening and validating the entries.
type opened struct {
	inputs    []string
	classpath []string // Options.Classpath
	cp        *archive.Classpath
	u         *stability.Universe
	ev        *evaluate.Evaluator
	errs      []*Error // Options.Problems, the search for inputs' and opening's
	settled   []*Error // Settle's, once the first judgement has settled the classpath
}

// Rescan is Scan with opts over the report's own classpath and class models, as a scan with opts
// would report — without reading a class again: for judging the same inputs with another
// compiler release, rule overrides or configuration (the compiler what-if). opts must name the
// report's inputs (after folder search) and classpath; Progress is not called. The new report
// shares the classpath: close the original last. It needs a report not closed.
func (rep *Report) Rescan(ctx context.Context, opts Options) (*Report, error) {
	b := rep.opened
	if b == nil || rep.cp == nil {
		return nil, errors.New("the report keeps no class models to scan again (closed)")
	}
	setup, d, err := prepare(opts)
	if err != nil {
		return nil, err
	}
	if !slices.Equal(d.Inputs, b.inputs) || !slices.Equal(opts.Classpath, b.classpath) {
		return nil, errors.New("a rescan needs the report's own inputs and classpath")
	}
	again, err := b.judge(ctx, opts, setup)
	if err != nil {
		return nil, err
	}
	again.borrowed = true
	return again, nil
}

// prepare resolves opts (compiler, configuration, engines) and finds the inputs in its paths.
func prepare(opts Options) (*Setup, *Discovery, error) {
	setup, err := opts.Setup()
	if err != nil {
		return nil, nil, err
	}
	d, err := Discover(opts.Inputs, opts.Limits)
	if err != nil {
		return nil, nil, err
	}
	return setup, d, nil
}

// judge is what a scan does with what it opened: every class judged with setup's rules, the
// classpath settled (the first time), the report filled.
func (b *opened) judge(ctx context.Context, opts Options, setup *Setup) (*Report, error) {
	rep := &Report{SchemaVersion: SchemaVersion, Classes: []*Class{}, Inputs: b.inputs, cp: b.cp, opened: b}
	rep.Errors = append([]*Error{}, b.errs...)
	cp, u, ev, inputs := b.cp, b.u, b.ev, b.inputs
	skipped := map[string]int{}
	var mu sync.Mutex
	perInput := make([][]*Class, len(inputs))
	// producers are, with --compiler auto, the release each input's rules are read with: its
	// classes' report and its composables' alike.
	producers := make([]stability.Release, len(inputs))
	for i := range producers {
		producers[i] = setup.Compiler.Release
	}
	// Inputs are scanned side by side (a scan of one input is mostly serial); within one, only
	// the reading of its classes runs on every core.
	par.For(len(inputs), func(i int) {
		if ctx.Err() != nil {
			return
		}
		in := inputs[i]
		classes, skip, errs := scanModuleGuarded(ctx, u, ev, cp, in, setup, &producers[i])
		for k, c := range classes {
			c.order, c.inputIndex = k, i
		}
		perInput[i] = classes
		mu.Lock()
		for k, n := range skip {
			skipped[k] += n
		}
		rep.Errors = append(rep.Errors, errs...)
		mu.Unlock()
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// The entries no class needed are validated now, and the broken ones reported as opening
	// would have.
	if b.settled == nil {
		b.settled = append([]*Error{}, OpenErrors(cp.Settle())...)
	}
	rep.Errors = append(rep.Errors, b.settled...)
	for k, n := range inputSkips(cp, inputs) {
		skipped[k] += n
	}
	for _, cs := range perInput {
		for _, c := range cs {
			if why := keep(c, setup); why != "" {
				skipped[why]++
				continue
			}
			rep.Classes = append(rep.Classes, c)
		}
	}
	if opts.SuggestConfig {
		var err error
		if rep.Suggestions, err = suggestConfig(u, ev, rep, setup); err != nil {
			return nil, err
		}
	}
	if opts.CheckConfig {
		rep.ConfigLines, rep.configTexts = checkConfig(u, ev, rep, setup), setup.ConfigTexts
	}
	// The report's classes hold their models until Close anyway: suggestions and lines can be
	// judged on them later (SuggestedConfig, WithConfig) instead of by another scan.
	rep.suggest = sync.OnceValues(func() ([]*Suggestion, error) { return suggestConfig(u, ev, rep, setup) })
	rep.judge = func(extra stability.ConfigText) ([]*ConfigLine, []stability.ConfigText, error) {
		texts, err := stability.ReadConfigTexts(setup.Configs...)
		if err != nil {
			return nil, nil, err
		}
		s := *setup
		s.ConfigTexts = append(texts, extra)
		s.ConfigLines, s.Config = stability.ConfigLines(s.ConfigTexts)
		return checkConfig(u, ev, rep, &s), s.ConfigTexts, nil
	}
	if opts.Composables {
		for i, in := range inputs {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			// The composables' report, like the classes', with the rules of the release that
			// built the module (auto): its compiler decided their parameters' stability.
			sopts := setup.Stability()
			sopts.Release = producers[i]
			ic, err := scanComposablesGuarded(cp, u, in, sopts, opts.IncludeNonPublic, opts.CallSites)
			if err != nil {
				rep.Errors = append(rep.Errors, err)
				continue
			}
			rep.Composables = append(rep.Composables, ic)
		}
	}
	rep.Summary = summarize(rep, perInput)
	rep.Summary.Skipped = skipped
	for _, n := range skipped {
		rep.Summary.Entries += n
	}
	rep.Summary.Entries += len(rep.Classes)
	sort.SliceStable(rep.Classes, func(i, j int) bool {
		if rep.Classes[i].JVMName != rep.Classes[j].JVMName {
			return rep.Classes[i].JVMName < rep.Classes[j].JVMName
		}
		return rep.Classes[i].Input < rep.Classes[j].Input
	})
	sortErrors(rep.Errors)
	return rep, nil
}

// keep returns why the options leave c out of the report, "" to report it.
func keep(c *Class, s *Setup) string {
	opts, pkg := s.Options, s.pkg
	if !opts.IncludeNonPublic && !c.Visibility.IsPublicAPI() {
		return SkipNotPublic
	}
	if pkg != nil && pkg.Match(strings.ReplaceAll(c.Name, "/", ".")) == nil ||
		opts.DriftOnly && c.Drift == "" || opts.Only != "" && c.Verdict != opts.Only {
		return SkipFiltered
	}
	return ""
}

// summarize counts the reported classes; missing classes are counted over every scanned class.
func summarize(rep *Report, perInput [][]*Class) *Summary {
	sum := &Summary{Classes: len(rep.Classes), Verdicts: map[stability.Verdict]int{}, Errors: len(rep.Errors),
		Producers: []ProducerCount{}, Missing: []MissingClass{}}
	byProducer := map[[2]string]int{}
	for _, c := range rep.Classes {
		sum.Verdicts[c.Verdict]++
		if c.Drift != "" {
			sum.Drift++
		}
		byProducer[[2]string{c.Input, c.Producer}]++
	}
	for k, n := range byProducer {
		sum.Producers = append(sum.Producers, ProducerCount{Input: k[0], Producer: k[1], Classes: n})
	}
	sort.Slice(sum.Producers, func(i, j int) bool {
		a, b := sum.Producers[i], sum.Producers[j]
		if a.Input != b.Input {
			return a.Input < b.Input
		}
		if a.Classes != b.Classes {
			return a.Classes > b.Classes
		}
		return a.Producer < b.Producer
	})
	missing := map[string]*MissingClass{}
	for _, cs := range perInput {
		for _, c := range cs {
			for _, m := range mergeMissing(slices.Clone(c.reasonMissing), c.Missing) {
				mc := missing[m]
				if mc == nil {
					mc = &MissingClass{Class: dottedName(m), Example: c.Name}
					missing[m] = mc
				}
				mc.NeededBy++
				if c.Name < mc.Example {
					mc.Example = c.Name
				}
			}
		}
	}
	for _, ic := range rep.Composables {
		for _, c := range ic.Composables {
			var names []string
			for _, p := range c.Params {
				names = append(names, p.Missing...)
			}
			for _, m := range mergeMissing(nil, names) {
				mc := missing[m]
				if mc == nil {
					mc = &MissingClass{Class: m, Example: c.Name}
					missing[m] = mc
				}
				mc.Composables++
			}
		}
	}
	for _, mc := range missing {
		sum.Missing = append(sum.Missing, *mc)
	}
	sort.Slice(sum.Missing, func(i, j int) bool {
		a, b := sum.Missing[i], sum.Missing[j]
		if a.NeededBy+a.Composables != b.NeededBy+b.Composables {
			return a.NeededBy+a.Composables > b.NeededBy+b.Composables
		}
		return a.Class < b.Class
	})
	return sum
}

// scanModule analyses one input as the compiler compiled it.
// scanModuleGuarded is scanModule with a last resort: a panic — a bug, since every reader checks
// its input — becomes an internal error for this input alone, its class entries counted as
// unreadable, and the other inputs are still reported.
func scanModuleGuarded(ctx context.Context, u *stability.Universe, ev *evaluate.Evaluator, cp *archive.Classpath, input string, s *Setup, producer *stability.Release) (classes []*Class, skipped map[string]int, errs []*Error) {
	defer func() {
		if r := recover(); r != nil {
			classes, skipped, errs = nil, map[string]int{SkipUnreadable: inputEntries(cp, input)}, []*Error{internalError(input, r)}
		}
	}()
	if testHook != nil {
		testHook(input)
	}
	return scanModule(ctx, u, ev, input, s, producer)
}

// testHook, set by tests only, runs before each input is scanned (to stand in for a bug).
var testHook func(input string)

// inputEntries counts the class entries on the classpath of the given inputs.
func inputEntries(cp *archive.Classpath, inputs ...string) int {
	n := 0
	for _, in := range cp.Inputs() {
		if slices.Contains(inputs, in.Path) {
			n += len(in.Entries)
		}
	}
	return n
}

// scanComposablesGuarded is scanComposables with scanModuleGuarded's last resort.
func scanComposablesGuarded(cp *archive.Classpath, u *stability.Universe, input string, opts stability.Options, nonPublic, callSites bool) (ic *InputComposables, err *Error) {
	defer func() {
		if r := recover(); r != nil {
			ic, err = nil, internalError(input, r)
		}
	}()
	return scanComposables(cp, u, input, opts, nonPublic, callSites), nil
}

// scanModule scans one input; with --compiler auto it sets *producer to the release whose rules
// reproduce the module's own report.
func scanModule(ctx context.Context, u *stability.Universe, ev *evaluate.Evaluator, input string, s *Setup, producer *stability.Release) ([]*Class, map[string]int, []*Error) {
	var errs []*Error
	skipped := map[string]int{}
	all, shadowed := u.InputClasses(input)
	if shadowed > 0 {
		skipped[SkipShadowed] = shadowed
	}
	// Kotlin classes first, in the compiler's report order, then the rest in entry order.
	classes := stability.ReportOrder(all)
	inModule := map[*stability.Class]bool{}
	for _, c := range classes {
		inModule[c] = true
	}
	for _, c := range all {
		if !inModule[c] {
			classes = append(classes, c)
		}
	}
	kept := classes[:0:0]
	for _, c := range classes {
		reason := skipReason(c)
		if reason == SkipUnreadable {
			d := c.Ensure()
			errs = append(errs, newError(errorKind(d.Err), input, d.Entry, c.JVMName, d.Err))
		}
		if reason != "" && (!s.IncludeSynthetic || !widened[reason]) {
			skipped[reason]++
			continue
		}
		kept = append(kept, c)
	}
	classes = kept
	compose := false
	for _, c := range classes {
		if d := c.Ensure(); d.HasStableField || d.Inferred != nil {
			compose = true
			break
		}
	}
	// With --compiler auto the consumer is the newest release and the compiler's own report
	// (Result, compose-report) is reproduced with the rules of the release that built the module.
	producerEngine := (*stability.Engine)(nil)
	if s.Compiler.Auto {
		*producer = moduleProducer(u, ev, input, classes, s)
		producerEngine = s.EngineOf(u.Module(input), *producer)
	}
	engine := s.Engine(u.Module(input))
	consumer := s.Engine(nil)
	compiler := s.Compiler.Release
	// The consumer's view and $stable depend on the class alone (the consumer engine caches
	// nothing, the evaluator only order-free values): every core. The as-compiled view caches in
	// file order, as the compiler does: one class after another, after.
	out := make([]*Class, len(classes))
	outErrs := make([][]*Error, len(classes))
	cancelled := atomic.Bool{}
	par.For(len(classes), func(i int) {
		if i%256 == 0 && ctx.Err() != nil {
			cancelled.Store(true)
		}
		if cancelled.Load() {
			return
		}
		out[i], outErrs[i] = effectiveView(classes[i], input, consumer, ev)
	})
	if cancelled.Load() {
		return nil, skipped, errs // Scan reports the cancellation
	}
	for i, c := range classes {
		errs = append(errs, outErrs[i]...)
		ac := out[i]
		if d := c.Ensure(); compose && d.Origin == stability.OriginKotlin && d.MetadataKind == metadata.KindClass {
			// The as-compiled view with the consumer's rules: the explanation, and drift where
			// the bytes disagree.
			r := engine.AnalyzeClass(c)
			ac.result = r
			if producerEngine != nil {
				ac.result = producerEngine.AnalyzeClass(c)
			}
			ac.Marked = r.Marked
			ac.Inferred = r.Stability.String()
			if r.Marked || ac.Inferred == "" {
				// An empty combination (nothing to combine: no fields) is stable, as its $stable
				// of 0 says; the compiler's report prints it as nothing, our sentences as Stable.
				ac.Inferred = "Stable"
			}
			if r.Processed && !r.Marked {
				m := r.Mask
				ac.InferredMask = &m
				if d.Inferred != nil {
					ok := *d.Inferred == m
					ac.MaskMatches = &ok
				}
			}
			for _, f := range r.Fields {
				ac.Fields = append(ac.Fields, &Field{Name: f.Field.Name, Type: f.Field.Type.String(),
					Var: f.Field.Var || f.Field.Bare, Stability: f.Stability.String(), Verdict: stability.VerdictOf(f.Stability)})
			}
			if r.Processed {
				ac.InferredValue = inferredValue(ev, r)
			}
			if missing := r.Reason.MissingClasses(); len(missing) == 0 {
				ac.Drift = drift(ac, stability.ProducerOf(c), compiler)
			} else {
				// An inference that met a class missing from the classpath proves nothing, and
				// the classes it lacks are named with the others.
				ac.reasonMissing = mergeMissing(ac.reasonMissing, missing)
			}
			ac.Reasons = append(ac.Reasons, "as compiled, Kotlin "+compiler.String()+"'s rules infer "+ac.Inferred)
			for _, line := range r.Reason.Sentences() {
				ac.Reasons = append(ac.Reasons, "  "+line)
			}
			if ac.Drift != "" {
				ac.Reasons = append(ac.Reasons, "drift: "+ac.Drift)
			}
		} else {
			// What the compiler would have concluded had the plugin been applied; only verify
			// asks, so it is computed on demand, from the classes already loaded.
			ac.asCompiled = sync.OnceValue(func() *stability.ClassResult { return engine.AnalyzeClass(c) })
		}
	}
	return out, skipped, errs
}

// effectiveView is the report of c as an app compiled by the consumer's compiler sees it: the
// verdict, why, and the $stable the bytes compute.
func effectiveView(c *stability.Class, input string, consumer *stability.Engine, ev *evaluate.Evaluator) (*Class, []*Error) {
	d := c.Ensure()
	ac := &Class{
		JVMName: c.JVMName, Name: c.FqName(), Input: input, Entry: d.Entry,
		Kind: d.Kind, Visibility: d.Visibility,
		StabilityInferred: d.Inferred, StableField: d.HasStableField,
		Compose:         d.HasStableField || d.Inferred != nil,
		MetadataVersion: d.MetadataVersion, Producer: stability.ProducerOf(c).String(),
		Fields: []*Field{}, Reasons: []string{}, Reads: []StableRead{}, Missing: []string{},
	}
	var valueErrs []error
	dt := stability.DefaultType(c)
	s, r := consumer.TypeStability(&dt, "")
	eff := ev.Resolve(s, r)
	ac.effective = eff
	ac.Declared = stability.Describe(eff.Declared)
	ac.Stability = stability.Describe(eff.Stability)
	ac.Verdict = eff.Verdict()
	ac.Missing = append(ac.Missing, eff.Missing...)
	ac.reasonMissing = mergeMissing(ac.reasonMissing, r.MissingClasses())
	ac.Reasons = r.Sentences()
	for _, v := range eff.Reads {
		rd := ReadOf(v, "")
		ac.Reads = append(ac.Reads, rd)
		ac.Reasons = append(ac.Reasons, "  "+rd.Sentence())
	}
	if d.HasStableField {
		v := ev.Stable(c.JVMName)
		ac.value = v
		if v.Expr != nil {
			ac.StableExpr = v.Expr.String()
		} else {
			ac.StableExpr = "0"
		}
		if v.Err == nil {
			n := v.Value
			ac.StableValue = &n
		} else {
			ac.Missing = append(ac.Missing, missingOf(v)...)
			valueErrs = append(valueErrs, v.Err)
		}
	}
	valueErrs = append(valueErrs, eff.Errors...)
	return ac, valueErrors(ac, valueErrs)
}

// skipReason says why a class carries no stability of its own, "" for a class to report.
func skipReason(c *stability.Class) string {
	d := c.Ensure()
	base := c.JVMName[strings.LastIndexByte(c.JVMName, '/')+1:]
	switch {
	case base == "module-info" || base == "package-info":
		return SkipModuleInfo
	case d.Err != nil:
		return SkipUnreadable
	case d.MetadataKind == metadata.KindFileFacade:
		return SkipFileFacade
	case d.MetadataKind == metadata.KindMultiFileClassFacade || d.MetadataKind == metadata.KindMultiFileClassPart:
		return SkipMultifile
	case d.MetadataKind == metadata.KindSyntheticClass && strings.HasSuffix(base, "$DefaultImpls"):
		return SkipDefaultImpls
	case d.MetadataKind == metadata.KindSyntheticClass && strings.HasSuffix(base, "$WhenMappings"):
		return SkipWhenMappings
	case d.MetadataKind == metadata.KindSyntheticClass:
		return SkipLambda
	case strings.HasPrefix(base, "ComposableSingletons$"):
		return SkipComposableSingletons
	case d.Anonymous || d.Visibility == stability.Local:
		return SkipAnonymous
	case d.Synthetic:
		return SkipSynthetic
	}
	return ""
}

// mergeMissing adds classes to a sorted list of missing classes (dotted or JVM names), once each.
func mergeMissing(list, more []string) []string {
	for _, m := range more {
		list = append(list, dottedName(m))
	}
	sort.Strings(list)
	return slices.Compact(list)
}

// missingOf lists the classes whose absence left v unknown.
func missingOf(v *evaluate.Value) []string { return evaluate.MissingClasses(v) }
