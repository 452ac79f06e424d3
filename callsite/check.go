package callsite

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/metadata"
	"github.com/composestab/composestab/stability"
)

// This file checks a call site: it compares each parameter slot the caller passes
// with our prediction for the argument's type.

// SlotCheck compares one parameter slot of a call site: the bits the compiler passes with what
// our inference predicts for the argument's type.
type SlotCheck struct {
	// Slot is the parameter slot (0-based across all $changed ints).
	Slot int
	// Param names the parameter: a value parameter's name, "<receiver>" for an extension
	// receiver, "<this>" for the dispatch receiver, or a context parameter's name.
	Param string
	// Compiler is what the caller's bytecode passes.
	Compiler Bits
	// Type is the Kotlin type we evaluated and TypeSource where it came from; empty when the
	// slot was skipped.
	Type, TypeSource string
	// View says what made the prediction: "instantiator" (the consumer's view from another
	// file or module), "module" (a type mentioning a class of the caller's module, analysed as
	// the compiler does from the caller's file) or "literal" (a constant argument, whose
	// expression stability is Stable whatever its type).
	View string
	// Ours is our prediction of the stability part; nil when skipped.
	Ours *Bits
	// Skip says why the slot was not compared.
	Skip string
	// Equal reports Ours and Compiler agree on the $stable reads (in order) and the unstable bit.
	Equal bool

	// Stability is the stability our prediction was made from; nil when skipped.
	Stability stability.Stability
	// NotProvided marks an argument the caller leaves to the callee's default value; FromParam
	// an argument that is one of the caller's parameters.
	NotProvided, FromParam bool
}

// Check is a call site with its callee resolved and its slots compared.
type Check struct {
	*Site
	// Function is the callee's Kotlin name and descriptor as recorded in metadata, "" when the
	// callee was not found.
	Function string
	// Force is the force bit the caller passes.
	Force bool
	// Slots are the callee's parameter slots, empty when the site was not decoded.
	Slots []SlotCheck
}

// Checker resolves the callees of call sites through the classpath's Kotlin metadata and
// compares every decodable slot with the Instantiator's prediction for the argument's type.
type Checker struct {
	// Instantiator predicts the consumer's view of an argument's type.
	Instantiator *evaluate.Instantiator
	// StrongSkipping is the caller module's strong-skipping mode.
	StrongSkipping bool

	cp     *archive.Classpath
	u      *stability.Universe
	module *stability.Module
	engine *stability.Engine // the caller module's own compilation, for same-file types
}

// NewChecker returns a checker for call sites of the module read from input (a path of
// cp). opts are the module's compiler options and strongSkipping its strong-skipping mode. A nil
// inst makes an Instantiator over u and cp.
func NewChecker(cp *archive.Classpath, u *stability.Universe, inst *evaluate.Instantiator, input string, opts stability.Options, strongSkipping bool) *Checker {
	mod := u.Module(input)
	if inst == nil {
		inst = evaluate.NewInstantiator(u, evaluate.New(cp), opts)
	}
	return &Checker{
		cp: cp, u: u, Instantiator: inst, module: mod, engine: stability.NewEngine(mod, opts),
		StrongSkipping: strongSkipping,
	}
}

// CheckClass finds the call sites of a class and checks each one.
func (ck *Checker) CheckClass(name string) ([]*Check, error) {
	c, err := ck.cp.Class(name)
	if err != nil {
		return nil, err
	}
	sites, err := Find(c)
	out := make([]*Check, 0, len(sites))
	for _, s := range sites {
		out = append(out, ck.Check(s))
	}
	return out, err
}

// slotParam is one parameter slot of a callee.
type slotParam struct {
	name     string
	declared *metadata.Type // nil for the dispatch receiver
	vararg   bool
	jvmArg   int // index among the values the call pops
	value    int // index among the value parameters, -1 for receivers and context parameters
}

// Check resolves the callee of s and compares each of its slots.
func (ck *Checker) Check(s *Site) *Check {
	sc := &Check{Site: s}
	if s.Status != Decoded {
		return sc
	}
	cal, why := ck.resolve(s.Callee)
	if cal == nil {
		return ck.fail(sc, "callee: "+why)
	}
	fn := cal.fn
	sc.Function = fn.Name + fn.Signature.Descriptor
	params, _, _ := classfile.ParseMethodDescriptor(s.Callee.Descriptor)
	nInts := len(s.Ints)
	first := 0 // index of the first descriptor parameter among the popped values
	if s.Opcode != classfile.OpInvokestatic {
		first = 1
	}
	// Slot order: context parameters, extension receiver, value parameters, dispatch receiver.
	var slots []slotParam
	j := first
	if cal.defaultImpls && (len(fn.ContextParameters) > 0 || fn.ReceiverType != nil) {
		return ck.fail(sc, "the $default bridge of a member with receivers or context parameters: layout not verified")
	}
	for _, p := range fn.ContextParameters {
		slots = append(slots, slotParam{name: p.Name, declared: p.Type, jvmArg: j, value: -1})
		j++
	}
	if fn.ReceiverType != nil {
		slots = append(slots, slotParam{name: "<receiver>", declared: fn.ReceiverType, jvmArg: j, value: -1})
		j++
	}
	for i, p := range fn.ValueParameters {
		sp := slotParam{name: p.Name, declared: p.Type, jvmArg: j, value: i}
		if p.VarargElementType != nil {
			sp.declared, sp.vararg = p.VarargElementType, true
		}
		slots = append(slots, sp)
		j++
	}
	if cal.owner != nil && !fn.Flags.IsStatic() {
		switch {
		case cal.defaultImpls:
			slots = append(slots, slotParam{name: "<this>", jvmArg: j, value: -1})
			j++
		case s.Opcode != classfile.OpInvokestatic:
			slots = append(slots, slotParam{name: "<this>", jvmArg: 0, value: -1})
		}
	}
	if j != first+len(params)-nInts-1 {
		return ck.fail(sc, fmt.Sprintf("the callee's %d Kotlin parameters do not match the %d JVM parameters before the Composer", j-first, len(params)-nInts-1))
	}
	nChanged := 1
	if len(slots) > 10 {
		nChanged = (len(slots) + 9) / 10
	}
	nDefault := nInts - nChanged
	if want := (len(fn.ValueParameters) + 30) / 31; nDefault != 0 && nDefault != want {
		return ck.fail(sc, fmt.Sprintf("%d int arguments fit neither %d $changed ints nor %d more $default ints", nInts, nChanged, want))
	}
	var defaults []int32
	for _, x := range s.Ints[nChanged:] {
		c, ok := x.(evaluate.Const)
		if !ok {
			return ck.fail(sc, "the $default mask "+x.String()+" is not a constant")
		}
		defaults = append(defaults, c.Value)
	}
	var bits []Bits
	for k := 0; k < nChanged; k++ {
		b, force, err := splitChanged(s.Ints[k])
		if err != nil {
			return ck.fail(sc, fmt.Sprintf("$changed%d: %v", k, err))
		}
		sc.Force = sc.Force || force
		bits = append(bits, b[:]...)
	}
	for i := len(slots); i < len(bits); i++ {
		if b := bits[i]; len(b.Refs) > 0 || b.Unstable || b.Static || b.Forwarded {
			return ck.fail(sc, fmt.Sprintf("bits set in slot %d, past the callee's %d slots", i, len(slots)))
		}
	}
	ctx := ck.callerContext(s)
	for i, sp := range slots {
		chk := SlotCheck{Slot: i, Param: sp.name, Compiler: bits[i]}
		ck.compareSlot(s, cal, sp, defaults, ctx, &chk)
		sc.Slots = append(sc.Slots, chk)
	}
	return sc
}

func (ck *Checker) fail(sc *Check, reason string) *Check {
	sc.Status, sc.Reason, sc.Slots = NotDecodable, reason, nil
	return sc
}

// callerContext is what the caller's metadata says about its locals: the Kotlin types of the
// parameters, by local-variable index.
type callerContext struct {
	file   string              // the caller's source file, as stability.Class.File
	params map[int]*paramLocal // by local index
}

type paramLocal struct {
	name string
	typ  *metadata.Type // nil for this of a generic class
	this string         // the class name for this
}

func (ck *Checker) callerContext(s *Site) *callerContext {
	c := s.Code.Class
	ctx := &callerContext{params: map[int]*paramLocal{}}
	if src := c.SourceFile(); src != "" {
		ctx.file = path.Join(path.Dir(c.Name()), src)
	}
	m := s.Code.Method
	static := m.Access&classfile.AccStatic != 0
	fns, cls := ck.FunctionsOf(c.Name())
	var fn *metadata.Function
	for _, f := range fns {
		if f.Signature != nil && f.Signature.Name == m.Name && f.Signature.Descriptor == m.Descriptor {
			fn = f
			break
		}
	}
	local := 0
	if !static {
		if cls != nil && len(cls.TypeParameters) == 0 {
			ctx.params[0] = &paramLocal{name: "this", this: cls.Name}
		}
		local = 1
	}
	params, _, ok := classfile.ParseMethodDescriptor(m.Descriptor)
	if fn == nil || !ok {
		return ctx
	}
	var kinds []*paramLocal
	for _, p := range fn.ContextParameters {
		kinds = append(kinds, &paramLocal{name: p.Name, typ: p.Type})
	}
	if fn.ReceiverType != nil {
		kinds = append(kinds, &paramLocal{name: "<receiver>", typ: fn.ReceiverType})
	}
	for _, p := range fn.ValueParameters {
		kinds = append(kinds, &paramLocal{name: p.Name, typ: p.Type})
	}
	for i, p := range params {
		if i < len(kinds) {
			ctx.params[local] = kinds[i]
		}
		local++
		if p == "J" || p == "D" {
			local++
		}
	}
	return ctx
}

// compareSlot decides what type the compiler used for the argument of one slot and compares.
func (ck *Checker) compareSlot(s *Site, cal *callee, sp slotParam, defaults []int32, ctx *callerContext, chk *SlotCheck) {
	if sp.value >= 0 {
		w := sp.value / 31
		if w < len(defaults) && defaults[w]>>(sp.value%31)&1 != 0 {
			chk.Skip = "not provided: the callee computes its default value"
			chk.NotProvided = true
			return
		}
	}
	if !s.Code.ownCode(s.Offset) {
		// The inline function's compiler computed these bits, from its own file's view.
		chk.Skip = "inside the body of an inline function inlined here, whose own file's view chose the bits"
		return
	}
	arg := Span{-1, -1}
	if sp.jvmArg < len(s.Spans) {
		arg = s.Spans[sp.jvmArg]
	}
	info := ck.infer(s.Code, ctx, arg, 0)
	chk.FromParam = info.kind == argCallerTP || strings.HasPrefix(info.src, "caller parameter")
	var declared *ktype
	declWhy := "the dispatch receiver"
	if sp.declared != nil {
		declared, declWhy = fromMeta(sp.declared, 0)
	}
	var typ *ktype
	switch info.kind {
	case argConst:
		chk.TypeSource = info.src
		chk.Type = "literal"
		if info.typ != nil {
			chk.Type = info.typ.String()
		}
		chk.Ours = &Bits{} // a literal's expression stability is Stable: nothing is passed
		chk.View = "literal"
		chk.Stability = stability.Stable
		chk.Equal = chk.Ours.sameStability(chk.Compiler)
		return
	case argTyped:
		typ = info.typ
		chk.TypeSource = "argument: " + info.src
		if info.free && !ck.freeAt(cal, sp, declared, typ) {
			if declared != nil && declared.concrete() && declared.class == typ.class && ck.invariantParams(typ.class) && !projected(declared) {
				typ = declared
				chk.TypeSource = "declared (the expected type fixes the constructor's type arguments)"
				break
			}
			chk.Skip = "generic constructor whose type arguments the parameter's declared type may constrain"
			return
		}
		if sp.vararg {
			chk.Skip = "vararg: the compiler uses the element type, the argument is an array"
			ck.varargStability(declared, chk)
			return
		}
		if declared != nil && declared.concrete() && declared.class != typ.class {
			chk.TypeSource += " (a subtype of the declared " + declared.String() + ")"
		}
	case argOpaque:
		switch {
		case declared == nil:
			chk.Skip = "argument type not visible (" + info.why + ") and declared type is " + declWhy
			return
		case !declared.concrete():
			chk.Skip = "argument type not visible (" + info.why + ") and the declared type mentions the callee's type parameters"
			return
		case !ck.exact(declared):
			chk.Skip = "argument type not visible (" + info.why + ") and the declared type " + declared.String() + " admits subtypes"
			return
		}
		typ = declared
		chk.TypeSource = "declared (" + info.why + "; the declared type admits no subtype)"
	default:
		chk.Skip = info.why
		if sp.vararg {
			ck.varargStability(declared, chk)
		}
		return
	}
	chk.Type = typ.String()
	ours, view, st, err := ck.predict(typ, ctx.file)
	if err != nil {
		chk.Skip = "cannot evaluate " + chk.Type + ": " + err.Error()
		chk.Type, chk.TypeSource = "", ""
		return
	}
	chk.Ours, chk.View, chk.Stability = &ours, view, st
	chk.Equal = ours.sameStability(chk.Compiler)
}

// varargStability records the stability of a vararg's declared element type, which the
// compiler's call metrics use for the argument; the bits of the slot are not compared.
func (ck *Checker) varargStability(declared *ktype, chk *SlotCheck) {
	if declared == nil || !declared.concrete() {
		return
	}
	if in, err := ck.Instantiator.Evaluate(declared.String()); err == nil {
		chk.Stability = in.Stability
	}
}

// projected reports a type with a star or variance-projected argument: such an expected type
// (KBox<*>) does not fix the constructor's type arguments, which come from its arguments.
func projected(k *ktype) bool {
	for _, a := range k.args {
		if a.star || a.variance != metadata.Invariant {
			return true
		}
	}
	return false
}

// freeAt reports whether the declared type leaves a generic constructor's type arguments to be
// inferred from its own arguments: the parameter is a callee type parameter, or the same class
// applied to callee type parameters, each used nowhere else in the callee's signature.
func (ck *Checker) freeAt(cal *callee, sp slotParam, declared, typ *ktype) bool {
	if declared == nil {
		return false
	}
	free := func(k *ktype) bool {
		return k.class == "" && countParamUses(cal.fn, k.param) == 1
	}
	if free(declared) {
		return true
	}
	if declared.class != typ.class || len(declared.args) != len(typ.args) {
		return false
	}
	for _, a := range declared.args {
		if a.star || a.variance != metadata.Invariant || !free(a.t) {
			return false
		}
	}
	return true
}

func countParamUses(fn *metadata.Function, id int) int {
	n := 0
	var walk func(t *metadata.Type)
	walk = func(t *metadata.Type) {
		if t == nil {
			return
		}
		if t.Classifier.Kind == metadata.ClassifierTypeParameter && t.Classifier.TypeParameterID == id {
			n++
		}
		for _, a := range t.Arguments {
			walk(a.Type)
		}
		walk(t.Outer)
	}
	walk(fn.ReceiverType)
	for _, p := range fn.ContextParameters {
		walk(p.Type)
	}
	for _, p := range fn.ValueParameters {
		walk(p.Type)
		walk(p.VarargElementType)
	}
	for _, tp := range fn.TypeParameters {
		for _, b := range tp.UpperBounds {
			walk(b)
		}
	}
	return n
}

// exact reports a type no argument can be a proper subtype of (nullability aside): a final
// class whose type parameters are all invariant and used without projections.
func (ck *Checker) exact(k *ktype) bool {
	d := ck.u.ClassByName(k.class).Ensure()
	if d.Origin == stability.OriginMissing || d.Kind == stability.KindInterface || d.Kind == stability.KindAnnotationClass {
		return false
	}
	if d.Modality != stability.Final {
		return false
	}
	for _, a := range k.args {
		if a.star || a.variance != metadata.Invariant {
			return false
		}
	}
	return ck.invariantParams(k.class)
}

func (ck *Checker) invariantParams(class string) bool {
	d := ck.u.ClassByName(class).Ensure()
	for _, tp := range d.TypeParameters {
		if tp.Variance != stability.Invariant {
			return false
		}
	}
	return true
}

// predict is our call-site stability part for an argument of type k in the caller's file: the
// Instantiator's consumer view, or the module's own analysis from that file when the type
// mentions a class of the caller's module (field analysis for the file's own classes, and for the
// module's other files too before 2.4.0).
func (ck *Checker) predict(k *ktype, file string) (Bits, string, stability.Stability, error) {
	return ck.predictType(k.String(), file)
}

// predictType is predict for a type written as Instantiator.Parse reads it.
func (ck *Checker) predictType(ts, file string) (Bits, string, stability.Stability, error) {
	t, err := ck.Instantiator.Parse(ts)
	if err != nil {
		return Bits{}, "", nil, err
	}
	var s stability.Stability
	var x evaluate.Expr
	view := "instantiator"
	if ck.module != nil && ck.mentionsModule(t, 0) {
		view = "module"
		s, _ = ck.engine.TypeStability(t, file)
		if !stability.KnownStable(s) && !stability.KnownUnstable(s) {
			x = evaluate.CallSiteExpr(s)
		}
	} else {
		in := ck.Instantiator.EvaluateType(t)
		s, x = in.Stability, in.Expr
	}
	var b Bits
	if stability.KnownUnstable(s) {
		b.Unstable = !ck.StrongSkipping
		return b, view, s, nil
	}
	collectRefs(x, &b.Refs)
	return b, view, s, nil
}

func collectRefs(x evaluate.Expr, out *[]string) {
	switch x := x.(type) {
	case evaluate.Ref:
		*out = append(*out, x.Class)
	case evaluate.Op:
		collectRefs(x.X, out)
		collectRefs(x.Y, out)
	}
}

// mentionsModule reports whether t or any of its type arguments is a class of the caller's module.
func (ck *Checker) mentionsModule(t *stability.Type, depth int) bool {
	if t == nil || depth > 32 {
		return false
	}
	if t.Class != nil && t.Class.Ensure().Module == ck.module {
		return true
	}
	for _, a := range t.Args {
		if ck.mentionsModule(a.Type, depth+1) {
			return true
		}
	}
	return false
}

// callSiteSummary counts the outcome of checking many call sites.
type callSiteSummary struct {
	Sites, Decoded, Restarts, NotDecodable int
	// Slots counts the slots of decoded sites; Compared those with a prediction, Equal those
	// that agree, and NonTrivial the compared slots where either side has a $stable read or the
	// unstable bit.
	Slots, Compared, Equal, NonTrivial int
	// Skipped counts skipped slots by reason.
	Skipped map[string]int
}

// summarize counts sites and slots.
func summarize(checks []*Check) callSiteSummary {
	sum := callSiteSummary{Skipped: map[string]int{}}
	for _, c := range checks {
		sum.Sites++
		switch c.Status {
		case Decoded:
			sum.Decoded++
		case Restart:
			sum.Restarts++
		default:
			sum.NotDecodable++
		}
		for _, s := range c.Slots {
			sum.Slots++
			if s.Ours == nil {
				sum.Skipped[skipKey(s.Skip)]++
				continue
			}
			sum.Compared++
			if s.Equal {
				sum.Equal++
			}
			if len(s.Compiler.Refs) > 0 || s.Compiler.Unstable || len(s.Ours.Refs) > 0 || s.Ours.Unstable {
				sum.NonTrivial++
			}
		}
	}
	return sum
}

// skipKey shortens a skip reason to its kind, for counting.
func skipKey(s string) string {
	if i := strings.IndexAny(s, ":(0123456789"); i > 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// String renders the summary on one line, skip reasons sorted.
func (s callSiteSummary) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d call sites: %d decoded, %d restarts, %d not decodable; %d slots, %d compared (%d non-trivial), %d equal",
		s.Sites, s.Decoded, s.Restarts, s.NotDecodable, s.Slots, s.Compared, s.NonTrivial, s.Equal)
	keys := make([]string, 0, len(s.Skipped))
	for k := range s.Skipped {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "\n  skipped %d: %s", s.Skipped[k], k)
	}
	return b.String()
}

// simpleName is the last part of an internal class name, after its package and outer classes.
func simpleName(internal string) string {
	if i := strings.LastIndexAny(internal, "/$"); i >= 0 {
		return internal[i+1:]
	}
	return internal
}
