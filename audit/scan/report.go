package scan

import (
	"errors"
	"sort"
	"strings"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/stability"
)

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
	// ConfigLines holds, with Options.CheckConfig, every line of the configuration files and the
	// classes it matches.
	ConfigLines []*ConfigLine `json:"configLines,omitempty"`
	// Composables holds, with Options.Composables, each reported input's composables.
	Composables []*InputComposables `json:"composables,omitempty"`

	cp *archive.Classpath // open until Close, for the analyses Verify runs on demand
	// opened is what the scan opened and read, for Rescan; borrowed says that it is another
	// report's (a Rescan's), whose Close leaves the classpath open.
	opened   *opened
	borrowed bool
	// configTexts are the configuration files as the scan read them (Options.CheckConfig).
	configTexts []stability.ConfigText
	// judge checks the scan's configuration files and one more text against its classpath and
	// models, as Options.CheckConfig does (WithConfig); nil after Close.
	judge func(stability.ConfigText) ([]*ConfigLine, []stability.ConfigText, error)
	// suggest computes Suggestions on the same models, once (SuggestedConfig); nil after Close.
	suggest func() ([]*Suggestion, error)
}

// SuggestedConfig returns Suggestions: the scan's own with Options.SuggestConfig, else computed
// now on the report's classpath and class models, as that option would have (a report not
// closed) — for a caller that needs them only sometimes: judging every candidate costs a fifth
// of a scan of a big jar.
func (rep *Report) SuggestedConfig() ([]*Suggestion, error) {
	if rep.Suggestions != nil {
		return rep.Suggestions, nil
	}
	if rep.suggest == nil || rep.cp == nil {
		return nil, errors.New("the report keeps no class models to judge configuration lines on (closed)")
	}
	return rep.suggest()
}

// WithConfig is the report as a scan with one more configuration text (path, data) and
// Options.CheckConfig would have made it: ConfigLines and ConfigTexts, for the scan's own
// configuration files and that text, judged on the same classpath and class models — what
// verify.CheckConfig reads — without scanning again. It needs a report not closed. The copy
// shares the report's classpath: close the report, never the copy.
func (rep *Report) WithConfig(path string, data []byte) (*Report, error) {
	if rep.judge == nil || rep.cp == nil {
		return nil, errors.New("the report keeps no class models to judge configuration lines on (closed)")
	}
	lines, texts, err := rep.judge(stability.ConfigText{Path: path, Data: data})
	if err != nil {
		return nil, err
	}
	c := *rep
	c.ConfigLines, c.configTexts = lines, texts
	return &c, nil
}

// ConfigTexts are the configuration files as the scan read them, with Options.CheckConfig: the
// texts ConfigLines' line numbers refer to, so that a file rewritten since is not mixed in.
func (rep *Report) ConfigTexts() []stability.ConfigText { return rep.configTexts }

// Close releases what the report holds beyond its data: the scan's classpath (one open file per
// jar) and the class models behind each Class's Result, explanations and Verify, which find
// nothing afterwards. Baselines and Diff need the models too: close a report once done with
// them. The exported fields stay as they are. A report that is dropped needs no Close but keeps
// its jars open until it is collected.
func (rep *Report) Close() error {
	for _, c := range rep.Classes {
		c.result, c.effective, c.asCompiled, c.value = nil, nil, nil, nil
	}
	for _, l := range rep.ConfigLines {
		for _, m := range l.Matches {
			m.model = nil
		}
	}
	cp := rep.cp
	rep.cp, rep.judge, rep.suggest, rep.opened = nil, nil, nil, nil
	if cp == nil || rep.borrowed {
		return nil
	}
	return cp.Close()
}

// Classpath is the scan's open classpath (inputs first), from which later jobs read the bytes
// they need instead of opening the inputs again; nil after Close.
func (rep *Report) Classpath() *archive.Classpath { return rep.cp }

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
	// Missing lists each class absent from the classpath that a $stable, a verdict or a reason
	// needs, once.
	Missing []MissingClass `json:"missing"`
}

// ProducerCount is how many reported classes of one input one compiler built.
type ProducerCount struct {
	Input    string `json:"input"`
	Producer string `json:"producer"`
	Classes  int    `json:"classes"`
}

// MissingClass is a class that a $stable initializer, a verdict or a reason needs but the
// classpath lacks.
type MissingClass struct {
	// Class is the missing class's name with dots.
	Class string `json:"class"`
	// NeededBy counts the scanned classes that need it; Example names one (a composable when
	// no class needs it).
	NeededBy int    `json:"neededBy"`
	Example  string `json:"example"`
	// Composables counts the composables (audit --composables) with a parameter whose
	// stability needs it.
	Composables int `json:"composables,omitempty"`
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
	effective  *evaluate.Effective
	asCompiled func() *stability.ClassResult // for classes of inputs built without Compose; computed once
	value      *evaluate.Value
	// reasonMissing lists the classes absent from the classpath that the reasons (either view)
	// stand on, dotted: the summary names them with Missing.
	reasonMissing []string
}

// Field is one field line, as the compiler's report has it.
type Field struct {
	Name      string            `json:"name"`
	Type      string            `json:"type"`
	Var       bool              `json:"var"`
	Stability string            `json:"stability"`
	Verdict   stability.Verdict `json:"verdict"`
}

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

// CompiledResult is the compiler's analysis of the class: as compiled for a Compose input, as it
// would have been with the plugin applied otherwise.
func (c *Class) CompiledResult() *stability.ClassResult {
	if c.result == nil && c.asCompiled != nil {
		return c.asCompiled()
	}
	return c.result
}

// Result returns the inference result behind the class, for printers of the compiler's report.
func (c *Class) Result() *stability.ClassResult { return c.result }

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

// ConfigLines lists the configuration lines the class's verdicts stand on, as "PATTERN (path:line)",
// each once, from the reasons of both views (the consumer's and the as-compiled one): the lines
// that declare it, or a type it holds, stable.
func (c *Class) ConfigLines() []string {
	var out []string
	seen := map[string]bool{}
	var walk func(r *stability.Reason, depth int)
	walk = func(r *stability.Reason, depth int) {
		if r == nil || depth > 64 {
			return
		}
		if r.Rule == stability.RuleConfig && strings.HasSuffix(r.Subject, ")") && strings.Contains(r.Subject, " (") && !seen[r.Subject] {
			seen[r.Subject] = true
			out = append(out, r.Subject)
		}
		for _, b := range r.Because {
			walk(b, depth+1)
		}
	}
	if c.effective != nil {
		walk(c.effective.Reason, 0)
	}
	if c.result != nil {
		walk(c.result.Reason, 0)
	}
	sort.Strings(out)
	return out
}
