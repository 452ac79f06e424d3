package composable

import "strconv"

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
}

// Function is one composable function or composable lambda as compiled, with what the
// compiler's reports say of it.
type Function struct {
	// FqName is the compiler's fqNameForIrSerialization ("app.Screen.Content"), Name the
	// function's own name.
	FqName, Name string
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
	// ReturnType is the printed return type, "" for Unit.
	ReturnType string

	order orderKey
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
}

// DefaultFeatures are Kotlin 2.4.20's defaults: all on.
var DefaultFeatures = Features{StrongSkipping: true, IntrinsicRemember: true, OptimizeNonSkippingGroups: true, PausableComposition: true}

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
