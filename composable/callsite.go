package composable

import (
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/metadata"
	stabruntime "github.com/composestab/composestab/runtime"
	"github.com/composestab/composestab/stability"
)

// This file reads what compiled callers pass to composable functions: the $changed ints (spec
// §7), rebuilt from the straight-line instructions before each call, split into parameter slots,
// and compared with what the Instantiator computes for the argument types.

// The int expressions a call site's $changed is rebuilt into are those of package runtime, which
// rebuilds $stable initializers from the same instructions.
type (
	// Expr is an int expression.
	Expr = stabruntime.Expr
	// Const is an int constant.
	Const = stabruntime.Const
	// Ref reads a static int field, normally a class's $stable.
	Ref = stabruntime.Ref
	// Op is a binary int operation.
	Op = stabruntime.Op
	// Local reads an int local variable, such as the caller's own $changed or $dirty.
	Local = stabruntime.Local
)

// StableField is the name of the field the Compose compiler adds to every class it processes.
const StableField = stabruntime.StableField

const (
	composerDesc       = "Landroidx/compose/runtime/Composer;"
	composeDefaultImpl = "$ComposeDefaultImpls"
	// updateChangedFlags is what restart lambdas pass: the original call's $changed, re-encoded.
	updateChangedPkg  = "androidx/compose/runtime/"
	updateChangedName = "updateChangedFlags"
)

// SiteStatus says how far a call site's $changed could be read.
type SiteStatus int

// Call-site statuses.
const (
	// SiteDecoded: every $changed int was rebuilt and split into slots.
	SiteDecoded SiteStatus = iota
	// SiteRestart: a recompose-scope restart passing updateChangedFlags($changed | 1), which
	// re-sends what the original call passed and holds no stability of its own.
	SiteRestart
	// SiteNotDecodable: Reason says what could not be read; nothing is guessed.
	SiteNotDecodable
)

// String returns "decoded", "restart" or "not decodable".
func (s SiteStatus) String() string {
	switch s {
	case SiteDecoded:
		return "decoded"
	case SiteRestart:
		return "restart"
	case SiteNotDecodable:
		return "not decodable"
	}
	return "SiteStatus(" + strconv.Itoa(int(s)) + ")"
}

// CallSite is one call of a composable function: a method invocation whose parameters end in a
// Composer followed by ints ($changed, then $default when the callee has default values).
type CallSite struct {
	// Class is the caller's internal name; Method its name and descriptor.
	Class, Method string
	// Offset is the bytecode offset of the invoke instruction.
	Offset int
	// Opcode is the invoke instruction; Callee the method it calls.
	Opcode classfile.Opcode
	Callee classfile.MemberRef
	// Ints are the int arguments after the Composer, in order: the $changed ints, then any
	// $default ints. An entry is nil when that argument is not straight-line int arithmetic.
	Ints []Expr
	// IntErrs says, for each nil entry of Ints, why.
	IntErrs []string
	// Status is SiteRestart when an int is updateChangedFlags(...), otherwise SiteDecoded if
	// every int was rebuilt, else SiteNotDecodable with Reason.
	Status SiteStatus
	Reason string

	code  *methodCode
	spans []span // the instructions computing each popped value
}

// methodCode is one method's decoded instructions with the offsets control flow can jump to.
type methodCode struct {
	class    *classfile.Class
	method   *classfile.Method
	insns    []classfile.Instruction
	targets  map[int]bool  // offsets reached by a branch, a switch or an exception handler
	handlers map[int]bool  // exception handler offsets
	sources  map[int][]int // branch and switch instructions (indices) by target offset
}

// FindCallSites lists the composable call sites in every method of c, in method and bytecode
// order, with their int arguments rebuilt. A method whose code cannot be decoded is an error;
// the call sites of the other methods are still returned.
func FindCallSites(c *classfile.Class) ([]*CallSite, error) {
	var sites []*CallSite
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
func (mc *methodCode) callSite(i int) (*CallSite, error) {
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
	s := &CallSite{
		Class: mc.class.Name(), Method: mc.method.Name + mc.method.Descriptor, Offset: in.Offset,
		Opcode: in.Opcode, Callee: ref, code: mc,
	}
	popped := len(params)
	if in.Opcode != classfile.OpInvokestatic {
		popped++
	}
	s.spans = mc.argSpans(i, popped, 0)
	s.Ints = make([]Expr, nInts)
	s.IntErrs = make([]string, nInts)
	for k := 0; k < nInts; k++ {
		sp := s.spans[popped-nInts+k]
		switch {
		case !sp.ok():
			s.IntErrs[k] = "not computed in straight-line code before the call"
		default:
			x, restart, why := mc.intExpr(sp.start, sp.end)
			if restart {
				s.Status = SiteRestart
				s.Reason = "recompose-scope restart: passes " + updateChangedName + "($changed | 1)"
			}
			s.Ints[k], s.IntErrs[k] = x, why
		}
	}
	if s.Status != SiteRestart {
		for k, x := range s.Ints {
			if x == nil {
				s.Status = SiteNotDecodable
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
func (mc *methodCode) intExpr(start, end int) (x Expr, restart bool, why string) {
	var stack []Expr
	pool := mc.class.Pool()
	pop := func() Expr {
		if len(stack) == 0 {
			return nil
		}
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		return x
	}
	for i := start; i < end; i++ {
		in := &mc.insns[i]
		switch op := in.Opcode; {
		case op >= classfile.OpIconstM1 && op <= classfile.OpIconst5:
			stack = append(stack, Const{Value: int32(op) - int32(classfile.OpIconst0)})
		case op == classfile.OpBipush || op == classfile.OpSipush:
			stack = append(stack, Const{Value: in.Int})
		case op == classfile.OpLdc || op == classfile.OpLdcW:
			k, err := pool.Constant(in.Index)
			n, ok := k.(int32)
			if err != nil || !ok {
				return nil, false, fmt.Sprintf("ldc of a non-int constant at %d", in.Offset)
			}
			stack = append(stack, Const{Value: n})
		case op == classfile.OpIload || op >= classfile.OpIload0 && op <= classfile.OpIload3:
			idx := int(in.Index)
			if op != classfile.OpIload {
				idx = int(op - classfile.OpIload0)
			}
			stack = append(stack, Local{Index: idx})
		case op == classfile.OpGetstatic:
			ref, err := pool.MemberRef(in.Index)
			if err != nil || ref.Descriptor != "I" {
				return nil, false, fmt.Sprintf("getstatic of a non-int field at %d", in.Offset)
			}
			stack = append(stack, Ref{Class: ref.Owner, Field: ref.Name})
		case op == classfile.OpInvokestatic:
			ref, err := pool.MemberRef(in.Index)
			if err == nil && strings.HasPrefix(ref.Owner, updateChangedPkg) && ref.Name == updateChangedName && ref.Descriptor == "(I)I" {
				return nil, true, "computed by " + updateChangedName
			}
			name := "?"
			if err == nil {
				name = simpleName(ref.Owner) + "." + ref.Name
			}
			return nil, false, fmt.Sprintf("computed by a call of %s at %d", name, in.Offset)
		case stabruntime.BinaryOp(op) != "":
			y, x := pop(), pop()
			if x == nil || y == nil {
				return nil, false, fmt.Sprintf("%s at %d consumes values computed before the argument", op, in.Offset)
			}
			stack = append(stack, Op{Op: stabruntime.BinaryOp(op), X: x, Y: y})
		default:
			return nil, false, fmt.Sprintf("instruction %s at %d", op, in.Offset)
		}
	}
	if len(stack) != 1 {
		return nil, false, fmt.Sprintf("the argument's instructions leave %d values", len(stack))
	}
	return stack[0], false, ""
}

// SlotBits is the part of a $changed int that belongs to one parameter slot.
type SlotBits struct {
	// Refs are the classes (internal names) whose $stable is OR'ed into the slot, in operand
	// order: the argument's runtime stability.
	Refs []string
	// Unstable is the constant unstable bit (0b100 in the slot): a known-unstable argument
	// without strong skipping.
	Unstable bool
	// Static is the constant Static state (0b011 in the slot).
	Static bool
	// Forwarded marks bits taken from the caller's own $changed or $dirty: the argument is a
	// parameter of the calling composable, or a type parameter's unstable bit.
	Forwarded bool
	// Certain marks forwarded bits that include the slot's state bits (0b011): the argument is
	// the caller's parameter, whose change state the caller passes on (the compiler's "certain"
	// argument), not only a type parameter's unstable bit.
	Certain bool
}

// Stability renders the stability part of the slot: the $stable reads and the unstable bit.
func (b SlotBits) Stability() string {
	var parts []string
	for _, r := range b.Refs {
		parts = append(parts, simpleName(r)+".$stable")
	}
	if b.Unstable {
		parts = append(parts, "unstable")
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, " | ")
}

func (b SlotBits) sameStability(o SlotBits) bool {
	if b.Unstable != o.Unstable || len(b.Refs) != len(o.Refs) {
		return false
	}
	for i := range b.Refs {
		if b.Refs[i] != o.Refs[i] {
			return false
		}
	}
	return true
}

// splitChanged distributes one $changed int over its ten slots. It accepts only the terms the
// compiler ORs together: constants, $stable reads shifted to a slot, and masked reads of the
// caller's locals; anything else is reported, not guessed.
func splitChanged(x Expr) (slots [10]SlotBits, force bool, err error) {
	var terms []Expr
	var flatten func(Expr)
	flatten = func(x Expr) {
		if o, ok := x.(Op); ok && o.Op == "|" {
			flatten(o.X)
			flatten(o.Y)
			return
		}
		terms = append(terms, x)
	}
	flatten(x)
	for _, t := range terms {
		switch {
		case isConst(t):
			c := t.(Const).Value
			if c&1 != 0 {
				force = true
			}
			if uint32(c)>>31 != 0 {
				return slots, force, fmt.Errorf("constant %d sets bit 31, outside every slot", c)
			}
			for s := 0; s < 10; s++ {
				switch v := (c >> (3*s + 1)) & 7; v {
				case 0:
				case 0b011:
					slots[s].Static = true
				case 0b100:
					slots[s].Unstable = true
				default:
					return slots, force, fmt.Errorf("constant %d puts state %03b in slot %d", c, v, s)
				}
			}
		case hasLocal(t):
			if hasRef(t) {
				return slots, force, fmt.Errorf("term %s mixes $stable reads with locals", t)
			}
			// Which slots the caller's bits may reach: evaluate with every local bit set.
			m := evalMask(t)
			if m&1 != 0 {
				force = true
			}
			for s := 0; s < 10; s++ {
				if (m>>(3*s+1))&7 != 0 {
					slots[s].Forwarded = true
				}
				if (m>>(3*s+1))&3 != 0 {
					slots[s].Certain = true
				}
			}
		default:
			refs, shift, ok := stableTerm(t)
			if !ok {
				return slots, force, fmt.Errorf("term %s is not a $stable read shifted to a slot", t)
			}
			s := shift / 3
			slots[s].Refs = append(slots[s].Refs, refs...)
		}
	}
	return slots, force, nil
}

func isConst(x Expr) bool { _, ok := x.(Const); return ok }

func hasLocal(x Expr) bool {
	switch x := x.(type) {
	case Local:
		return true
	case Op:
		return hasLocal(x.X) || hasLocal(x.Y)
	}
	return false
}

func hasRef(x Expr) bool {
	switch x := x.(type) {
	case Ref:
		return true
	case Op:
		return hasRef(x.X) || hasRef(x.Y)
	}
	return false
}

// evalMask evaluates x with every local read as all ones.
func evalMask(x Expr) int32 {
	switch x := x.(type) {
	case Const:
		return x.Value
	case Local:
		return -1
	case Op:
		return stabruntime.Apply(x.Op, evalMask(x.X), evalMask(x.Y))
	}
	return 0
}

// stableTerm matches C.$stable, an OR of such reads, or either shifted left by 3·slot.
func stableTerm(x Expr) (refs []string, shift int, ok bool) {
	if o, isOp := x.(Op); isOp && o.Op == "<<" {
		c, isC := o.Y.(Const)
		if !isC || c.Value < 3 || c.Value > 27 || c.Value%3 != 0 {
			return nil, 0, false
		}
		refs, ok = stableRefs(o.X)
		return refs, int(c.Value), ok
	}
	refs, ok = stableRefs(x)
	return refs, 0, ok
}

func stableRefs(x Expr) ([]string, bool) {
	switch x := x.(type) {
	case Ref:
		if x.Field != StableField {
			return nil, false
		}
		return []string{x.Class}, true
	case Op:
		if x.Op != "|" {
			return nil, false
		}
		a, ok1 := stableRefs(x.X)
		b, ok2 := stableRefs(x.Y)
		return append(a, b...), ok1 && ok2
	}
	return nil, false
}

// SlotCheck compares one parameter slot of a call site: the bits the compiler passes with what
// our inference predicts for the argument's type.
type SlotCheck struct {
	// Slot is the parameter slot (0-based across all $changed ints).
	Slot int
	// Param names the parameter: a value parameter's name, "<receiver>" for an extension
	// receiver, "<this>" for the dispatch receiver, or a context parameter's name.
	Param string
	// Compiler is what the caller's bytecode passes.
	Compiler SlotBits
	// Type is the Kotlin type we evaluated and TypeSource where it came from; empty when the
	// slot was skipped.
	Type, TypeSource string
	// View says what made the prediction: "instantiator" (the consumer's view from another
	// file or module), "module" (a type mentioning a class of the caller's module, analysed as
	// the compiler does from the caller's file) or "literal" (a constant argument, whose
	// expression stability is Stable whatever its type).
	View string
	// Ours is our prediction of the stability part; nil when skipped.
	Ours *SlotBits
	// Skip says why the slot was not compared.
	Skip string
	// Equal reports Ours and Compiler agree on the $stable reads (in order) and the unstable bit.
	Equal bool

	// stab is the stability our prediction was made from; nil when skipped.
	stab stability.Stability
	// notProvided marks an argument the caller leaves to the callee's default value; fromParam
	// an argument that is one of the caller's parameters.
	notProvided, fromParam bool
}

// SiteCheck is a call site with its callee resolved and its slots compared.
type SiteCheck struct {
	*CallSite
	// Function is the callee's Kotlin name and descriptor as recorded in metadata, "" when the
	// callee was not found.
	Function string
	// Force is the force bit the caller passes.
	Force bool
	// Slots are the callee's parameter slots, empty when the site was not decoded.
	Slots []SlotCheck
}

// CallSiteChecker resolves the callees of call sites through the classpath's Kotlin metadata and
// compares every decodable slot with the Instantiator's prediction for the argument's type.
type CallSiteChecker struct {
	cp     *classfile.Classpath
	u      *stability.Universe
	inst   *stabruntime.Instantiator
	module *stability.Module
	engine *stability.Engine // the caller module's own compilation, for same-file types
	strong bool

	mu sync.Mutex
	md map[string]*metadata.Metadata // by internal class name; nil for none
}

// NewCallSiteChecker returns a checker for call sites of the module read from input (a path of
// cp). opts are the module's compiler options and strongSkipping its strong-skipping mode. A nil
// inst makes an Instantiator over u and cp.
func NewCallSiteChecker(cp *classfile.Classpath, u *stability.Universe, inst *stabruntime.Instantiator, input string, opts stability.Options, strongSkipping bool) *CallSiteChecker {
	mod := u.Module(input)
	if inst == nil {
		inst = stabruntime.NewInstantiator(u, stabruntime.New(cp), opts)
	}
	return &CallSiteChecker{
		cp: cp, u: u, inst: inst, module: mod, engine: stability.NewEngine(mod, opts),
		strong: strongSkipping, md: map[string]*metadata.Metadata{},
	}
}

// CheckClass finds the call sites of a class and checks each one.
func (ck *CallSiteChecker) CheckClass(name string) ([]*SiteCheck, error) {
	c, err := ck.cp.Class(name)
	if err != nil {
		return nil, err
	}
	sites, err := FindCallSites(c)
	out := make([]*SiteCheck, 0, len(sites))
	for _, s := range sites {
		out = append(out, ck.Check(s))
	}
	return out, err
}

// metadataOf reads (once) the Kotlin metadata of a class; nil for a Java class, a missing class
// or unreadable metadata.
func (ck *CallSiteChecker) metadataOf(name string) *metadata.Metadata {
	ck.mu.Lock()
	md, ok := ck.md[name]
	ck.mu.Unlock()
	if ok {
		return md
	}
	if c, err := ck.cp.Class(name); err == nil {
		if h, ok := metadata.HeaderFromClass(c); ok {
			if m, err := metadata.Read(h); err == nil {
				md = m
			}
		}
	}
	ck.mu.Lock()
	ck.md[name] = md
	ck.mu.Unlock()
	return md
}

// functionsOf lists the functions declared in a class or file facade, following a multi-file
// facade to its parts.
func (ck *CallSiteChecker) functionsOf(name string) (fns []*metadata.Function, cls *metadata.Class) {
	md := ck.metadataOf(name)
	if md == nil {
		return nil, nil
	}
	switch {
	case md.Class != nil:
		return md.Class.Functions, md.Class
	case md.Package != nil:
		return md.Package.Functions, nil
	}
	for _, p := range md.PartClassNames {
		if pm := ck.metadataOf(p); pm != nil && pm.Package != nil {
			fns = append(fns, pm.Package.Functions...)
		}
	}
	return fns, nil
}

// callee is a resolved composable function and how its JVM parameters map to slots.
type callee struct {
	fn    *metadata.Function
	owner *metadata.Class // the declaring class of a member function, nil at top level
	// defaultImpls: the static $default bridge of an open member, whose JVM parameters are the
	// value parameters followed by the dispatch receiver.
	defaultImpls bool
}

func (ck *CallSiteChecker) resolve(ref classfile.MemberRef) (*callee, string) {
	params, _, ok := classfile.ParseMethodDescriptor(ref.Descriptor)
	if !ok {
		return nil, "bad descriptor"
	}
	if strings.HasSuffix(ref.Owner, composeDefaultImpl) && strings.HasSuffix(ref.Name, "$default") {
		base := strings.TrimSuffix(ref.Owner, composeDefaultImpl)
		name := strings.TrimSuffix(ref.Name, "$default")
		nInts := trailingInts(params)
		pre := params[:len(params)-nInts-1] // up to the Composer
		if len(pre) == 0 || pre[len(pre)-1] != "L"+base+";" {
			return nil, "the $default bridge does not take the dispatch receiver last"
		}
		want := strings.Join(pre[:len(pre)-1], "") + composerDesc
		fns, cls := ck.functionsOf(base)
		for _, f := range fns {
			if f.Signature == nil || f.Signature.Name != name {
				continue
			}
			if fp, _, ok := classfile.ParseMethodDescriptor(f.Signature.Descriptor); ok {
				n := trailingInts(fp)
				if strings.Join(fp[:len(fp)-n], "") == want {
					return &callee{fn: f, owner: cls, defaultImpls: true}, ""
				}
			}
		}
		return nil, "no function " + name + " in the metadata of " + base
	}
	seen := map[string]bool{}
	queue := []string{ref.Owner}
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		if seen[name] || name == "" {
			continue
		}
		seen[name] = true
		fns, cls := ck.functionsOf(name)
		for _, f := range fns {
			if f.Signature != nil && f.Signature.Name == ref.Name && f.Signature.Descriptor == ref.Descriptor {
				return &callee{fn: f, owner: cls}, ""
			}
		}
		// An inherited member is declared in a supertype.
		if c, err := ck.cp.Class(name); err == nil {
			queue = append(queue, c.SuperName())
			queue = append(queue, c.Interfaces()...)
		}
	}
	return nil, "no function " + ref.Name + ref.Descriptor + " in the Kotlin metadata of " + ref.Owner + " or its supertypes"
}

// slotParam is one parameter slot of a callee.
type slotParam struct {
	name     string
	declared *metadata.Type // nil for the dispatch receiver
	vararg   bool
	jvmArg   int // index among the values the call pops
	value    int // index among the value parameters, -1 for receivers and context parameters
}

// Check resolves the callee of s and compares each of its slots.
func (ck *CallSiteChecker) Check(s *CallSite) *SiteCheck {
	sc := &SiteCheck{CallSite: s}
	if s.Status != SiteDecoded {
		return sc
	}
	cal, why := ck.resolve(s.Callee)
	if cal == nil {
		return ck.fail(sc, "callee: "+why)
	}
	fn := cal.fn
	sc.Function = fn.Name + fn.Signature.Descriptor
	params, _, _ := classfile.ParseMethodDescriptor(s.Callee.Descriptor)
	nInts := len(s.Ints)
	first := 0 // index of the first descriptor parameter among the popped values
	if s.Opcode != classfile.OpInvokestatic {
		first = 1
	}
	// Slot order: context parameters, extension receiver, value parameters, dispatch receiver.
	var slots []slotParam
	j := first
	if cal.defaultImpls && (len(fn.ContextParameters) > 0 || fn.ReceiverType != nil) {
		return ck.fail(sc, "the $default bridge of a member with receivers or context parameters: layout not verified")
	}
	for _, p := range fn.ContextParameters {
		slots = append(slots, slotParam{name: p.Name, declared: p.Type, jvmArg: j, value: -1})
		j++
	}
	if fn.ReceiverType != nil {
		slots = append(slots, slotParam{name: "<receiver>", declared: fn.ReceiverType, jvmArg: j, value: -1})
		j++
	}
	for i, p := range fn.ValueParameters {
		sp := slotParam{name: p.Name, declared: p.Type, jvmArg: j, value: i}
		if p.VarargElementType != nil {
			sp.declared, sp.vararg = p.VarargElementType, true
		}
		slots = append(slots, sp)
		j++
	}
	if cal.owner != nil && !fn.Flags.IsStatic() {
		switch {
		case cal.defaultImpls:
			slots = append(slots, slotParam{name: "<this>", jvmArg: j, value: -1})
			j++
		case s.Opcode != classfile.OpInvokestatic:
			slots = append(slots, slotParam{name: "<this>", jvmArg: 0, value: -1})
		}
	}
	if j != first+len(params)-nInts-1 {
		return ck.fail(sc, fmt.Sprintf("the callee's %d Kotlin parameters do not match the %d JVM parameters before the Composer", j-first, len(params)-nInts-1))
	}
	nChanged := 1
	if len(slots) > 10 {
		nChanged = (len(slots) + 9) / 10
	}
	nDefault := nInts - nChanged
	if want := (len(fn.ValueParameters) + 30) / 31; nDefault != 0 && nDefault != want {
		return ck.fail(sc, fmt.Sprintf("%d int arguments fit neither %d $changed ints nor %d more $default ints", nInts, nChanged, want))
	}
	var defaults []int32
	for _, x := range s.Ints[nChanged:] {
		c, ok := x.(Const)
		if !ok {
			return ck.fail(sc, "the $default mask "+x.String()+" is not a constant")
		}
		defaults = append(defaults, c.Value)
	}
	var bits []SlotBits
	for k := 0; k < nChanged; k++ {
		b, force, err := splitChanged(s.Ints[k])
		if err != nil {
			return ck.fail(sc, fmt.Sprintf("$changed%d: %v", k, err))
		}
		sc.Force = sc.Force || force
		bits = append(bits, b[:]...)
	}
	for i := len(slots); i < len(bits); i++ {
		if b := bits[i]; len(b.Refs) > 0 || b.Unstable || b.Static || b.Forwarded {
			return ck.fail(sc, fmt.Sprintf("bits set in slot %d, past the callee's %d slots", i, len(slots)))
		}
	}
	ctx := ck.callerContext(s)
	for i, sp := range slots {
		chk := SlotCheck{Slot: i, Param: sp.name, Compiler: bits[i]}
		ck.compareSlot(s, cal, sp, defaults, ctx, &chk)
		sc.Slots = append(sc.Slots, chk)
	}
	return sc
}

func (ck *CallSiteChecker) fail(sc *SiteCheck, reason string) *SiteCheck {
	sc.Status, sc.Reason, sc.Slots = SiteNotDecodable, reason, nil
	return sc
}

// callerContext is what the caller's metadata says about its locals: the Kotlin types of the
// parameters, by local-variable index.
type callerContext struct {
	file   string              // the caller's source file, as stability.Class.File
	params map[int]*paramLocal // by local index
}

type paramLocal struct {
	name string
	typ  *metadata.Type // nil for this of a generic class
	this string         // the class name for this
}

func (ck *CallSiteChecker) callerContext(s *CallSite) *callerContext {
	c := s.code.class
	ctx := &callerContext{params: map[int]*paramLocal{}}
	if src := c.SourceFile(); src != "" {
		ctx.file = path.Join(path.Dir(c.Name()), src)
	}
	m := s.code.method
	static := m.Access&classfile.AccStatic != 0
	fns, cls := ck.functionsOf(c.Name())
	var fn *metadata.Function
	for _, f := range fns {
		if f.Signature != nil && f.Signature.Name == m.Name && f.Signature.Descriptor == m.Descriptor {
			fn = f
			break
		}
	}
	local := 0
	if !static {
		if cls != nil && len(cls.TypeParameters) == 0 {
			ctx.params[0] = &paramLocal{name: "this", this: cls.Name}
		}
		local = 1
	}
	params, _, ok := classfile.ParseMethodDescriptor(m.Descriptor)
	if fn == nil || !ok {
		return ctx
	}
	var kinds []*paramLocal
	for _, p := range fn.ContextParameters {
		kinds = append(kinds, &paramLocal{name: p.Name, typ: p.Type})
	}
	if fn.ReceiverType != nil {
		kinds = append(kinds, &paramLocal{name: "<receiver>", typ: fn.ReceiverType})
	}
	for _, p := range fn.ValueParameters {
		kinds = append(kinds, &paramLocal{name: p.Name, typ: p.Type})
	}
	for i, p := range params {
		if i < len(kinds) {
			ctx.params[local] = kinds[i]
		}
		local++
		if p == "J" || p == "D" {
			local++
		}
	}
	return ctx
}

// ktype is a Kotlin type assembled from metadata and bytecode.
type ktype struct {
	class    string // Kotlin class name "a/b/Outer.Inner"; "" for a type parameter
	param    int    // the type parameter's metadata id, when class is ""
	args     []karg
	nullable bool
}

type karg struct {
	star     bool
	variance metadata.Variance
	t        *ktype
}

// fromMeta converts a metadata type; why says what cannot be expressed.
func fromMeta(t *metadata.Type, depth int) (*ktype, string) {
	switch {
	case t == nil:
		return nil, "no type"
	case depth > 32:
		return nil, "type nested too deeply"
	case t.FlexibleUpperBound != nil:
		return nil, "a flexible (platform) type"
	case t.Outer != nil:
		return nil, "an inner class type with an outer part"
	case t.Flags.IsSuspend():
		return nil, "a suspend function type"
	}
	k := &ktype{nullable: t.IsNullable()}
	switch t.Classifier.Kind {
	case metadata.ClassifierClass:
		if strings.HasPrefix(t.Classifier.Name, ".") {
			return nil, "a local class"
		}
		k.class = t.Classifier.Name
	case metadata.ClassifierTypeParameter:
		k.param = t.Classifier.TypeParameterID
		return k, ""
	default:
		return nil, "a type alias classifier"
	}
	for _, a := range t.Arguments {
		if a.IsStar() {
			k.args = append(k.args, karg{star: true})
			continue
		}
		at, why := fromMeta(a.Type, depth+1)
		if at == nil {
			return nil, why
		}
		k.args = append(k.args, karg{variance: a.Variance, t: at})
	}
	return k, ""
}

func (k *ktype) concrete() bool {
	if k.class == "" {
		return false
	}
	for _, a := range k.args {
		if !a.star && !a.t.concrete() {
			return false
		}
	}
	return true
}

// String renders the type for Instantiator.Parse: qualified names with dots.
func (k *ktype) String() string {
	if k.class == "" {
		return "#" + strconv.Itoa(k.param)
	}
	var b strings.Builder
	b.WriteString(strings.ReplaceAll(k.class, "/", "."))
	if len(k.args) > 0 {
		b.WriteByte('<')
		for i, a := range k.args {
			if i > 0 {
				b.WriteString(", ")
			}
			switch {
			case a.star:
				b.WriteByte('*')
				continue
			case a.variance == metadata.In:
				b.WriteString("in ")
			case a.variance == metadata.Out:
				b.WriteString("out ")
			}
			b.WriteString(a.t.String())
		}
		b.WriteByte('>')
	}
	if k.nullable {
		b.WriteByte('?')
	}
	return b.String()
}

// argKind classifies what the bytecode shows of an argument.
type argKind int

const (
	argUnknown  argKind = iota
	argConst            // a literal: the compiler's expression stability is Stable
	argTyped            // the static type is known
	argNoDecl           // a value whose stability the compiler takes from elsewhere (§1.3)
	argOpaque           // computed, type not visible, but nothing in §1.3 overrides the type
	argCallerTP         // typed with a type parameter of the caller
)

type argInfo struct {
	kind argKind
	typ  *ktype
	// free is set when generic constructor type arguments were inferred from the constructor's
	// arguments alone, as if the expected type did not constrain them.
	free bool
	src  string
	why  string
}

// infer reads the Kotlin static type of the value computed by insns[start:end].
func (ck *CallSiteChecker) infer(mc *methodCode, ctx *callerContext, arg span, depth int) argInfo {
	if !arg.ok() {
		return argInfo{why: "not computed in straight-line code before the call"}
	}
	start, end := arg.start, arg.end
	if depth > 8 {
		return argInfo{why: "constructor calls nested too deeply"}
	}
	pool := mc.class.Pool()
	last := &mc.insns[end-1]
	n := end - start
	switch op := last.Opcode; {
	case n == 1 && (op >= classfile.OpAconstNull && op <= classfile.OpLdc2W):
		return argInfo{kind: argConst, src: "a constant", typ: constType(mc, last)}
	case op == classfile.OpCheckcast && n > 1:
		// The compiler looks through an implicit cast to the operand (spec §1.3). That is
		// modelled only for an upcast, as passing a Square where a Shape is declared; a
		// downcast (a smart cast) is left alone.
		inner := ck.infer(mc, ctx, span{start, end - 1}, depth)
		if inner.kind != argTyped {
			return inner
		}
		target, err := pool.ClassName(last.Index)
		if err != nil || !ck.isSubclass(inner.typ.class, target) {
			return argInfo{why: "a cast to " + simpleName(target) + " that is not an upcast from " + inner.typ.String()}
		}
		inner.src += ", looked through a cast"
		return inner
	case isLoad(op) && n == 1:
		idx := localIndex(last)
		p := ctx.params[idx]
		if p == nil {
			return argInfo{kind: argNoDecl, why: fmt.Sprintf("reads local %d, not a parameter: the compiler uses a val's initializer (spec §1.3)", idx)}
		}
		if p.this != "" {
			return argInfo{kind: argTyped, typ: &ktype{class: p.this}, src: "the caller's this"}
		}
		kt, why := fromMeta(p.typ, 0)
		if kt == nil {
			return argInfo{why: "caller parameter " + p.name + ": " + why}
		}
		if !kt.concrete() {
			return argInfo{kind: argCallerTP, why: "caller parameter " + p.name + " is typed with the caller's type parameter"}
		}
		return argInfo{kind: argTyped, typ: kt, src: "caller parameter " + p.name}
	case op == classfile.OpGetstatic && n == 1:
		ref, err := pool.MemberRef(last.Index)
		if err == nil && ref.Descriptor == "L"+ref.Owner+";" {
			// An object's INSTANCE or an enum entry: typed with its own class.
			if c := ck.u.ClassByJVMName(ref.Owner).Ensure(); c.Origin != stability.OriginMissing && len(c.TypeParameters) == 0 {
				return argInfo{kind: argTyped, typ: &ktype{class: c.Name}, src: "static field " + simpleName(ref.Owner) + "." + ref.Name}
			}
		}
		if err == nil && strings.HasPrefix(ref.Descriptor, "L") && strings.HasSuffix(ref.Descriptor, ";") {
			// A static field of a class type: the expression has the field's declared type.
			cn := ref.Descriptor[1 : len(ref.Descriptor)-1]
			if c := ck.u.ClassByJVMName(cn).Ensure(); c.Origin != stability.OriginMissing && len(c.TypeParameters) == 0 && !strings.HasPrefix(c.Name, ".") {
				return argInfo{kind: argTyped, typ: &ktype{class: c.Name}, src: "static field " + simpleName(ref.Owner) + "." + ref.Name}
			}
		}
		return argInfo{kind: argOpaque, why: "a static field read"}
	case op == classfile.OpInvokespecial:
		ref, err := pool.MemberRef(last.Index)
		if err == nil && ref.Name == "<init>" && mc.insns[start].Opcode == classfile.OpNew {
			if cn, err := pool.ClassName(mc.insns[start].Index); err == nil && cn == ref.Owner && start+1 < end && mc.insns[start+1].Opcode == classfile.OpDup {
				return ck.inferNew(mc, ctx, start, end, ref, depth)
			}
		}
	case op == classfile.OpInvokestatic || op == classfile.OpInvokevirtual || op == classfile.OpInvokeinterface:
		ref, err := pool.MemberRef(last.Index)
		if err != nil {
			break
		}
		if kt, ok := boxedKotlin[ref.Owner]; ok && op == classfile.OpInvokestatic && ref.Name == "valueOf" &&
			strings.HasSuffix(ref.Descriptor, ")L"+ref.Owner+";") && !strings.HasPrefix(ref.Descriptor, "(L") {
			// Boxing keeps the Kotlin type of the primitive expression.
			if n == 2 && isConstOp(mc.insns[start].Opcode) {
				return argInfo{kind: argConst, src: "a boxed constant", typ: &ktype{class: kt}}
			}
			return argInfo{kind: argTyped, typ: &ktype{class: kt}, src: "a boxed " + path.Base(kt)}
		}
		if ref.Name == "checkNotNullExpressionValue" && n > 3 && mc.insns[end-3].Opcode == classfile.OpDup {
			// x; dup; ldc "name"; checkNotNullExpressionValue leaves x: the platform value.
			return ck.infer(mc, ctx, span{start, end - 3}, depth)
		}
		if stability.IsKnownStableFunctionName(ref.Name) {
			return argInfo{kind: argNoDecl, why: "a call of " + ref.Name + ", which may be a stable function (spec §1.3)"}
		}
		return argInfo{kind: argOpaque, why: "the result of " + simpleName(ref.Owner) + "." + ref.Name}
	case op == classfile.OpGetfield:
		return argInfo{kind: argOpaque, why: "a field read"}
	case op == classfile.OpInvokedynamic:
		return argInfo{kind: argOpaque, why: "an invokedynamic (lambda or string concatenation)"}
	}
	return argInfo{why: "computed by " + last.Opcode.String() + " at " + strconv.Itoa(last.Offset)}
}

// isSubclass reports whether the Kotlin class sub has the class with JVM name super among its
// supertypes, transitively.
func (ck *CallSiteChecker) isSubclass(sub, super string) bool {
	seen := map[*stability.Class]bool{}
	var walk func(c *stability.Class, depth int) bool
	walk = func(c *stability.Class, depth int) bool {
		c = c.Ensure()
		if seen[c] || depth > 64 || c.Origin == stability.OriginMissing {
			return false
		}
		seen[c] = true
		if c.JVMName == super {
			return true
		}
		for _, st := range c.Supertypes {
			if st != nil && st.Class != nil && walk(st.Class, depth+1) {
				return true
			}
		}
		return false
	}
	return walk(ck.u.ClassByName(sub), 0)
}

func isLoad(op classfile.Opcode) bool {
	return op >= classfile.OpIload && op <= classfile.OpAload3
}

func localIndex(in *classfile.Instruction) int {
	switch op := in.Opcode; {
	case op >= classfile.OpIload0 && op <= classfile.OpAload3:
		return int(op-classfile.OpIload0) % 4
	}
	return int(in.Index)
}

func isConstOp(op classfile.Opcode) bool {
	return op >= classfile.OpAconstNull && op <= classfile.OpLdc2W
}

var boxedKotlin = map[string]string{
	"java/lang/Integer": "kotlin/Int", "java/lang/Long": "kotlin/Long", "java/lang/Short": "kotlin/Short",
	"java/lang/Byte": "kotlin/Byte", "java/lang/Character": "kotlin/Char", "java/lang/Boolean": "kotlin/Boolean",
	"java/lang/Float": "kotlin/Float", "java/lang/Double": "kotlin/Double",
}

// constType is the Kotlin type of a literal, nil when it does not matter (null).
func constType(mc *methodCode, in *classfile.Instruction) *ktype {
	switch op := in.Opcode; {
	case op == classfile.OpLdc || op == classfile.OpLdcW:
		if k, err := mc.class.Pool().Constant(in.Index); err == nil {
			if _, ok := k.(string); ok {
				return &ktype{class: "kotlin/String"}
			}
		}
	}
	return nil
}

// inferNew types a constructor call new C(args). For a generic C, each type parameter must be
// the whole declared type of exactly one constructor parameter, whose argument's type is known.
func (ck *CallSiteChecker) inferNew(mc *methodCode, ctx *callerContext, start, end int, ctor classfile.MemberRef, depth int) argInfo {
	c := ck.u.ClassByJVMName(ctor.Owner).Ensure()
	if c.Origin == stability.OriginMissing {
		return argInfo{why: "constructs " + ctor.Owner + ", which is not on the classpath"}
	}
	src := "constructor " + simpleName(ctor.Owner)
	if strings.HasPrefix(c.Name, ".") {
		return argInfo{why: "constructs the local or anonymous class " + simpleName(ctor.Owner)}
	}
	if len(c.TypeParameters) == 0 {
		return argInfo{kind: argTyped, typ: &ktype{class: c.Name}, src: src}
	}
	md := ck.metadataOf(ctor.Owner)
	if (md == nil || md.Class == nil) && c.Origin == stability.OriginJava {
		// A Java class is Unstable whatever its type arguments: star them.
		k := &ktype{class: c.Name}
		for range c.TypeParameters {
			k.args = append(k.args, karg{star: true})
		}
		return argInfo{kind: argTyped, typ: k, src: "generic Java " + src}
	}
	if md == nil || md.Class == nil {
		return argInfo{why: "generic " + src + " without Kotlin metadata"}
	}
	var kc *metadata.Constructor
	for _, x := range md.Class.Constructors {
		if x.Signature != nil && x.Signature.Descriptor == ctor.Descriptor {
			kc = x
		}
	}
	if kc == nil {
		return argInfo{why: "generic " + src + ": no Kotlin constructor with descriptor " + ctor.Descriptor}
	}
	params, _, _ := classfile.ParseMethodDescriptor(ctor.Descriptor)
	if len(params) != len(kc.ValueParameters) {
		return argInfo{why: "generic " + src + ": parameters do not match"}
	}
	ids := map[int]bool{}
	for _, tp := range md.Class.TypeParameters {
		ids[tp.ID] = true
		uses := 0
		for _, p := range kc.ValueParameters {
			uses += countMentions(p.Type, tp.ID)
		}
		if uses != 1 {
			return argInfo{why: fmt.Sprintf("generic %s: type parameter %s appears %d times in the constructor's parameters", src, tp.Name, uses)}
		}
	}
	spans := mc.argSpans(end-1, len(params)+1, start+2)
	binds := map[int]*ktype{}
	for i, p := range kc.ValueParameters {
		if !mentionsAny(p.Type, ids) {
			continue
		}
		sub := ck.infer(mc, ctx, spans[i+1], depth+1)
		if (sub.kind != argTyped && sub.kind != argConst) || sub.typ == nil {
			why := sub.why
			if sub.kind == argConst {
				why = "a null literal"
			}
			return argInfo{why: "generic " + src + ": argument " + p.Name + ": " + why}
		}
		// A nested generic constructor was inferred as if unconstrained; that holds only where
		// this parameter's type leaves its type arguments to be inferred.
		if sub.free && !freeShaped(p.Type, ids) {
			return argInfo{why: "generic " + src + ": argument " + p.Name + " is a generic constructor under a constraining parameter type"}
		}
		if !unify(p.Type, sub.typ, ids, binds, 0) {
			return argInfo{why: "generic " + src + ": argument " + p.Name + " of type " + sub.typ.String() + " does not match the parameter type"}
		}
	}
	k := &ktype{class: md.Class.Name}
	for _, tp := range md.Class.TypeParameters {
		b := binds[tp.ID]
		if b == nil {
			return argInfo{why: "generic " + src + ": type parameter " + tp.Name + " is not inferred from the arguments"}
		}
		k.args = append(k.args, karg{t: b})
	}
	return argInfo{kind: argTyped, typ: k, free: true, src: "generic " + src + " with inferred type arguments"}
}

// unify matches a constructor parameter's declared type against its argument's type and binds
// the class's type parameters. Only exact structural matches count: a subtype where the
// parameter has a concrete class would be inferred differently.
func unify(pt *metadata.Type, at *ktype, ids map[int]bool, binds map[int]*ktype, depth int) bool {
	if pt == nil || at == nil || depth > 32 || pt.FlexibleUpperBound != nil || pt.Outer != nil {
		return false
	}
	switch pt.Classifier.Kind {
	case metadata.ClassifierTypeParameter:
		id := pt.Classifier.TypeParameterID
		if !ids[id] || binds[id] != nil || len(pt.Arguments) > 0 {
			return false
		}
		b := *at
		if pt.IsNullable() {
			b.nullable = false
		}
		binds[id] = &b
		return true
	case metadata.ClassifierClass:
		if pt.Classifier.Name != at.class || len(pt.Arguments) != len(at.args) {
			return false
		}
		for i, a := range pt.Arguments {
			b := at.args[i]
			if a.IsStar() || b.star || a.Variance != metadata.Invariant || b.variance != metadata.Invariant {
				return false
			}
			if !unify(a.Type, b.t, ids, binds, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// freeShaped reports a parameter type that is a bare type parameter, or a class applied to bare
// type parameters: the positions whose arguments an unconstrained inference gets right.
func freeShaped(pt *metadata.Type, ids map[int]bool) bool {
	bare := func(t *metadata.Type) bool {
		return t != nil && t.Classifier.Kind == metadata.ClassifierTypeParameter && ids[t.Classifier.TypeParameterID] && len(t.Arguments) == 0
	}
	if bare(pt) {
		return true
	}
	for _, a := range pt.Arguments {
		if a.IsStar() || a.Variance != metadata.Invariant || !bare(a.Type) {
			return false
		}
	}
	return pt.Classifier.Kind == metadata.ClassifierClass
}

func countMentions(t *metadata.Type, id int) int {
	if t == nil {
		return 0
	}
	n := 0
	if t.Classifier.Kind == metadata.ClassifierTypeParameter && t.Classifier.TypeParameterID == id {
		n++
	}
	for _, a := range t.Arguments {
		n += countMentions(a.Type, id)
	}
	return n + countMentions(t.Outer, id)
}

func mentionsAny(t *metadata.Type, ids map[int]bool) bool {
	for id := range ids {
		if countMentions(t, id) > 0 {
			return true
		}
	}
	return false
}

// compareSlot decides what type the compiler used for the argument of one slot and compares.
func (ck *CallSiteChecker) compareSlot(s *CallSite, cal *callee, sp slotParam, defaults []int32, ctx *callerContext, chk *SlotCheck) {
	if sp.value >= 0 {
		w := sp.value / 31
		if w < len(defaults) && defaults[w]>>(sp.value%31)&1 != 0 {
			chk.Skip = "not provided: the callee computes its default value"
			chk.notProvided = true
			return
		}
	}
	arg := span{-1, -1}
	if sp.jvmArg < len(s.spans) {
		arg = s.spans[sp.jvmArg]
	}
	info := ck.infer(s.code, ctx, arg, 0)
	chk.fromParam = info.kind == argCallerTP || strings.HasPrefix(info.src, "caller parameter")
	var declared *ktype
	declWhy := "the dispatch receiver"
	if sp.declared != nil {
		declared, declWhy = fromMeta(sp.declared, 0)
	}
	var typ *ktype
	switch info.kind {
	case argConst:
		chk.TypeSource = info.src
		chk.Type = "literal"
		if info.typ != nil {
			chk.Type = info.typ.String()
		}
		chk.Ours = &SlotBits{} // a literal's expression stability is Stable: nothing is passed
		chk.View = "literal"
		chk.stab = stability.Stable
		chk.Equal = chk.Ours.sameStability(chk.Compiler)
		return
	case argTyped:
		typ = info.typ
		chk.TypeSource = "argument: " + info.src
		if info.free && !ck.freeAt(cal, sp, declared, typ) {
			if declared != nil && declared.concrete() && declared.class == typ.class && ck.invariantParams(typ.class) && !projected(declared) {
				typ = declared
				chk.TypeSource = "declared (the expected type fixes the constructor's type arguments)"
				break
			}
			chk.Skip = "generic constructor whose type arguments the parameter's declared type may constrain"
			return
		}
		if sp.vararg {
			chk.Skip = "vararg: the compiler uses the element type, the argument is an array"
			ck.varargStability(declared, chk)
			return
		}
		if declared != nil && declared.concrete() && declared.class != typ.class {
			chk.TypeSource += " (a subtype of the declared " + declared.String() + ")"
		}
	case argOpaque:
		switch {
		case declared == nil:
			chk.Skip = "argument type not visible (" + info.why + ") and declared type is " + declWhy
			return
		case !declared.concrete():
			chk.Skip = "argument type not visible (" + info.why + ") and the declared type mentions the callee's type parameters"
			return
		case !ck.exact(declared):
			chk.Skip = "argument type not visible (" + info.why + ") and the declared type " + declared.String() + " admits subtypes"
			return
		}
		typ = declared
		chk.TypeSource = "declared (" + info.why + "; the declared type admits no subtype)"
	default:
		chk.Skip = info.why
		if sp.vararg {
			ck.varargStability(declared, chk)
		}
		return
	}
	chk.Type = typ.String()
	ours, view, st, err := ck.predict(typ, ctx.file)
	if err != nil {
		chk.Skip = "cannot evaluate " + chk.Type + ": " + err.Error()
		chk.Type, chk.TypeSource = "", ""
		return
	}
	chk.Ours, chk.View, chk.stab = &ours, view, st
	chk.Equal = ours.sameStability(chk.Compiler)
}

// varargStability records the stability of a vararg's declared element type, which the
// compiler's call metrics use for the argument; the bits of the slot are not compared.
func (ck *CallSiteChecker) varargStability(declared *ktype, chk *SlotCheck) {
	if declared == nil || !declared.concrete() {
		return
	}
	if in, err := ck.inst.Evaluate(declared.String()); err == nil {
		chk.stab = in.Stability
	}
}

// projected reports a type with a star or variance-projected argument: such an expected type
// (KBox<*>) does not fix the constructor's type arguments, which come from its arguments.
func projected(k *ktype) bool {
	for _, a := range k.args {
		if a.star || a.variance != metadata.Invariant {
			return true
		}
	}
	return false
}

// freeAt reports whether the declared type leaves a generic constructor's type arguments to be
// inferred from its own arguments: the parameter is a callee type parameter, or the same class
// applied to callee type parameters, each used nowhere else in the callee's signature.
func (ck *CallSiteChecker) freeAt(cal *callee, sp slotParam, declared, typ *ktype) bool {
	if declared == nil {
		return false
	}
	free := func(k *ktype) bool {
		return k.class == "" && countParamUses(cal.fn, k.param) == 1
	}
	if free(declared) {
		return true
	}
	if declared.class != typ.class || len(declared.args) != len(typ.args) {
		return false
	}
	for _, a := range declared.args {
		if a.star || a.variance != metadata.Invariant || !free(a.t) {
			return false
		}
	}
	return true
}

func countParamUses(fn *metadata.Function, id int) int {
	n := 0
	var walk func(t *metadata.Type)
	walk = func(t *metadata.Type) {
		if t == nil {
			return
		}
		if t.Classifier.Kind == metadata.ClassifierTypeParameter && t.Classifier.TypeParameterID == id {
			n++
		}
		for _, a := range t.Arguments {
			walk(a.Type)
		}
		walk(t.Outer)
	}
	walk(fn.ReceiverType)
	for _, p := range fn.ContextParameters {
		walk(p.Type)
	}
	for _, p := range fn.ValueParameters {
		walk(p.Type)
		walk(p.VarargElementType)
	}
	for _, tp := range fn.TypeParameters {
		for _, b := range tp.UpperBounds {
			walk(b)
		}
	}
	return n
}

// exact reports a type no argument can be a proper subtype of (nullability aside): a final
// class whose type parameters are all invariant and used without projections.
func (ck *CallSiteChecker) exact(k *ktype) bool {
	c := ck.u.ClassByName(k.class).Ensure()
	if c.Origin == stability.OriginMissing || c.Kind == stability.KindInterface || c.Kind == stability.KindAnnotationClass {
		return false
	}
	if c.Modality != stability.Final {
		return false
	}
	for _, a := range k.args {
		if a.star || a.variance != metadata.Invariant {
			return false
		}
	}
	return ck.invariantParams(k.class)
}

func (ck *CallSiteChecker) invariantParams(class string) bool {
	c := ck.u.ClassByName(class).Ensure()
	for _, tp := range c.TypeParameters {
		if tp.Variance != stability.Invariant {
			return false
		}
	}
	return true
}

// predict is our call-site stability part for an argument of type k in the caller's file: the
// Instantiator's consumer view, or the module's own analysis from that file when the type
// mentions a class of the caller's module (field analysis for the file's own classes, and for the
// module's other files too before 2.4.0).
func (ck *CallSiteChecker) predict(k *ktype, file string) (SlotBits, string, stability.Stability, error) {
	return ck.predictType(k.String(), file)
}

// predictType is predict for a type written as Instantiator.Parse reads it.
func (ck *CallSiteChecker) predictType(ts, file string) (SlotBits, string, stability.Stability, error) {
	t, err := ck.inst.Parse(ts)
	if err != nil {
		return SlotBits{}, "", nil, err
	}
	var s stability.Stability
	var x Expr
	view := "instantiator"
	if ck.module != nil && ck.mentionsModule(t, 0) {
		view = "module"
		s, _ = ck.engine.TypeStability(t, file)
		if !stability.KnownStable(s) && !stability.KnownUnstable(s) {
			x = stabruntime.CallSiteExpr(s)
		}
	} else {
		in, err := ck.inst.Evaluate(ts)
		if err != nil {
			return SlotBits{}, "", nil, err
		}
		s, x = in.Stability, in.Expr
	}
	var b SlotBits
	if stability.KnownUnstable(s) {
		b.Unstable = !ck.strong
		return b, view, s, nil
	}
	collectRefs(x, &b.Refs)
	return b, view, s, nil
}

// Arguments lists what the compiler's call metrics record for each argument of a checked call:
// static and certain from the bits the caller passes, the stability from those bits where they
// tell it (a $stable read is a runtime stability, the unstable bit a known-unstable one) and
// otherwise from the argument's type. An argument left to its default value counts as stable.
// A site that could not be decoded gives none.
func (ck *CallSiteChecker) Arguments(sc *SiteCheck) []Argument {
	out := make([]Argument, 0, len(sc.Slots))
	for _, s := range sc.Slots {
		a := Argument{Stability: ParamStable}
		if !s.notProvided {
			// Certain: the caller's own parameter. Its change state is forwarded, except for a
			// known-unstable one without strong skipping, which gets the unstable bit instead.
			a.Static = s.Compiler.Static
			a.Certain = !a.Static && (s.Compiler.Certain || s.Compiler.Unstable && s.fromParam)
			switch {
			case s.Compiler.Unstable:
				a.Stability = ParamUnstable
			case len(s.Compiler.Refs) > 0 || s.stab == nil:
				a.Stability = ParamRuntime
			case stability.KnownUnstable(s.stab):
				a.Stability = ParamUnstable
			case !stability.KnownStable(s.stab):
				a.Stability = ParamRuntime
			}
			if a.Static {
				a.Stability = ParamStable
			}
		}
		out = append(out, a)
	}
	return out
}

func collectRefs(x Expr, out *[]string) {
	switch x := x.(type) {
	case Ref:
		*out = append(*out, x.Class)
	case Op:
		collectRefs(x.X, out)
		collectRefs(x.Y, out)
	}
}

// mentionsModule reports whether t or any of its type arguments is a class of the caller's module.
func (ck *CallSiteChecker) mentionsModule(t *stability.Type, depth int) bool {
	if t == nil || depth > 32 {
		return false
	}
	if t.Class != nil && t.Class.Ensure().Module == ck.module {
		return true
	}
	for _, a := range t.Args {
		if ck.mentionsModule(a.Type, depth+1) {
			return true
		}
	}
	return false
}

// CallSiteSummary counts the outcome of checking many call sites.
type CallSiteSummary struct {
	Sites, Decoded, Restarts, NotDecodable int
	// Slots counts the slots of decoded sites; Compared those with a prediction, Equal those
	// that agree, and NonTrivial the compared slots where either side has a $stable read or the
	// unstable bit.
	Slots, Compared, Equal, NonTrivial int
	// Skipped counts skipped slots by reason.
	Skipped map[string]int
}

// Summarize counts sites and slots.
func Summarize(checks []*SiteCheck) CallSiteSummary {
	sum := CallSiteSummary{Skipped: map[string]int{}}
	for _, c := range checks {
		sum.Sites++
		switch c.Status {
		case SiteDecoded:
			sum.Decoded++
		case SiteRestart:
			sum.Restarts++
		default:
			sum.NotDecodable++
		}
		for _, s := range c.Slots {
			sum.Slots++
			if s.Ours == nil {
				sum.Skipped[skipKey(s.Skip)]++
				continue
			}
			sum.Compared++
			if s.Equal {
				sum.Equal++
			}
			if len(s.Compiler.Refs) > 0 || s.Compiler.Unstable || len(s.Ours.Refs) > 0 || s.Ours.Unstable {
				sum.NonTrivial++
			}
		}
	}
	return sum
}

// skipKey shortens a skip reason to its kind, for counting.
func skipKey(s string) string {
	if i := strings.IndexAny(s, ":(0123456789"); i > 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// String renders the summary on one line, skip reasons sorted.
func (s CallSiteSummary) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d call sites: %d decoded, %d restarts, %d not decodable; %d slots, %d compared (%d non-trivial), %d equal",
		s.Sites, s.Decoded, s.Restarts, s.NotDecodable, s.Slots, s.Compared, s.NonTrivial, s.Equal)
	keys := make([]string, 0, len(s.Skipped))
	for k := range s.Skipped {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "\n  skipped %d: %s", s.Skipped[k], k)
	}
	return b.String()
}

// simpleName is the last part of an internal class name, after its package and outer classes.
func simpleName(internal string) string {
	if i := strings.LastIndexAny(internal, "/$"); i >= 0 {
		return internal[i+1:]
	}
	return internal
}
