package composable

import (
	"strconv"

	"github.com/composestab/composestab/stability"
)

// ParamStability is the stability word the compiler prints before a parameter of a composable:
// known stable, known unstable, or nothing (runtime or uncertain).
type ParamStability uint8

// Parameter stabilities.
const (
	// ParamRuntime is neither known stable nor known unstable: no word is printed.
	ParamRuntime ParamStability = iota
	ParamStable
	ParamUnstable
)

// String returns the word the report prints: "stable", "unstable" or "" for ParamRuntime.
func (s ParamStability) String() string {
	switch s {
	case ParamStable:
		return "stable"
	case ParamUnstable:
		return "unstable"
	}
	return ""
}

// Default is a parameter's default value as the compiler's report shows it.
type Default struct {
	// Static tells whether the compiler found the default expression static (@static): a
	// constant or a stable value it need not recompute; otherwise it is @dynamic.
	Static bool
	// Expr is the printed expression: a literal such as `3`, `"x"` or `null`, a parameter name,
	// or `<expression>` for anything else.
	Expr string
}

// Param is one parameter of a composable as the compiler's report lists it.
type Param struct {
	// Name is the Kotlin name; "<this>" for receivers, "$this$" for the receiver a
	// ComposeDefaultImpls bridge takes.
	Name string
	// Type is the printed type: simple class names, and for a parameter with a default value
	// the nullable type the lowering gives it (String?).
	Type      string
	Stability ParamStability
	// Used is false for a parameter the body never reads ("unused").
	Used bool
	// Default is nil without a default value.
	Default *Default
	// Missing lists the classes absent from the classpath that the parameter's stability stands
	// on (dotted names): until they are found, Stability is a guess.
	Missing []string
	// Index is the JVM argument index (0 is this for a member), -1 for a parameter that is not
	// one of the method's arguments.
	Index int
	// Compiled is what the skipping code does with the argument, and Outcome what that comes to
	// for a caller in another file or module with the $stable values on the classpath.
	Compiled Comparison
	Outcome  Outcome
	// Sites are what the call sites of the audited module pass for a parameter whose Outcome
	// only a caller's type arguments decide, in bytecode order.
	Sites []SiteOutcome

	typ *stability.Type
	// vararg: a vararg parameter, typ its element type.
	vararg bool
}

// Vararg reports a vararg parameter (Type is the array's type): it never skips while callers pass
// its element type's unstable bit, strong skipping or not.
func (p *Param) Vararg() bool { return p.vararg }

// Function is one composable function or composable lambda as compiled, with what the
// compiler's reports say of it.
type Function struct {
	// FqName is the compiler's fqNameForIrSerialization ("app.Screen.Content"), Name the
	// function's own name.
	FqName, Name string
	// ReportName is how the release's -composables.txt names it: FqName, without its package
	// before 2.2.20; "" means FqName.
	ReportName string `json:"-"`
	// Class is the JVM class holding the code, Method its name and descriptor.
	Class, Method string
	// File is the source file (package path and file name) and Line the first line of its code,
	// 0 when it has none.
	File string
	Line int

	Lambda, Restartable, Skippable, Readonly, Inline, Abstract, Open bool
	// HasDefaults is a function evaluating default values in a defaults group; DefaultsGroup is
	// the csv column of the same name, which the compiler never sets.
	HasDefaults, DefaultsGroup bool
	// Groups and Calls count the groups the compiler recorded and the composable calls in the
	// body.
	Groups, Calls int
	// Scheme is the applier scheme the compiler inferred ("[0, [0]]"), "" for none.
	Scheme string
	Params []Param
	// Skips says whether a call from another file or module skips when its arguments are
	// unchanged, with the $stable values on the classpath (strong skipping off, a caller's
	// unstable bit stops a skippable function from skipping).
	Skips Skips
	// ReturnType is the printed return type, "" for Unit.
	ReturnType string

	order orderKey
	// inlined marks a composable lambda inlined into the method Class.Method (counted by the
	// metrics): that method is another function's, and FqName is Kotlin's inline marker.
	inlined bool
}

// orderKey sorts functions the way the compiler records them: by file, by position of the
// top-level declaration, then by position inside it.
type orderKey struct {
	file       string
	top, inner int
	seq        int
}

func (a orderKey) less(b orderKey) bool {
	if a.file != b.file {
		return a.file < b.file
	}
	if a.top != b.top {
		return a.top < b.top
	}
	if a.inner != b.inner {
		return a.inner < b.inner
	}
	return a.seq < b.seq
}

// Lambda is one lambda expression inside a composable as the compiler's lambda metrics count
// it.
type Lambda struct {
	Composable, Memoized, Singleton bool
}

// Features are the compiler's feature flags, as the code shape shows them.
type Features struct {
	StrongSkipping, IntrinsicRemember, OptimizeNonSkippingGroups, PausableComposition bool
	// noPausableFlag is a release before 2.1.0, whose module.json has no PausableComposition.
	noPausableFlag bool
}

// DefaultFeatures are Kotlin 2.4.20's defaults: all on.
var DefaultFeatures = Features{StrongSkipping: true, IntrinsicRemember: true, OptimizeNonSkippingGroups: true, PausableComposition: true}

// DefaultFeaturesFor are a release's defaults, where the code shape says nothing:
// DefaultFeatures, with the flags that differ between releases as the release's
// stability.FeatureDefaults has them.
func DefaultFeaturesFor(release stability.Release) Features {
	d := release.FeatureDefaults()
	f := DefaultFeatures
	f.OptimizeNonSkippingGroups, f.PausableComposition = d.OptimizeNonSkippingGroups, d.PausableComposition
	f.noPausableFlag = d.NoPausableFlag
	return f
}

// Metrics are the counters of the compiler's <module>-module.json, in its key order.
type Metrics struct {
	SkippableComposables, RestartableComposables, ReadonlyComposables, TotalComposables int
	RestartGroups, TotalGroups                                                          int
	StaticArguments, CertainArguments, KnownStableArguments, KnownUnstableArguments     int
	UnknownStableArguments, TotalArguments                                              int
	MarkedStableClasses, InferredStableClasses, InferredUnstableClasses                 int
	InferredUncertainClasses, EffectivelyStableClasses, TotalClasses                    int
	MemoizedLambdas, SingletonLambdas, SingletonComposableLambdas, ComposableLambdas    int
	TotalLambdas                                                                        int
}

// Argument is what the compiler's call metrics record of one argument of a composable call.
type Argument struct {
	Static, Certain bool
	Stability       ParamStability
}

func itoa(n int) string { return strconv.Itoa(n) }

// Comparison is what a compiled composable's skipping code does with one parameter before it
// decides whether to run its body: which Composer method compares the argument with the value of
// the previous composition, and whether the bits the caller passes choose it.
type Comparison uint8

// Comparisons, as the bytecode shows them.
const (
	// CompareNone: the argument is never compared (unused, or the function cannot skip).
	CompareNone Comparison = iota
	// CompareEquals: changed(), i.e. equals (== for primitives, an enum's ordinal, a vararg's
	// size and elements).
	CompareEquals
	// CompareIdentity: changedInstance(), i.e. === whatever the caller passes.
	CompareIdentity
	// CompareByUnstableBit: changedInstance() when the unstable bit of the caller's $changed slot
	// is set, changed() otherwise (strong skipping, a type whose stability is decided at run
	// time).
	CompareByUnstableBit
	// CompareUnlessUnstable: changed() when the caller's unstable bit is clear; when it is set
	// the argument is not compared and the function cannot skip (strong skipping off).
	CompareUnlessUnstable
)

// String returns the word used in dumps: "none", "equals", "identity", "by-unstable-bit" or
// "unless-unstable".
func (c Comparison) String() string {
	switch c {
	case CompareNone:
		return "none"
	case CompareEquals:
		return "equals"
	case CompareIdentity:
		return "identity"
	case CompareByUnstableBit:
		return "by-unstable-bit"
	case CompareUnlessUnstable:
		return "unless-unstable"
	}
	return "Comparison(" + itoa(int(c)) + ")"
}
