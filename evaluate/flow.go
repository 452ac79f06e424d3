package evaluate

import (
	"fmt"

	"github.com/composestab/composestab/classfile"
)

// This file follows <clinit>'s control flow to the value the JVM leaves in $stable. It is an
// abstract interpretation over the operand stack: int constants, static field reads and int
// arithmetic become expressions; every other value is unknown, with the instruction that made
// it. Where paths join, values that differ become unknown; at the end, every path that returns
// must have stored the same expression (or nothing), or the value is not simulable.

const (
	// maxCodeLength is the JVM's limit on a method's code (JVMS §4.7.3, code_length < 65536):
	// a longer <clinit> fails class loading with a ClassFormatError.
	maxCodeLength = 65535
	// maxExprNodes caps an expression's size, counting a subexpression once per use. Legal code
	// without dup cannot come near it (each node takes an instruction); with dup, a few dozen
	// instructions would double an expression into billions of nodes.
	maxExprNodes = 1 << 16
	// stepsPerByte and minSteps budget the interpretation: instructions interpreted, handler
	// ranges checked, stack slots and expression nodes compared where paths join. Compiled code
	// takes about one step per instruction; the budget keeps hostile loops and joins linear.
	stepsPerByte = 8
	minSteps     = 1 << 12
)

// val is an abstract operand-stack value. It is never modified once built, so states share it.
type val struct {
	expr  Expr // nil: a value the simulation does not model
	nodes int  // the size of expr
	wide  bool // a long or a double
	known bool // expr reads no field and folds to k
	k     int32
	// Where an unknown value comes from: the instruction at off, or why when set.
	op  classfile.Opcode
	off int
	why string
}

func (v *val) reason() string {
	if v.why != "" {
		return v.why
	}
	return "instruction " + v.op.String() + " computes $stable"
}

// slot is one value of a persistent operand stack: pushing shares everything below.
type slot struct {
	v     *val
	below *slot
	depth int
}

func depthOf(s *slot) int {
	if s == nil {
		return 0
	}
	return s.depth
}

// store is what a path has written to $stable: the value v stored at off, or a conflict
// between paths that stored different values. A nil *store is a path that stored nothing.
type store struct {
	v        *val
	off      int
	conflict string
}

// top reports a store whose value is unknown, so that no later join can make it known.
func (s *store) top() bool { return s != nil && (s.conflict != "" || s.v.expr == nil) }

func (s *store) describe() string {
	if s == nil {
		return "nothing is stored (the default 0)"
	}
	return s.v.expr.String() + " is stored at offset " + fmt.Sprint(s.off)
}

// fstate is the state at an instruction: the operand stack and $stable so far.
type fstate struct {
	top *slot
	st  *store
}

func (s *fstate) push(v *val) { s.top = &slot{v: v, below: s.top, depth: depthOf(s.top) + 1} }

// flow is one simulation of a <clinit>.
type flow struct {
	class string
	pool  *classfile.ConstantPool
	code  *classfile.Code
	insns []classfile.Instruction
	index []int32 // by code offset: instruction index + 1, 0 inside an instruction
	// throwsBefore[off] counts the instructions that may throw and start before off.
	throwsBefore []int32

	leader []bool    // by instruction: a jump or handler target, where paths join
	states []*fstate // by instruction: the joined entry state of a leader reached
	queued []bool
	work   []int
	caught []*slot // by handler: the stack holding only the caught exception

	steps, budget int
	stores        bool // some putstatic writes this class's $stable
	returned      bool
	result        *store // joined over the returns reached
	throwAt       int    // offset of the first athrow reached, -1 for none
	err           error
}

// clinitStore follows <clinit> and returns the expression every path that returns stores in
// $stable, nil when none stores (the default 0), an *InitFailsError when no path returns but
// one throws, and a *NotSimulableError when the paths disagree or cannot be followed.
func clinitStore(c *classfile.Class, code *classfile.Code) (Expr, error) {
	if n := len(code.Bytecode); n > maxCodeLength {
		return nil, &NotSimulableError{Reason: fmt.Sprintf("<clinit> has %d bytes of code, more than the JVM's limit of %d", n, maxCodeLength)}
	}
	insns, err := code.Instructions()
	if err != nil {
		return nil, err
	}
	f := &flow{class: c.Name(), pool: c.Pool(), code: code, insns: insns, throwAt: -1,
		budget: stepsPerByte*len(code.Bytecode) + minSteps}
	if err := f.prepare(); err != nil {
		return nil, err
	}
	f.run()
	return f.outcome()
}

// prepare indexes the instructions and marks where paths join. Only pool errors are returned;
// bad jump targets fail the simulation.
func (f *flow) prepare() error {
	n := len(f.insns)
	f.index = make([]int32, len(f.code.Bytecode)+1)
	f.throwsBefore = make([]int32, len(f.code.Bytecode)+1)
	f.leader, f.states, f.queued = make([]bool, n), make([]*fstate, n), make([]bool, n)
	throws := int32(0)
	for i := range f.insns {
		in := &f.insns[i]
		f.index[in.Offset] = int32(i + 1)
		end := len(f.code.Bytecode)
		if i+1 < n {
			end = f.insns[i+1].Offset
		}
		for off := in.Offset; off < end; off++ {
			f.throwsBefore[off] = throws
		}
		if in.Opcode.CanThrow() {
			throws++
		}
		if in.Opcode == classfile.OpPutstatic {
			ref, err := f.pool.MemberRef(in.Index)
			if err != nil {
				return err
			}
			f.stores = f.stores || f.own(ref)
		}
	}
	f.throwsBefore[len(f.code.Bytecode)] = throws
	mark := func(from, t int) {
		if i, ok := f.at(t); ok {
			f.leader[i] = true
		} else if f.err == nil {
			f.fail(from, fmt.Sprintf("a jump to offset %d, inside an instruction", t))
		}
	}
	for i := range f.insns {
		in := &f.insns[i]
		switch {
		case in.Opcode.IsBranch():
			mark(in.Offset, int(in.Int))
		case in.Opcode == classfile.OpTableswitch || in.Opcode == classfile.OpLookupswitch:
			mark(in.Offset, in.Default)
			for _, t := range in.Targets {
				mark(in.Offset, t)
			}
		}
	}
	f.caught = make([]*slot, len(f.code.ExceptionTable))
	for i, h := range f.code.ExceptionTable {
		mark(int(h.HandlerPC), int(h.HandlerPC))
		exc := &val{op: classfile.OpAthrow, off: int(h.HandlerPC),
			why: fmt.Sprintf("the value is an exception caught at offset %d", h.HandlerPC)}
		f.caught[i] = &slot{v: exc, depth: 1}
	}
	return nil
}

// at returns the index of the instruction starting at offset off.
func (f *flow) at(off int) (int, bool) {
	if off < 0 || off >= len(f.index) || f.index[off] == 0 {
		return 0, false
	}
	return int(f.index[off] - 1), true
}

func (f *flow) own(ref classfile.MemberRef) bool {
	return ref.Owner == f.class && ref.Name == StableField
}

func (f *flow) fail(off int, reason string) {
	if f.err == nil {
		f.err = &NotSimulableError{Offset: off, Reason: reason}
	}
}

// run interprets from offset 0 until no joined state changes.
func (f *flow) run() {
	if len(f.insns) == 0 {
		f.fail(0, "<clinit> has no code")
		return
	}
	f.enter(0, fstate{})
	for len(f.work) > 0 && f.err == nil {
		i := f.work[len(f.work)-1]
		f.work = f.work[:len(f.work)-1]
		f.queued[i] = false
		f.block(i)
	}
}

// enter joins s into the entry state of leader i and queues i if that changed.
func (f *flow) enter(i int, s fstate) {
	old := f.states[i]
	if old == nil {
		f.states[i] = &s
	} else {
		merged, changed := f.merge(old, s, f.insns[i].Offset)
		if !changed {
			return
		}
		f.states[i] = merged
	}
	if !f.queued[i] {
		f.queued[i] = true
		f.work = append(f.work, i)
	}
}

// jump enters the instruction at offset t.
func (f *flow) jump(from, t int, s fstate) {
	i, ok := f.at(t)
	if !ok {
		f.fail(from, fmt.Sprintf("a jump to offset %d, inside an instruction", t))
		return
	}
	f.enter(i, s)
}

// block interprets the straight-line code from leader i until a jump, a return, a throw or the
// next leader.
func (f *flow) block(i int) {
	s := *f.states[i]
	seg := i // first instruction executed with the current $stable
	for f.err == nil {
		f.steps++
		if f.steps > f.budget {
			f.fail(f.insns[i].Offset, fmt.Sprintf("<clinit>'s control flow takes more than %d steps to follow", f.budget))
			return
		}
		in := &f.insns[i]
		if in.Opcode == classfile.OpPutstatic && len(f.code.ExceptionTable) > 0 {
			// A handler entered from before the store sees the earlier $stable.
			f.handlers(seg, i, s.st)
			seg = i
		}
		more := f.step(&s, in)
		if !more || f.err != nil {
			f.handlers(seg, i+1, s.st)
			return
		}
		if i+1 >= len(f.insns) {
			f.fail(in.Offset, "execution runs off the end of the code")
			return
		}
		i++
		if f.leader[i] {
			f.handlers(seg, i, s.st)
			f.enter(i, s)
			return
		}
	}
}

// handlers enters, with $stable as st, the exception handlers whose range holds an instruction
// that may throw among instructions [from, to).
func (f *flow) handlers(from, to int, st *store) {
	if len(f.code.ExceptionTable) == 0 || from >= to || f.err != nil {
		return
	}
	lo := f.insns[from].Offset
	hi := len(f.code.Bytecode)
	if to < len(f.insns) {
		hi = f.insns[to].Offset
	}
	for h, eh := range f.code.ExceptionTable {
		f.steps++
		a, b := max(lo, int(eh.StartPC)), min(hi, int(eh.EndPC))
		if a >= b || f.throwsBefore[b] == f.throwsBefore[a] {
			continue
		}
		f.jump(int(eh.HandlerPC), int(eh.HandlerPC), fstate{top: f.caught[h], st: st})
	}
}

func (f *flow) pop(s *fstate, off int) *val {
	if s.top == nil {
		f.fail(off, "stack underflow")
		return &val{op: classfile.OpNop, off: off}
	}
	v := s.top.v
	s.top = s.top.below
	return v
}

// pop1 pops a value that must take one slot, as the verifier requires of pop, dup, swap and
// the narrow operands of the dup2 family.
func (f *flow) pop1(s *fstate, in *classfile.Instruction) *val {
	v := f.pop(s, in.Offset)
	if v.wide {
		f.fail(in.Offset, in.Opcode.String()+" on a long or double")
	}
	return v
}

func constVal(n int32) *val {
	return &val{expr: Const{Value: n}, nodes: 1, known: true, k: n}
}

// step interprets one instruction; more is false when execution does not continue with the next
// instruction (a jump taken, a return, a throw).
func (f *flow) step(s *fstate, in *classfile.Instruction) (more bool) {
	off := in.Offset
	n, isInt := in.IntConst(f.pool)
	switch op := in.Opcode; {
	case op == classfile.OpNop:
	case isInt:
		s.push(constVal(n))
	case op == classfile.OpLdc, op == classfile.OpLdcW:
		k, err := f.pool.Constant(in.Index)
		if err != nil {
			f.err = err
			return false
		}
		s.push(&val{op: op, off: off, why: fmt.Sprintf("ldc of %T computes $stable", k)})
	case op == classfile.OpGetstatic:
		ref, err := f.pool.MemberRef(in.Index)
		if err != nil {
			f.err = err
			return false
		}
		s.push(f.getstatic(s, ref, off))
	case op == classfile.OpInvokestatic && f.stableGetter(in):
		// An annotation class (an interface on the JVM) of another file keeps its $stable
		// behind a static getter, $stable()I, which returns the field: read it as the field.
		ref, _ := f.pool.MemberRef(in.Index)
		s.push(&val{expr: Ref{Class: ref.Owner, Field: StableField}, nodes: 1})
	case op == classfile.OpPutstatic:
		ref, err := f.pool.MemberRef(in.Index)
		if err != nil {
			f.err = err
			return false
		}
		v := f.pop(s, off)
		if f.own(ref) {
			// A later store replaces an earlier one, as in the JVM.
			s.st = &store{v: v, off: off}
		}
	case binaryOps[op] != "":
		y := f.pop(s, off)
		x := f.pop(s, off)
		s.push(f.binary(binaryOps[op], x, y, in))
	case op >= classfile.OpPop && op <= classfile.OpSwap:
		f.shuffle(s, in)
	case op == classfile.OpJsr, op == classfile.OpJsrW, op == classfile.OpRet:
		f.fail(off, "a subroutine ("+op.String()+")")
		return false
	case op == classfile.OpGoto, op == classfile.OpGotoW:
		f.jump(off, int(in.Int), *s)
		return false
	case op.IsBranch():
		return f.branch(s, in)
	case op == classfile.OpTableswitch, op == classfile.OpLookupswitch:
		key := f.pop(s, off)
		if key.known {
			t := in.Default
			for j, k := range in.Keys {
				if k == key.k {
					t = in.Targets[j]
					break
				}
			}
			f.jump(off, t, *s)
			return false
		}
		f.jump(off, in.Default, *s)
		for _, t := range in.Targets {
			f.steps++
			f.jump(off, t, *s)
		}
		return false
	case op >= classfile.OpIreturn && op <= classfile.OpReturn:
		f.finish(s.st, off)
		return false
	case op == classfile.OpAthrow:
		// The class fails to initialize unless a handler catches it (entered by block).
		if f.throwAt < 0 {
			f.throwAt = off
		}
		return false
	default:
		eff, ok := f.pool.StackEffect(in)
		if !ok {
			f.fail(off, "instruction "+op.String()+" cannot be followed")
			return false
		}
		for range eff.Pops {
			f.pop(s, off)
		}
		for range eff.Pushes {
			s.push(&val{op: op, off: off, wide: f.pool.WideResult(in)})
		}
	}
	if d := depthOf(s.top); d > int(f.code.MaxStack) && f.err == nil {
		f.fail(off, fmt.Sprintf("the operand stack exceeds max_stack (%d)", f.code.MaxStack))
	}
	return f.err == nil
}

// stableGetter reports an invokestatic of another class's $stable()I getter.
func (f *flow) stableGetter(in *classfile.Instruction) bool {
	ref, err := f.pool.MemberRef(in.Index)
	return err == nil && ref.Name == StableField && ref.Descriptor == "()I"
}

// getstatic is the value a static field read pushes: an int-typed field is a Ref; this class's
// own $stable, once stored on this path, is the stored value.
func (f *flow) getstatic(s *fstate, ref classfile.MemberRef, off int) *val {
	switch {
	case f.own(ref) && s.st != nil:
		if s.st.conflict != "" {
			return &val{op: classfile.OpGetstatic, off: off, why: s.st.conflict}
		}
		return s.st.v
	case ref.Descriptor == "I" || ref.Descriptor == "Z" || ref.Descriptor == "B" || ref.Descriptor == "S" || ref.Descriptor == "C":
		return &val{expr: Ref{Class: ref.Owner, Field: ref.Name}, nodes: 1}
	}
	return &val{op: classfile.OpGetstatic, off: off, wide: ref.Descriptor == "J" || ref.Descriptor == "D"}
}

// binary is x op y; an unknown operand makes the result unknown for the same reason.
func (f *flow) binary(op string, x, y *val, in *classfile.Instruction) *val {
	if x.wide || y.wide {
		f.fail(in.Offset, in.Opcode.String()+" on a long or double")
	}
	switch {
	case x.expr == nil:
		return x
	case y.expr == nil:
		return y
	}
	nodes := x.nodes + y.nodes + 1
	if nodes > maxExprNodes {
		return &val{op: in.Opcode, off: in.Offset, why: fmt.Sprintf("the $stable expression has more than %d nodes", maxExprNodes)}
	}
	v := &val{expr: Op{Op: op, X: x.expr, Y: y.expr}, nodes: nodes}
	if x.known && y.known {
		v.known, v.k = true, apply(op, x.k, y.k)
	}
	return v
}

// shuffle is pop, pop2, swap and the dup family, whose forms depend on the values' sizes
// (JVMS §6.5).
func (f *flow) shuffle(s *fstate, in *classfile.Instruction) {
	off := in.Offset
	push := func(vs ...*val) {
		for _, v := range vs {
			s.push(v)
		}
	}
	switch in.Opcode {
	case classfile.OpPop:
		f.pop1(s, in)
	case classfile.OpPop2:
		if v := f.pop(s, off); !v.wide {
			f.pop1(s, in)
		}
	case classfile.OpDup:
		v := f.pop1(s, in)
		push(v, v)
	case classfile.OpDupX1:
		v1, v2 := f.pop1(s, in), f.pop1(s, in)
		push(v1, v2, v1)
	case classfile.OpDupX2:
		v1, v2 := f.pop1(s, in), f.pop(s, off)
		if v2.wide {
			push(v1, v2, v1)
			return
		}
		v3 := f.pop1(s, in)
		push(v1, v3, v2, v1)
	case classfile.OpDup2:
		v1 := f.pop(s, off)
		if v1.wide {
			push(v1, v1)
			return
		}
		v2 := f.pop1(s, in)
		push(v2, v1, v2, v1)
	case classfile.OpDup2X1:
		v1 := f.pop(s, off)
		if v1.wide {
			v2 := f.pop1(s, in)
			push(v1, v2, v1)
			return
		}
		v2, v3 := f.pop1(s, in), f.pop1(s, in)
		push(v2, v1, v3, v2, v1)
	case classfile.OpDup2X2:
		v1 := f.pop(s, off)
		if v1.wide {
			v2 := f.pop(s, off)
			if v2.wide {
				push(v1, v2, v1)
				return
			}
			v3 := f.pop1(s, in)
			push(v1, v3, v2, v1)
			return
		}
		v2, v3 := f.pop1(s, in), f.pop(s, off)
		if v3.wide {
			push(v2, v1, v3, v2, v1)
			return
		}
		v4 := f.pop1(s, in)
		push(v2, v1, v4, v3, v2, v1)
	case classfile.OpSwap:
		v1, v2 := f.pop1(s, in), f.pop1(s, in)
		push(v1, v2)
	}
}

// branch is an if* instruction: a condition on known ints takes one way, any other both.
func (f *flow) branch(s *fstate, in *classfile.Instruction) bool {
	op, off := in.Opcode, in.Offset
	var x, y *val
	switch {
	case op >= classfile.OpIfIcmpeq && op <= classfile.OpIfAcmpne:
		y = f.pop(s, off)
		x = f.pop(s, off)
	default:
		x, y = f.pop(s, off), constVal(0)
	}
	if f.err != nil {
		return false
	}
	intCompare := op >= classfile.OpIfeq && op <= classfile.OpIfIcmple
	if !intCompare || !x.known || !y.known {
		f.jump(off, int(in.Int), *s)
		return true
	}
	var taken bool
	switch op {
	case classfile.OpIfeq, classfile.OpIfIcmpeq:
		taken = x.k == y.k
	case classfile.OpIfne, classfile.OpIfIcmpne:
		taken = x.k != y.k
	case classfile.OpIflt, classfile.OpIfIcmplt:
		taken = x.k < y.k
	case classfile.OpIfge, classfile.OpIfIcmpge:
		taken = x.k >= y.k
	case classfile.OpIfgt, classfile.OpIfIcmpgt:
		taken = x.k > y.k
	case classfile.OpIfle, classfile.OpIfIcmple:
		taken = x.k <= y.k
	}
	if taken {
		f.jump(off, int(in.Int), *s)
		return false
	}
	return true
}

// finish records a return with $stable as st.
func (f *flow) finish(st *store, off int) {
	if !f.returned {
		f.returned, f.result = true, st
		return
	}
	f.result, _ = f.mergeStore(f.result, st, off)
}

// outcome turns what the paths did into the stored expression.
func (f *flow) outcome() (Expr, error) {
	if f.err != nil {
		if _, ok := f.err.(*NotSimulableError); ok && !f.stores {
			// Nothing ever stores $stable: whatever <clinit> does, the JVM leaves it 0.
			return nil, nil
		}
		return nil, f.err
	}
	if !f.returned {
		if f.throwAt >= 0 {
			return nil, &InitFailsError{Offset: f.throwAt}
		}
		return nil, &NotSimulableError{Reason: "no path through <clinit> returns: it loops forever"}
	}
	switch st := f.result; {
	case st == nil:
		return nil, nil
	case st.conflict != "":
		return nil, &NotSimulableError{Offset: st.off, Reason: st.conflict}
	case st.v.expr == nil:
		return nil, &NotSimulableError{Offset: st.v.off, Reason: st.v.reason()}
	default:
		return st.v.expr, nil
	}
}
