package classfile

// CanThrow reports whether the JVM may throw an exception while executing an instruction with
// this opcode (JVMS §6.5: linkage and initialization errors, a null reference, an array index, a
// division by zero, athrow itself). Constants, local variables, stack shuffles, arithmetic other
// than integer division, conversions, comparisons and jumps never throw; returns are counted as
// not throwing (they throw only from a synchronized method, which <clinit> never is).
func (o Opcode) CanThrow() bool {
	switch {
	case o == OpIdiv, o == OpLdiv, o == OpIrem, o == OpLrem:
		return true
	case o == OpLdc, o == OpLdcW, o == OpLdc2W:
		// A Class, MethodHandle or dynamic constant is resolved, and resolution can fail.
		return true
	case o >= OpIaload && o <= OpSaload, o >= OpIastore && o <= OpSastore:
		return true
	case o <= OpAload3, o >= OpIstore && o <= OpAstore3, o >= OpPop && o <= OpDcmpg,
		o >= OpIfeq && o <= OpReturn, o == OpIfnull, o == OpIfnonnull, o == OpGotoW, o == OpJsrW:
		return false
	case o == OpWide:
		return false
	}
	return true
}

// WideResult reports whether in pushes a long or a double, the values that take two operand-stack
// slots and decide which form of pop2 and the dup2 family applies (JVMS §2.11.1). An invoke or
// a field access whose descriptor cannot be read counts as narrow.
func (p *ConstantPool) WideResult(in *Instruction) bool {
	switch op := in.Opcode; {
	case op == OpLconst0, op == OpLconst1, op == OpDconst0, op == OpDconst1, op == OpLdc2W,
		op == OpLload, op == OpDload, op >= OpLload0 && op <= OpLload3, op >= OpDload0 && op <= OpDload3,
		op == OpLaload, op == OpDaload,
		op == OpI2l, op == OpI2d, op == OpL2d, op == OpF2l, op == OpF2d, op == OpD2l:
		return true
	case op >= OpIadd && op <= OpLxor:
		// The arithmetic opcodes come in int, long, float, double order (shifts and logic in
		// int, long pairs): the long and double forms are the odd ones.
		return (op-OpIadd)%2 == 1
	case op == OpGetstatic, op == OpGetfield:
		ref, err := p.MemberRef(in.Index)
		return err == nil && (ref.Descriptor == "J" || ref.Descriptor == "D")
	case op >= OpInvokevirtual && op <= OpInvokeinterface:
		ref, err := p.MemberRef(in.Index)
		if err != nil {
			return false
		}
		_, ret, ok := ParseMethodDescriptor(ref.Descriptor)
		return ok && (ret == "J" || ret == "D")
	case op == OpInvokedynamic:
		k, err := p.Constant(in.Index)
		d, ok := k.(Dynamic)
		if err != nil || !ok {
			return false
		}
		_, ret, ok := ParseMethodDescriptor(d.Descriptor)
		return ok && (ret == "J" || ret == "D")
	}
	return false
}
