package evaluate

import (
	"strconv"

	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/stability"
)

// This file exports the few helpers of the $stable simulation that the call-site decoder of
// package composable shares: how a call site expresses a stability, and how int instructions
// combine.

// CallSiteExpr is the stability expression a JVM call site in another module ORs into slot 0
// of $changed for an argument of stability s (irStableExpression over the un-normalized
// stability, spec §7): Runtime(C) reads C.$stable; nil when nothing is passed (a type parameter,
// an Unknown or Unstable).
func CallSiteExpr(s stability.Stability) Expr { return callSiteExpr(s) }

// BinaryOp returns the operator ("|", "&", "<<", ...) of an int arithmetic instruction, "" for
// any other opcode.
func BinaryOp(op classfile.Opcode) string { return binaryOps[op] }

// Apply computes a op b with JVM int semantics for the operators BinaryOp returns; 0 for an
// unknown operator.
func Apply(op string, a, b int32) int32 { return apply(op, a, b) }

// Local reads an int local variable, such as a composable caller's own $changed or $dirty; the
// call-site decoder of package composable builds it, a $stable initializer never does.
type Local struct{ Index int }

func (Local) isExpr() {}

// String renders the read as local<index>.
func (l Local) String() string { return "local" + strconv.Itoa(l.Index) }
