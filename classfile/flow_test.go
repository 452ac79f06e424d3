package classfile

import "testing"

// TestCanThrow: the opcodes that may throw (JVMS §6.5) and those that never do.
func TestCanThrow(t *testing.T) {
	tests := []struct {
		op   Opcode
		want bool
	}{
		{OpNop, false}, {OpIconst0, false}, {OpBipush, false}, {OpLdc, true}, {OpLdc2W, true},
		{OpIload, false}, {OpAload3, false}, {OpIaload, true}, {OpAastore, true}, {OpIstore, false},
		{OpPop, false}, {OpDup2X2, false}, {OpSwap, false}, {OpIadd, false}, {OpIdiv, true}, {OpIrem, true},
		{OpLdiv, true}, {OpLrem, true}, {OpFdiv, false}, {OpIinc, false}, {OpI2l, false}, {OpDcmpg, false},
		{OpIfeq, false}, {OpIfAcmpne, false}, {OpGoto, false}, {OpTableswitch, false}, {OpReturn, false},
		{OpGetstatic, true}, {OpPutstatic, true}, {OpInvokestatic, true}, {OpNew, true}, {OpArraylength, true},
		{OpAthrow, true}, {OpCheckcast, true}, {OpInstanceof, true}, {OpMonitorenter, true}, {OpWide, false},
		{OpMultianewarray, true}, {OpIfnull, false}, {OpIfnonnull, false}, {OpGotoW, false}, {OpJsrW, false},
	}
	for _, tt := range tests {
		if got := tt.op.CanThrow(); got != tt.want {
			t.Errorf("%s.CanThrow() = %v, want %v", tt.op, got, tt.want)
		}
	}
}

// TestWideResult: the instructions that push a long or a double, those of the pool resolved.
func TestWideResult(t *testing.T) {
	b := newBuilder()
	long := b.ref(TagFieldref, "p/A", "l", "J")
	integer := b.ref(TagFieldref, "p/A", "i", "I")
	retDouble := b.ref(TagMethodref, "p/A", "d", "(IJ)D")
	retVoid := b.ref(TagMethodref, "p/A", "v", "(J)V")
	c, err := Parse(b.build(0x21, "p/W", "java/lang/Object", nil, nil, nil))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		in   Instruction
		want bool
	}{
		{Instruction{Opcode: OpLconst0}, true}, {Instruction{Opcode: OpDconst1}, true}, {Instruction{Opcode: OpIconst0}, false},
		{Instruction{Opcode: OpLdc2W}, true}, {Instruction{Opcode: OpLdc}, false},
		{Instruction{Opcode: OpLload2}, true}, {Instruction{Opcode: OpDload}, true}, {Instruction{Opcode: OpIload}, false},
		{Instruction{Opcode: OpLaload}, true}, {Instruction{Opcode: OpAaload}, false},
		{Instruction{Opcode: OpIadd}, false}, {Instruction{Opcode: OpLadd}, true}, {Instruction{Opcode: OpFmul}, false},
		{Instruction{Opcode: OpDrem}, true}, {Instruction{Opcode: OpLneg}, true}, {Instruction{Opcode: OpFneg}, false},
		{Instruction{Opcode: OpIshl}, false}, {Instruction{Opcode: OpLushr}, true}, {Instruction{Opcode: OpIor}, false},
		{Instruction{Opcode: OpLxor}, true}, {Instruction{Opcode: OpI2l}, true}, {Instruction{Opcode: OpL2i}, false},
		{Instruction{Opcode: OpF2d}, true}, {Instruction{Opcode: OpD2f}, false}, {Instruction{Opcode: OpLcmp}, false},
		{Instruction{Opcode: OpGetstatic, Index: long}, true}, {Instruction{Opcode: OpGetfield, Index: integer}, false},
		{Instruction{Opcode: OpInvokestatic, Index: retDouble}, true}, {Instruction{Opcode: OpInvokevirtual, Index: retVoid}, false},
		{Instruction{Opcode: OpGetstatic, Index: 999}, false}, {Instruction{Opcode: OpInvokedynamic, Index: long}, false},
	}
	for _, tt := range tests {
		if got := c.Pool().WideResult(&tt.in); got != tt.want {
			t.Errorf("WideResult(%s #%d) = %v, want %v", tt.in.Opcode, tt.in.Index, got, tt.want)
		}
	}
}
