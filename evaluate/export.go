package evaluate

import (
	"fmt"
	"strconv"

	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/stability"
)

// This file is what the call-site decoder of package callsite shares with the $stable
// simulation: how a call site expresses a stability, and the one builder of int expressions
// from instructions.

// CallSiteExpr is the stability expression a JVM call site in another module ORs into slot 0
// of $changed for an argument of stability s (irStableExpression over the un-normalized
// stability, spec §7): Runtime(C) reads C.$stable; nil when nothing is passed (a type parameter,
// an Unknown or Unstable).
func CallSiteExpr(s stability.Stability) Expr { return callSiteExpr(s) }

// IntExpr rebuilds the int that insns (of a class whose constant pool is pool) compute from an
// empty stack: int constants, int locals (Local), int static fields and an annotation class's
// $stable behind its static getter (Ref), combined by the int arithmetic instructions. Any other
// instruction stops it, and why says which; when that is an invokestatic, call is the method it
// calls (its Name is "" otherwise).
func IntExpr(pool *classfile.ConstantPool, insns []classfile.Instruction) (x Expr, call classfile.MemberRef, why string) {
	var stack []Expr
	pop := func() Expr {
		if len(stack) == 0 {
			return nil
		}
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		return x
	}
	for i := range insns {
		in := &insns[i]
		if v, ok := in.IntConst(pool); ok {
			stack = append(stack, Const{Value: v})
			continue
		}
		switch op := in.Opcode; {
		case op == classfile.OpLdc || op == classfile.OpLdcW:
			return nil, classfile.MemberRef{}, fmt.Sprintf("ldc of a non-int constant at %d", in.Offset)
		case op == classfile.OpIload || op >= classfile.OpIload0 && op <= classfile.OpIload3:
			stack = append(stack, Local{Index: in.Local()})
		case op == classfile.OpGetstatic:
			ref, err := pool.MemberRef(in.Index)
			if err != nil || ref.Descriptor != "I" {
				return nil, classfile.MemberRef{}, fmt.Sprintf("getstatic of a non-int field at %d", in.Offset)
			}
			stack = append(stack, Ref{Class: ref.Owner, Field: ref.Name})
		case op == classfile.OpInvokestatic:
			ref, err := pool.MemberRef(in.Index)
			if err == nil && ref.Name == StableField && ref.Descriptor == "()I" {
				// An annotation class's $stable behind its static getter.
				stack = append(stack, Ref{Class: ref.Owner, Field: ref.Name})
				continue
			}
			name := "?"
			if err == nil {
				name = simpleName(ref.Owner) + "." + ref.Name
			} else {
				ref = classfile.MemberRef{}
			}
			return nil, ref, fmt.Sprintf("computed by a call of %s at %d", name, in.Offset)
		case binaryOps[op] != "":
			y, x := pop(), pop()
			if x == nil || y == nil {
				return nil, classfile.MemberRef{}, fmt.Sprintf("%s at %d consumes values computed before the argument", op, in.Offset)
			}
			stack = append(stack, Op{Op: binaryOps[op], X: x, Y: y})
		default:
			return nil, classfile.MemberRef{}, fmt.Sprintf("instruction %s at %d", op, in.Offset)
		}
	}
	if len(stack) != 1 {
		return nil, classfile.MemberRef{}, fmt.Sprintf("the argument's instructions leave %d values", len(stack))
	}
	return stack[0], classfile.MemberRef{}, ""
}

// LocalMask computes x with every Local read as all ones and every Ref as 0: for a caller's
// $changed masked to a slot, the bits it can pass on.
func LocalMask(x Expr) int32 {
	switch x := x.(type) {
	case Const:
		return x.Value
	case Local:
		return -1
	case Op:
		return apply(x.Op, LocalMask(x.X), LocalMask(x.Y))
	}
	return 0
}

// Local reads an int local variable, such as a composable caller's own $changed or $dirty; the
// call-site decoder of package callsite builds it, a $stable initializer never does.
type Local struct{ Index int }

func (Local) isExpr() {}

// String renders the read as local<index>.
func (l Local) String() string { return "local" + strconv.Itoa(l.Index) }
