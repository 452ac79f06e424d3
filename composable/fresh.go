package composable

import (
	"strings"

	"github.com/composestab/composestab/callsite"
	"github.com/composestab/composestab/classfile"
)

// This file tells which values are new objects on every execution: what an argument's
// instructions produce (a NEW, an array, a lambda, a call), and, for a call of a function of the
// audited input, whether every path of its body returns a new object.

// valueProducer is the instruction whose result is the value Insns[sp.Start:sp.End] leaves on
// the stack: a NEW whose constructor the span calls, an array allocation, a call, a load; -1 when
// the span does not leave exactly one value or shuffles the stack in a way not followed.
func valueProducer(mc *callsite.Code, sp callsite.Span) int {
	var stack []int
	pool := mc.Class.Pool()
	for i := sp.Start; i < sp.End; i++ {
		in := &mc.Insns[i]
		n := len(stack)
		switch in.Opcode {
		case classfile.OpDup:
			if n < 1 {
				return -1
			}
			stack = append(stack, stack[n-1])
			continue
		case classfile.OpDupX1:
			if n < 2 {
				return -1
			}
			a, b := stack[n-2], stack[n-1]
			stack = append(stack[:n-2], b, a, b)
			continue
		case classfile.OpSwap:
			if n < 2 {
				return -1
			}
			stack[n-2], stack[n-1] = stack[n-1], stack[n-2]
			continue
		case classfile.OpCheckcast:
			if n < 1 {
				return -1
			}
			continue
		}
		eff, ok := pool.StackEffect(in)
		if !ok || n < eff.Pops {
			return -1
		}
		stack = stack[:n-eff.Pops]
		for k := 0; k < eff.Pushes; k++ {
			stack = append(stack, i)
		}
	}
	if len(stack) != 1 {
		return -1
	}
	return stack[0]
}

// primitiveArrays are newarray's atype operands: the JVM descriptor and the Kotlin name.
var primitiveArrays = map[int32][2]string{
	4: {"[Z", "BooleanArray"}, 5: {"[C", "CharArray"}, 6: {"[F", "FloatArray"}, 7: {"[D", "DoubleArray"},
	8: {"[B", "ByteArray"}, 9: {"[S", "ShortArray"}, 10: {"[I", "IntArray"}, 11: {"[J", "LongArray"},
}

// allocation describes the object the instruction in allocates, if it allocates one: its class
// (internal name, or an array descriptor) and how to say it.
func allocation(pool *classfile.ConstantPool, in *classfile.Instruction) (class, what string, ok bool) {
	switch in.Opcode {
	case classfile.OpNew:
		cn, err := pool.ClassName(in.Index)
		if err != nil {
			return "", "", false
		}
		return cn, "a new " + strings.ReplaceAll(cn, "/", "."), true
	case classfile.OpNewarray:
		p, found := primitiveArrays[in.Int]
		if !found {
			return "", "", false
		}
		return p[0], "a new " + p[1], true
	case classfile.OpAnewarray:
		cn, err := pool.ClassName(in.Index)
		if err != nil {
			return "", "", false
		}
		desc := "[L" + cn + ";"
		if strings.HasPrefix(cn, "[") {
			desc = "[" + cn
		}
		return desc, "a new array of " + strings.ReplaceAll(strings.Trim(cn, "[L;"), "/", "."), true
	case classfile.OpMultianewarray:
		cn, err := pool.ClassName(in.Index)
		if err != nil {
			return "", "", false
		}
		return cn, "a new array", true
	}
	return "", "", false
}

// freshFact memoizes whether a function of the input returns a new object on every path.
type freshFact struct {
	done, fresh bool
	class       string // the objects' class when every path builds the same one, else ""
}

// maxFreshDepth bounds how deep calls are followed (a function returning another's result), and
// maxFreshInstructions the size of a body analysed: a function that builds an object is short.
const (
	maxFreshDepth        = 4
	maxFreshInstructions = 4096
)

// freshCall reports whether the call ref (made by instruction op) returns a new object on every
// call: a function of the audited input that no subclass can override, whose every path returns
// an object allocated in it or returned by such a call. class is that object's class when every
// path builds the same one. Anything else — a function of a dependency, an overridable method, a
// path returning a field, a parameter or any other call's result — is not known to be fresh.
func (a *analyzer) freshCall(op classfile.Opcode, ref classfile.MemberRef, depth int) (fresh bool, class string) {
	if depth > maxFreshDepth || ref.Name == "<init>" || ref.Name == "<clinit>" {
		return false, ""
	}
	_, ret, ok := classfile.ParseMethodDescriptor(ref.Descriptor)
	if !ok || ret == "" || (ret[0] != 'L' && ret[0] != '[') {
		return false, ""
	}
	e := a.cfg.Classpath.Lookup(ref.Owner)
	if e == nil || e.Input != a.cfg.Input {
		return false, ""
	}
	cf, err := a.cfg.Classpath.Class(ref.Owner)
	if err != nil {
		return false, ""
	}
	m := cf.Method(ref.Name, ref.Descriptor)
	if m == nil || m.Code == nil {
		return false, ""
	}
	switch op {
	case classfile.OpInvokestatic:
		if m.Access&classfile.AccStatic == 0 {
			return false, ""
		}
	case classfile.OpInvokevirtual, classfile.OpInvokeinterface:
		if m.Access&classfile.AccStatic != 0 || m.Access&(classfile.AccFinal|classfile.AccPrivate) == 0 && cf.Access&classfile.AccFinal == 0 {
			return false, "" // a subclass may override it
		}
	case classfile.OpInvokespecial:
	default:
		return false, ""
	}
	key := ref.Owner + "." + ref.Name + ref.Descriptor
	if a.fresh == nil {
		a.fresh = map[string]*freshFact{}
	}
	if f, ok := a.fresh[key]; ok {
		return f.done && f.fresh, f.class // in progress (recursion): not known
	}
	f := &freshFact{}
	a.fresh[key] = f
	f.fresh, f.class = a.returnsFresh(cf, m, depth)
	f.done = true
	return f.fresh, f.class
}

// absVal is what the fresh-return analysis knows of one stack or local value.
type absVal struct {
	kind  uint8  // valOther, valUninit or valFresh
	wide  bool   // a long or a double: two slots for pop2 and the dup2 family
	class string // the allocated class ("" for several), for valUninit and valFresh
	site  int    // the NEW instruction of a valUninit
}

const (
	valOther uint8 = iota
	valUninit
	valFresh
)

func (v absVal) merge(w absVal) absVal {
	switch {
	case v == w:
		return v
	case v.kind == valFresh && w.kind == valFresh:
		return absVal{kind: valFresh}
	}
	return absVal{wide: v.wide && w.wide}
}

// absFrame is the state before one instruction.
type absFrame struct {
	stack, locals []absVal
}

func (f *absFrame) clone() *absFrame {
	return &absFrame{stack: append([]absVal(nil), f.stack...), locals: append([]absVal(nil), f.locals...)}
}

// mergeInto merges f into the state at a join; it reports a change, and false in ok when the
// stacks do not line up.
func (f *absFrame) mergeInto(dst *absFrame) (changed, ok bool) {
	if len(f.stack) != len(dst.stack) || len(f.locals) != len(dst.locals) {
		return false, false
	}
	for i := range f.stack {
		if m := dst.stack[i].merge(f.stack[i]); m != dst.stack[i] {
			dst.stack[i], changed = m, true
		}
	}
	for i := range f.locals {
		if m := dst.locals[i].merge(f.locals[i]); m != dst.locals[i] {
			dst.locals[i], changed = m, true
		}
	}
	return changed, true
}

// returnsFresh runs a forward analysis of m's code: each value is a new object (with its class),
// an object under construction, or anything else; joins keep what all paths agree on. It is
// true when the method returns at least once and every areturn returns a new object. An
// exception handler starts knowing nothing of the locals.
func (a *analyzer) returnsFresh(cf *classfile.Class, m *classfile.Method, depth int) (bool, string) {
	insns, err := m.Code.Instructions()
	if err != nil || len(insns) == 0 || len(insns) > maxFreshInstructions {
		return false, ""
	}
	pool := cf.Pool()
	at := make(map[int]int, len(insns)) // offset → index
	for i, in := range insns {
		at[in.Offset] = i
	}
	states := make([]*absFrame, len(insns))
	states[0] = &absFrame{locals: make([]absVal, int(m.Code.MaxLocals))}
	work := []int{0}
	returned, class := false, ""
	first := true
	push := func(to int, f *absFrame) bool {
		if to < 0 || to >= len(insns) {
			return false
		}
		if states[to] == nil {
			states[to] = f
			work = append(work, to)
			return true
		}
		changed, ok := f.mergeInto(states[to])
		if !ok {
			return false
		}
		if changed {
			work = append(work, to)
		}
		return true
	}
	for steps := 0; len(work) > 0; steps++ {
		if steps > 16*len(insns)+256 {
			return false, ""
		}
		i := work[len(work)-1]
		work = work[:len(work)-1]
		in := &insns[i]
		f := states[i].clone()
		pop := func() (absVal, bool) {
			if len(f.stack) == 0 {
				return absVal{}, false
			}
			v := f.stack[len(f.stack)-1]
			f.stack = f.stack[:len(f.stack)-1]
			return v, true
		}
		// Every handler whose range covers the instruction is reached with the exception.
		for _, h := range m.Code.ExceptionTable {
			if in.Offset >= int(h.StartPC) && in.Offset < int(h.EndPC) {
				hf := &absFrame{stack: []absVal{{}}, locals: make([]absVal, len(f.locals))}
				t, ok := at[int(h.HandlerPC)]
				if !ok || !push(t, hf) {
					return false, ""
				}
			}
		}
		op := in.Opcode
		switch {
		case op == classfile.OpAreturn:
			v, ok := pop()
			if !ok || v.kind != valFresh {
				return false, ""
			}
			if first {
				class, first = v.class, false
			} else if class != v.class {
				class = ""
			}
			returned = true
			continue
		case op == classfile.OpAthrow:
			continue
		case op >= classfile.OpIreturn && op <= classfile.OpReturn, op == classfile.OpJsr, op == classfile.OpJsrW, op == classfile.OpRet:
			return false, ""
		case op == classfile.OpNew:
			cn, _ := pool.ClassName(in.Index)
			f.stack = append(f.stack, absVal{kind: valUninit, class: cn, site: i})
		case op == classfile.OpNewarray || op == classfile.OpAnewarray || op == classfile.OpMultianewarray:
			eff, ok := pool.StackEffect(in)
			if !ok || len(f.stack) < eff.Pops {
				return false, ""
			}
			f.stack = f.stack[:len(f.stack)-eff.Pops]
			cn, _, _ := allocation(pool, in)
			f.stack = append(f.stack, absVal{kind: valFresh, class: cn})
		case op == classfile.OpAload || op >= classfile.OpAload0 && op <= classfile.OpAload3:
			k := in.Local()
			if k >= len(f.locals) {
				return false, ""
			}
			f.stack = append(f.stack, f.locals[k])
		case in.IsStore():
			v, ok := pop()
			k := in.Local()
			if !ok || k >= len(f.locals) {
				return false, ""
			}
			f.locals[k] = v
			if v.wide && k+1 < len(f.locals) {
				f.locals[k+1] = absVal{}
			}
		case op == classfile.OpCheckcast:
			if len(f.stack) == 0 {
				return false, ""
			}
		case op == classfile.OpDup:
			v, ok := pop()
			if !ok {
				return false, ""
			}
			f.stack = append(f.stack, v, v)
		case op == classfile.OpDupX1:
			v1, ok1 := pop()
			v2, ok2 := pop()
			if !ok1 || !ok2 {
				return false, ""
			}
			f.stack = append(f.stack, v1, v2, v1)
		case op == classfile.OpSwap:
			v1, ok1 := pop()
			v2, ok2 := pop()
			if !ok1 || !ok2 {
				return false, ""
			}
			f.stack = append(f.stack, v1, v2)
		case op == classfile.OpPop2:
			v, ok := pop()
			if !ok {
				return false, ""
			}
			if !v.wide {
				if _, ok := pop(); !ok {
					return false, ""
				}
			}
		case op == classfile.OpDup2:
			v1, ok := pop()
			if !ok {
				return false, ""
			}
			if v1.wide {
				f.stack = append(f.stack, v1, v1)
				break
			}
			v2, ok := pop()
			if !ok {
				return false, ""
			}
			f.stack = append(f.stack, v2, v1, v2, v1)
		case op == classfile.OpDupX2 || op == classfile.OpDup2X1 || op == classfile.OpDup2X2:
			return false, "" // not in the code that builds objects; not followed
		case op == classfile.OpInvokespecial:
			ref, err := pool.MemberRef(in.Index)
			eff, ok := pool.StackEffect(in)
			if err != nil || !ok || len(f.stack) < eff.Pops {
				return false, ""
			}
			recv := f.stack[len(f.stack)-eff.Pops]
			f.stack = f.stack[:len(f.stack)-eff.Pops]
			if ref.Name == "<init>" {
				if recv.kind == valUninit {
					done := absVal{kind: valFresh, class: recv.class}
					for k := range f.stack {
						if f.stack[k] == recv {
							f.stack[k] = done
						}
					}
					for k := range f.locals {
						if f.locals[k] == recv {
							f.locals[k] = done
						}
					}
				}
				break
			}
			if eff.Pushes > 0 {
				f.stack = append(f.stack, a.callResult(op, ref, pool, in, depth))
			}
		case op >= classfile.OpInvokevirtual && op <= classfile.OpInvokedynamic:
			eff, ok := pool.StackEffect(in)
			if !ok || len(f.stack) < eff.Pops {
				return false, ""
			}
			f.stack = f.stack[:len(f.stack)-eff.Pops]
			if eff.Pushes > 0 {
				var v absVal
				if op == classfile.OpInvokedynamic {
					v = absVal{wide: pool.WideResult(in)}
				} else if ref, err := pool.MemberRef(in.Index); err == nil {
					v = a.callResult(op, ref, pool, in, depth)
				}
				f.stack = append(f.stack, v)
			}
		default:
			eff, ok := pool.StackEffect(in)
			if !ok || len(f.stack) < eff.Pops {
				return false, ""
			}
			f.stack = f.stack[:len(f.stack)-eff.Pops]
			for k := 0; k < eff.Pushes; k++ {
				f.stack = append(f.stack, absVal{wide: pool.WideResult(in)})
			}
		}
		var next []int
		if op.FallsThrough() {
			next = append(next, i+1)
		}
		if op.IsBranch() {
			t, ok := at[int(in.Int)]
			if !ok {
				return false, ""
			}
			next = append(next, t)
		}
		if op == classfile.OpTableswitch || op == classfile.OpLookupswitch {
			for _, off := range append([]int{in.Default}, in.Targets...) {
				t, ok := at[off]
				if !ok {
					return false, ""
				}
				next = append(next, t)
			}
		}
		for k, t := range next {
			g := f
			if k > 0 {
				g = f.clone()
			}
			if !push(t, g) {
				return false, ""
			}
		}
	}
	return returned, class
}

// callResult is what a call inside an analysed body returns: a new object when it is a builder
// of the standard library or, in turn, a fresh function of the input.
func (a *analyzer) callResult(op classfile.Opcode, ref classfile.MemberRef, pool *classfile.ConstantPool, in *classfile.Instruction, depth int) absVal {
	if builds(ref) {
		return absVal{kind: valFresh}
	}
	if ok, class := a.freshCall(op, ref, depth+1); ok {
		return absVal{kind: valFresh, class: class}
	}
	return absVal{wide: pool.WideResult(in)}
}
