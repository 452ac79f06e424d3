package callsite

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

// Status says how far a call site's $changed could be read.
type Status int

// Call-site statuses.
const (
	// Decoded: every $changed int was rebuilt and split into slots.
	Decoded Status = iota
	// Restart: a recompose-scope restart passing updateChangedFlags($changed | 1), which
	// re-sends what the original call passed and holds no stability of its own.
	Restart
	// NotDecodable: Reason says what could not be read; nothing is guessed.
	NotDecodable
)

// String returns "decoded", "restart" or "not decodable".
func (s Status) String() string {
	switch s {
	case Decoded:
		return "decoded"
	case Restart:
		return "restart"
	case NotDecodable:
		return "not decodable"
	}
	return "siteStatus(" + strconv.Itoa(int(s)) + ")"
}

// Site is one call of a composable function: a method invocation whose parameters end in a
// Composer followed by ints ($changed, then $default when the callee has default values).
type Site struct {
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
	// Status is Restart when an int is updateChangedFlags(...), otherwise Decoded if
	// every int was rebuilt, else NotDecodable with Reason.
	Status Status
	Reason string

	// Code is the caller's method; Spans the instructions computing each popped value.
	Code  *Code
	Spans []Span
	// Checked is the site checked against its callee, once package composable's Analyze has.
	Checked *Check
}

// Code is one method's decoded instructions with the offsets control flow can jump to.
type Code struct {
	// Class and Method are the method's class and the method; Insns its decoded instructions.
	Class  *classfile.Class
	Method *classfile.Method
	Insns  []classfile.Instruction

	targets  map[int]bool  // offsets reached by a branch, a switch or an exception handler
	handlers map[int]bool  // exception handler offsets
	sources  map[int][]int // branch and switch instructions (indices) by target offset

	regions     []inlineRegion // inlined code (inline.go), read on first use
	regionsRead bool
}

// Find lists the composable call sites in every method of c, in method and bytecode
// order, with their int arguments rebuilt. A method whose code cannot be decoded is an error;
// the call sites of the other methods are still returned.
func Find(c *classfile.Class) ([]*Site, error) {
	var sites []*Site
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
		mc := NewCode(c, m, insns)
		for j := range insns {
			s, err := mc.SiteAt(j)
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

// NewCode decodes the branch targets and exception handlers of m's instructions.
func NewCode(c *classfile.Class, m *classfile.Method, insns []classfile.Instruction) *Code {
	mc := &Code{Class: c, Method: m, Insns: insns, targets: map[int]bool{}, handlers: map[int]bool{}, sources: map[int][]int{}}
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

// SiteAt returns the call site at insns[i], nil when it is not a composable call.
func (mc *Code) SiteAt(i int) (*Site, error) {
	in := &mc.Insns[i]
	switch in.Opcode {
	case classfile.OpInvokestatic, classfile.OpInvokevirtual, classfile.OpInvokeinterface, classfile.OpInvokespecial:
	default:
		return nil, nil
	}
	ref, err := mc.Class.Pool().MemberRef(in.Index)
	if err != nil {
		return nil, err
	}
	params, _, ok := classfile.ParseMethodDescriptor(ref.Descriptor)
	if !ok || ref.Name == "<init>" {
		return nil, nil
	}
	nInts := TrailingInts(params)
	if nInts == 0 || nInts == len(params) || params[len(params)-nInts-1] != composerDesc {
		return nil, nil
	}
	s := &Site{
		Class: mc.Class.Name(), Method: mc.Method.Name + mc.Method.Descriptor, Offset: in.Offset,
		Opcode: in.Opcode, Callee: ref, Code: mc,
	}
	popped := len(params)
	if in.Opcode != classfile.OpInvokestatic {
		popped++
	}
	s.Spans = mc.ArgSpans(i, popped, 0)
	s.Ints = make([]evaluate.Expr, nInts)
	s.IntErrs = make([]string, nInts)
	for k := 0; k < nInts; k++ {
		sp := s.Spans[popped-nInts+k]
		switch {
		case !sp.OK():
			s.IntErrs[k] = "not computed in straight-line code before the call"
		default:
			x, restart, why := mc.intExpr(sp.Start, sp.End)
			if restart {
				s.Status = Restart
				s.Reason = "recompose-scope restart: passes " + updateChangedName + "($changed | 1)"
			}
			s.Ints[k], s.IntErrs[k] = x, why
		}
	}
	if s.Status != Restart {
		for k, x := range s.Ints {
			if x == nil {
				s.Status = NotDecodable
				s.Reason = fmt.Sprintf("int argument %d: %s", k, s.IntErrs[k])
				break
			}
		}
	}
	return s, nil
}

// TrailingInts counts the int parameters at the end of a parameter list.
func TrailingInts(params []string) int {
	n := 0
	for i := len(params) - 1; i >= 0 && params[i] == "I"; i-- {
		n++
	}
	return n
}

// Span is the contiguous instructions Insns[Start:End] that compute one value; Start is -1
// when they are not known.
type Span struct{ Start, End int }

// OK reports whether the span's instructions are known.
func (sp Span) OK() bool { return sp.Start >= 0 && sp.End > sp.Start }

// ArgSpans finds, for the n values insns[call] pops, the instructions computing each. It walks
// back from the call along one control-flow path, no further than index lo, counting the values
// still needed; the first instruction at which only the values before k are still needed starts
// value k (later visits are inside the computation of an earlier value). A value is known only
// when its instructions are contiguous and no control flow joins among them: the JVM guarantees
// the same stack depth on every path into a join, so the values computed before a branch are
// still found past it.
func (mc *Code) ArgSpans(call, n, lo int) []Span {
	spans := make([]Span, n)
	starts := make([]int, n)
	segs := make([]int, n)
	for k := range spans {
		spans[k], starts[k] = Span{-1, -1}, -1
	}
	need, seg, i := n, 0, call
	for steps := 0; need > 0 && steps <= len(mc.Insns); steps++ {
		prev, join, ok := mc.pred(i, lo)
		if !ok {
			break
		}
		if join {
			seg++
		}
		i = prev
		eff, ok := mc.Class.Pool().StackEffect(&mc.Insns[i])
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
			spans[k] = Span{starts[k], end}
		}
	}
	return spans
}

// pred picks the instruction executed before insns[i] on one path: the previous instruction if
// it falls through, otherwise (at a join) the nearest earlier branch to i. join reports that
// other paths also reach i. Exception handlers and backward branches end the walk.
func (mc *Code) pred(i, lo int) (prev int, join, ok bool) {
	if i-1 < lo {
		return 0, false, false
	}
	off := mc.Insns[i].Offset
	if !mc.targets[off] {
		return i - 1, false, mc.Insns[i-1].Opcode.FallsThrough()
	}
	if mc.handlers[off] {
		return 0, false, false
	}
	best := -1
	if mc.Insns[i-1].Opcode.FallsThrough() {
		best = i - 1
	}
	for _, src := range mc.sources[off] {
		if src < i && src >= lo && src > best {
			best = src
		}
	}
	return best, true, best >= 0
}

// intExpr rebuilds the int computed by insns[start:end] from an empty stack (evaluate.IntExpr).
// restart reports a call of updateChangedFlags; why is set when the slice is not plain int
// arithmetic.
func (mc *Code) intExpr(start, end int) (x evaluate.Expr, restart bool, why string) {
	x, call, why := evaluate.IntExpr(mc.Class.Pool(), mc.Insns[start:end])
	if strings.HasPrefix(call.Owner, updateChangedPkg) && call.Name == updateChangedName && call.Descriptor == "(I)I" {
		return nil, true, "computed by " + updateChangedName
	}
	return x, false, why
}
