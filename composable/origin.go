package composable

import (
	"strings"

	"github.com/composestab/composestab/callsite"
	"github.com/composestab/composestab/classfile"
)

// Where an argument comes from: the instruction that produced it, a local it was stored in,
// a value remembered before it.

// originOf classifies the value computed by the instructions of sp.
func (a *analyzer) originOf(b *body, sp callsite.Span, params map[int]int, depth int) origin {
	mc := b.mc
	if depth > 8 {
		return origin{origin: OriginUnknown}
	}
	if !sp.OK() {
		return origin{origin: OriginUnknown}
	}
	insns := mc.Insns
	first, last := &insns[sp.Start], &insns[sp.End-1]
	for last.Opcode == classfile.OpCheckcast && sp.End-1 > sp.Start {
		sp.End--
		last = &insns[sp.End-1]
	}
	switch {
	case sp.End-sp.Start == 1 && first.IsLoad():
		local := first.Local()
		if k, ok := params[local]; ok {
			return origin{origin: OriginParameter, what: "the caller's parameter", param: k}
		}
		return a.localOrigin(b, sp.Start, local, params, depth)
	case sp.End-sp.Start == 1 && (first.IsConst()):
		return origin{origin: OriginConstant}
	case sp.End-sp.Start == 1 && first.Opcode == classfile.OpGetstatic:
		return origin{origin: OriginConstant, what: "a static field"}
	}
	return a.producedOrigin(b, sp, params, depth)
}

// producedOrigin classifies the value of a span by the instruction that produced it: an
// allocation (an object, an array), a lambda, or a call.
func (a *analyzer) producedOrigin(b *body, sp callsite.Span, params map[int]int, depth int) origin {
	mc := b.mc
	pool := mc.Class.Pool()
	pi := valueProducer(mc, sp)
	if pi < 0 {
		return origin{origin: OriginUnknown}
	}
	in := &mc.Insns[pi]
	if class, what, ok := allocation(pool, in); ok {
		return origin{origin: OriginFresh, what: what + " on every call", class: class, constInputs: fromConstants(mc, sp)}
	}
	switch in.Opcode {
	case classfile.OpInvokedynamic:
		if k, err := pool.Constant(in.Index); err == nil {
			if d, ok := k.(classfile.Dynamic); ok {
				if _, ret, ok := classfile.ParseMethodDescriptor(d.Descriptor); ok && ret == "Ljava/lang/String;" {
					return origin{origin: OriginFresh, what: "a string built on every call", class: "java/lang/String"}
				}
			}
		}
		o := origin{origin: OriginFresh, what: "a lambda created on every call", class: LambdaClass, captures: []origin{}, direct: true}
		// What it captures: the keys strong skipping memoizes the lambda under (Replan).
		if k, err := pool.Constant(in.Index); err == nil {
			if d, ok := k.(classfile.Dynamic); ok {
				if ps, _, ok := classfile.ParseMethodDescriptor(d.Descriptor); ok && len(ps) > 0 {
					for k, csp := range mc.ArgSpans(pi, len(ps), 0) {
						c := a.originOf(b, csp, params, depth+1)
						c.captures = nil
						if strings.HasPrefix(ps[k], "L") {
							c.typ = strings.TrimSuffix(ps[k][1:], ";")
						}
						o.captures = append(o.captures, c)
					}
				}
			}
		}
		return o
	case classfile.OpInvokeinterface, classfile.OpInvokevirtual, classfile.OpInvokestatic, classfile.OpInvokespecial:
		ref, err := pool.MemberRef(in.Index)
		if err != nil || ref.Name == "<init>" {
			return origin{origin: OriginUnknown}
		}
		called := simpleName(ref.Owner) + "." + ref.Name
		switch {
		case ref.Name == "getValue" && strings.HasPrefix(ref.Owner, "androidx/compose/runtime/") && strings.Contains(ref.Owner, "State"):
			return origin{origin: OriginState, what: simpleName(ref.Owner) + ".value"}
		case ref.Name == "rememberedValue" && ref.Owner == composerClass:
			return origin{origin: OriginRemembered}
		}
		if fresh, class := a.freshCall(in.Opcode, ref, 0); fresh {
			// A function of the input whose every path returns a new object.
			return origin{origin: OriginFresh, what: "built by " + called + " on every call", class: class}
		}
		if isGetter(ref) {
			return origin{origin: OriginUnknown, what: "a property read (" + called + ")"}
		}
		if builds(ref) {
			return origin{origin: OriginFresh, what: "built by " + called + " on every call", constInputs: fromConstants(mc, sp)}
		}
		// Any other call may hand back the same object each time (a cache, a remember of its
		// own such as rememberLazyListState()): not claimed fresh.
		return origin{origin: OriginUnknown, what: "returned by " + called}
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
	insns := b.mc.Insns
	for i := at - 1; i >= 0; i-- {
		if !insns[i].IsStore() || insns[i].Local() != local {
			continue
		}
		sp := b.mc.ArgSpans(i, 1, 0)[0]
		if sp.OK() {
			return a.originOf(b, sp, params, depth+1)
		}
		return a.rememberedBefore(b, i, params, depth)
	}
	return a.rememberedBefore(b, at, params, depth)
}

// rememberedBefore recognises a value computed across a join by remember (inlined by the
// compiler): a rememberedValue call shortly before insns[at] in the same statement. Its keys, the
// values passed to changed or changedInstance before it, decide whether it is remembered or, a
// key differing on every call, computed again each time: a key is new each time when it is fresh
// and compared by identity (changedInstance, or changed on a class that does not override equals);
// a fresh key compared with an equals its class overrides is equal every time. A value computed
// again is what the calculation (the value updateRememberedValue stores) gives.
func (a *analyzer) rememberedBefore(b *body, at int, params map[int]int, depth int) origin {
	insns := b.mc.Insns
	pool := b.mc.Class.Pool()
	remembered, update := -1, -1
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
		if remembered < 0 && update < 0 && ref.Owner == composerClass && ref.Name == "updateRememberedValue" {
			update = i
			continue
		}
		if remembered < 0 && ref.Owner == composerClass && ref.Name == "rememberedValue" {
			remembered = i
			continue
		}
		if remembered >= 0 && (ref.Owner == composerClass && (ref.Name == "updateRememberedValue" || ref.Name == "startReplaceGroup" || ref.Name == "startReplaceableGroup")) {
			break // another remember, or the group around this one
		}
		if remembered >= 0 && ref.Owner == composerClass && (ref.Name == "changed" || ref.Name == "changedInstance") {
			sp := b.mc.ArgSpans(i, 2, lo)[1]
			if !sp.OK() {
				continue
			}
			o := a.originOf(b, sp, params, depth+1)
			if o.origin != OriginFresh {
				continue
			}
			byIdentity := ref.Name == "changedInstance" ||
				ref.Descriptor == "(Ljava/lang/Object;)Z" && o.class != "" && !a.overridesEquals(o.class)
			if !byIdentity {
				continue // equal to the previous composition's key: nothing is computed again
			}
			calc := origin{origin: OriginFresh}
			if update >= 0 {
				if csp := b.mc.ArgSpans(update, 2, lo)[1]; csp.OK() {
					calc = a.originOf(b, csp, params, depth+1)
				}
			}
			if calc.origin != OriginFresh {
				return calc
			}
			what := strings.TrimSuffix(strings.TrimSuffix(calc.what, " on every call"), " created")
			if what == "" {
				what = "a value"
			}
			key := o
			key.captures, key.instance = nil, ref.Name == "changedInstance"
			return origin{origin: OriginFresh, class: calc.class, captures: []origin{key},
				what: what + " remembered under a key that changes on every call (" + strings.TrimSuffix(o.what, " on every call") + ")"}
		}
	}
	if remembered >= 0 {
		return origin{origin: OriginRemembered}
	}
	return origin{origin: OriginUnknown}
}

// overridesEquals tells whether class (or a superclass other than Object) declares equals.
func (a *analyzer) overridesEquals(class string) bool {
	if strings.HasPrefix(class, "[") {
		return false // an array's equals is Object's
	}
	for i := 0; i < 32 && class != "" && class != "java/lang/Object"; i++ {
		if class == LambdaClass {
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

// simpleName is the last part of an internal class name, after its package and outer classes.
func simpleName(internal string) string {
	if i := strings.LastIndexAny(internal, "/$"); i >= 0 {
		return internal[i+1:]
	}
	return internal
}

// fromConstants tells whether a value's instructions build it from constants only: literals,
// static fields (objects, enum entries), allocations, arrays filled with such values, boxing, and
// the standard library's builders. Such a value is the same on every call: it can be built once,
// out of the composable.
func fromConstants(mc *callsite.Code, sp callsite.Span) bool {
	pool := mc.Class.Pool()
	for i := sp.Start; i < sp.End; i++ {
		in := &mc.Insns[i]
		switch op := in.Opcode; {
		case in.IsConst(), op == classfile.OpGetstatic, op == classfile.OpNew, op == classfile.OpDup,
			op == classfile.OpCheckcast, op == classfile.OpNewarray, op == classfile.OpAnewarray,
			op >= classfile.OpIastore && op <= classfile.OpSastore:
		case op == classfile.OpInvokespecial || op == classfile.OpInvokestatic:
			ref, err := pool.MemberRef(in.Index)
			if err != nil {
				return false
			}
			boxing := op == classfile.OpInvokestatic && ref.Name == "valueOf" && strings.HasPrefix(ref.Owner, "java/lang/")
			if ref.Name != "<init>" && !boxing && !builds(ref) {
				return false
			}
		default:
			return false
		}
	}
	return sp.End > sp.Start
}

// LambdaClass is the superclass of Kotlin's lambdas: the class a fresh lambda argument carries
// (CallArgument.Class).
const LambdaClass = "kotlin/jvm/internal/Lambda"
