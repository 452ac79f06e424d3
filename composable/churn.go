package composable

import (
	"fmt"
	"strings"

	"github.com/composestab/composestab/classfile"
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

	slot, fromParam int // the callee's slot; the caller's slot it forwards (-1 otherwise)
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
	// NeverSkips: strong skipping off, the callee runs its body on every call from here.
	NeverSkips bool `json:"neverSkips,omitempty"`
	// Why says, for a NeverSkips call, which parameters stop it.
	Why string `json:"why,omitempty"`
}

// Findings counts the arguments (and never-skipping calls) that re-run the callee.
func (s *CallSite) Findings() int {
	n := 0
	for _, a := range s.Arguments {
		if a.Churn != "" {
			n++
		}
	}
	if s.NeverSkips {
		n++
	}
	return n
}

// callSites analyses every decoded call site of the module's bodies. fns are the module's
// functions by key; calleeOf finds the others (dependencies).
func (a *analyzer) callSites(bodies []*body, byKey map[string]*Function, strong bool) []*CallSite {
	type siteIn struct {
		site *CallSite
		cs   *callSite
	}
	var out []siteIn
	for _, b := range bodies {
		if strings.HasSuffix(b.mc.class.Name(), defaultImplsSuffix) {
			continue
		}
		caller := b.mc.class.Name() + "." + b.mc.method.Name + b.mc.method.Descriptor
		cf := byKey[caller] // the caller as a composable of the module, nil for other code
		for _, s := range b.sites {
			if s.Status == siteRestart {
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
	// A caller that passes on its parameter k re-runs its callee when its own callers pass k
	// fresh and it compares k by identity: the new instance travels down, to a fixed point.
	churned := map[string]map[int]bool{} // caller method → its slots some call passes fresh
	for changed := true; changed; {
		changed = false
		for _, x := range out {
			for i := range x.site.Arguments {
				arg := &x.site.Arguments[i]
				if arg.Churn == "" && arg.fromParam >= 0 && arg.Compare == Identity && churned[x.site.Caller][arg.fromParam] {
					arg.Churn, changed = ChurnForwarded, true
				}
				if arg.Churn == ChurnFresh || arg.Churn == ChurnForwarded {
					if churned[x.site.Callee] == nil {
						churned[x.site.Callee] = map[int]bool{}
					}
					if !churned[x.site.Callee][arg.slot] {
						churned[x.site.Callee][arg.slot], changed = true, true
					}
				}
			}
		}
	}
	sites := make([]*CallSite, len(out))
	for i, x := range out {
		sites[i] = x.site
	}
	return sites
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
					a.resolve(fd.fn, a.ck.strong)
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
func (a *analyzer) callSite(b *body, s *callSite, callerKey string, caller, f *Function, strong bool) *CallSite {
	site := &CallSite{Caller: callerKey, Callee: f.Class + "." + f.Method, CalleeName: f.FqName, File: f.File}
	if c := a.cfg.Universe.ClassByJVMName(b.mc.class.Name()); c != nil {
		site.File = c.Ensure().File
	}
	site.Line = lineAt(b.mc, s.Offset)
	sc := s.checked
	if sc == nil {
		sc = a.ck.Check(s)
	}
	paramSlot := map[int]int{} // the caller's locals that are its parameters → its slot
	if caller != nil {
		for k, p := range caller.Params {
			if p.Index >= 0 {
				paramSlot[localOfArg(b.mc.method, p.Index)] = k
			}
		}
	}
	var blocked []string
	for k := range f.Params {
		p := &f.Params[k]
		arg := CallArgument{Param: p.Name, Type: p.Type, Compare: p.Outcome.Compare, slot: k, fromParam: -1}
		if p.Outcome.Compare == Open && sc.Status == siteDecoded && k < len(sc.Slots) {
			for _, so := range p.Sites {
				if so.Caller == callerKey || strings.HasPrefix(so.Caller, callerKey+"#") {
					arg.Compare = so.Compare
					if so.BlocksSkip {
						blocked = append(blocked, p.Name+": "+p.Type)
					}
					break
				}
			}
		}
		if p.Outcome.BlocksSkip {
			blocked = append(blocked, p.Name+": "+p.Type)
		}
		jvm := p.Index // the values a call pops: the receiver of a member first, as Index counts
		if jvm < 0 || jvm >= len(s.spans) || k < len(sc.Slots) && sc.Slots[k].notProvided {
			arg.Origin = OriginUnknown
			if k < len(sc.Slots) && sc.Slots[k].notProvided {
				arg.Origin, arg.What = OriginConstant, "its default value"
			}
			site.Arguments = append(site.Arguments, arg)
			continue
		}
		var o origin
		if sp := s.spans[jvm]; sp.ok() {
			o = a.originOf(b, sp, paramSlot, 0)
		} else {
			o = a.rememberedBefore(b, valueEnd(b.mc, s, jvm), paramSlot, 0) // computed across a join
		}
		arg.Origin, arg.What = o.origin, o.what
		if o.origin == OriginParameter {
			arg.fromParam = o.param
		}
		if o.origin == OriginFresh {
			switch {
			case arg.Compare == Identity:
				arg.Churn = ChurnFresh
			case arg.Compare == Equals && o.class != "" && !a.overridesEquals(o.class):
				arg.Churn, arg.IdentityEquals = ChurnFresh, true
			}
		}
		site.Arguments = append(site.Arguments, arg)
	}
	if !strong && f.Restartable && f.ReturnType == "" && !f.Inline && (!f.Skippable || len(blocked) > 0) {
		site.NeverSkips = true
		site.Why = "strong skipping is off"
		if len(blocked) > 0 {
			site.Why += "; unstable: " + strings.Join(blocked, ", ")
		}
	}
	return site
}

// valueEnd is the index of the instruction after the value s pops at k: where the next value's
// instructions start, or the call.
func valueEnd(mc *methodCode, s *callSite, k int) int {
	for j := k + 1; j < len(s.spans); j++ {
		if s.spans[j].ok() {
			return s.spans[j].start
		}
	}
	for i := range mc.insns {
		if mc.insns[i].Offset == s.Offset {
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

// lineAt is the source line of the instruction at offset, 0 without a line table.
func lineAt(mc *methodCode, offset int) int {
	line := 0
	best := -1
	for _, l := range mc.method.Code.Lines {
		if int(l.StartPC) <= offset && int(l.StartPC) > best {
			best, line = int(l.StartPC), int(l.Line)
		}
	}
	return line
}

// origin is what originOf found.
type origin struct {
	origin Origin
	what   string
	class  string // the fresh object's class (internal name), "" when unknown
	param  int    // the caller's slot, for OriginParameter
}

// originOf classifies the value computed by the instructions of sp.
func (a *analyzer) originOf(b *body, sp span, params map[int]int, depth int) origin {
	mc := b.mc
	if depth > 8 {
		return origin{origin: OriginUnknown}
	}
	if !sp.ok() {
		return origin{origin: OriginUnknown}
	}
	insns := mc.insns
	first, last := &insns[sp.start], &insns[sp.end-1]
	for last.Opcode == classfile.OpCheckcast && sp.end-1 > sp.start {
		sp.end--
		last = &insns[sp.end-1]
	}
	pool := mc.class.Pool()
	switch {
	case sp.end-sp.start == 1 && isLoad(first.Opcode):
		local := localIndex(first)
		if k, ok := params[local]; ok {
			return origin{origin: OriginParameter, what: "the caller's parameter", param: k}
		}
		return a.localOrigin(b, sp.start, local, params, depth)
	case sp.end-sp.start == 1 && (isConstOp(first.Opcode)):
		return origin{origin: OriginConstant}
	case sp.end-sp.start == 1 && first.Opcode == classfile.OpGetstatic:
		return origin{origin: OriginConstant, what: "a static field"}
	case first.Opcode == classfile.OpNew && last.Opcode == classfile.OpInvokespecial:
		cn, _ := pool.ClassName(first.Index)
		return origin{origin: OriginFresh, what: "a new " + strings.ReplaceAll(cn, "/", ".") + " on every call", class: cn}
	case last.Opcode == classfile.OpInvokedynamic:
		return origin{origin: OriginFresh, what: "a lambda created on every call", class: "kotlin/jvm/internal/Lambda"}
	case last.Opcode == classfile.OpInvokeinterface || last.Opcode == classfile.OpInvokevirtual || last.Opcode == classfile.OpInvokestatic:
		ref, err := pool.MemberRef(last.Index)
		if err != nil {
			return origin{origin: OriginUnknown}
		}
		switch {
		case ref.Name == "getValue" && strings.HasPrefix(ref.Owner, "androidx/compose/runtime/") && strings.Contains(ref.Owner, "State"):
			return origin{origin: OriginState, what: simpleName(ref.Owner) + ".value"}
		case ref.Name == "rememberedValue" && ref.Owner == composerClass:
			return origin{origin: OriginRemembered}
		case isGetter(ref):
			return origin{origin: OriginUnknown, what: "a property read (" + simpleName(ref.Owner) + "." + ref.Name + ")"}
		}
		if builds(ref) {
			return origin{origin: OriginFresh, what: "built by " + simpleName(ref.Owner) + "." + ref.Name + " on every call"}
		}
		// Any other call may hand back the same object each time (a cache, a remember of its
		// own such as rememberLazyListState()): not claimed fresh.
		return origin{origin: OriginUnknown, what: "returned by " + simpleName(ref.Owner) + "." + ref.Name}
	}
	return origin{origin: OriginUnknown}
}

// builds reports a call known to return a new object on every call: a data class's copy, the
// standard library's collection builders (listOf, mutableListOf, arrayOf, …) and its collection
// operators (map, filter, sorted, plus, …), which allocate their result.
func builds(ref classfile.MemberRef) bool {
	switch {
	case ref.Name == "copy" || ref.Name == "copy$default":
		return true
	case ref.Owner == "kotlin/collections/CollectionsKt" || ref.Owner == "kotlin/collections/SetsKt" || ref.Owner == "kotlin/collections/MapsKt" || ref.Owner == "kotlin/collections/ArraysKt":
		// The facades of the builders and of the operators (CollectionsKt___CollectionsKt
		// and friends are reached through them).
		switch ref.Name {
		case "emptyList", "emptySet", "emptyMap", "listOfNotNull":
			return ref.Name == "listOfNotNull" // the empty ones are singletons
		}
		_, ret, _ := classfile.ParseMethodDescriptor(ref.Descriptor)
		return strings.HasPrefix(ret, "Ljava/util/") || strings.HasPrefix(ret, "[")
	}
	return false
}

// isGetter tells a property getter: getX()/isX() taking nothing and returning an object.
func isGetter(ref classfile.MemberRef) bool {
	name := ref.Name
	for _, p := range []string{"get", "is"} {
		if rest, ok := strings.CutPrefix(name, p); ok && rest != "" && rest[0] >= 'A' && rest[0] <= 'Z' {
			return strings.HasPrefix(ref.Descriptor, "()L") || strings.HasPrefix(ref.Descriptor, "()[")
		}
	}
	return false
}

// localOrigin classifies the value of local at insns[at]: the last store to it before, or the
// remember that computed it.
func (a *analyzer) localOrigin(b *body, at, local int, params map[int]int, depth int) origin {
	insns := b.mc.insns
	for i := at - 1; i >= 0; i-- {
		if !isStore(insns[i].Opcode) || storeIndex(&insns[i]) != local {
			continue
		}
		sp := b.mc.argSpans(i, 1, 0)[0]
		if sp.ok() {
			return a.originOf(b, sp, params, depth+1)
		}
		return a.rememberedBefore(b, i, params, depth)
	}
	return a.rememberedBefore(b, at, params, depth)
}

// rememberedBefore recognises a value computed across a join by remember (inlined by the
// compiler): a rememberedValue call shortly before insns[at] in the same statement. Its keys, the
// values passed to changed or changedInstance before it, decide whether it is remembered or, a
// key being fresh, built again on every call.
func (a *analyzer) rememberedBefore(b *body, at int, params map[int]int, depth int) origin {
	insns := b.mc.insns
	pool := b.mc.class.Pool()
	remembered := -1
	lo := max(0, at-80)
	for i := at - 1; i >= lo; i-- {
		in := &insns[i]
		if in.Opcode != classfile.OpInvokeinterface && in.Opcode != classfile.OpInvokestatic && in.Opcode != classfile.OpInvokevirtual {
			continue
		}
		ref, err := pool.MemberRef(in.Index)
		if err != nil {
			continue
		}
		if ref.Owner == composerClass && (ref.Name == "shouldExecute" || ref.Name == "getSkipping") {
			break
		}
		if remembered < 0 && ref.Owner == composerClass && ref.Name == "rememberedValue" {
			remembered = i
			continue
		}
		if remembered >= 0 && (ref.Owner == composerClass && (ref.Name == "updateRememberedValue" || ref.Name == "startReplaceGroup" || ref.Name == "startReplaceableGroup")) {
			break // another remember, or the group around this one
		}
		if remembered >= 0 && ref.Owner == composerClass && (ref.Name == "changed" || ref.Name == "changedInstance") {
			sp := b.mc.argSpans(i, 2, lo)[1]
			if sp.ok() {
				if o := a.originOf(b, sp, params, depth+1); o.origin == OriginFresh {
					return origin{origin: OriginFresh, what: "remembered under a key that changes on every call (" + o.what + ")", class: "kotlin/jvm/internal/Lambda"}
				}
			}
		}
	}
	if remembered >= 0 {
		return origin{origin: OriginRemembered}
	}
	return origin{origin: OriginUnknown}
}

// overridesEquals tells whether class (or a superclass other than Object) declares equals.
func (a *analyzer) overridesEquals(class string) bool {
	for i := 0; i < 32 && class != "" && class != "java/lang/Object"; i++ {
		if class == "kotlin/jvm/internal/Lambda" {
			return false
		}
		c, err := a.cfg.Classpath.Class(class)
		if err != nil {
			return true // unknown: do not claim a finding
		}
		if c.Method("equals", "(Ljava/lang/Object;)Z") != nil {
			return true
		}
		class = c.SuperName()
	}
	return false
}

// String says a finding in words, with its fix.
func (s *CallSite) String() string {
	callee := s.CalleeName[strings.LastIndexByte(s.CalleeName, '.')+1:]
	caller := s.CallerName
	if caller == "" {
		caller = s.Caller
	}
	var parts []string
	for _, a := range s.Arguments {
		switch a.Churn {
		case ChurnFresh:
			how := "compares it by identity"
			if a.IdentityEquals {
				how = "compares it with an equals its class does not override"
			}
			parts = append(parts, fmt.Sprintf("argument `%s: %s` is %s and %s %s (fix: remember it, or make the type stable)", a.Param, a.Type, a.What, callee, how))
		case ChurnForwarded:
			parts = append(parts, fmt.Sprintf("argument `%s: %s` is the caller's parameter, which its own callers pass new each time (fix it there)", a.Param, a.Type))
		}
	}
	if s.NeverSkips {
		parts = append(parts, s.Why+" (fix: make the parameter types stable, or turn strong skipping on)")
	}
	return fmt.Sprintf("%s recomposes on every recomposition of %s: %s", callee, caller, strings.Join(parts, "; "))
}
