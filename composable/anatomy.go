package composable

import (
	"fmt"
	"strings"

	"github.com/composestab/composestab/callsite"
	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/metadata"
	"github.com/composestab/composestab/stability"
)

// This file takes one compiled composable apart as its bytecode shows it: the source-level and
// the compiled signature, the bit layout of $changed and $default, what the skipping preamble
// does with each parameter, the skip decision, the groups in order and the restart lambda
// (`composestab explain --composable`). anatomy_groups.go reads the groups and the decision,
// anatomy_site.go the $changed a call site passes.

// Anatomy is one composable function as compiled.
type Anatomy struct {
	// Name is the compiler's qualified name; Class, Method (name and descriptor), File and Line
	// locate the code.
	Name   string `json:"name"`
	Class  string `json:"class"`
	Method string `json:"method"`
	File   string `json:"file"`
	Line   int    `json:"line"`
	// Key is the function key of its FunctionKeyMeta annotation (also its restart group's key),
	// nil without one.
	Key *int32 `json:"key,omitempty"`
	// Source is the Kotlin signature, Compiled the JVM one with the parameters the plugin adds.
	Source   string     `json:"source"`
	Compiled string     `json:"compiled"`
	JVM      []JVMParam `json:"jvmParams"`
	// Changed and Default are the $changed and $default ints, bit by bit.
	Changed []BitInt       `json:"changed"`
	Default []BitInt       `json:"default,omitempty"`
	Params  []AnatomyParam `json:"params"`
	// Restartable and Skippable are the compiler report's flags; Skips what a call from another
	// file or module comes to with the $stable values on the classpath.
	Restartable bool   `json:"restartable"`
	Skippable   bool   `json:"skippable"`
	Skips       string `json:"skips"`
	// Decision is the skip decision as the code makes it, nil when it makes none; NeverSkips
	// says what makes the function run its body on every call.
	Decision   *Decision `json:"decision,omitempty"`
	NeverSkips []string  `json:"neverSkips,omitempty"`
	// Groups are the group calls in bytecode order.
	Groups []Group `json:"groups"`
	// RestartLambda is the lambda given to updateScope, which calls the function again with the
	// force bit; "" without one.
	RestartLambda string `json:"restartLambda,omitempty"`
}

// JVMParam is one parameter of the compiled method.
type JVMParam struct {
	Name string `json:"name"`
	Type string `json:"type"`
	// Role is "context", "receiver", "value", "dispatch" (a ComposeDefaultImpls bridge's
	// receiver), "composer", "changed" or "default".
	Role string `json:"role"`
}

// BitInt is one $changed or $default int.
type BitInt struct {
	Name   string     `json:"name"`
	Fields []BitField `json:"fields"`
}

// BitField is a run of bits of a $changed or $default int.
type BitField struct {
	// Bits is "0" or "1-3" (low to high), Mask the int's bits it covers.
	Bits string `json:"bits"`
	Mask int32  `json:"mask"`
	// Slot is the parameter slot, -1 for the force bit.
	Slot    int    `json:"slot"`
	Param   string `json:"param"`
	Meaning string `json:"meaning"`
}

// AnatomyParam is one parameter slot as the preamble treats it.
type AnatomyParam struct {
	Name string `json:"name"`
	// Kind is "context", "receiver", "value" or "dispatch".
	Kind string `json:"kind"`
	Type string `json:"type"`
	Slot int    `json:"slot"`
	// Changed names the $changed int and the slot's mask in it; DefaultBit the $default bit
	// ("$default & 0b1"), "" without a default value.
	Changed    string `json:"changed"`
	Mask       int32  `json:"mask"`
	DefaultBit string `json:"defaultBit,omitempty"`
	Default    string `json:"default,omitempty"`
	Used       bool   `json:"used"`
	// Calls are the Composer methods the preamble compares the argument with ("changed(Object)",
	// "changedInstance(Object)", "changed(int)"), in bytecode order; none when it is not compared.
	Calls []string `json:"calls"`
	// Compiled is the comparison (none, equals, identity, by-unstable-bit, unless-unstable).
	Compiled string `json:"compiled"`
	// Guard is when the preamble compares: "($changed & 0b110) == 0" (the caller is uncertain).
	Guard string `json:"guard,omitempty"`
	// Choice says which bit chooses between changed and changedInstance, "" when one is used.
	Choice string `json:"choice,omitempty"`
	// SkippedWhen lists the masks under which the preamble does not compare the argument.
	SkippedWhen []string `json:"skippedWhen,omitempty"`
	// Stability is the parameter's stability as this classpath decides it, with its reasons.
	Stability string   `json:"stability"`
	Reasons   []string `json:"reasons,omitempty"`
	Outcome   Outcome  `json:"outcome"`
}

// Decision is the skip decision: shouldExecute(parametersChanged, flags) or the older
// `... && getSkipping()`.
type Decision struct {
	Call     string   `json:"call"`
	Operands []string `json:"operands"`
	// Before are tests the code makes before it asks: when any holds, the body runs without
	// the call (an unused parameter of an unstable type that the caller did not leave out).
	Before []string `json:"before,omitempty"`
}

// Group is one group call of the body.
type Group struct {
	// Kind is restart, replace, replaceable, movable, reusable, defaults, node or end-<kind>;
	// Call the Composer method.
	Kind string `json:"kind"`
	Call string `json:"call"`
	// Key is the group's key when it is a constant.
	Key *int32 `json:"key,omitempty"`
	// DataKey renders a movable or reusable group's object key.
	DataKey string `json:"dataKey,omitempty"`
	Offset  int    `json:"offset"`
	Line    int    `json:"line,omitempty"`
	Depth   int    `json:"depth"`
	// Source is the sourceInformation string recorded for the group, when the bytes hold one.
	Source string `json:"source,omitempty"`
}

// Anatomize takes f, one of mod's functions read with cfg, apart.
func (mod *Module) Anatomize(cfg Config, f *Function) (*Anatomy, error) {
	cf, err := cfg.Classpath.Class(f.Class)
	if err != nil {
		return nil, err
	}
	name, desc := f.Method, ""
	if i := strings.IndexByte(name, '('); i >= 0 {
		name, desc = name[:i], name[i:]
	}
	m := cf.Method(name, desc)
	if m == nil {
		return nil, fmt.Errorf("%s has no method %s", f.Class, f.Method)
	}
	params, ret, ok := classfile.ParseMethodDescriptor(desc)
	if !ok {
		return nil, fmt.Errorf("bad descriptor %s", desc)
	}
	b := readBody(cf, m, composerLocal(m), nil)
	an := &Anatomy{Name: f.FqName, Class: f.Class, Method: f.Method, File: f.File, Line: f.Line, Restartable: f.Restartable,
		Skippable: f.Skippable, Skips: f.Skips.String(), Params: []AnatomyParam{}, Groups: []Group{}, Changed: []BitInt{}}
	if a := m.Annotation("Landroidx/compose/runtime/internal/FunctionKeyMeta;"); a != nil {
		if v, ok := a.Value("key"); ok {
			if k, ok := v.Const.(int32); ok {
				an.Key = &k
			}
		}
	}
	kinds := slotKinds(cfg, f)
	ci := composerIndex(params)
	nChanged := 1
	if len(f.Params) > 10 {
		nChanged = (len(f.Params) + 9) / 10
	}
	locals := paramLocals(m, params)
	names := jvmNames(m, params, locals)
	// The JVM parameters: the slots' arguments, the Composer, the $changed and $default ints.
	for i, p := range params {
		jp := JVMParam{Name: names[i], Type: javaType(p)}
		switch {
		case i == ci:
			jp.Role, jp.Name = "composer", "$composer"
		case i > ci && i <= ci+nChanged:
			jp.Role, jp.Name = "changed", changedName(i-ci-1)
		case i > ci:
			jp.Role, jp.Name = "default", defaultName(i-ci-1-nChanged)
		default:
			jp.Role = "value"
			for k, fp := range f.Params {
				if argOf(fp, m) == i {
					jp.Role = kinds[k]
				}
			}
		}
		an.JVM = append(an.JVM, jp)
	}
	an.Compiled = compiledSignature(m, name, ret, an.JVM)
	an.Source = sourceSignature(f, kinds)
	changedLocal := func(k int) int {
		if ci+1+k < len(locals) {
			return locals[ci+1+k]
		}
		return -1
	}
	for k := 0; k < nChanged; k++ {
		bi := BitInt{Name: changedName(k)}
		if k == 0 {
			bi.Fields = append(bi.Fields, BitField{Bits: "0", Mask: 1, Slot: -1, Param: "force",
				Meaning: "set by the restart lambda (updateChangedFlags): run the body whatever the comparisons say"})
		}
		for s := k * 10; s < len(f.Params) && s < (k+1)*10; s++ {
			lo := 3*(s%10) + 1
			bi.Fields = append(bi.Fields, BitField{Bits: fmt.Sprintf("%d-%d", lo, lo+2), Mask: 0b111 << lo, Slot: s, Param: f.Params[s].Name,
				Meaning: "bits 1-2: Uncertain 00, Same 01, Different 10, Static 11; bit 3: the argument's type is unstable"})
		}
		an.Changed = append(an.Changed, bi)
	}
	// $default: one bit per value parameter, 31 per int.
	valueIdx := map[int]int{}
	nv := 0
	for s, k := range kinds {
		if k == "value" {
			valueIdx[s] = nv
			nv++
		}
	}
	hasDefaults := len(params)-ci-1 > nChanged
	if hasDefaults {
		for d := 0; d < (nv+30)/31; d++ {
			bi := BitInt{Name: defaultName(d)}
			for s, p := range f.Params {
				if v, ok := valueIdx[s]; ok && v/31 == d && p.Default != nil {
					bi.Fields = append(bi.Fields, BitField{Bits: fmt.Sprint(v % 31), Mask: 1 << (v % 31), Slot: s, Param: p.Name,
						Meaning: "set by a caller that leaves the argument out: the body computes " + p.Default.Expr})
				}
			}
			an.Default = append(an.Default, bi)
		}
	}
	var pre *preamble
	if b != nil {
		pre = readPreamble(b)
		// The $default ints are not in the LocalVariableTable: name them for the decision.
		for i := ci + 1 + nChanged; i < len(locals) && i < len(params); i++ {
			if _, ok := pre.names[locals[i]]; !ok {
				pre.names[locals[i]] = defaultName(i - ci - 1 - nChanged)
			}
		}
	}
	engine := stability.NewEngine(cfg.Universe.Module(cfg.Input), cfg.Options)
	for s := range f.Params {
		p := &f.Params[s]
		k := s / 10
		lo := 3*(s%10) + 1
		ap := AnatomyParam{Name: p.Name, Kind: kinds[s], Type: p.Type, Slot: s, Changed: changedName(k), Mask: 0b111 << lo, Used: p.Used,
			Compiled: p.Compiled.String(), Outcome: p.Outcome, Calls: []string{}}
		if p.Stability == ParamRuntime {
			ap.Stability = "runtime"
		} else {
			ap.Stability = p.Stability.String()
		}
		if p.typ != nil {
			st, why := engine.TypeStability(p.typ, f.File)
			ap.Stability += " (" + stability.Describe(st) + ")"
			ap.Reasons = why.Sentences()
		}
		if d := p.Default; d != nil {
			ap.Default = map[bool]string{true: "@static ", false: "@dynamic "}[d.Static] + d.Expr
			if v, ok := valueIdx[s]; ok {
				ap.DefaultBit = fmt.Sprintf("%s & 0b%b", defaultName(v/31), 1<<(v%31))
			}
		}
		local := -1
		switch {
		case p.Index == 0 && m.Access&classfile.AccStatic == 0 && kinds[s] == "dispatch":
			local = 0
		case p.Index >= 0:
			if i := argOf(*p, m); i >= 0 && i < len(locals) {
				local = locals[i]
			}
		}
		if pc := preParam(pre, local); pc != nil {
			ap.Calls = append(ap.Calls, pc.calls...)
			if pc.guard != 0 {
				ap.Guard = fmt.Sprintf("(%s & 0b%b) == 0", localName(pre, pc.guardLocal, changedLocal, nChanged), pc.guard)
				ap.SkippedWhen = append(ap.SkippedWhen, fmt.Sprintf("(%s & 0b%b) != 0: the caller is certain (Same, Different or Static), its bits are taken as they are",
					localName(pre, pc.guardLocal, changedLocal, nChanged), pc.guard))
			}
			if pc.instanceBit != 0 {
				ap.Choice = fmt.Sprintf("changedInstance (===) when (%s & 0b%b) != 0 (the caller passes the unstable bit), changed (equals) otherwise",
					localName(pre, pc.guardLocal, changedLocal, nChanged), pc.instanceBit)
			}
		}
		if pre != nil && ap.DefaultBit != "" && hasDefaults {
			if v, ok := valueIdx[s]; ok {
				dl := locals[ci+1+nChanged+v/31]
				if or, ok := pre.defaultMarks[defaultKey{dl, int32(1) << (v % 31)}]; ok {
					ap.SkippedWhen = append(ap.SkippedWhen, fmt.Sprintf("(%s) != 0: the caller left it out, and the preamble sets $dirty |= 0b%b (%s) instead of comparing",
						ap.DefaultBit, or, slotState(or>>lo)))
				}
			}
		}
		if !p.Used {
			ap.SkippedWhen = append(ap.SkippedWhen, "always: the body never reads it")
		}
		an.Params = append(an.Params, ap)
	}
	if b != nil {
		an.Decision = decisionOf(b, pre, changedLocal, nChanged)
		an.Groups = groupsOf(b)
		an.RestartLambda = restartLambda(b, cf, name)
	}
	an.NeverSkips = neverSkips(f, b)
	return an, nil
}

// slotKinds names each of f's parameter slots' kind from its Kotlin metadata.
func slotKinds(cfg Config, f *Function) []string {
	kinds := make([]string, len(f.Params))
	for i := range kinds {
		kinds[i] = "value"
	}
	ck := callsite.NewChecker(cfg.Classpath, cfg.Universe, nil, cfg.Input, cfg.Options, true)
	owner, bridge := strings.CutSuffix(f.Class, defaultImplsSuffix)
	fns, _ := ck.FunctionsOf(owner)
	var fn *metadata.Function
	for _, c := range fns {
		if c.Signature == nil {
			continue
		}
		if c.Signature.Name+c.Signature.Descriptor == f.Method || bridge && c.Name+"$default" == strings.SplitN(f.Method, "(", 2)[0] {
			fn = c
			break
		}
	}
	if fn == nil {
		return kinds
	}
	i := 0
	for range fn.ContextParameters {
		if i < len(kinds) {
			kinds[i] = "context"
		}
		i++
	}
	if fn.ReceiverType != nil && i < len(kinds) {
		kinds[i] = "receiver"
		i++
	}
	i += len(fn.ValueParameters)
	for ; i < len(kinds); i++ {
		kinds[i] = "dispatch"
	}
	return kinds
}

// argOf is the descriptor index of a parameter's argument, -1 for none.
func argOf(p Param, m *classfile.Method) int {
	if p.Index < 0 {
		return -1
	}
	if m.Access&classfile.AccStatic == 0 {
		if p.Index == 0 {
			return -1
		}
		return p.Index - 1
	}
	return p.Index
}

func changedName(k int) string {
	if k == 0 {
		return "$changed"
	}
	return fmt.Sprintf("$changed%d", k)
}

func defaultName(k int) string {
	if k == 0 {
		return "$default"
	}
	return fmt.Sprintf("$default%d", k)
}

// slotState names a slot's three bits.
func slotState(v int32) string {
	switch v & 0b111 {
	case 0b000:
		return "Uncertain"
	case 0b001:
		return "Same"
	case 0b010:
		return "Different"
	case 0b011:
		return "Static"
	}
	return fmt.Sprintf("0b%03b", v&0b111)
}

// jvmNames names each descriptor parameter from the LocalVariableTable; "p<i>" without one.
func jvmNames(m *classfile.Method, params []string, locals []int) []string {
	out := make([]string, len(params))
	byLocal := map[int]string{}
	if m.Code != nil {
		for _, v := range m.Code.LocalVariables() {
			if v.StartPC == 0 {
				if _, ok := byLocal[int(v.Index)]; !ok {
					byLocal[int(v.Index)] = v.Name
				}
			}
		}
	}
	for i := range params {
		if n, ok := byLocal[locals[i]]; ok {
			out[i] = n
		} else {
			out[i] = fmt.Sprintf("p%d", i)
		}
	}
	return out
}

// javaType renders a descriptor as Java source does: int, clib.Label, java.lang.Object[].
func javaType(d string) string {
	dims := 0
	for strings.HasPrefix(d, "[") {
		d, dims = d[1:], dims+1
	}
	t := map[string]string{"I": "int", "J": "long", "Z": "boolean", "B": "byte", "C": "char", "S": "short", "F": "float", "D": "double", "V": "void"}[d]
	if t == "" {
		t = strings.ReplaceAll(strings.TrimSuffix(strings.TrimPrefix(d, "L"), ";"), "/", ".")
	}
	return t + strings.Repeat("[]", dims)
}

func compiledSignature(m *classfile.Method, name, ret string, ps []JVMParam) string {
	var b strings.Builder
	if m.Access&classfile.AccStatic != 0 {
		b.WriteString("static ")
	}
	b.WriteString(javaType(ret) + " " + name + "(")
	for i, p := range ps {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.Type + " " + p.Name)
	}
	b.WriteString(")")
	return b.String()
}

func sourceSignature(f *Function, kinds []string) string {
	var b strings.Builder
	b.WriteString("@Composable ")
	var ctx, vals []string
	recv := ""
	for i, p := range f.Params {
		t := p.Type
		if p.typ != nil {
			t = p.typ.String()
		}
		switch kinds[i] {
		case "context":
			ctx = append(ctx, p.Name+": "+t)
		case "receiver":
			recv = t + "."
		case "value":
			s := p.Name + ": " + t
			if p.vararg {
				s = "vararg " + s
			}
			if p.Default != nil {
				s += " = " + p.Default.Expr
			}
			vals = append(vals, s)
		}
	}
	if len(ctx) > 0 {
		b.WriteString("context(" + strings.Join(ctx, ", ") + ") ")
	}
	b.WriteString("fun " + recv + f.Name + "(" + strings.Join(vals, ", ") + ")")
	if f.ReturnType != "" {
		b.WriteString(": " + f.ReturnType)
	}
	return b.String()
}

// neverSkips says what makes f run its body on every call.
func neverSkips(f *Function, b *body) []string {
	var out []string
	switch {
	case b == nil:
		out = append(out, "no code: abstract, or an interface member")
	case !f.Restartable:
		out = append(out, "no restart group: inline, returns a value, @NonRestartableComposable, @ReadOnlyComposable, or open/abstract")
	case !f.Skippable:
		out = append(out, "no shouldExecute/getSkipping call: @NonSkippableComposable, or (strong skipping off) an unstable parameter")
	}
	for _, p := range f.Params {
		if p.Outcome.BlocksSkip {
			out = append(out, "parameter "+p.Name+": callers pass the unstable bit, and the preamble then does not compare it")
		}
	}
	return out
}

func preParam(pre *preamble, local int) *paramCmp {
	if pre == nil || local < 0 {
		return nil
	}
	return pre.params[local]
}
