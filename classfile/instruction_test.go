package classfile

import "testing"

func TestInstructionAccessors(t *testing.T) {
	b := newBuilder()
	i123456 := b.integer(123456)
	iMin := b.integer(-2147483648)
	str := b.str("s")
	flt := b.float(1.5)
	lng := b.long(7)
	code := cat(
		[]byte{byte(OpIconstM1), byte(OpIconst0), byte(OpIconst5)},
		[]byte{byte(OpBipush), 0xf9},       // bipush -7
		[]byte{byte(OpSipush)}, be16(1000), // sipush 1000
		[]byte{byte(OpLdc), byte(i123456)}, // ldc 123456
		[]byte{byte(OpLdcW)}, be16(iMin),   // ldc_w Integer.MIN_VALUE
		[]byte{byte(OpLdc), byte(str)},  // ldc "s"
		[]byte{byte(OpLdcW)}, be16(flt), // ldc_w 1.5f
		[]byte{byte(OpLdc2W)}, be16(lng), // ldc2_w 7L
		[]byte{byte(OpAconstNull), byte(OpLconst1), byte(OpDconst1)},
		[]byte{byte(OpIload), 7, byte(OpIload2), byte(OpLload), 5, byte(OpDload3), byte(OpAload0), byte(OpAload3)},
		[]byte{byte(OpWide), byte(OpAload)}, be16(300), // wide aload 300
		[]byte{byte(OpIstore0), byte(OpFstore2), byte(OpAstore), 9, byte(OpAstore3), byte(OpLstore1)},
		[]byte{byte(OpWide), byte(OpIstore)}, be16(258), // wide istore 258
		[]byte{byte(OpIaload), byte(OpSaload), byte(OpIastore), byte(OpAastore)},
		[]byte{byte(OpIinc), 4, 1},
		[]byte{byte(OpReturn)},
	)
	m := b.member(0x0008, "m", "()V", b.code(8, 400, code))
	c, err := Parse(b.build(0x0021, "p/A", "java/lang/Object", nil, [][]byte{m}, nil))
	if err != nil {
		t.Fatal(err)
	}
	insns, err := c.Method("m", "()V").Code.Instructions()
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		op                      Opcode
		load, store, isConst    bool
		local                   int
		intConst                int32
		intOK, intOKWithoutPool bool
	}
	for i, w := range []want{
		{op: OpIconstM1, isConst: true, intConst: -1, intOK: true, intOKWithoutPool: true},
		{op: OpIconst0, isConst: true, intConst: 0, intOK: true, intOKWithoutPool: true},
		{op: OpIconst5, isConst: true, intConst: 5, intOK: true, intOKWithoutPool: true},
		{op: OpBipush, isConst: true, intConst: -7, intOK: true, intOKWithoutPool: true},
		{op: OpSipush, isConst: true, intConst: 1000, intOK: true, intOKWithoutPool: true},
		{op: OpLdc, isConst: true, local: int(i123456), intConst: 123456, intOK: true},
		{op: OpLdcW, isConst: true, local: int(iMin), intConst: -2147483648, intOK: true},
		{op: OpLdc, isConst: true, local: int(str)},
		{op: OpLdcW, isConst: true, local: int(flt)},
		{op: OpLdc2W, isConst: true, local: int(lng)},
		{op: OpAconstNull, isConst: true},
		{op: OpLconst1, isConst: true},
		{op: OpDconst1, isConst: true},
		{op: OpIload, load: true, local: 7},
		{op: OpIload2, load: true, local: 2},
		{op: OpLload, load: true, local: 5},
		{op: OpDload3, load: true, local: 3},
		{op: OpAload0, load: true, local: 0},
		{op: OpAload3, load: true, local: 3},
		{op: OpAload, load: true, local: 300},
		{op: OpIstore0, store: true, local: 0},
		{op: OpFstore2, store: true, local: 2},
		{op: OpAstore, store: true, local: 9},
		{op: OpAstore3, store: true, local: 3},
		{op: OpLstore1, store: true, local: 1},
		{op: OpIstore, store: true, local: 258},
		{op: OpIaload},
		{op: OpSaload},
		{op: OpIastore},
		{op: OpAastore},
		{op: OpIinc, local: 4},
		{op: OpReturn},
	} {
		if i >= len(insns) {
			t.Fatalf("%d instructions, want more", len(insns))
		}
		in := &insns[i]
		if in.Opcode != w.op {
			t.Fatalf("instruction %d is %v, want %v", i, in.Opcode, w.op)
		}
		v, ok := in.IntConst(c.Pool())
		_, okNil := in.IntConst(nil)
		if in.IsLoad() != w.load || in.IsStore() != w.store || in.IsConst() != w.isConst || in.Local() != w.local ||
			v != w.intConst || ok != w.intOK || okNil != w.intOKWithoutPool {
			t.Errorf("%d %v: IsLoad %v IsStore %v IsConst %v Local %d IntConst %d, %v (nil pool: %v), want %+v",
				i, in.Opcode, in.IsLoad(), in.IsStore(), in.IsConst(), in.Local(), v, ok, okNil, w)
		}
	}
}

// TestIntConstBadIndex: an ldc whose index names no Integer (0, past the pool, the second slot
// of a Long) is no int constant; IntConst never reads outside the pool.
func TestIntConstBadIndex(t *testing.T) {
	b := newBuilder()
	lng := b.long(1)
	c, err := Parse(b.build(0x0021, "p/A", "java/lang/Object", nil, nil, nil))
	if err != nil {
		t.Fatal(err)
	}
	for _, idx := range []uint16{0, lng + 1, 999} {
		for _, op := range []Opcode{OpLdc, OpLdcW} {
			in := Instruction{Opcode: op, Index: idx}
			if v, ok := in.IntConst(c.Pool()); ok {
				t.Errorf("%v #%d: IntConst = %d, true", op, idx, v)
			}
		}
	}
}

// TestAccessorsAsComposable holds the accessors, over every opcode, to the helpers they
// replaced in composable (isLoad, localIndex, isStore, storeIndex, isConstOp, restated here), so
// that the switch changed nothing: Local equals localIndex on loads, storeIndex on stores, and
// both elsewhere.
func TestAccessorsAsComposable(t *testing.T) {
	isLoad := func(op Opcode) bool { return op >= OpIload && op <= OpAload3 }
	localIndex := func(in *Instruction) int {
		if op := in.Opcode; op >= OpIload0 && op <= OpAload3 {
			return int(op-OpIload0) % 4
		}
		return int(in.Index)
	}
	isStore := func(op Opcode) bool { return op >= OpIstore && op <= OpAstore3 }
	storeIndex := func(in *Instruction) int {
		if op := in.Opcode; op >= OpIstore0 && op <= OpAstore3 {
			return int(op-OpIstore0) % 4
		}
		return int(in.Index)
	}
	isConstOp := func(op Opcode) bool { return op >= OpAconstNull && op <= OpLdc2W }
	for op := range 256 {
		in := &Instruction{Opcode: Opcode(op), Index: 300}
		if in.IsLoad() != isLoad(in.Opcode) || in.IsStore() != isStore(in.Opcode) || in.IsConst() != isConstOp(in.Opcode) {
			t.Errorf("%v: IsLoad %v IsStore %v IsConst %v", in.Opcode, in.IsLoad(), in.IsStore(), in.IsConst())
		}
		switch {
		case in.IsLoad() && in.Local() != localIndex(in), in.IsStore() && in.Local() != storeIndex(in),
			!in.IsLoad() && !in.IsStore() && (in.Local() != localIndex(in) || in.Local() != storeIndex(in)):
			t.Errorf("%v: Local %d, localIndex %d, storeIndex %d", in.Opcode, in.Local(), localIndex(in), storeIndex(in))
		}
	}
}
