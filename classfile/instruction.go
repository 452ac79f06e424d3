package classfile

// The accessors below read an instruction's meaning rather than its encoding, in the manner of
// ASM's visitor (which sees iload_1 as ILOAD 1, and iconst_2, bipush 2 and sipush 2 as one int
// constant), so that the interpreters built on this package decode each form once, here.

// IsLoad reports a load of a local variable: iload, lload, fload, dload, aload and their
// _<n> forms (not the array loads iaload ... saload).
func (in *Instruction) IsLoad() bool { return in.Opcode >= OpIload && in.Opcode <= OpAload3 }

// IsStore reports a store to a local variable: istore, lstore, fstore, dstore, astore and their
// _<n> forms (not the array stores iastore ... sastore).
func (in *Instruction) IsStore() bool { return in.Opcode >= OpIstore && in.Opcode <= OpAstore3 }

// IsConst reports an instruction that pushes a constant: aconst_null, the <t>const_<n> family,
// bipush, sipush, ldc, ldc_w and ldc2_w.
func (in *Instruction) IsConst() bool { return in.Opcode >= OpAconstNull && in.Opcode <= OpLdc2W }

// Local is the local-variable index of a load or store: n for the _<n> forms (aload_2 is 2),
// the operand otherwise. For any other instruction it is Index (ret's and iinc's local, or a
// constant-pool index).
func (in *Instruction) Local() int {
	switch op := in.Opcode; {
	case op >= OpIload0 && op <= OpAload3:
		return int(op-OpIload0) % 4
	case op >= OpIstore0 && op <= OpAstore3:
		return int(op-OpIstore0) % 4
	}
	return int(in.Index)
}

// IntConst is the value an instruction pushes when that is an int constant: iconst_m1 to
// iconst_5, bipush, sipush, and ldc or ldc_w of a CONSTANT_Integer of p. With a nil p, or an ldc
// of any other constant (or of an index that is not one), ok is false.
func (in *Instruction) IntConst(p *ConstantPool) (v int32, ok bool) {
	switch op := in.Opcode; {
	case op >= OpIconstM1 && op <= OpIconst5:
		return int32(op) - int32(OpIconst0), true
	case op == OpBipush || op == OpSipush:
		return in.Int, true
	case op == OpLdc || op == OpLdcW:
		if p != nil && p.Tag(in.Index) == TagInteger {
			return int32(p.u4(int(p.offs[in.Index]))), true
		}
	}
	return 0, false
}
