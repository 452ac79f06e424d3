package classfile

// StackEffect is how many values an instruction pops from the operand stack and pushes onto it,
// counted in values: a long or a double is one value, not two slots.
type StackEffect struct{ Pops, Pushes int }

// StackEffect returns in's stack effect, resolving an invoke's descriptor in p. It is false for
// subroutines, returns, throws, the pop2/dup2/dup_x2 family (their effect depends on the
// categories of the values on the stack) and an unreadable invoke.
func (p *ConstantPool) StackEffect(in *Instruction) (StackEffect, bool) {
	switch op := in.Opcode; {
	case op == OpNop, op == OpIinc:
		return StackEffect{0, 0}, true
	case op >= OpAconstNull && op <= OpAload3:
		return StackEffect{0, 1}, true
	case op >= OpIaload && op <= OpSaload:
		return StackEffect{2, 1}, true
	case op >= OpIstore && op <= OpAstore3:
		return StackEffect{1, 0}, true
	case op >= OpIastore && op <= OpSastore:
		return StackEffect{3, 0}, true
	case op == OpPop:
		return StackEffect{1, 0}, true
	case op == OpDup:
		return StackEffect{1, 2}, true
	case op == OpDupX1:
		return StackEffect{2, 3}, true
	case op == OpSwap:
		return StackEffect{2, 2}, true
	case op >= OpIadd && op <= OpLxor:
		if op >= OpIneg && op <= OpDneg {
			return StackEffect{1, 1}, true
		}
		return StackEffect{2, 1}, true
	case op >= OpI2l && op <= OpI2s:
		return StackEffect{1, 1}, true
	case op >= OpLcmp && op <= OpDcmpg:
		return StackEffect{2, 1}, true
	case op == OpGetstatic, op == OpNew:
		return StackEffect{0, 1}, true
	case op == OpPutstatic, op == OpMonitorenter, op == OpMonitorexit:
		return StackEffect{1, 0}, true
	case op == OpGetfield, op == OpNewarray, op == OpAnewarray,
		op == OpArraylength, op == OpCheckcast, op == OpInstanceof:
		return StackEffect{1, 1}, true
	case op == OpPutfield:
		return StackEffect{2, 0}, true
	case op == OpMultianewarray:
		return StackEffect{int(in.Int), 1}, true
	case op >= OpIfeq && op <= OpIfle, op == OpIfnull, op == OpIfnonnull,
		op == OpTableswitch, op == OpLookupswitch:
		return StackEffect{1, 0}, true
	case op >= OpIfIcmpeq && op <= OpIfAcmpne:
		return StackEffect{2, 0}, true
	case op == OpGoto, op == OpGotoW:
		return StackEffect{0, 0}, true
	case op >= OpInvokevirtual && op <= OpInvokedynamic:
		var desc string
		if op == OpInvokedynamic {
			k, err := p.Constant(in.Index)
			d, ok := k.(Dynamic)
			if err != nil || !ok {
				return StackEffect{}, false
			}
			desc = d.Descriptor
		} else {
			ref, err := p.MemberRef(in.Index)
			if err != nil {
				return StackEffect{}, false
			}
			desc = ref.Descriptor
		}
		params, ret, ok := ParseMethodDescriptor(desc)
		if !ok {
			return StackEffect{}, false
		}
		e := StackEffect{Pops: len(params)}
		if op != OpInvokestatic && op != OpInvokedynamic {
			e.Pops++
		}
		if ret != "V" {
			e.Pushes = 1
		}
		return e, true
	}
	return StackEffect{}, false
}

// FallsThrough reports whether execution can continue with the instruction after one with this
// opcode: false for unconditional jumps, subroutine calls and returns, switches, returns and athrow.
func (o Opcode) FallsThrough() bool {
	switch {
	case o == OpGoto, o == OpGotoW, o == OpJsr, o == OpJsrW, o == OpRet, o == OpTableswitch, o == OpLookupswitch,
		o == OpAthrow, o >= OpIreturn && o <= OpReturn:
		return false
	}
	return true
}

// IsBranch reports an instruction whose Int operand is a jump target: the if* family, goto and
// jsr (switches keep their targets in Default and Targets).
func (o Opcode) IsBranch() bool {
	return (o >= OpIfeq && o <= OpJsr) || o == OpIfnull || o == OpIfnonnull || o == OpGotoW || o == OpJsrW
}
