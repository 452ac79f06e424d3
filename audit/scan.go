// Package audit runs one composestab scan: it opens the inputs and their classpath, re-runs the
// Compose compiler's stability inference for every class, simulates each $stable, and collects
// the results and the errors met on the way. Baselines, diffs and verification build on a Report.
package audit

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/composestab/composestab/classfile"
	stabruntime "github.com/composestab/composestab/runtime"
	"github.com/composestab/composestab/stability"
)

// Options configure a scan.
type Options struct {
	// Inputs are the jars, AARs and class folders to report on, or folders to search for them.
	Inputs []string
	// Classpath are further inputs used to resolve references, not reported.
	Classpath []string
	// Configs are stability configuration files, applied to every input.
	Configs []string
	// Compiler is the consuming compiler's version ("" for the default).
	Compiler string
	// IncludeNonPublic reports private, internal and local classes too.
	IncludeNonPublic bool
	// IncludeSynthetic reports lambdas, anonymous classes, $DefaultImpls, $WhenMappings and
	// ComposableSingletons too.
	IncludeSynthetic bool
	// Package, if set, keeps classes whose FQN matches this configuration-file pattern.
	Package string
	// Only keeps classes with this verdict ("stable", "unstable", "runtime" or "uncertain").
	Only stability.Verdict
	// DriftOnly keeps the classes whose bytes disagree with the consumer's compiler's rules.
	DriftOnly bool
	// SuggestConfig also judges which reported classes a stability configuration file could
	// declare stable (Report.Suggestions).
	SuggestConfig bool
	// Composables also reads each reported input's composable functions (Report.Composables).
	Composables bool
	// Limits bound what one input may cost (sizes, entry count, nesting); zero fields mean
	// classfile's defaults.
	Limits classfile.Limits
	// Progress, if set, is called as modules finish: done of total.
	Progress func(done, total int)
}

// SchemaVersion is the version of the JSON that the reports of this package encode to, as
// documented in docs/json.md. It changes when a field changes meaning or goes away; new fields
// keep it.
const SchemaVersion = 1

// Report is one scan's result. Lists are never nil, so that JSON shows [] rather than null.
type Report struct {
	// SchemaVersion is the version of this JSON contract (docs/json.md).
	SchemaVersion int      `json:"schemaVersion"`
	Summary       *Summary `json:"summary"`
	Classes       []*Class `json:"classes"`
	Errors        []*Error `json:"errors"`
	// Inputs lists the reported inputs after folder search, in order.
	Inputs []string `json:"inputs"`
	// Suggestions holds, with Options.SuggestConfig, the classes apps find unstable only for
	// want of Compose traces: safe ones first.
	Suggestions []*Suggestion `json:"suggestions,omitempty"`
	// Composables holds, with Options.Composables, each reported input's composables.
	Composables []*InputComposables `json:"composables,omitempty"`
}

// Summary counts what a scan reported.
type Summary struct {
	// Entries is the number of class entries read from the inputs; each is reported or skipped:
	// Entries == Classes + the sum of Skipped. A multi-release jar counts the one version of each
	// class the JVM would load.
	Entries int `json:"entries"`
	// Skipped counts the entries not reported, by reason (the Skip constants).
	Skipped map[string]int `json:"skipped"`
	// Classes is the number of classes reported, Verdicts their count per verdict.
	Classes  int                       `json:"classes"`
	Verdicts map[stability.Verdict]int `json:"verdicts"`
	// Drift counts the reported classes whose bytes disagree with the consumer's rules.
	Drift int `json:"drift"`
	// Errors is len(Report.Errors).
	Errors int `json:"errors"`
	// Producers says, per input, which compilers built its reported classes.
	Producers []ProducerCount `json:"producers"`
	// Missing lists each class absent from the classpath that a $stable needs, once.
	Missing []MissingClass `json:"missing"`
}

// ProducerCount is how many reported classes of one input one compiler built.
type ProducerCount struct {
	Input    string `json:"input"`
	Producer string `json:"producer"`
	Classes  int    `json:"classes"`
}

// MissingClass is a class that $stable initializers read but the classpath lacks.
type MissingClass struct {
	// Class is the missing class's name with dots.
	Class string `json:"class"`
	// NeededBy counts the scanned classes whose value it leaves unknown; Example names one.
	NeededBy int    `json:"neededBy"`
	Example  string `json:"example"`
}

// Class is the verdict for one class.
type Class struct {
	JVMName string `json:"jvmName"`
	Name    string `json:"name"`
	Input   string `json:"input"`
	// Entry is the class file's path inside Input.
	Entry string              `json:"entry,omitempty"`
	Kind  stability.ClassKind `json:"kind"`
	// Visibility is the Kotlin visibility ("public", "internal", ...).
	Visibility stability.Visibility `json:"visibility"`
	// StabilityInferred is the annotation's parameters value in the binary, nil without it.
	StabilityInferred *int32 `json:"stabilityInferred"`
	// StableField tells whether the class has a $stable field.
	StableField bool `json:"stableField"`
	// StableValue is the simulated $stable, nil without the field or when it cannot be computed.
	StableValue *int32 `json:"stableValue"`
	// StableExpr is the $stable initializer as read from the bytecode.
	StableExpr string `json:"stableExpr,omitempty"`
	// Stability is what an app compiled by the consumer's compiler sees for the class used as a
	// dependency (the effective stability): Declared with every Runtime(C) part replaced by the
	// value C.$stable holds in the bytes. Parameter(T) parts stay; a part whose value cannot be
	// computed stays Runtime(C).
	Stability string `json:"stability"`
	// Verdict is the effective verdict: "stable", "unstable", "runtime" (depends on type
	// arguments or on a class missing from the classpath) or "uncertain" (an interface).
	Verdict stability.Verdict `json:"verdict"`
	// Declared is the consumer's compile-time decision: objects, enums, marked, known-stable and
	// configured classes are decided there; interfaces are uncertain; Java and Kotlin classes
	// without Compose traces are unstable; every other class is Runtime(C).
	Declared string `json:"declared"`
	// Reads are the $stable values the effective stability was read from.
	Reads []StableRead `json:"reads"`
	// Missing lists the classes absent from the classpath that leave the value unknown.
	Missing []string `json:"missing"`
	// Inferred is the stability the consumer's compiler infers for the class as compiled: what
	// rebuilding the class with it would write. Empty for inputs built without Compose.
	Inferred string `json:"inferred,omitempty"`
	// InferredValue is the $stable that rebuilding would write, evaluated against the other
	// classes' $stable as they are in the bytes; nil when unknown or without Compose.
	InferredValue *int32 `json:"inferredValue,omitempty"`
	// Drift says, in words, where the bytes disagree with the consumer's compiler's rules: the
	// $stable (or mask) written by the producer differs from what rebuilding would write.
	Drift string `json:"drift,omitempty"`
	// Compose tells whether the class was compiled with the Compose compiler.
	Compose bool `json:"compose"`
	// MetadataVersion is the Kotlin metadata version (mv) of the producing compiler.
	MetadataVersion string `json:"metadataVersion,omitempty"`
	// Producer names the compiler that produced the class, from the evidence in it (see
	// Producer in producer.go): "Kotlin 2.1 (K2)", "Java", ...
	Producer string `json:"producer,omitempty"`
	// Marked is a class annotated @Stable, @Immutable or another stable marker itself.
	Marked bool `json:"marked"`
	// InferredMask is the mask composestab recomputes; MaskMatches compares it with the binary.
	InferredMask *int32   `json:"inferredMask,omitempty"`
	MaskMatches  *bool    `json:"maskMatches,omitempty"`
	Fields       []*Field `json:"fields"`
	Reasons      []string `json:"reasons"`

	// order is the class's place in the compiler's report order within its input.
	order, inputIndex int

	result     *stability.ClassResult
	effective  *stabruntime.Effective
	asCompiled func() *stability.ClassResult // for classes of inputs built without Compose
	value      *stabruntime.Value
}

// Field is one field line, as the compiler's report has it.
type Field struct {
	Name      string            `json:"name"`
	Type      string            `json:"type"`
	Var       bool              `json:"var"`
	Stability string            `json:"stability"`
	Verdict   stability.Verdict `json:"verdict"`
}

// ErrorKind classifies an Error.
type ErrorKind string

// Error kinds.
const (
	// ErrUnreadable is an input, entry or class that cannot be read: a corrupt zip, a truncated
	// class, garbage metadata.
	ErrUnreadable ErrorKind = "unreadable"
	// ErrUnresolved is a reference the classpath cannot satisfy: a missing class or field.
	ErrUnresolved ErrorKind = "unresolved"
	// ErrNotSimulable is a $stable initializer outside what composestab interprets.
	ErrNotSimulable ErrorKind = "not-simulable"
	// ErrInitFails is a class whose static initializer always throws, so the JVM never gives it
	// a $stable value.
	ErrInitFails ErrorKind = "init-fails"
)

// Error is one problem met during the scan; the scan goes on with the rest.
type Error struct {
	// Kind is ErrUnreadable, ErrUnresolved, ErrNotSimulable or ErrInitFails.
	Kind    ErrorKind `json:"kind"`
	Input   string    `json:"input"`
	Entry   string    `json:"entry"`
	Class   string    `json:"class"`
	Message string    `json:"message"`
	// Offset is where in the class file or archive entry the bad record starts, when known.
	Offset *int64 `json:"offset,omitempty"`

	err error
}

func (e *Error) Error() string {
	loc := e.Input
	if e.Entry != "" {
		loc += "!" + e.Entry
	}
	msg := e.Message
	if e.Offset != nil {
		msg = fmt.Sprintf("%s (at offset %d)", msg, *e.Offset)
	}
	if e.Class != "" && !strings.HasPrefix(e.Message, e.Class+":") {
		return fmt.Sprintf("%s: %s: %s", loc, e.Class, msg)
	}
	return fmt.Sprintf("%s: %s", loc, msg)
}

func (e *Error) Unwrap() error { return e.err }

// ReportOrder returns the classes in the compiler's report order: by input, then as the compiler
// records them.
func (rep *Report) ReportOrder() []*Class {
	out := append([]*Class(nil), rep.Classes...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].inputIndex != out[j].inputIndex {
			return out[i].inputIndex < out[j].inputIndex
		}
		return out[i].order < out[j].order
	})
	return out
}

// compiledResult is the compiler's analysis of the class: as compiled for a Compose input, as it
// would have been with the plugin applied otherwise.
func (c *Class) compiledResult() *stability.ClassResult {
	if c.result == nil && c.asCompiled != nil {
		return c.asCompiled()
	}
	return c.result
}

// Result returns the inference result behind the class, for printers of the compiler's report.
func (c *Class) Result() *stability.ClassResult { return c.result }

// Scan runs a scan. The error is non-nil only when the scan could not run at all (no input, a
// bad configuration file) or ctx was cancelled (ctx.Err()); unreadable inputs and classes are
// listed in Report.Errors.
func Scan(ctx context.Context, opts Options) (*Report, error) {
	rep := &Report{SchemaVersion: SchemaVersion, Classes: []*Class{}, Errors: []*Error{}, Inputs: []string{}}
	var cfg *stability.Config
	if len(opts.Configs) > 0 {
		var err error
		if cfg, err = stability.LoadConfig(opts.Configs...); err != nil {
			return nil, err
		}
	}
	var pkg *stability.Config
	if opts.Package != "" {
		var err error
		if pkg, err = stability.ParseConfig("--package", []byte(opts.Package)); err != nil {
			return nil, fmt.Errorf("--package: %w", err)
		}
	}
	inputs, err := FindInputs(opts.Inputs)
	if err != nil {
		return nil, err
	}
	if len(inputs) == 0 {
		return nil, errors.New("no jar, AAR or class folder found")
	}
	rep.Inputs = inputs
	all := append(append([]string(nil), inputs...), opts.Classpath...)
	cp, openErr := classfile.InputOptions{Limits: opts.Limits}.OpenClasspath(all)
	if cp == nil {
		return nil, openErr
	}
	rep.addErrors(openErr)
	skipped := inputSkips(cp, inputs)
	u := stability.NewUniverse(cp)
	ev := stabruntime.New(cp)
	sopts := stability.Options{Compiler: opts.Compiler, Config: cfg}

	var mu sync.Mutex
	done := 0
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	perInput := make([][]*Class, len(inputs))
	for i, in := range inputs {
		wg.Add(1)
		sem <- struct{}{}
		go func(i int, in string) {
			defer wg.Done()
			defer func() { <-sem }()
			if ctx.Err() != nil {
				return
			}
			classes, skip, errs := scanModule(ctx, u, ev, in, sopts, opts.IncludeSynthetic)
			for k, c := range classes {
				c.order, c.inputIndex = k, i
			}
			perInput[i] = classes
			mu.Lock()
			for k, n := range skip {
				skipped[k] += n
			}
			rep.Errors = append(rep.Errors, errs...)
			done++
			if opts.Progress != nil {
				opts.Progress(done, len(inputs))
			}
			mu.Unlock()
		}(i, in)
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for _, cs := range perInput {
		for _, c := range cs {
			if why := keep(c, opts, pkg); why != "" {
				skipped[why]++
				continue
			}
			rep.Classes = append(rep.Classes, c)
		}
	}
	if opts.SuggestConfig {
		if rep.Suggestions, err = suggestConfig(u, ev, rep, opts); err != nil {
			return nil, err
		}
	}
	if opts.Composables {
		copts := sopts
		if copts.Compiler == stability.AutoCompiler {
			copts.Compiler = stability.DefaultCompiler
		}
		for _, in := range inputs {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			rep.Composables = append(rep.Composables, scanComposables(cp, u, in, copts, opts.IncludeNonPublic))
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

// inputSkips counts the class entries of the reported inputs that never reach the universe: those
// outside the classpath roots or replaced by another release of a multi-release jar, and those
// that failed to read (each already an error from opening), so that Summary.Entries is every
// entry whose name ends in ".class".
func inputSkips(cp *classfile.Classpath, inputs []string) map[string]int {
	reported := map[string]bool{}
	for _, in := range inputs {
		reported[in] = true
	}
	skipped := map[string]int{}
	for _, in := range cp.Inputs() {
		if !reported[in.Path] {
			continue
		}
		for k, n := range in.Stats.Skipped {
			skipped[k] += n
		}
		if in.Stats.Failed > 0 {
			skipped[SkipUnreadable] += in.Stats.Failed
		}
	}
	return skipped
}

// sortErrors orders errors by their text, computing each text once.
func sortErrors(errs []*Error) {
	keys := make(map[*Error]string, len(errs))
	for _, e := range errs {
		keys[e] = e.Error()
	}
	sort.SliceStable(errs, func(i, j int) bool { return keys[errs[i]] < keys[errs[j]] })
}

// keep returns why the options leave c out of the report, "" to report it.
func keep(c *Class, opts Options, pkg *stability.Config) string {
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
			for _, m := range c.Missing {
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
	for _, mc := range missing {
		sum.Missing = append(sum.Missing, *mc)
	}
	sort.Slice(sum.Missing, func(i, j int) bool {
		a, b := sum.Missing[i], sum.Missing[j]
		if a.NeededBy != b.NeededBy {
			return a.NeededBy > b.NeededBy
		}
		return a.Class < b.Class
	})
	return sum
}

// scanModule analyses one input as the compiler compiled it.
func scanModule(ctx context.Context, u *stability.Universe, ev *stabruntime.Evaluator, input string, opts stability.Options, synthetic bool) ([]*Class, map[string]int, []*Error) {
	var errs []*Error
	skipped := map[string]int{}
	all, shadowed := u.InputClasses(input)
	if shadowed > 0 {
		skipped[SkipShadowed] = shadowed
	}
	// Kotlin classes first, in the compiler's report order, then the rest in entry order.
	classes := u.ModuleClasses(input)
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
			errs = append(errs, newError(errorKind(c.Err), input, c.Entry, c.JVMName, c.Err))
		}
		if reason != "" && (!synthetic || !widened[reason]) {
			skipped[reason]++
			continue
		}
		kept = append(kept, c)
	}
	classes = kept
	compose := false
	for _, c := range classes {
		if c.HasStableField || c.Inferred != nil {
			compose = true
			break
		}
	}
	// With --compiler auto the consumer is the newest release and the compiler's own report
	// (Result, compose-report) is reproduced with the rules of the release that built the module.
	producerEngine := (*stability.Engine)(nil)
	if opts.Compiler == stability.AutoCompiler {
		opts.Compiler = stability.DefaultCompiler
		popts := opts
		popts.Compiler = moduleProducer(u, ev, input, classes, opts)
		producerEngine = stability.NewEngine(u.Module(input), popts)
	}
	engine := stability.NewEngine(u.Module(input), opts)
	consumer := stability.NewEngine(nil, opts)
	compiler := opts.Compiler
	if compiler == "" {
		compiler = stability.DefaultCompiler
	}
	var out []*Class
	for i, c := range classes {
		if i%256 == 0 && ctx.Err() != nil {
			return nil, skipped, errs // Scan reports the cancellation
		}
		prod := stability.ProducerOf(c)
		ac := &Class{
			JVMName: c.JVMName, Name: c.FqName(), Input: input, Entry: c.Entry,
			Kind: c.Kind, Visibility: c.Visibility,
			StabilityInferred: c.Inferred, StableField: c.HasStableField,
			Compose:         c.HasStableField || c.Inferred != nil,
			MetadataVersion: c.MetadataVersion, Producer: prod.String(),
			Fields: []*Field{}, Reasons: []string{}, Reads: []StableRead{}, Missing: []string{},
		}
		var valueErrs []error
		// The effective view: what an app compiled by the consumer's compiler sees.
		s, r := consumer.TypeStability(stability.DefaultType(c), "")
		eff := ev.Resolve(s, r)
		ac.effective = eff
		ac.Declared = describeStability(eff.Declared)
		ac.Stability = describeStability(eff.Stability)
		ac.Verdict = eff.Verdict()
		ac.Missing = append(ac.Missing, eff.Missing...)
		ac.Reasons = Sentences(r)
		for _, v := range eff.Reads {
			rd := readOf(v, "")
			ac.Reads = append(ac.Reads, rd)
			ac.Reasons = append(ac.Reasons, "  "+rd.sentence())
		}
		if c.HasStableField {
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
		errs = append(errs, valueErrors(ac, valueErrs)...)
		if compose && c.Origin == stability.OriginKotlin && c.MetadataKind == 1 {
			// The as-compiled view with the consumer's rules: the explanation, and drift where
			// the bytes disagree.
			r := engine.AnalyzeClass(c)
			ac.result = r
			if producerEngine != nil {
				ac.result = producerEngine.AnalyzeClass(c)
			}
			ac.Marked = r.Marked
			ac.Inferred = r.Stability.String()
			if r.Marked {
				ac.Inferred = "Stable"
			}
			if r.Processed && !r.Marked {
				m := r.Mask
				ac.InferredMask = &m
				if c.Inferred != nil {
					ok := *c.Inferred == m
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
			if !dependsOnMissing(r.Reason) {
				// An inference that met a class missing from the classpath proves nothing.
				ac.Drift = drift(ac, prod, compiler)
			}
			ac.Reasons = append(ac.Reasons, "as compiled, Kotlin "+compiler+"'s rules infer "+ac.Inferred)
			for _, line := range Sentences(r.Reason) {
				ac.Reasons = append(ac.Reasons, "  "+line)
			}
			if ac.Drift != "" {
				ac.Reasons = append(ac.Reasons, "drift: "+ac.Drift)
			}
		} else {
			// What the compiler would have concluded had the plugin been applied; only verify
			// asks, so it is computed on demand, from the classes already loaded.
			ac.asCompiled = func() *stability.ClassResult { return engine.AnalyzeClass(c) }
		}
		out = append(out, ac)
	}
	return out, skipped, errs
}

// Skip reasons: why a class entry is counted in Summary.Skipped instead of being reported.
const (
	SkipModuleInfo           = "module-info"           // module-info and package-info
	SkipFileFacade           = "file-facade"           // FooKt: top-level declarations of Foo.kt
	SkipMultifile            = "multifile-class"       // @JvmMultifileClass facades and parts
	SkipLambda               = "lambda"                // Kotlin synthetic classes: lambdas, SAM wrappers
	SkipDefaultImpls         = "default-impls"         // I$DefaultImpls: interface default bodies
	SkipWhenMappings         = "when-mappings"         // $WhenMappings: enum switch tables
	SkipComposableSingletons = "composable-singletons" // ComposableSingletons$FileKt: lambda holders
	SkipAnonymous            = "anonymous"             // anonymous and local classes
	SkipSynthetic            = "synthetic"             // other ACC_SYNTHETIC class files
	SkipShadowed             = "shadowed"              // an earlier input defines the same class
	SkipUnreadable           = "unreadable"            // the class or its metadata cannot be read (an error)
	SkipNotPublic            = "not-public"            // internal, private or local (--include-nonpublic)
	SkipFiltered             = "filtered"              // left out by --package, --only or --drift
)

// widened are the skip reasons that --include-synthetic reports instead.
var widened = map[string]bool{SkipLambda: true, SkipDefaultImpls: true, SkipWhenMappings: true,
	SkipComposableSingletons: true, SkipAnonymous: true, SkipSynthetic: true}

// skipReason says why a class carries no stability of its own, "" for a class to report.
func skipReason(c *stability.Class) string {
	base := c.JVMName[strings.LastIndexByte(c.JVMName, '/')+1:]
	switch {
	case base == "module-info" || base == "package-info":
		return SkipModuleInfo
	case c.Err != nil:
		return SkipUnreadable
	case c.MetadataKind == 2:
		return SkipFileFacade
	case c.MetadataKind == 4 || c.MetadataKind == 5:
		return SkipMultifile
	case c.MetadataKind == 3 && strings.HasSuffix(base, "$DefaultImpls"):
		return SkipDefaultImpls
	case c.MetadataKind == 3 && strings.HasSuffix(base, "$WhenMappings"):
		return SkipWhenMappings
	case c.MetadataKind == 3:
		return SkipLambda
	case strings.HasPrefix(base, "ComposableSingletons$"):
		return SkipComposableSingletons
	case c.Anonymous || c.Visibility == stability.Local:
		return SkipAnonymous
	case c.Synthetic:
		return SkipSynthetic
	}
	return ""
}

// missingOf lists the classes whose absence left v unknown.
func missingOf(v *stabruntime.Value) []string { return stabruntime.MissingClasses(v) }

// valueErrors turns the errors met computing a class's values into report errors, each once. A
// class missing from the classpath is not repeated per class: the summary lists it once.
func valueErrors(ac *Class, list []error) []*Error {
	for i, m := range ac.Missing {
		ac.Missing[i] = dottedName(m)
	}
	sort.Strings(ac.Missing)
	ac.Missing = slices.Compact(ac.Missing)
	var out []*Error
	seen := map[string]bool{}
	for _, e := range list {
		var mc *stabruntime.MissingClassError
		if errors.As(e, &mc) || seen[e.Error()] {
			continue
		}
		seen[e.Error()] = true
		out = append(out, &Error{Kind: errorKind(e), Input: ac.Input, Entry: ac.Entry, Class: ac.JVMName, Message: e.Error(), err: e})
	}
	return out
}

// moduleProducer names the release whose rules reproduce the module's own report. Metadata records
// only the Kotlin version's major.minor, so among that minor's releases it takes the one whose
// rules rebuild the module's $stable values and masks with the fewest differences from the bytes,
// the newest on a tie (2.1.0 and 2.1.20 differ on superclasses; 2.2.0 and 2.2.20 differ only in
// how the report names classes, which no byte records).
func moduleProducer(u *stability.Universe, ev *stabruntime.Evaluator, input string, classes []*stability.Class, opts stability.Options) string {
	count := map[string]int{}
	minor := ""
	for _, c := range classes {
		p := stability.ProducerOf(c)
		if !p.Compose || !p.Kotlin || p.Major == 0 {
			continue
		}
		v := fmt.Sprintf("%d.%d", p.Major, p.Minor)
		count[v]++
		if minor == "" || count[v] > count[minor] || count[v] == count[minor] && v > minor {
			minor = v
		}
	}
	best, bestDiff := "", -1
	for _, cand := range stability.SupportedCompilers {
		if !strings.HasPrefix(cand, minor+".") {
			continue
		}
		o := opts
		o.Compiler = cand
		e := stability.NewEngine(u.Module(input), o)
		diff := 0
		for _, c := range classes {
			if c.Origin != stability.OriginKotlin || c.MetadataKind != 1 || !c.HasStableField {
				continue
			}
			r := e.AnalyzeClass(c)
			v := ev.Stable(c.JVMName)
			if iv := inferredValue(ev, r); v.Err == nil && iv != nil && (*iv&unstableBit != 0) != (v.Value&unstableBit != 0) {
				diff++
			}
			if c.Inferred != nil && r.Processed && !r.Marked && r.Mask != *c.Inferred {
				diff++
			}
		}
		if bestDiff < 0 || diff <= bestDiff {
			best, bestDiff = cand, diff
		}
	}
	if best == "" {
		return stability.DefaultCompiler
	}
	return best
}

// inferredValue is the $stable that the consumer's compiler would write for the class, with the
// other classes' $stable as the bytes hold them; nil when one of them is unknown.
func inferredValue(ev *stabruntime.Evaluator, r *stability.ClassResult) *int32 {
	var v int32
	if r.Expr.Unstable {
		v = 8
	}
	for _, ref := range r.Expr.Refs {
		d := ev.Stable(ref.JVMName)
		if d.Err != nil {
			return nil
		}
		v |= d.Value
	}
	return &v
}

// dependsOnMissing reports whether a reason tree rests on a class missing from the classpath.
func dependsOnMissing(r *stability.Reason) bool {
	if r == nil {
		return false
	}
	if r.Rule == stability.RuleMissing {
		return true
	}
	for _, b := range r.Because {
		if dependsOnMissing(b) {
			return true
		}
	}
	return false
}

// drift compares what the bytes say with what the consumer's compiler would write.
func drift(ac *Class, prod stability.Producer, compiler string) string {
	var parts []string
	if ac.StableValue != nil && ac.InferredValue != nil {
		if written, inferred := *ac.StableValue&unstableBit != 0, *ac.InferredValue&unstableBit != 0; written != inferred {
			parts = append(parts, fmt.Sprintf("$stable written %s (%d)%s; Kotlin %s's rules infer %s, which would write %d",
				stableWord(written), *ac.StableValue, byWhom(prod), compiler, ac.Inferred, *ac.InferredValue))
		}
	}
	if ac.MaskMatches != nil && !*ac.MaskMatches {
		parts = append(parts, fmt.Sprintf("@StabilityInferred(parameters = %d) written%s; Kotlin %s's rules give %d",
			*ac.StabilityInferred, byWhom(prod), compiler, *ac.InferredMask))
	}
	return strings.Join(parts, "; ")
}

func stableWord(unstable bool) string {
	if unstable {
		return "unstable"
	}
	return "stable"
}

func byWhom(p stability.Producer) string {
	return " by " + p.Compiler()
}

// Sentences flattens a reason tree into sentences, the deciding rule first, leaves last.
func Sentences(r *stability.Reason) []string {
	out := []string{}
	var walk func(r *stability.Reason, depth int)
	walk = func(r *stability.Reason, depth int) {
		if r == nil || depth > 6 {
			return
		}
		out = append(out, strings.Repeat("  ", depth)+r.Sentence()+" ⇒ "+describeStability(r.Stability))
		for _, c := range r.Because {
			walk(c, depth+1)
		}
	}
	walk(r, 0)
	return out
}

func describeStability(s stability.Stability) string {
	if s == nil {
		return "?"
	}
	if t := stability.Normalize(s).String(); t != "" {
		return t
	}
	return "Stable"
}

func (rep *Report) addErrors(err error) {
	if err == nil {
		return
	}
	var list []error
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		list = j.Unwrap()
	} else {
		list = []error{err}
	}
	for _, e := range list {
		rep.Errors = append(rep.Errors, newError(ErrUnreadable, "", "", "", e))
	}
}

// newError describes err; a *classfile.FormatError inside it supplies the input, entry, class
// and offset that the arguments leave empty.
func newError(kind ErrorKind, input, entry, class string, err error) *Error {
	ae := &Error{Kind: kind, Input: input, Entry: entry, Class: class, Message: err.Error(), err: err}
	var fe *classfile.FormatError
	if errors.As(err, &fe) {
		ae.Message = fe.Msg
		if fe.Err != nil && fe.Msg == "" {
			ae.Message = fe.Err.Error()
		}
		if ae.Input == "" {
			ae.Input = fe.Path
		}
		if ae.Entry == "" {
			ae.Entry = fe.Entry
		}
		if ae.Class == "" {
			ae.Class = fe.Class
		}
		if fe.Offset >= 0 {
			off := fe.Offset
			ae.Offset = &off
		}
	}
	return ae
}

func errorKind(err error) ErrorKind {
	var (
		mc *stabruntime.MissingClassError
		mf *stabruntime.MissingFieldError
		ns *stabruntime.NotSimulableError
		nf *classfile.NotFoundError
		fi *stabruntime.InitFailsError
	)
	switch {
	case errors.As(err, &fi):
		return ErrInitFails
	case errors.As(err, &mc), errors.As(err, &mf), errors.As(err, &nf):
		return ErrUnresolved
	case errors.As(err, &ns):
		return ErrNotSimulable
	}
	return ErrUnreadable
}

// Unreadable reports whether some input, entry or class could not be read.
func (rep *Report) Unreadable() bool {
	for _, e := range rep.Errors {
		if e.Kind == ErrUnreadable {
			return true
		}
	}
	return false
}

// FindInputs expands folders: a folder that holds class files is one input; any other folder is
// searched for jars, AARs and build/**/classes folders.
func FindInputs(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() || hasClassFiles(p) {
			out = append(out, p)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			name := d.Name()
			if d.IsDir() {
				if path != p && (strings.HasPrefix(name, ".") || name == "node_modules") {
					return filepath.SkipDir
				}
				if name == "classes" && strings.Contains(filepath.ToSlash(path), "/build/") && hasClassFiles(path) {
					out = append(out, path)
					return filepath.SkipDir
				}
				return nil
			}
			switch strings.ToLower(filepath.Ext(name)) {
			case ".jar", ".aar":
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func hasClassFiles(dir string) bool {
	found := false
	_ = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || found {
			return filepath.SkipAll
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".class") {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	return found
}
