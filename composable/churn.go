package composable

import (
	"fmt"
	"slices"
	"strings"

	"github.com/composestab/composestab/callsite"
	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/stability"
)

// This file finds the recompositions strong skipping cannot save: an argument built afresh on
// every execution of the caller, passed to a parameter the callee compares by identity (or with
// an equals that is identity), makes the callee run again whenever the caller does. The callee's
// side is the predicate of outcome.go; the caller's side is where each argument comes from in the
// caller's bytecode.

// Origin is where an argument at a call site comes from, as the caller's bytecode shows it.
type Origin string

// The origins.
const (
	// OriginFresh: allocated (NEW), built by a call known to allocate (copy, the standard
	// library's listOf, map, filter, …), a lambda created on every execution of the call, or
	// remembered under a key that is itself fresh.
	OriginFresh Origin = "fresh"
	// OriginRemembered: the value of remember (the composer's slot table), unchanged until a key
	// changes.
	OriginRemembered Origin = "remembered"
	// OriginState: read from a State.
	OriginState Origin = "state"
	// OriginParameter: one of the caller's own parameters, passed on.
	OriginParameter Origin = "parameter"
	// OriginConstant: a literal, null, or a static field (a singleton lambda, an object).
	OriginConstant Origin = "constant"
	// OriginUnknown: anything else (a property getter, any other call's result, control flow
	// the reader does not follow).
	OriginUnknown Origin = "unknown"
)

// Churn says why a call re-runs its callee on every recomposition of the caller.
type Churn string

// The kinds of churn.
const (
	// ChurnFresh: a fresh argument to a parameter compared by identity, or by an equals that the
	// argument's class does not override (identity again).
	ChurnFresh Churn = "fresh"
	// ChurnForwarded: the caller passes on its own parameter, which its own callers pass fresh:
	// the new instance travels down.
	ChurnForwarded Churn = "forwarded"
	// ChurnNeverSkips: strong skipping off, the callee cannot skip for this call whatever the
	// argument (a parameter it does not compare, an unstable bit the caller passes).
	ChurnNeverSkips Churn = "never-skips"
)

// CallArgument is one argument of a call site.
type CallArgument struct {
	// Param is the callee's parameter name and Type its type as written.
	Param string `json:"param"`
	Type  string `json:"type"`
	// Compare is how the callee compares it for this call (the site's own bits decide a
	// parameter left to type arguments).
	Compare Compare `json:"compare"`
	Origin  Origin  `json:"origin"`
	// What says what the origin is: "new clib.Counter", "Counter.copy", "a lambda", the caller's
	// parameter name, the remember keys.
	What string `json:"what,omitempty"`
	// IdentityEquals: compared with equals, but the fresh argument's class does not override it.
	IdentityEquals bool `json:"identityEquals,omitempty"`
	// Churn is set when this argument makes the callee run again on every recomposition of the
	// caller; "" otherwise.
	Churn Churn `json:"churn,omitempty"`

	slot, fromParam int      // the callee's slot; the caller's slot it forwards (-1 otherwise)
	class           string   // a fresh argument's class (internal name), "" when unknown
	elems           []origin // a fresh vararg array's elements
	captures        []origin // a fresh lambda's captured values
	constInputs     bool     // a fresh value built from constants only
	direct          bool     // a lambda created at the call, not memoized
}

// CallSite is one call of a composable in the audited module, with its arguments.
type CallSite struct {
	// Caller is the calling method (JVM owner, a dot, name and descriptor), CallerName its
	// qualified name when it is a composable; File and Line locate the call (Line 0 when the
	// class has no line table).
	Caller     string `json:"caller"`
	CallerName string `json:"callerName,omitempty"`
	File       string `json:"file"`
	Line       int    `json:"line"`
	// Callee is the called composable (JVM owner, a dot, name and descriptor), CalleeName its
	// qualified name.
	Callee     string         `json:"callee"`
	CalleeName string         `json:"calleeName"`
	Arguments  []CallArgument `json:"arguments"`
	// NeverSkips: the callee runs its body on every call from here, whatever the arguments:
	// strong skipping off and a parameter unstable, or a vararg of an unstable element type.
	NeverSkips bool `json:"neverSkips,omitempty"`
	// Why says, for a NeverSkips call, which parameters stop it.
	Why string `json:"why,omitempty"`
	// Unstable are, for a NeverSkips call, the parameters whose unstable types stop it, each
	// with the class whose instability decides: a finding about the module that declares that
	// class (verify's unstable-param-type), not about this call.
	Unstable []UnstableParam `json:"unstable,omitempty"`

	callee *Function
}

// UnstableParam is a parameter that stops its composable from skipping (strong skipping off, or
// a vararg), and one class whose instability makes it so.
type UnstableParam struct {
	Param string `json:"param"`
	Type  string `json:"type"`
	// Class is the dotted JVM name of the class; Input the jar or folder it is read from, ""
	// when the classpath does not hold it (the JDK and Kotlin's built-ins are known by name).
	Class string `json:"class"`
	Input string `json:"input,omitempty"`
	// Stable is the class's $stable when callers read it at run time; nil when the compiler
	// knew the type unstable.
	Stable *int32 `json:"stable,omitempty"`
	// Vararg: the parameter is a vararg of that type, which never skips while the caller passes
	// the unstable bit, strong skipping or not.
	Vararg bool `json:"vararg,omitempty"`
}

// Findings counts the arguments (and never-skipping calls) that re-run the callee.
func (s *CallSite) Findings() int {
	n := s.Churned()
	if s.NeverSkips {
		n++
	}
	return n
}

// Churned counts the arguments that re-run the callee because of what the caller passes (a new
// instance each time, or the caller's parameter that its own callers pass new): identity churn,
// which a call that never skips for want of strong skipping is not.
func (s *CallSite) Churned() int {
	n := 0
	for _, a := range s.Arguments {
		if a.Churn != "" {
			n++
		}
	}
	return n
}

// callSites analyses every decoded call site of the module's bodies. fns are the module's
// functions by key; calleeOf finds the others (dependencies).
func (a *analyzer) callSites(bodies []*body, byKey map[string]*Function, strong bool) []*CallSite {
	type siteIn struct {
		site *CallSite
		cs   *callsite.Site
	}
	var out []siteIn
	for _, b := range bodies {
		if strings.HasSuffix(b.mc.Class.Name(), defaultImplsSuffix) {
			continue
		}
		caller := b.mc.Class.Name() + "." + b.mc.Method.Name + b.mc.Method.Descriptor
		cf := byKey[caller] // the caller as a composable of the module, nil for other code
		for _, s := range b.sites {
			if s.Status == callsite.Restart {
				continue
			}
			f := a.calleeOf(s.Callee, byKey)
			if f == nil {
				continue
			}
			site := a.callSite(b, s, caller, cf, f, strong)
			if cf != nil {
				site.CallerName = cf.FqName
			}
			out = append(out, siteIn{site, s})
		}
	}
	sites := make([]*CallSite, len(out))
	for i, x := range out {
		sites[i] = x.site
	}
	propagateForwarded(sites)
	return sites
}

// propagateForwarded marks the arguments a caller passes on from its own parameter k: they re-run
// the callee when the caller's own callers pass k fresh and the callee compares it by identity.
// The new instance travels down, to a fixed point.
func propagateForwarded(sites []*CallSite) {
	churned := map[string]map[int]bool{} // caller method → its slots some call passes fresh
	for changed := true; changed; {
		changed = false
		for _, site := range sites {
			for i := range site.Arguments {
				arg := &site.Arguments[i]
				if arg.Churn == "" && arg.fromParam >= 0 && arg.Compare == Identity && churned[site.Caller][arg.fromParam] {
					arg.Churn, changed = ChurnForwarded, true
				}
				if arg.Churn == ChurnFresh || arg.Churn == ChurnForwarded {
					if churned[site.Callee] == nil {
						churned[site.Callee] = map[int]bool{}
					}
					if !churned[site.Callee][arg.slot] {
						churned[site.Callee][arg.slot], changed = true, true
					}
				}
			}
		}
	}
}

// calleeOf is the analysed composable a call site calls: one of the module's, or one read from
// its class on the classpath (a dependency), cached.
func (a *analyzer) calleeOf(ref classfile.MemberRef, byKey map[string]*Function) *Function {
	key := ref.Owner + "." + ref.Name + ref.Descriptor
	if f, ok := byKey[key]; ok {
		return f
	}
	if a.depFns == nil {
		a.depFns = map[string]map[string]*Function{}
	}
	fns, ok := a.depFns[ref.Owner]
	if !ok {
		fns = map[string]*Function{}
		sc := a.cfg.Universe.ClassByJVMName(ref.Owner)
		if cf, err := a.cfg.Classpath.Class(ref.Owner); err == nil && sc != nil {
			for _, fd := range a.classFunctions(sc, cf) {
				if !fd.fn.Lambda {
					a.resolve(fd.fn, a.ck.StrongSkipping)
					fns[fd.fn.Class+"."+fd.fn.Method] = fd.fn
				}
			}
		}
		a.depFns[ref.Owner] = fns
	}
	return fns[key]
}

// callSite reads one call: each argument's origin and comparison, and what re-runs the callee.
// callerKey is the calling method (JVM owner, a dot, name and descriptor), caller the same as a
// composable of the module (nil for other code).
func (a *analyzer) callSite(b *body, s *callsite.Site, callerKey string, caller, f *Function, strong bool) *CallSite {
	site := &CallSite{Caller: callerKey, Callee: f.Class + "." + f.Method, CalleeName: f.FqName, File: f.File, callee: f}
	if c := a.cfg.Universe.ClassByJVMName(b.mc.Class.Name()); c != nil {
		site.File = c.Ensure().File
	}
	site.Line = callsite.CallLine(b.mc, s.Offset)
	sc := s.Checked
	if sc == nil {
		sc = a.ck.Check(s)
	}
	paramSlot := map[int]int{} // the caller's locals that are its parameters → its slot
	if caller != nil {
		for k, p := range caller.Params {
			if p.Index >= 0 {
				paramSlot[localOfArg(b.mc.Method, p.Index)] = k
			}
		}
	}
	var blocked, blockedVarargs []string
	var unstable []UnstableParam
	block := func(p *Param) {
		if p.vararg {
			blockedVarargs = append(blockedVarargs, "`"+p.Name+": "+p.Type+"`")
		} else {
			blocked = append(blocked, p.Name+": "+p.Type)
		}
	}
	for k := range f.Params {
		p := &f.Params[k]
		arg := CallArgument{Param: p.Name, Type: p.Type, Compare: p.Outcome.Compare, slot: k, fromParam: -1}
		if p.Outcome.Compare == Open && sc.Status == callsite.Decoded && k < len(sc.Slots) {
			for _, so := range p.Sites {
				if so.Caller == callerKey || strings.HasPrefix(so.Caller, callerKey+"#") {
					arg.Compare = so.Compare
					if so.BlocksSkip {
						block(p)
						unstable = append(unstable, a.unstableParam(p, so.Stable, sc.Slots[k].Type, f.File)...)
					}
					break
				}
			}
		}
		switch {
		case p.Outcome.BlocksSkip:
			block(p)
			unstable = append(unstable, a.unstableParam(p, p.Outcome.Stable, "", f.File)...)
		case !strong && !f.Skippable && p.Used && p.Stability == ParamUnstable:
			// Compiled not skippable: the compiler knew the type unstable.
			block(p)
			unstable = append(unstable, a.unstableParam(p, nil, "", f.File)...)
		}
		jvm := p.Index // the values a call pops: the receiver of a member first, as Index counts
		if jvm < 0 || jvm >= len(s.Spans) || k < len(sc.Slots) && sc.Slots[k].NotProvided {
			arg.Origin = OriginUnknown
			if k < len(sc.Slots) && sc.Slots[k].NotProvided {
				arg.Origin, arg.What = OriginConstant, "its default value"
			}
			site.Arguments = append(site.Arguments, arg)
			continue
		}
		var o origin
		if sp := s.Spans[jvm]; sp.OK() {
			o = a.originOf(b, sp, paramSlot, 0)
		} else {
			o = a.rememberedBefore(b, valueEnd(b.mc, s, jvm), paramSlot, 0) // computed across a join
		}
		arg.Origin, arg.What, arg.class, arg.captures, arg.direct = o.origin, o.what, o.class, o.captures, o.direct
		// One instance for every call is safe only for a value that cannot change.
		arg.constInputs = o.constInputs && a.immutable(o.class)
		if o.origin == OriginParameter {
			arg.fromParam = o.param
		}
		switch {
		case o.origin == OriginFresh && p.vararg:
			// The callee compares a vararg's size and elements, never the array: an element
			// new on every call is what re-runs it.
			arg.elems = a.varargElements(b, s.Spans[jvm], paramSlot)
			if arg.elems == nil {
				arg.elems = []origin{}
			}
			for j, e := range arg.elems {
				if churn, idEquals := a.churns(e, arg.Compare); churn {
					arg.Churn, arg.IdentityEquals = ChurnFresh, idEquals
					arg.What = fmt.Sprintf("an array whose element %d is %s", j, e.what)
					break
				}
			}
		case o.origin == OriginFresh:
			if churn, idEquals := a.churns(o, arg.Compare); churn {
				arg.Churn, arg.IdentityEquals = ChurnFresh, idEquals
			}
		}
		site.Arguments = append(site.Arguments, arg)
	}
	if f.skipsByArguments() && (len(blocked)+len(blockedVarargs) > 0 || !strong && !f.Skippable) {
		site.NeverSkips = true
		var why []string
		if len(blocked) > 0 || len(blockedVarargs) == 0 {
			w := "strong skipping is off"
			if len(blocked) > 0 {
				w += "; unstable: " + strings.Join(blocked, ", ")
			}
			why = append(why, w)
		}
		if len(blockedVarargs) > 0 {
			why = append(why, "the elements of vararg "+strings.Join(blockedVarargs, ", ")+
				" are unstable, and the compiled comparison of a vararg never finds unstable elements unchanged")
		}
		site.Why = strings.Join(why, "; ")
		site.Unstable = unstable
	}
	return site
}

// churns reports that a fresh value o re-runs a callee that compares it so: by identity, or with
// an equals its class (known) does not override.
func (a *analyzer) churns(o origin, cmp Compare) (churn, identityEquals bool) {
	switch {
	case o.origin != OriginFresh:
		return false, false
	case cmp == Identity:
		return true, false
	case cmp == Equals && o.class != "" && !a.overridesEquals(o.class):
		return true, true
	}
	return false, false
}

// varargElements are the origins of the elements of the array an argument's instructions (sp)
// pass, as Kotlin builds a vararg array: stored in a local, each element stored into it from that
// local, then loaded for the call. nil when the array is built otherwise.
func (a *analyzer) varargElements(b *body, sp callsite.Span, params map[int]int) []origin {
	mc := b.mc
	if !sp.OK() || sp.End-sp.Start != 1 || mc.Insns[sp.Start].Opcode != classfile.OpAload && (mc.Insns[sp.Start].Opcode < classfile.OpAload0 || mc.Insns[sp.Start].Opcode > classfile.OpAload3) {
		return nil
	}
	local := mc.Insns[sp.Start].Local()
	store := -1
	for i := sp.Start - 1; i >= 0; i-- {
		if mc.Insns[i].IsStore() && mc.Insns[i].Local() == local {
			store = i
			break
		}
	}
	if store < 0 {
		return nil
	}
	var out []origin
	for i := store + 1; i < sp.Start; i++ {
		op := mc.Insns[i].Opcode
		if op < classfile.OpIastore || op > classfile.OpSastore {
			continue
		}
		spans := mc.ArgSpans(i, 3, store+1)
		arr := spans[0]
		if !arr.OK() || arr.End-arr.Start != 1 || !mc.Insns[arr.Start].IsLoad() || mc.Insns[arr.Start].Local() != local {
			continue
		}
		if op != classfile.OpAastore {
			out = append(out, origin{origin: OriginConstant}) // a primitive: compared by value
			continue
		}
		out = append(out, a.originOf(b, spans[2], params, 1))
	}
	return out
}

// unstableParam names the classes that make p unstable for a call: those of the $stable values
// read with the unstable bit set, or, known unstable when compiled, the unstable classes its type
// names (a type argument before the class that takes it). argType is the type a call passes for
// a type parameter, which the compiler knew unstable when no $stable says so.
func (a *analyzer) unstableParam(p *Param, stable []StableValue, argType, file string) []UnstableParam {
	var out []UnstableParam
	for _, v := range stable {
		if v.Value&evaluate.UnstableBit != 0 {
			val := v.Value
			out = append(out, UnstableParam{Param: p.Name, Type: p.Type, Class: v.Class, Input: v.Input, Stable: &val, Vararg: p.vararg})
		}
	}
	if len(out) > 0 {
		return out
	}
	var classes []*stability.Class
	if p.typ != nil && p.typ.Param == nil {
		classes = a.unstableClasses(p.typ, file, 0)
	}
	for _, c := range classes {
		jvm := c.JVMName
		if jvm == "" {
			jvm = c.Name
		}
		u := UnstableParam{Param: p.Name, Type: p.Type, Class: strings.ReplaceAll(jvm, "/", "."), Vararg: p.vararg}
		if e := a.cfg.Classpath.Lookup(jvm); e != nil {
			u.Input = e.Input
		}
		out = append(out, u)
	}
	if len(out) == 0 && argType != "" {
		name, _, _ := strings.Cut(argType, "<")
		out = append(out, UnstableParam{Param: p.Name, Type: p.Type, Class: strings.TrimSuffix(name, "?"), Vararg: p.vararg})
	}
	return out
}

// unstableClasses lists the classes that make the known-unstable type t unstable: its unstable
// type arguments' (depth first), then its own class when that is unstable whatever the
// arguments, or when nothing else is.
func (a *analyzer) unstableClasses(t *stability.Type, file string, depth int) []*stability.Class {
	if t == nil || t.Class == nil || depth > 8 {
		return nil
	}
	var out []*stability.Class
	for _, arg := range t.Args {
		if arg.Type == nil || arg.Type.Class == nil {
			continue
		}
		if st, _ := a.engine.TypeStability(arg.Type, file); stability.KnownUnstable(st) {
			out = append(out, a.unstableClasses(arg.Type, file, depth+1)...)
		}
	}
	if st, _ := a.engine.ClassStability(t.Class, file); stability.KnownUnstable(st) || len(out) == 0 {
		out = append(out, t.Class)
	}
	return out
}

// valueEnd is the index of the instruction after the value s pops at k: where the next value's
// instructions start, or the call.
func valueEnd(mc *callsite.Code, s *callsite.Site, k int) int {
	for j := k + 1; j < len(s.Spans); j++ {
		if s.Spans[j].OK() {
			return s.Spans[j].Start
		}
	}
	for i := range mc.Insns {
		if mc.Insns[i].Offset == s.Offset {
			return i
		}
	}
	return 0
}

// localOfArg is the local variable of JVM argument index (0 is this for a member).
func localOfArg(m *classfile.Method, index int) int {
	params, _, ok := classfile.ParseMethodDescriptor(m.Descriptor)
	if !ok {
		return -1
	}
	member := m.Access&classfile.AccStatic == 0
	if member {
		if index == 0 {
			return 0
		}
		index--
	}
	locals := paramLocals(m, params)
	if index < len(locals) {
		return locals[index]
	}
	return -1
}

// origin is what originOf found.
type origin struct {
	origin Origin
	what   string
	class  string // the fresh object's class (internal name), "" when unknown
	param  int    // the caller's slot, for OriginParameter
	// captures are a lambda's captured values, in order, or the remember keys a value was
	// computed again under (nil for other values): what a memoized lambda or a remember
	// compares (Replan).
	captures []origin
	// typ is a capture's declared class (internal name), from the lambda's factory descriptor;
	// instance tells that a remember key is compared by changedInstance (===).
	typ      string
	instance bool
	// constInputs: a fresh value built from constants only (fromConstants).
	constInputs bool
	// direct: a lambda created where it is passed (invokedynamic), not under a remember.
	direct bool
}

// String says a finding in words, with its fix: the arguments that re-run the callee, and a
// callee that never skips for want of strong skipping.
func (s *CallSite) String() string { return s.text(true) }

// ChurnString says only the arguments that re-run the callee (identity churn), with their fix.
func (s *CallSite) ChurnString() string { return s.text(false) }

func (s *CallSite) text(neverSkips bool) string {
	callee := s.CalleeName[strings.LastIndexByte(s.CalleeName, '.')+1:]
	caller := s.CallerName
	if caller == "" {
		caller = s.Caller
	}
	var parts []string
	for _, a := range s.Arguments {
		switch a.Churn {
		case ChurnFresh:
			how, fix := "compares it by identity", "remember it, or make the type stable"
			if a.IdentityEquals {
				how, fix = "compares it with an equals its class does not override", "remember it, or give its class an equals (a data class)"
			}
			parts = append(parts, fmt.Sprintf("argument `%s: %s` is %s and %s %s (fix: %s)", a.Param, a.Type, a.What, callee, how, fix))
		case ChurnForwarded:
			parts = append(parts, fmt.Sprintf("argument `%s: %s` is the caller's parameter, which its own callers pass new each time (fix it there)", a.Param, a.Type))
		}
	}
	if s.NeverSkips && neverSkips {
		fix := "make the parameter types stable, or turn strong skipping on"
		if len(s.Unstable) > 0 && !slices.ContainsFunc(s.Unstable, func(u UnstableParam) bool { return !u.Vararg }) {
			fix = "make the element type stable, or take a List instead of a vararg"
		}
		parts = append(parts, s.Why+" (fix: "+fix+")")
	}
	return fmt.Sprintf("%s recomposes on every recomposition of %s: %s", callee, caller, strings.Join(parts, "; "))
}

// Reruns lists, in call order, the simple names of the composables that run their bodies again
// when caller (JVM owner, a dot, name and descriptor) recomposes with nothing changed: the
// callees of its calls with a finding, and theirs in turn, a forwarded argument only where the
// caller's own parameter was passed new.
func Reruns(sites []*CallSite, caller string) []string {
	byCaller := map[string][]*CallSite{}
	for _, s := range sites {
		byCaller[s.Caller] = append(byCaller[s.Caller], s)
	}
	return reruns(byCaller, caller, nil, 0)
}

func reruns(byCaller map[string][]*CallSite, caller string, churned map[int]bool, depth int) []string {
	if depth > 32 {
		return nil // a recursion of composables: each runs once more at most
	}
	var out []string
	for _, s := range byCaller[caller] {
		next := map[int]bool{}
		runs := s.NeverSkips
		for _, a := range s.Arguments {
			if a.Churn == ChurnFresh || a.Churn == ChurnForwarded && churned[a.fromParam] {
				runs = true
				next[a.slot] = true
			}
		}
		if runs {
			out = append(out, s.CalleeName[strings.LastIndexByte(s.CalleeName, '.')+1:])
			out = append(out, reruns(byCaller, s.Callee, next, depth+1)...)
		}
	}
	return out
}

// immutable tells whether instances of class cannot change: its $stable is 0 (compiled with
// Compose, stable), or the compiler knows the class stable. An array or a class it cannot tell
// is not.
func (a *analyzer) immutable(class string) bool {
	if class == "" || strings.HasPrefix(class, "[") {
		return false
	}
	if v := a.ev.Stable(class); v != nil && v.Err == nil {
		return v.Value == 0
	}
	return classKnownStable(a.cfg.Universe, a.engine, class, "")
}

// skipsByArguments tells whether a call's arguments decide if f runs: restartable, returning
// nothing, not inline. A call of any other composable runs it whatever they are.
func (f *Function) skipsByArguments() bool { return f.Restartable && f.ReturnType == "" && !f.Inline }
