package evaluate

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

// FuzzParseType parses arbitrary type expressions against a fixture classpath: a type or an
// error, never a panic.
func FuzzParseType(f *testing.F) {
	for _, s := range []string{"lib1.LBox<lib1.LStable>", "LBox<List<LUnstable>>?", "Pair<*, out Int>", "Map<in String,", "a.b.C<<>>", "LBox<LBox<LBox<LStable>>>"} {
		f.Add(s)
	}
	m, err := fixtures.Get("lib1")
	if err != nil {
		f.Fatal(err)
	}
	cp, err := archive.OpenClasspath(append([]string{m.Jar()}, m.Classpath()...))
	if err != nil {
		f.Fatal(err)
	}
	// The universe and the evaluator cache every name asked for, the missing ones too, so one
	// shared by every input grew by each input's names (all the package/class splits of a
	// dotted name) until the fuzzer held gigabytes. A fresh one every so often bounds that and
	// keeps most of the speed of a warm cache.
	const renew = 256
	var n atomic.Int64
	var it *Instantiator
	f.Fuzz(func(t *testing.T, s string) {
		if n.Add(1)%renew == 1 {
			it = NewInstantiator(stability.NewUniverse(cp), New(cp), stability.Options{})
		}
		in, err := it.Evaluate(s)
		if err == nil && in.Type == nil {
			t.Fatal("no type and no error")
		}
	})
}

// fuzzClinitClass builds t/C with the <clinit> code makes from the constant-pool indices,
// exception table (6 bytes a handler: start, end, handler pc) and max_stack. The constant pool
// is the same for every input, so that the fuzzer can learn its indices.
func fuzzClinitClass(code func(r clinitRefs) []byte, table []byte, maxStack uint16) ([]byte, clinitRefs) {
	b := newClassBuilder()
	b.maxStack = maxStack
	r := clinitRefs{self: b.field("t/C", StableField, "I"), x: b.field("t/X", StableField, "I"),
		long: b.field("t/X", "L", "J"), call: b.method("t/X", "run", "()V"), eight: b.integer(8)}
	b.str("s")
	var hs []handler
	for i := 0; i+6 <= len(table) && len(hs) < 16; i += 6 {
		hs = append(hs, handler{start: uint16(table[i])<<8 | uint16(table[i+1]), end: uint16(table[i+2])<<8 | uint16(table[i+3]),
			pc: uint16(table[i+4])<<8 | uint16(table[i+5])})
	}
	return b.build("t/C", nil, code(r), hs...), r
}

// assemble turns prog into valid code, one instruction a byte (an index into the instructions
// below), so that the fuzzer explores control flow rather than the decoder: a jump takes its
// target, an instruction number, from the next byte, a tableswitch three.
func assemble(prog []byte, r clinitRefs) []byte {
	type item struct {
		op      classfile.Opcode
		arg     []byte // operand bytes
		targets []int  // instruction numbers; a tableswitch's default first
	}
	var items []item
	for i := 0; i < len(prog) && len(items) < 1024; i++ {
		next := func() int {
			if i+1 < len(prog) {
				i++
				return int(prog[i])
			}
			return 0
		}
		var it item
		switch k := prog[i] % 32; {
		case k <= 5:
			it.op = classfile.OpIconstM1 + classfile.Opcode(k)
		case k == 6:
			it = item{op: classfile.OpBipush, arg: []byte{8}}
		case k == 7:
			it = item{op: classfile.OpGetstatic, arg: u2(r.x)}
		case k == 8:
			it = item{op: classfile.OpGetstatic, arg: u2(r.self)}
		case k == 9:
			it = item{op: classfile.OpPutstatic, arg: u2(r.self)}
		case k <= 15:
			it.op = []classfile.Opcode{classfile.OpIor, classfile.OpIand, classfile.OpIxor, classfile.OpIadd, classfile.OpIshl, classfile.OpImul}[k-10]
		case k <= 23:
			it.op = []classfile.Opcode{classfile.OpPop, classfile.OpPop2, classfile.OpDup, classfile.OpDupX1, classfile.OpDupX2,
				classfile.OpDup2, classfile.OpDup2X1, classfile.OpSwap}[k-16]
		case k <= 27:
			it = item{op: []classfile.Opcode{classfile.OpIfeq, classfile.OpIfne, classfile.OpIfIcmplt, classfile.OpGoto}[k-24], targets: []int{next()}}
		case k == 28:
			it = item{op: classfile.OpTableswitch, targets: []int{next(), next(), next()}}
		case k == 29:
			it.op = classfile.OpReturn
		case k == 30:
			it.op = classfile.OpAthrow
		default:
			it = []item{{op: classfile.OpInvokestatic, arg: u2(r.call)}, {op: classfile.OpLconst1}, {op: classfile.OpGetstatic, arg: u2(r.long)},
				{op: classfile.OpLdc, arg: []byte{byte(r.eight)}}, {op: classfile.OpDup2X2}}[next()%5]
		}
		items = append(items, it)
	}
	if len(items) == 0 {
		return []byte{byte(classfile.OpReturn)}
	}
	size := func(it item, off int) int {
		switch {
		case it.op == classfile.OpTableswitch:
			return 1 + (3-off%4+4)%4 + 12 + 4*(len(it.targets)-1)
		case it.targets != nil:
			return 3
		}
		return 1 + len(it.arg)
	}
	offs := make([]int, len(items))
	off := 0
	for i, it := range items {
		offs[i] = off
		off += size(it, off)
	}
	var code []byte
	for i, it := range items {
		code = append(code, byte(it.op))
		code = append(code, it.arg...)
		rel := func(t int) int { return offs[t%len(items)] - offs[i] }
		switch {
		case it.op == classfile.OpTableswitch:
			for len(code)%4 != 0 {
				code = append(code, 0)
			}
			code = append(code, u4(uint32(int32(rel(it.targets[0]))))...)
			code = append(code, u4(0)...)
			code = append(code, u4(uint32(len(it.targets)-2))...)
			for _, t := range it.targets[1:] {
				code = append(code, u4(uint32(int32(rel(t))))...)
			}
		case it.targets != nil:
			code = append(code, u2(uint16(int16(rel(it.targets[0]))))...)
		}
	}
	return code
}

// FuzzClinit simulates $stable over arbitrary <clinit> code: a value or an error, never a panic,
// an expression that renders within bounds, and, whenever the one path a concrete run of the
// code takes returns, the value that run stores.
func FuzzClinit(f *testing.F) {
	seeds := []func(a *asm, r clinitRefs){
		orChain(3),
		func(a *asm, r clinitRefs) {
			a.idx(classfile.OpGetstatic, r.x).jump(classfile.OpIfeq, "else").bipush(8).idx(classfile.OpPutstatic, r.self).
				jump(classfile.OpGoto, "end").label("else").op(classfile.OpIconst0).idx(classfile.OpPutstatic, r.self).label("end").op(classfile.OpReturn)
		},
		func(a *asm, r clinitRefs) {
			a.op(classfile.OpIconst2, classfile.OpIconst3).jump(classfile.OpIfIcmplt, "four").bipush(8).idx(classfile.OpPutstatic, r.self).op(classfile.OpReturn).
				label("four").op(classfile.OpIconst4).idx(classfile.OpPutstatic, r.self).op(classfile.OpReturn)
		},
		func(a *asm, r clinitRefs) {
			a.op(classfile.OpIconst0).jump(classfile.OpIfeq, "end").bipush(8).idx(classfile.OpPutstatic, r.self).
				label("end").op(classfile.OpReturn).bipush(8).idx(classfile.OpPutstatic, r.self).op(classfile.OpReturn)
		},
		func(a *asm, r clinitRefs) {
			a.op(classfile.OpIconst1).tableswitch(0, "d", "zero", "one").
				label("zero").op(classfile.OpIconst2).idx(classfile.OpPutstatic, r.self).op(classfile.OpReturn).
				label("one").op(classfile.OpIconst4).idx(classfile.OpPutstatic, r.self).op(classfile.OpReturn).
				label("d").bipush(8).idx(classfile.OpPutstatic, r.self).op(classfile.OpReturn)
		},
		func(a *asm, r clinitRefs) {
			a.op(classfile.OpIconst0).label("loop").op(classfile.OpIconst1, classfile.OpIor, classfile.OpDup).idx(classfile.OpPutstatic, r.self).
				idx(classfile.OpGetstatic, r.x).jump(classfile.OpIfne, "loop").op(classfile.OpPop, classfile.OpReturn)
		},
		func(a *asm, r clinitRefs) {
			a.idx(classfile.OpInvokestatic, r.call).bipush(8).idx(classfile.OpPutstatic, r.self).op(classfile.OpReturn).
				label("catch").op(classfile.OpPop, classfile.OpReturn)
		},
	}
	var refs clinitRefs
	fuzzClinitClass(func(r clinitRefs) []byte { refs = r; return nil }, nil, 0)
	for i, seed := range seeds {
		a := &asm{}
		seed(a, refs)
		var table []byte
		if i == len(seeds)-1 {
			table = []byte{0, 0, 0, 3, 0, 9}
		}
		f.Add(a.bytes(f), table, uint16(8), false)
	}
	// Structured programs: 8 | X.$stable stored on one branch, the same on the other; a loop.
	f.Add([]byte{7, 24, 6, 6, 7, 10, 9, 29, 6, 7, 10, 9, 29}, []byte(nil), uint16(8), true)
	f.Add([]byte{1, 6, 9, 7, 25, 1, 29}, []byte(nil), uint16(8), true)
	f.Add([]byte{3, 4, 19, 10, 10, 9, 29}, []byte(nil), uint16(8), true)
	// t/X.$stable is 4 on one classpath and 0 on the other, so that concrete runs take both ways
	// of a branch on it.
	xs := []int32{4, 0}
	var cps []*archive.Classpath
	for _, x := range xs {
		cps = append(cps, testClasspath(f, map[string][]byte{"t/X": newClassBuilder().build("t/X", &x, nil)}))
	}
	f.Fuzz(func(t *testing.T, code, table []byte, maxStack uint16, structured bool) {
		if len(code) == 0 || len(code) > maxCodeLength {
			return
		}
		data, refs := fuzzClinitClass(func(r clinitRefs) []byte {
			if structured {
				return assemble(code, r)
			}
			return code
		}, table, maxStack)
		c, err := classfile.Parse(data)
		if err != nil {
			return
		}
		init := &initializer{class: "t/C"}
		readInitializer(c, init)
		if init.expr == nil {
			if init.err == nil && init.source != SourceDefault {
				t.Fatalf("no expression, no error, source %s", init.source)
			}
			if init.err != nil {
				// Never a failure to initialize, or a loop, where a concrete run returns.
				var fails *InitFailsError
				ns, _ := init.err.(*NotSimulableError)
				loops := ns != nil && strings.Contains(ns.Reason, "loops forever")
				for _, x := range xs {
					if _, ok := concreteRun(c, refs, x); ok && (errors.As(init.err, &fails) || loops) {
						t.Fatalf("%v, but a concrete run with X.$stable = %d returns", init.err, x)
					}
				}
				return
			}
		} else if s := init.expr.String(); len(s) > maxRenderedBytes+64 {
			t.Fatalf("rendered in %d bytes", len(s))
		}
		for i, x := range xs {
			got := int32(0)
			if init.expr != nil {
				r := &run{ev: New(cps[i]), state: map[string]*Value{}}
				if got, err = r.eval(&Value{Class: "t/C"}, init.expr); err != nil {
					return // a read of t/C itself, which is not on the fuzz classpath
				}
			}
			if want, ok := concreteRun(c, refs, x); ok && got != want {
				t.Fatalf("with X.$stable = %d: simulated $stable = %d (%v); a concrete run stores %d", x, got, init.expr, want)
			}
		}
	})
}

// concreteRun executes <clinit> as the JVM would when t/X.$stable is x and nothing throws, for
// the instructions whose effect on ints it knows; ok is false when the run leaves them, throws,
// fails verification or takes too long.
func concreteRun(c *classfile.Class, refs clinitRefs, x int32) (stored int32, ok bool) {
	m := c.Method("<clinit>", "()V")
	insns, err := m.Code.Instructions()
	if err != nil || len(insns) == 0 {
		return 0, false
	}
	at := make([]int, len(m.Code.Bytecode))
	for i := range at {
		at[i] = -1
	}
	for i, in := range insns {
		at[in.Offset] = i
	}
	var stack []int32
	pop := func() (int32, bool) {
		if len(stack) == 0 {
			return 0, false
		}
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		return v, true
	}
	i := 0
	// Enough for the loops that end; one that does not is no run to compare with.
	for range 16*len(insns) + 1024 {
		if i >= len(insns) || len(stack) > int(m.Code.MaxStack) {
			return 0, false
		}
		in := insns[i]
		i++
		jump := func(t int) bool {
			i = at[t]
			return i >= 0
		}
		switch op := in.Opcode; {
		case op == classfile.OpNop:
		case op >= classfile.OpIconstM1 && op <= classfile.OpIconst5:
			stack = append(stack, int32(op)-int32(classfile.OpIconst0))
		case op == classfile.OpBipush, op == classfile.OpSipush:
			stack = append(stack, in.Int)
		case op == classfile.OpLdc, op == classfile.OpLdcW:
			k, err := c.Pool().Constant(in.Index)
			n, isInt := k.(int32)
			if err != nil || !isInt {
				return 0, false
			}
			stack = append(stack, n)
		case op == classfile.OpGetstatic && in.Index == refs.x:
			stack = append(stack, x)
		case op == classfile.OpGetstatic && in.Index == refs.self:
			stack = append(stack, stored)
		case op == classfile.OpPutstatic && in.Index == refs.self:
			v, ok := pop()
			if !ok {
				return 0, false
			}
			stored = v
		case binaryOps[op] != "":
			y, ok1 := pop()
			x, ok2 := pop()
			if !ok1 || !ok2 {
				return 0, false
			}
			stack = append(stack, apply(binaryOps[op], x, y))
		case shuffles[op] != nil:
			// With ints only, every value takes one slot: the first forms of JVMS §6.5.
			sh := shuffles[op]
			if len(stack) < sh.n {
				return 0, false
			}
			popped := append([]int32(nil), stack[len(stack)-sh.n:]...)
			stack = stack[:len(stack)-sh.n]
			for _, j := range sh.push {
				stack = append(stack, popped[j])
			}
		case op == classfile.OpGoto, op == classfile.OpGotoW:
			if !jump(int(in.Int)) {
				return 0, false
			}
		case op >= classfile.OpIfeq && op <= classfile.OpIfIcmple:
			y := int32(0)
			if op >= classfile.OpIfIcmpeq {
				var ok bool
				if y, ok = pop(); !ok {
					return 0, false
				}
			}
			x, ok := pop()
			if !ok {
				return 0, false
			}
			if op >= classfile.OpIfIcmpeq {
				op -= classfile.OpIfIcmpeq - classfile.OpIfeq
			}
			taken := op == classfile.OpIfeq && x == y || op == classfile.OpIfne && x != y || op == classfile.OpIflt && x < y ||
				op == classfile.OpIfge && x >= y || op == classfile.OpIfgt && x > y || op == classfile.OpIfle && x <= y
			if taken && !jump(int(in.Int)) {
				return 0, false
			}
		case op == classfile.OpTableswitch, op == classfile.OpLookupswitch:
			k, ok := pop()
			if !ok {
				return 0, false
			}
			t := in.Default
			for j, key := range in.Keys {
				if key == k {
					t = in.Targets[j]
					break
				}
			}
			if !jump(t) {
				return 0, false
			}
		case op == classfile.OpReturn:
			return stored, true
		default:
			return 0, false
		}
	}
	return 0, false
}

// shuffles are the stack instructions on one-slot values: n values popped (the deepest first)
// and pushed again in the order push gives.
var shuffles = map[classfile.Opcode]*struct {
	n    int
	push []int
}{
	classfile.OpPop:    {1, nil},
	classfile.OpPop2:   {2, nil},
	classfile.OpDup:    {1, []int{0, 0}},
	classfile.OpDupX1:  {2, []int{1, 0, 1}},
	classfile.OpDupX2:  {3, []int{2, 0, 1, 2}},
	classfile.OpDup2:   {2, []int{0, 1, 0, 1}},
	classfile.OpDup2X1: {3, []int{1, 2, 0, 1, 2}},
	classfile.OpDup2X2: {4, []int{2, 3, 0, 1, 2, 3}},
	classfile.OpSwap:   {2, []int{1, 0}},
}
