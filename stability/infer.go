package stability

import (
	"strconv"
	"strings"
	"sync"
)

// Options select the consuming compiler's behaviour.
type Options struct {
	// Release is the release whose rules apply (the zero Release: DefaultRelease).
	Release Release
	// Config holds the stability configuration files, or nil.
	Config *Config
	// NonJVM analyses as a Kotlin/JS, Wasm or Native compilation would: dependency masks are
	// honoured instead of forcing Runtime.
	NonJVM bool
	// Override sets rules by name (RuleChange.Name) whatever Release says, and KnownStableOf, if
	// not nil, takes that release's known-stable tables: a what-if tells which rule change makes
	// a difference by turning one back at a time.
	Override      map[string]bool
	KnownStableOf *Release
}

// rules are the inference and report choices that changed between Compose compiler releases.
// Every version-dependent branch of the engine and the report writer reads one of these, so a
// release's rules are a column of the release table (releaseTable), never an "if version <"
// check.
type rules struct {
	// objectsStable: an object (companions and data objects too) is Stable whatever its fields.
	objectsStable bool
	// openSeedUnknown: a non-final class starts as Uncertain(itself) rather than Stable.
	openSeedUnknown bool
	// skipUnknownSuper: a superclass whose own result is Uncertain adds nothing.
	skipUnknownSuper bool
	// runtimeOtherFiles: on the JVM, public and internal classes of another file or module are
	// Runtime(C) with every type argument, their @StabilityInferred mask ignored.
	runtimeOtherFiles bool
	// superclassCounts: the superclass's stability is added to the class's own fields'.
	superclassCounts bool
	// interfacesUncertain: every interface is Uncertain(I); before, only one of the module
	// being compiled, one of another module being Unstable (it has no @StabilityInferred).
	interfacesUncertain bool
	// paramGuard: a type parameter already being substituted is left as Parameter(T), so
	// Box<Box<Int>> in another class is Parameter(T); before, the inner substitution wins
	// (Stable).
	paramGuard bool
	// loweredTypeNames: -classes.txt prints a composable function type as the JVM function type
	// it is lowered to (Function2<Composer, Int, Unit>); before, as written.
	loweredTypeNames bool
	// annotationsAreInterfaces: an annotation class is analysed as the interface it is on the
	// JVM (Uncertain) rather than field by field.
	annotationsAreInterfaces bool
	// qualifiedReportNames: -classes.txt names classes by FQN rather than simple name.
	qualifiedReportNames bool
	// errorProneMarker: Error Prone's @Immutable marks a class stable, like Compose's @Immutable.
	errorProneMarker bool
}

// Engine runs the compiler's stabilityOf for the classes of one module, as one compilation of that
// module would. It is safe for concurrent use.
type Engine struct {
	opts   Options
	rules  rules
	known  *knownStable // the release's KnownStableConstructs
	module *Module

	mu    sync.Mutex
	cache map[string]result
	// markedDescendant memoises hasStableMarkedDescendant, asked of every class analysed.
	markedDescendant map[*Class]bool
}

type result struct {
	s Stability
	r *Reason
}

// NewEngine returns an engine analysing module with the given options. A nil module analyses
// every class as a dependency (the consumer's view).
func NewEngine(module *Module, opts Options) *Engine {
	e := &Engine{opts: opts, rules: opts.Release.rules(), known: opts.Release.knownStable(), module: module, cache: map[string]result{}, markedDescendant: map[*Class]bool{}}
	e.applyOverrides()
	return e
}

// substitutions maps a type parameter to the argument that replaces it. Values are never mutated
// after creation; extending makes a copy, as the compiler's map addition does.
type substitutions map[*TypeParameter]TypeArg

func (s substitutions) plus(c *Class, t *Type) substitutions {
	params := c.Ensure().TypeParameters
	if len(t.Args) == 0 || len(params) == 0 {
		return s
	}
	out := make(substitutions, len(s)+len(t.Args))
	for k, v := range s {
		out[k] = v
	}
	for i, p := range params {
		if i >= len(t.Args) {
			break
		}
		a := t.Args[i]
		// The compiler leaves out Foo<T> inside Foo, where the argument is the parameter itself.
		if !a.Star && a.Type != nil && a.Type.Param == p {
			continue
		}
		out[p] = a
	}
	return out
}

// analyzing is the compiler's set of symbols under analysis, as an immutable linked list.
type analyzing struct {
	key  string
	next *analyzing
	n    int // the length of the list
}

func (a *analyzing) has(key string) bool {
	for ; a != nil; a = a.next {
		if a.key == key {
			return true
		}
	}
	return false
}

func (a *analyzing) plus(key string) *analyzing { return &analyzing{key: key, next: a, n: a.len() + 1} }

func (a *analyzing) len() int {
	if a == nil {
		return 0
	}
	return a.n
}

// maxUnguarded bounds the symbols under analysis where the rules do not guard type parameters.
const maxUnguarded = 64

// TypeStability is the compiler's stabilityOf(type) for a type seen from the source file file.
func (e *Engine) TypeStability(t *Type, file string) (Stability, *Reason) {
	return e.typeStability(t, nil, nil, file)
}

// ClassStability is the compiler's stabilityOf(class) for a class seen from the source file file,
// with no type arguments: the stability a field or parameter of type C would get.
func (e *Engine) ClassStability(c *Class, file string) (Stability, *Reason) {
	return e.classStability(c, nil, nil, file)
}

// isFunctionName reports whether n is a type the compiler's isFunctionOrKFunction accepts: a
// top-level class of package kotlin whose name starts with "Function" (kotlin.Function itself,
// written as a type, and FunctionN), or of package kotlin.reflect whose name starts with
// "KFunction" (KFunction itself and KFunctionN) — isClassWithNamePrefix in the IR's
// IrTypeUtils.kt, the same in every supported release. All are Stable.
func isFunctionName(n string) bool {
	if rest, ok := strings.CutPrefix(n, "kotlin/Function"); ok {
		return !strings.ContainsAny(rest, "/.")
	}
	if rest, ok := strings.CutPrefix(n, "kotlin/reflect/KFunction"); ok {
		return !strings.ContainsAny(rest, "/.")
	}
	return false
}

func isBuiltinStableType(c *Class) bool {
	switch c.loaded().Name {
	case "kotlin/Unit", "kotlin/String", "kotlin/Boolean", "kotlin/Char", "kotlin/Byte", "kotlin/Short",
		"kotlin/Int", "kotlin/Long", "kotlin/Float", "kotlin/Double":
		return true
	}
	return isFunctionName(c.Name) || strings.HasPrefix(c.Name, "androidx/compose/runtime/internal/ComposableFunction")
}

func isPrimitiveClass(c *Class) bool {
	switch c.Name {
	case "kotlin/Boolean", "kotlin/Char", "kotlin/Byte", "kotlin/Short", "kotlin/Int", "kotlin/Long", "kotlin/Float", "kotlin/Double":
		return true
	}
	return false
}

func (e *Engine) typeStability(t *Type, subst substitutions, an *analyzing, file string) (Stability, *Reason) {
	if t == nil {
		return Unstable, &Reason{Rule: RuleMissing, Subject: "an unreadable type", Stability: Unstable}
	}
	subject := t.String()
	if t.Param == nil && t.Class != nil && isBuiltinStableType(t.Class) {
		return Stable, &Reason{Rule: RuleBuiltinStable, Subject: subject, Stability: Stable}
	}
	if p := t.Param; p != nil {
		key := paramKey(p, file)
		// Without the guard, a depth bound stands in for it against a substitution that
		// grows forever (G<T>(val x: G<List<T>>)).
		if a, ok := subst[p]; ok && (!e.rules.paramGuard && an.len() < maxUnguarded || !an.has(key)) {
			s, r := e.argStability(a, subst, an.plus(key), file)
			return s, &Reason{Rule: RuleTypeArgument, Subject: subject, Stability: s, Because: []*Reason{r}}
		}
		s := Parameter{Param: p}
		return s, &Reason{Rule: RuleTypeParameter, Subject: subject, Stability: s}
	}
	// Nullability does not matter from here on.
	c := t.Class
	if d := c.Ensure(); d.Value && d.Origin != OriginMissing && d.Underlying != nil {
		if e.hasStableMarker(c) {
			return Stable, &Reason{Rule: RuleStableMarker, Subject: subject, Stability: Stable}
		}
		// The compiler analyses the underlying type without the value class's own type
		// arguments: GenericValue<Int> over T is Parameter(T).
		s, r := e.typeStability(d.Underlying, subst, an, file)
		return s, &Reason{Rule: RuleValueClass, Subject: subject, Stability: s, Because: []*Reason{r}}
	}
	return e.classStability(c, subst.plus(c, t), an, file)
}

func (e *Engine) argStability(a TypeArg, subst substitutions, an *analyzing, file string) (Stability, *Reason) {
	if a.Star || a.Type == nil {
		return Unstable, &Reason{Rule: RuleStarProjection, Subject: "*", Stability: Unstable}
	}
	return e.typeStability(a.Type, subst, an, file)
}

func paramKey(p *TypeParameter, file string) string {
	return "P|" + p.Owner + "|" + p.Name + "|" + file
}

// argKey renders a substitution for the compiler's SymbolForAnalysis key, which compares type
// arguments structurally.
func argKey(a TypeArg, ok bool) string {
	if !ok {
		return "-"
	}
	if a.Star || a.Type == nil {
		return "*"
	}
	var b strings.Builder
	b.WriteString(strconv.Itoa(int(a.Variance)))
	writeTypeKey(&b, a.Type)
	return b.String()
}

func writeTypeKey(b *strings.Builder, t *Type) {
	if t.Param != nil {
		b.WriteString(t.Param.Owner + "#" + t.Param.Name)
	} else {
		b.WriteString(t.Class.loaded().Name)
	}
	if len(t.Args) > 0 {
		b.WriteByte('<')
		for i, a := range t.Args {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(argKey(a, true))
		}
		b.WriteByte('>')
	}
	if t.Nullable {
		b.WriteByte('?')
	}
}

func classKey(c *Class, subst substitutions, file string) string {
	params := c.Ensure().TypeParameters
	if len(params) == 0 {
		return "C|" + c.Name + "||" + file // most classes: one allocation
	}
	var b strings.Builder
	b.WriteString("C|" + c.Name + "|")
	for i, p := range params {
		if i > 0 {
			b.WriteByte(';')
		}
		a, ok := subst[p]
		b.WriteString(argKey(a, ok))
	}
	b.WriteString("|" + file)
	return b.String()
}

func (e *Engine) external(c *Class) bool {
	m := c.Ensure().Module
	return m == nil || m != e.module
}

// classStability is the compiler's stabilityOf(IrClass, substitutions, analyzing, entryFile).
func (e *Engine) classStability(c *Class, subst substitutions, an *analyzing, file string) (Stability, *Reason) {
	d := c.Ensure()
	key := classKey(c, subst, file)
	e.mu.Lock()
	cached, ok := e.cache[key]
	e.mu.Unlock()
	if ok {
		return cached.s, cached.r
	}
	s, r := e.classStabilityUncached(c, subst, an, key, file)
	// Like the compiler, remember only results for classes analysed from their own file.
	if !e.external(c) && d.File != "" && d.File == file {
		e.mu.Lock()
		e.cache[key] = result{s, r}
		e.mu.Unlock()
	}
	return s, r
}

func (e *Engine) classStabilityUncached(c *Class, subst substitutions, an *analyzing, key, file string) (Stability, *Reason) {
	d := c.Ensure()
	name := c.FqName()
	leaf := func(rule Rule, s Stability) (Stability, *Reason) {
		return s, &Reason{Rule: rule, Subject: name, Stability: s}
	}
	switch {
	case an.has(key):
		return leaf(RuleCycle, Unstable)
	case d.Origin != OriginMissing && e.hasStableMarkedDescendant(c):
		return leaf(RuleStableMarker, Stable)
	case d.Kind == KindEnumClass || d.Kind == KindEnumEntry:
		return leaf(RuleEnum, Stable)
	case e.rules.objectsStable && (d.Kind == KindObject || d.Kind == KindCompanionObject):
		return leaf(RuleObject, Stable)
	case isPrimitiveClass(c):
		return leaf(RulePrimitive, Stable)
	case isProtobuf(c):
		return leaf(RuleProtobuf, Stable)
	}
	an = an.plus(key)
	if mask, ok := e.known.types[name]; ok {
		s, because := e.applyMask(Stable, &mask, c, subst, an, file)
		return s, &Reason{Rule: RuleKnownStable, Subject: name, Stability: s, Because: because}
	}
	if m := e.configMatch(c); m != nil {
		var mask int32
		if own := e.opts.Config.Match(name); own != nil {
			mask = own.Mask
		}
		s, because := e.applyMask(Stable, &mask, c, subst, an, file)
		r := &Reason{Rule: RuleConfig, Subject: name, Stability: s, Because: because}
		r.Because = append([]*Reason{{Rule: RuleConfig, Subject: m.Pattern + " (" + m.Source + ")", Stability: Stable}}, r.Because...)
		return s, r
	}
	switch {
	case d.Origin == OriginMissing:
		// Known-stable and configured names apply above without the class, as the compiler
		// matches them by name; anything else needs the class's bytes.
		return leaf(RuleMissing, Unstable)
	case d.Origin == OriginJava:
		return leaf(RuleJava, Unstable)
	case d.Kind == KindInterface && !e.rules.interfacesUncertain && e.external(c):
		return leaf(RuleInterface, Unstable)
	case d.Kind == KindInterface:
		return leaf(RuleInterface, Unknown{Class: c})
	case e.external(c) && d.Inferred == nil:
		return leaf(RuleNotCompose, Unstable)
	}
	vis := d.Visibility
	if e.rules.runtimeOtherFiles && !e.opts.NonJVM && (vis.isPublicAPI() || vis == Internal) && (e.external(c) || d.File == "" || d.File != file) {
		s, because := e.applyMask(Runtime{Class: c}, nil, c, subst, an, file)
		return s, &Reason{Rule: RuleRuntime, Subject: name, Stability: s, Because: because}
	}
	if e.external(c) {
		s, because := e.applyMask(Runtime{Class: c}, d.Inferred, c, subst, an, file)
		return s, &Reason{Rule: RuleExternalMask, Subject: name, Stability: s, Because: because}
	}
	if d.Kind == KindAnnotationClass && e.rules.annotationsAreInterfaces {
		// An annotation class of this file is the interface it is on the JVM. One of another
		// module has no @StabilityInferred (Unstable, above) and one of another file is
		// Runtime(C), read through its $stable()I getter (Kotlin 2.4.20, papp.HoldsOther).
		return leaf(RuleInterface, Unknown{Class: c})
	}
	return e.fieldStability(c, subst, an, file)
}

// fieldStability is the compiler's field-by-field analysis of a class of the current module.
func (e *Engine) fieldStability(c *Class, subst substitutions, an *analyzing, file string) (Stability, *Reason) {
	d := c.Ensure()
	r := &Reason{Rule: RuleFields, Subject: c.FqName()}
	var s Stability = Stable
	if d.Modality != Final && e.rules.openSeedUnknown {
		s = Unknown{Class: c}
		r.Because = append(r.Because, &Reason{Rule: RuleOpenClass, Subject: c.FqName(), Stability: s})
	}
	for _, f := range d.Fields {
		if f.Var && !f.Delegated && !f.Bare {
			vr := &Reason{Rule: RuleVarField, Subject: "field " + f.Name, Stability: Unstable}
			r.Because = append(r.Because, vr)
			r.Stability = Unstable
			return Unstable, r
		}
		fs, fr := e.typeStability(f.Type, subst, an, file)
		r.Because = append(r.Because, &Reason{Rule: RuleField, Subject: "field " + f.Name + ": " + f.Type.String(), Stability: fs, Because: []*Reason{fr}})
		s = Plus(s, fs)
	}
	if st := superclass(c); st != nil && e.rules.superclassCounts {
		ss, sr := e.classStability(st.Class, subst, an, file)
		if _, unknown := ss.(Unknown); !unknown || !e.rules.skipUnknownSuper {
			s = Plus(s, ss)
		}
		r.Because = append(r.Because, &Reason{Rule: RuleSuperclass, Subject: "superclass " + st.String(), Stability: ss, Because: []*Reason{sr}})
	}
	r.Stability = s
	return s, r
}

// superclass is the first supertype that is neither an interface nor Any. A supertype missing from
// the classpath, or a JDK class the embedded facts do not list, is the superclass only if the class
// file names it so: an interface the classpath lacks must never count as a superclass.
func superclass(c *Class) *Type {
	d := c.Ensure()
	for _, t := range d.Supertypes {
		if t.Class == nil || t.Class.loaded().Name == "kotlin/Any" {
			continue
		}
		st := t.Class.Ensure()
		if st.Kind == KindInterface {
			continue
		}
		if (st.Origin == OriginMissing || st.kindGuessed) && d.SuperName != "" && jvmNameOf(t.Class) != d.SuperName {
			continue
		}
		return t
	}
	return nil
}

// jvmNameOf is the class's internal JVM name, derived from its Kotlin name when it has none.
func jvmNameOf(c *Class) string {
	if c.JVMName != "" {
		return c.JVMName
	}
	return strings.ReplaceAll(c.Name, ".", "$")
}

// applyMask is the compiler's Stability.applyMask: a nil mask means every type parameter counts.
func (e *Engine) applyMask(s Stability, mask *int32, c *Class, subst substitutions, an *analyzing, file string) (Stability, []*Reason) {
	params := c.Ensure().TypeParameters
	if (mask != nil && *mask == 0) || len(params) == 0 {
		return s, nil
	}
	var parts []Stability
	var because []*Reason
	for i, p := range params {
		if i >= 32 {
			break
		}
		if mask != nil && *mask&(1<<i) == 0 {
			continue
		}
		var ps Stability
		var pr *Reason
		if a, ok := subst[p]; ok {
			ps, pr = e.argStability(a, subst, an, file)
		} else {
			ps = Parameter{Param: p}
			pr = &Reason{Rule: RuleTypeParameter, Subject: p.Name, Stability: ps}
		}
		parts = append(parts, ps)
		because = append(because, &Reason{Rule: RuleTypeArgument, Subject: "type argument " + p.Name, Stability: ps, Because: []*Reason{pr}})
	}
	return Plus(s, Combined{Elems: parts}), because
}

func (e *Engine) configMatch(c *Class) *Matcher { return ConfigLineFor(e.opts.Config, c) }

// hasStableMarker reports whether c itself carries a stable marker: an annotation whose class is
// annotated @StableMarker, or (since 2.3.0) Error Prone's @Immutable.
func (e *Engine) hasStableMarker(c *Class) bool {
	for _, a := range c.Ensure().Annotations {
		if e.isStableMarker(a) {
			return true
		}
	}
	return false
}

// isStableMarker reports whether the annotation class a makes the classes it annotates stable.
// Compose's own @Stable and @Immutable count even when the runtime is not on the classpath.
func (e *Engine) isStableMarker(a *Class) bool {
	switch a.loaded().Name {
	case "androidx/compose/runtime/Stable", "androidx/compose/runtime/Immutable":
		return true
	case "com/google/errorprone/annotations/Immutable":
		return e.rules.errorProneMarker
	}
	for _, m := range a.Ensure().Annotations {
		if m.loaded().Name == "androidx/compose/runtime/StableMarker" {
			return true
		}
	}
	return false
}

// hasStableMarkedDescendant reports whether c or any supertype, transitively, carries a stable
// marker. kotlin.Any is skipped.
func (e *Engine) hasStableMarkedDescendant(c *Class) bool {
	e.mu.Lock()
	marked, ok := e.markedDescendant[c]
	e.mu.Unlock()
	if ok {
		return marked
	}
	marked = e.walkStableMarked(c)
	e.mu.Lock()
	e.markedDescendant[c] = marked
	e.mu.Unlock()
	return marked
}

func (e *Engine) walkStableMarked(c *Class) bool {
	seen := map[*Class]bool{}
	var walk func(*Class) bool
	walk = func(c *Class) bool {
		if c == nil || seen[c] || c.loaded().Name == "kotlin/Any" {
			return false
		}
		seen[c] = true
		if e.hasStableMarker(c) {
			return true
		}
		for _, t := range c.Ensure().Supertypes {
			if t.Class != nil && walk(t.Class) {
				return true
			}
		}
		return false
	}
	return walk(c)
}

// isProtobuf reports whether c is final and its last non-interface supertype is a protobuf
// message base class.
func isProtobuf(c *Class) bool {
	d := c.Ensure()
	if d.Modality != Final {
		return false
	}
	var last *Class
	for _, t := range d.Supertypes {
		if t.Class != nil && t.Class.Ensure().Kind != KindInterface {
			last = t.Class
		}
	}
	if last == nil {
		return false
	}
	n := last.FqName()
	return n == fqGeneratedMessageLite || n == fqGeneratedMessage
}
