package composable

import (
	"fmt"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/metadata"
	"github.com/composestab/composestab/stability"
)

// This file resolves a call site's callee and compares each parameter slot the caller passes
// with our prediction for the argument's type.

// slotCheck compares one parameter slot of a call site: the bits the compiler passes with what
// our inference predicts for the argument's type.
type slotCheck struct {
	// Slot is the parameter slot (0-based across all $changed ints).
	Slot int
	// Param names the parameter: a value parameter's name, "<receiver>" for an extension
	// receiver, "<this>" for the dispatch receiver, or a context parameter's name.
	Param string
	// Compiler is what the caller's bytecode passes.
	Compiler slotBits
	// Type is the Kotlin type we evaluated and TypeSource where it came from; empty when the
	// slot was skipped.
	Type, TypeSource string
	// View says what made the prediction: "instantiator" (the consumer's view from another
	// file or module), "module" (a type mentioning a class of the caller's module, analysed as
	// the compiler does from the caller's file) or "literal" (a constant argument, whose
	// expression stability is Stable whatever its type).
	View string
	// Ours is our prediction of the stability part; nil when skipped.
	Ours *slotBits
	// Skip says why the slot was not compared.
	Skip string
	// Equal reports Ours and Compiler agree on the $stable reads (in order) and the unstable bit.
	Equal bool

	// stab is the stability our prediction was made from; nil when skipped.
	stab stability.Stability
	// notProvided marks an argument the caller leaves to the callee's default value; fromParam
	// an argument that is one of the caller's parameters.
	notProvided, fromParam bool
}

// siteCheck is a call site with its callee resolved and its slots compared.
type siteCheck struct {
	*callSite
	// Function is the callee's Kotlin name and descriptor as recorded in metadata, "" when the
	// callee was not found.
	Function string
	// Force is the force bit the caller passes.
	Force bool
	// Slots are the callee's parameter slots, empty when the site was not decoded.
	Slots []slotCheck
}

// callSiteChecker resolves the callees of call sites through the classpath's Kotlin metadata and
// compares every decodable slot with the Instantiator's prediction for the argument's type.
type callSiteChecker struct {
	cp     *archive.Classpath
	u      *stability.Universe
	inst   *evaluate.Instantiator
	module *stability.Module
	engine *stability.Engine // the caller module's own compilation, for same-file types
	strong bool

	mu sync.Mutex
	md map[string]*metadata.Metadata // by internal class name; nil for none
}

// newCallSiteChecker returns a checker for call sites of the module read from input (a path of
// cp). opts are the module's compiler options and strongSkipping its strong-skipping mode. A nil
// inst makes an Instantiator over u and cp.
func newCallSiteChecker(cp *archive.Classpath, u *stability.Universe, inst *evaluate.Instantiator, input string, opts stability.Options, strongSkipping bool) *callSiteChecker {
	mod := u.Module(input)
	if inst == nil {
		inst = evaluate.NewInstantiator(u, evaluate.New(cp), opts)
	}
	return &callSiteChecker{
		cp: cp, u: u, inst: inst, module: mod, engine: stability.NewEngine(mod, opts),
		strong: strongSkipping, md: map[string]*metadata.Metadata{},
	}
}

// CheckClass finds the call sites of a class and checks each one.
func (ck *callSiteChecker) CheckClass(name string) ([]*siteCheck, error) {
	c, err := ck.cp.Class(name)
	if err != nil {
		return nil, err
	}
	sites, err := findCallSites(c)
	out := make([]*siteCheck, 0, len(sites))
	for _, s := range sites {
		out = append(out, ck.Check(s))
	}
	return out, err
}

// metadataOf reads (once) the Kotlin metadata of a class; nil for a Java class, a missing class
// or unreadable metadata.
func (ck *callSiteChecker) metadataOf(name string) *metadata.Metadata {
	ck.mu.Lock()
	md, ok := ck.md[name]
	ck.mu.Unlock()
	if ok {
		return md
	}
	if c, err := ck.cp.Class(name); err == nil {
		if h, ok := metadata.HeaderFromClass(c); ok {
			if m, err := metadata.Read(h); err == nil {
				md = m
			}
		}
	}
	ck.mu.Lock()
	ck.md[name] = md
	ck.mu.Unlock()
	return md
}

// functionsOf lists the functions declared in a class or file facade, following a multi-file
// facade to its parts.
func (ck *callSiteChecker) functionsOf(name string) (fns []*metadata.Function, cls *metadata.Class) {
	md := ck.metadataOf(name)
	if md == nil {
		return nil, nil
	}
	switch {
	case md.Class != nil:
		return md.Class.Functions, md.Class
	case md.Package != nil:
		return md.Package.Functions, nil
	}
	for _, p := range md.PartClassNames {
		if pm := ck.metadataOf(p); pm != nil && pm.Package != nil {
			fns = append(fns, pm.Package.Functions...)
		}
	}
	return fns, nil
}

// callee is a resolved composable function and how its JVM parameters map to slots.
type callee struct {
	fn    *metadata.Function
	owner *metadata.Class // the declaring class of a member function, nil at top level
	// defaultImpls: the static $default bridge of an open member, whose JVM parameters are the
	// value parameters followed by the dispatch receiver.
	defaultImpls bool
}

func (ck *callSiteChecker) resolve(ref classfile.MemberRef) (*callee, string) {
	params, _, ok := classfile.ParseMethodDescriptor(ref.Descriptor)
	if !ok {
		return nil, "bad descriptor"
	}
	if strings.HasSuffix(ref.Owner, composeDefaultImpl) && strings.HasSuffix(ref.Name, "$default") {
		base := strings.TrimSuffix(ref.Owner, composeDefaultImpl)
		name := strings.TrimSuffix(ref.Name, "$default")
		nInts := trailingInts(params)
		pre := params[:len(params)-nInts-1] // up to the Composer
		if len(pre) == 0 || pre[len(pre)-1] != "L"+base+";" {
			return nil, "the $default bridge does not take the dispatch receiver last"
		}
		want := strings.Join(pre[:len(pre)-1], "") + composerDesc
		fns, cls := ck.functionsOf(base)
		for _, f := range fns {
			if f.Signature == nil || f.Signature.Name != name {
				continue
			}
			if fp, _, ok := classfile.ParseMethodDescriptor(f.Signature.Descriptor); ok {
				n := trailingInts(fp)
				if strings.Join(fp[:len(fp)-n], "") == want {
					return &callee{fn: f, owner: cls, defaultImpls: true}, ""
				}
			}
		}
		return nil, "no function " + name + " in the metadata of " + base
	}
	seen := map[string]bool{}
	queue := []string{ref.Owner}
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		if seen[name] || name == "" {
			continue
		}
		seen[name] = true
		fns, cls := ck.functionsOf(name)
		for _, f := range fns {
			if f.Signature != nil && f.Signature.Name == ref.Name && f.Signature.Descriptor == ref.Descriptor {
				return &callee{fn: f, owner: cls}, ""
			}
		}
		// An inherited member is declared in a supertype.
		if c, err := ck.cp.Class(name); err == nil {
			queue = append(queue, c.SuperName())
			queue = append(queue, c.Interfaces()...)
		}
	}
	return nil, "no function " + ref.Name + ref.Descriptor + " in the Kotlin metadata of " + ref.Owner + " or its supertypes"
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
func (ck *callSiteChecker) Check(s *callSite) *siteCheck {
	sc := &siteCheck{callSite: s}
	if s.Status != siteDecoded {
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
	var bits []slotBits
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
		chk := slotCheck{Slot: i, Param: sp.name, Compiler: bits[i]}
		ck.compareSlot(s, cal, sp, defaults, ctx, &chk)
		sc.Slots = append(sc.Slots, chk)
	}
	return sc
}

func (ck *callSiteChecker) fail(sc *siteCheck, reason string) *siteCheck {
	sc.Status, sc.Reason, sc.Slots = siteNotDecodable, reason, nil
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

func (ck *callSiteChecker) callerContext(s *callSite) *callerContext {
	c := s.code.class
	ctx := &callerContext{params: map[int]*paramLocal{}}
	if src := c.SourceFile(); src != "" {
		ctx.file = path.Join(path.Dir(c.Name()), src)
	}
	m := s.code.method
	static := m.Access&classfile.AccStatic != 0
	fns, cls := ck.functionsOf(c.Name())
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
func (ck *callSiteChecker) compareSlot(s *callSite, cal *callee, sp slotParam, defaults []int32, ctx *callerContext, chk *slotCheck) {
	if sp.value >= 0 {
		w := sp.value / 31
		if w < len(defaults) && defaults[w]>>(sp.value%31)&1 != 0 {
			chk.Skip = "not provided: the callee computes its default value"
			chk.notProvided = true
			return
		}
	}
	if !s.code.ownCode(s.Offset) {
		// The inline function's compiler computed these bits, from its own file's view.
		chk.Skip = "inside the body of an inline function inlined here, whose own file's view chose the bits"
		return
	}
	arg := span{-1, -1}
	if sp.jvmArg < len(s.spans) {
		arg = s.spans[sp.jvmArg]
	}
	info := ck.infer(s.code, ctx, arg, 0)
	chk.fromParam = info.kind == argCallerTP || strings.HasPrefix(info.src, "caller parameter")
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
		chk.Ours = &slotBits{} // a literal's expression stability is Stable: nothing is passed
		chk.View = "literal"
		chk.stab = stability.Stable
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
	chk.Ours, chk.View, chk.stab = &ours, view, st
	chk.Equal = ours.sameStability(chk.Compiler)
}

// varargStability records the stability of a vararg's declared element type, which the
// compiler's call metrics use for the argument; the bits of the slot are not compared.
func (ck *callSiteChecker) varargStability(declared *ktype, chk *slotCheck) {
	if declared == nil || !declared.concrete() {
		return
	}
	if in, err := ck.inst.Evaluate(declared.String()); err == nil {
		chk.stab = in.Stability
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
func (ck *callSiteChecker) freeAt(cal *callee, sp slotParam, declared, typ *ktype) bool {
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
func (ck *callSiteChecker) exact(k *ktype) bool {
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

func (ck *callSiteChecker) invariantParams(class string) bool {
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
func (ck *callSiteChecker) predict(k *ktype, file string) (slotBits, string, stability.Stability, error) {
	return ck.predictType(k.String(), file)
}

// predictType is predict for a type written as Instantiator.Parse reads it.
func (ck *callSiteChecker) predictType(ts, file string) (slotBits, string, stability.Stability, error) {
	t, err := ck.inst.Parse(ts)
	if err != nil {
		return slotBits{}, "", nil, err
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
		in := ck.inst.EvaluateType(t)
		s, x = in.Stability, in.Expr
	}
	var b slotBits
	if stability.KnownUnstable(s) {
		b.Unstable = !ck.strong
		return b, view, s, nil
	}
	collectRefs(x, &b.Refs)
	return b, view, s, nil
}

// Arguments lists what the compiler's call metrics record for each argument of a checked call:
// static and certain from the bits the caller passes, the stability from those bits where they
// tell it (a $stable read is a runtime stability, the unstable bit a known-unstable one) and
// otherwise from the argument's type. An argument left to its default value counts as stable.
// A site that could not be decoded gives none.
func (ck *callSiteChecker) Arguments(sc *siteCheck) []Argument {
	out := make([]Argument, 0, len(sc.Slots))
	for _, s := range sc.Slots {
		a := Argument{Stability: ParamStable}
		if !s.notProvided {
			// Certain: the caller's own parameter. Its change state is forwarded, except for a
			// known-unstable one without strong skipping, which gets the unstable bit instead.
			a.Static = s.Compiler.Static
			a.Certain = !a.Static && (s.Compiler.Certain || s.Compiler.Unstable && s.fromParam)
			switch {
			case s.Compiler.Unstable:
				a.Stability = ParamUnstable
			case len(s.Compiler.Refs) > 0 || s.stab == nil:
				a.Stability = ParamRuntime
			case stability.KnownUnstable(s.stab):
				a.Stability = ParamUnstable
			case !stability.KnownStable(s.stab):
				a.Stability = ParamRuntime
			}
			if a.Static {
				a.Stability = ParamStable
			}
		}
		out = append(out, a)
	}
	return out
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
func (ck *callSiteChecker) mentionsModule(t *stability.Type, depth int) bool {
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
func summarize(checks []*siteCheck) callSiteSummary {
	sum := callSiteSummary{Skipped: map[string]int{}}
	for _, c := range checks {
		sum.Sites++
		switch c.Status {
		case siteDecoded:
			sum.Decoded++
		case siteRestart:
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
