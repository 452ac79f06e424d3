package composable

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/evaluate"
)

// This file finds composable call sites and rebuilds the $changed ints a compiled caller passes
// (spec §7) from the straight-line instructions before each call. changed.go splits them into
// parameter slots, argtype.go reads the arguments' Kotlin types and check.go compares the slots
// with what the Instantiator computes for those types.

const (
	composerDesc       = "Landroidx/compose/runtime/Composer;"
	composeDefaultImpl = "$ComposeDefaultImpls"
	// updateChangedFlags is what restart lambdas pass: the original call's $changed, re-encoded.
	updateChangedPkg  = "androidx/compose/runtime/"
	updateChangedName = "updateChangedFlags"
)

// siteStatus says how far a call site's $changed could be read.
type siteStatus int

// Call-site statuses.
const (
	// siteDecoded: every $changed int was rebuilt and split into slots.
	siteDecoded siteStatus = iota
	// siteRestart: a recompose-scope restart passing updateChangedFlags($changed | 1), which
	// re-sends what the original call passed and holds no stability of its own.
	siteRestart
	// siteNotDecodable: Reason says what could not be read; nothing is guessed.
	siteNotDecodable
)

// String returns "decoded", "restart" or "not decodable".
func (s siteStatus) String() string {
	switch s {
	case siteDecoded:
		return "decoded"
	case siteRestart:
		return "restart"
	case siteNotDecodable:
		return "not decodable"
	}
	return "siteStatus(" + strconv.Itoa(int(s)) + ")"
}

// callSite is one call of a composable function: a method invocation whose parameters end in a
// Composer followed by ints ($changed, then $default when the callee has default values).
type callSite struct {
	// Class is the caller's internal name; Method its name and descriptor.
	Class, Method string
	// Offset is the bytecode offset of the invoke instruction.
	Offset int
	// Opcode is the invoke instruction; Callee the method it calls.
	Opcode classfile.Opcode
	Callee classfile.MemberRef
	// Ints are the int arguments after the Composer, in order: the $changed ints, then any
	// $default ints. An entry is nil when that argument is not straight-line int arithmetic.
	Ints []evaluate.Expr
	// IntErrs says, for each nil entry of Ints, why.
	IntErrs []string
	// Status is siteRestart when an int is updateChangedFlags(...), otherwise siteDecoded if
	// every int was rebuilt, else siteNotDecodable with Reason.
	Status siteStatus
	Reason string

	code    *methodCode
	spans   []span     // the instructions computing each popped value
	checked *siteCheck // the site checked against its callee, once Analyze has
}

// methodCode is one method's decoded instructions with the offsets control flow can jump to.
type methodCode struct {
	class    *classfile.Class
	method   *classfile.Method
	insns    []classfile.Instruction
	targets  map[int]bool  // offsets reached by a branch, a switch or an exception handler
	handlers map[int]bool  // exception handler offsets
	sources  map[int][]int // branch and switch instructions (indices) by target offset

	regions     []inlineRegion // inlined code (inline.go), read on first use
	regionsRead bool
}

// findCallSites lists the composable call sites in every method of c, in method and bytecode
// order, with their int arguments rebuilt. A method whose code cannot be decoded is an error;
// the call sites of the other methods are still returned.
func findCallSites(c *classfile.Class) ([]*callSite, error) {
	var sites []*callSite
	var errs []string
	methods := c.Methods()
	for i := range methods {
		m := &methods[i]
		if m.Code == nil {
			continue
		}
		insns, err := m.Code.Instructions()
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s.%s%s: %v", c.Name(), m.Name, m.Descriptor, err))
			continue
		}
		mc := newMethodCode(c, m, insns)
		for j := range insns {
			s, err := mc.callSite(j)
			if err != nil {
				errs = append(errs, fmt.Sprintf("%s.%s%s at %d: %v", c.Name(), m.Name, m.Descriptor, insns[j].Offset, err))
				continue
			}
			if s != nil {
				sites = append(sites, s)
			}
		}
	}
	if len(errs) > 0 {
		return sites, fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return sites, nil
}

func newMethodCode(c *classfile.Class, m *classfile.Method, insns []classfile.Instruction) *methodCode {
	mc := &methodCode{class: c, method: m, insns: insns, targets: map[int]bool{}, handlers: map[int]bool{}, sources: map[int][]int{}}
	add := func(target, src int) {
		mc.targets[target] = true
		mc.sources[target] = append(mc.sources[target], src)
	}
	for i, in := range insns {
		if in.Opcode.IsBranch() {
			add(int(in.Int), i)
		}
		if in.Opcode == classfile.OpTableswitch || in.Opcode == classfile.OpLookupswitch {
			add(in.Default, i)
			for _, x := range in.Targets {
				add(x, i)
			}
		}
	}
	for _, h := range m.Code.ExceptionTable {
		mc.targets[int(h.HandlerPC)] = true
		mc.handlers[int(h.HandlerPC)] = true
	}
	return mc
}

// callSite returns the call site at insns[i], nil when it is not a composable call.
func (mc *methodCode) callSite(i int) (*callSite, error) {
	in := &mc.insns[i]
	switch in.Opcode {
	case classfile.OpInvokestatic, classfile.OpInvokevirtual, classfile.OpInvokeinterface, classfile.OpInvokespecial:
	default:
		return nil, nil
	}
	ref, err := mc.class.Pool().MemberRef(in.Index)
	if err != nil {
		return nil, err
	}
	params, _, ok := classfile.ParseMethodDescriptor(ref.Descriptor)
	if !ok || ref.Name == "<init>" {
		return nil, nil
	}
	nInts := trailingInts(params)
	if nInts == 0 || nInts == len(params) || params[len(params)-nInts-1] != composerDesc {
		return nil, nil
	}
	s := &callSite{
		Class: mc.class.Name(), Method: mc.method.Name + mc.method.Descriptor, Offset: in.Offset,
		Opcode: in.Opcode, Callee: ref, code: mc,
	}
	popped := len(params)
	if in.Opcode != classfile.OpInvokestatic {
		popped++
	}
	s.spans = mc.argSpans(i, popped, 0)
	s.Ints = make([]evaluate.Expr, nInts)
	s.IntErrs = make([]string, nInts)
	for k := 0; k < nInts; k++ {
		sp := s.spans[popped-nInts+k]
		switch {
		case !sp.ok():
			s.IntErrs[k] = "not computed in straight-line code before the call"
		default:
			x, restart, why := mc.intExpr(sp.start, sp.end)
			if restart {
				s.Status = siteRestart
				s.Reason = "recompose-scope restart: passes " + updateChangedName + "($changed | 1)"
			}
			s.Ints[k], s.IntErrs[k] = x, why
		}
	}
	if s.Status != siteRestart {
		for k, x := range s.Ints {
			if x == nil {
				s.Status = siteNotDecodable
				s.Reason = fmt.Sprintf("int argument %d: %s", k, s.IntErrs[k])
				break
			}
		}
	}
	return s, nil
}

// trailingInts counts the int parameters at the end of a parameter list.
func trailingInts(params []string) int {
	n := 0
	for i := len(params) - 1; i >= 0 && params[i] == "I"; i-- {
		n++
	}
	return n
}

// span is the contiguous instructions insns[start:end] that compute one value; start is -1
// when they are not known.
type span struct{ start, end int }

func (sp span) ok() bool { return sp.start >= 0 && sp.end > sp.start }

// argSpans finds, for the n values insns[call] pops, the instructions computing each. It walks
// back from the call along one control-flow path, no further than index lo, counting the values
// still needed; the first instruction at which only the values before k are still needed starts
// value k (later visits are inside the computation of an earlier value). A value is known only
// when its instructions are contiguous and no control flow joins among them: the JVM guarantees
// the same stack depth on every path into a join, so the values computed before a branch are
// still found past it.
func (mc *methodCode) argSpans(call, n, lo int) []span {
	spans := make([]span, n)
	starts := make([]int, n)
	segs := make([]int, n)
	for k := range spans {
		spans[k], starts[k] = span{-1, -1}, -1
	}
	need, seg, i := n, 0, call
	for steps := 0; need > 0 && steps <= len(mc.insns); steps++ {
		prev, join, ok := mc.pred(i, lo)
		if !ok {
			break
		}
		if join {
			seg++
		}
		i = prev
		eff, ok := mc.class.Pool().StackEffect(&mc.insns[i])
		if !ok {
			break
		}
		next := need + eff.Pops - eff.Pushes
		if next < need && next >= 0 && next < n && starts[next] < 0 {
			starts[next], segs[next] = i, seg
		}
		need = next
	}
	for k := range spans {
		end, endSeg := call, 0
		if k+1 < n {
			end, endSeg = starts[k+1], segs[k+1]
		}
		if starts[k] >= 0 && end >= 0 && segs[k] == endSeg {
			spans[k] = span{starts[k], end}
		}
	}
	return spans
}

// pred picks the instruction executed before insns[i] on one path: the previous instruction if
// it falls through, otherwise (at a join) the nearest earlier branch to i. join reports that
// other paths also reach i. Exception handlers and backward branches end the walk.
func (mc *methodCode) pred(i, lo int) (prev int, join, ok bool) {
	if i-1 < lo {
		return 0, false, false
	}
	off := mc.insns[i].Offset
	if !mc.targets[off] {
		return i - 1, false, mc.insns[i-1].Opcode.FallsThrough()
	}
	if mc.handlers[off] {
		return 0, false, false
	}
	best := -1
	if mc.insns[i-1].Opcode.FallsThrough() {
		best = i - 1
	}
	for _, src := range mc.sources[off] {
		if src < i && src >= lo && src > best {
			best = src
		}
	}
	return best, true, best >= 0
}

// intExpr rebuilds the int computed by insns[start:end] from an empty stack. restart reports a
// call of updateChangedFlags; why is set when the slice is not plain int arithmetic.
func (mc *methodCode) intExpr(start, end int) (x evaluate.Expr, restart bool, why string) {
	var stack []evaluate.Expr
	pool := mc.class.Pool()
	pop := func() evaluate.Expr {
		if len(stack) == 0 {
			return nil
		}
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		return x
	}
	for i := start; i < end; i++ {
		in := &mc.insns[i]
		if v, ok := in.IntConst(pool); ok {
			stack = append(stack, evaluate.Const{Value: v})
			continue
		}
		switch op := in.Opcode; {
		case op == classfile.OpLdc || op == classfile.OpLdcW:
			return nil, false, fmt.Sprintf("ldc of a non-int constant at %d", in.Offset)
		case op == classfile.OpIload || op >= classfile.OpIload0 && op <= classfile.OpIload3:
			stack = append(stack, evaluate.Local{Index: in.Local()})
		case op == classfile.OpGetstatic:
			ref, err := pool.MemberRef(in.Index)
			if err != nil || ref.Descriptor != "I" {
				return nil, false, fmt.Sprintf("getstatic of a non-int field at %d", in.Offset)
			}
			stack = append(stack, evaluate.Ref{Class: ref.Owner, Field: ref.Name})
		case op == classfile.OpInvokestatic:
			ref, err := pool.MemberRef(in.Index)
			if err == nil && ref.Name == evaluate.StableField && ref.Descriptor == "()I" {
				// An annotation class's $stable behind its static getter.
				stack = append(stack, evaluate.Ref{Class: ref.Owner, Field: ref.Name})
				continue
			}
			if err == nil && strings.HasPrefix(ref.Owner, updateChangedPkg) && ref.Name == updateChangedName && ref.Descriptor == "(I)I" {
				return nil, true, "computed by " + updateChangedName
			}
			name := "?"
			if err == nil {
				name = simpleName(ref.Owner) + "." + ref.Name
			}
			return nil, false, fmt.Sprintf("computed by a call of %s at %d", name, in.Offset)
		case evaluate.BinaryOp(op) != "":
			y, x := pop(), pop()
			if x == nil || y == nil {
				return nil, false, fmt.Sprintf("%s at %d consumes values computed before the argument", op, in.Offset)
			}
			stack = append(stack, evaluate.Op{Op: evaluate.BinaryOp(op), X: x, Y: y})
		default:
			return nil, false, fmt.Sprintf("instruction %s at %d", op, in.Offset)
		}
	}
	if len(stack) != 1 {
		return nil, false, fmt.Sprintf("the argument's instructions leave %d values", len(stack))
	}
	return stack[0], false, ""
}
