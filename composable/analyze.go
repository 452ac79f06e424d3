package composable

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/internal/par"

	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/metadata"
	"github.com/composestab/composestab/stability"
)

// Config is what analysing the composables of one module needs.
type Config struct {
	// Classpath holds the module (Input) and everything it was compiled against; Universe is
	// built over it.
	Classpath *archive.Classpath
	Universe  *stability.Universe
	Input     string
	// Options are the module's stability options (configuration files, compiler version).
	Options stability.Options
	// Classes are the module's class results in report order (stability.AnalyzeModule), for
	// the class counters of the metrics.
	Classes []*stability.ClassResult
	// CallSites also analyses every composable call of the module: where each argument comes
	// from, and which calls re-run their callee on every recomposition (Module.CallSites).
	CallSites bool
}

// Module is what the compiler's reports say of one module's composables, rebuilt from its
// bytecode.
type Module struct {
	// Functions are the composable functions and composable lambdas in recording order;
	// the reports list the non-lambda ones.
	Functions []*Function
	// Lambdas are the lambda expressions the compiler's memoization visited.
	Lambdas []Lambda
	// Arguments are the arguments of every composable call, as the call metrics count them.
	Arguments []Argument
	Features  Features
	Metrics   Metrics
	// CallSites are the module's composable calls with their arguments' origins, in the order
	// of the bodies that make them; nil unless Config.CallSites.
	CallSites []*CallSite

	an  *analyzer          // for Replan
	own map[*Function]bool // Functions, as a set
	// Errors are the methods and classes that could not be read; what they hold is missing
	// from the reports.
	Errors []error
}

const (
	composerDescriptor = "Landroidx/compose/runtime/Composer;"
	defaultImplsSuffix = "$ComposeDefaultImpls"
	singletonsPrefix   = "ComposableSingletons$"
	readOnlyAnnotation = "androidx/compose/runtime/ReadOnlyComposable"
	targetAnnotation   = "Landroidx/compose/runtime/ComposableInferredTarget;"
)

// Analyze reads every composable of the module cfg.Input.
func Analyze(cfg Config) *Module {
	ev := evaluate.New(cfg.Classpath)
	a := &analyzer{cfg: cfg, engine: stability.NewEngine(cfg.Universe.Module(cfg.Input), cfg.Options), ev: ev,
		ck: newCallSiteChecker(cfg.Classpath, cfg.Universe, evaluate.NewInstantiator(cfg.Universe, ev, cfg.Options), cfg.Input, cfg.Options, true)}
	mod := &Module{Features: DefaultFeaturesFor(cfg.Options.Release)}
	all, _ := cfg.Universe.InputClasses(cfg.Input)
	// Only a class that names the Composer can hold composable code: the others are not read
	// again (most of a library that is not a Compose UI library), except a class that could not
	// be modelled, whose error the reading reports.
	var classes []*stability.Class
	for _, c := range all {
		if d := c.Ensure(); d.MentionsComposer || d.Err != nil {
			classes = append(classes, c)
		}
	}
	var bodies []*body
	seq := 0
	next := readAhead(cfg.Classpath, classes)
	for _, sc := range classes {
		cf, err := next()
		if err != nil {
			mod.Errors = append(mod.Errors, err)
			continue
		}
		for _, f := range a.classFunctions(sc, cf) {
			f.fn.order.seq = seq
			seq++
			mod.Functions = append(mod.Functions, f.fn)
			if f.body != nil {
				bodies = append(bodies, f.body)
			}
		}
		if strings.Contains(sc.JVMName[strings.LastIndexByte(sc.JVMName, '/')+1:], singletonsPrefix) {
			if m := cf.Method("<clinit>", "()V"); m != nil {
				if b := readBody(cf, m, -1, nil); b != nil {
					for _, l := range b.lambdas {
						l.Singleton = l.Composable
						mod.Lambdas = append(mod.Lambdas, l)
					}
				}
			}
		}
	}
	sort.SliceStable(mod.Functions, func(i, j int) bool { return mod.Functions[i].order.less(mod.Functions[j].order) })
	for _, b := range bodies {
		mod.Lambdas = append(mod.Lambdas, b.lambdas...)
	}
	mod.Features = detectFeatures(bodies, mod.Functions, DefaultFeaturesFor(cfg.Options.Release))
	a.ck.strong = mod.Features.StrongSkipping
	byKey := map[string]*Function{}
	for _, f := range mod.Functions {
		a.resolve(f, mod.Features.StrongSkipping)
		if !f.inlined {
			byKey[f.Class+"."+f.Method] = f
		}
	}
	for _, b := range bodies {
		if strings.HasSuffix(b.mc.class.Name(), defaultImplsSuffix) {
			continue // the bridge's call of the member is the compiler's own, not recorded
		}
		for _, s := range b.sites {
			if s.Status == siteRestart {
				continue
			}
			sc := a.ck.Check(s)
			s.checked = sc
			mod.Arguments = append(mod.Arguments, a.ck.Arguments(sc)...)
			a.siteOutcomes(sc, byKey, mod.Features.StrongSkipping)
		}
	}
	if cfg.CallSites {
		mod.an = a
		mod.CallSites = a.callSites(bodies, byKey, mod.Features.StrongSkipping)
	}
	mod.Metrics = metrics(mod, cfg.Classes)
	return mod
}

// readAhead returns a function that yields the class file of each class in turn, read and parsed
// a batch ahead on the other cores: reading is much of the work, and the classpath does not keep
// the classes the scan modelled.
func readAhead(cp *archive.Classpath, classes []*stability.Class) func() (*classfile.Class, error) {
	type read struct {
		cf  *classfile.Class
		err error
	}
	const batch = 256
	load := func(start int) chan []read {
		ch := make(chan []read, 1)
		go func() {
			out := make([]read, min(batch, len(classes)-start))
			par.For(len(out), func(i int) { out[i].cf, out[i].err = cp.Class(classes[start+i].JVMName) })
			ch <- out
		}()
		return ch
	}
	var cur []read
	pending := load(0)
	start := 0
	return func() (*classfile.Class, error) {
		if len(cur) == 0 {
			cur = <-pending
			if start += len(cur); start < len(classes) {
				pending = load(start)
			}
		}
		r := cur[0]
		cur = cur[1:]
		return r.cf, r.err
	}
}

type analyzer struct {
	cfg    Config
	engine *stability.Engine
	ck     *callSiteChecker
	ev     *evaluate.Evaluator
	// depFns are the composables of dependency classes that call sites call, by owner then key.
	depFns map[string]map[string]*Function
	// fresh memoizes which functions of the input return a new object on every call (fresh.go).
	fresh map[string]*freshFact
}

type found struct {
	fn   *Function
	body *body
}

// classFunctions lists the composables whose code is in class cf: functions declared in its
// metadata, ComposeDefaultImpls bridges and composable lambda bodies.
func (a *analyzer) classFunctions(sc *stability.Class, cf *classfile.Class) []found {
	var out []found
	fns, owner := a.ck.functionsOf(cf.Name())
	var ownerClass *stability.Class
	if owner != nil {
		ownerClass = sc
	}
	declared := map[string]bool{}
	for i, fn := range fns {
		if fn.Signature == nil || !isComposableDescriptor(fn.Signature.Descriptor) {
			continue
		}
		m := cf.Method(fn.Signature.Name, fn.Signature.Descriptor)
		if m == nil {
			continue
		}
		declared[m.Name+m.Descriptor] = true
		f, b := a.function(sc, cf, m, fn, ownerClass, false)
		f.order = a.orderOf(sc, i, m)
		out = append(out, found{f, b})
	}
	if base, ok := strings.CutSuffix(cf.Name(), defaultImplsSuffix); ok {
		baseFns, _ := a.ck.functionsOf(base)
		baseClass := a.cfg.Universe.ClassByJVMName(base)
		for _, m := range cf.Methods() {
			name, ok := strings.CutSuffix(m.Name, "$default")
			if !ok || !isComposableDescriptor(m.Descriptor) {
				continue
			}
			for _, fn := range baseFns {
				if fn.Name == name && fn.Signature != nil && bridgeOf(fn.Signature.Descriptor, m.Descriptor, base) {
					m := m
					declared[m.Name+m.Descriptor] = true
					f, b := a.function(baseClass, cf, &m, fn, baseClass, true)
					f.order = a.orderOf(baseClass, math.MaxInt32/2, &m)
					out = append(out, found{f, b})
					break
				}
			}
		}
	}
	file := sc.Ensure().File
	methods := cf.Methods()
	for i := range methods {
		m := &methods[i]
		if declared[m.Name+m.Descriptor] || m.Code == nil || !isComposableDescriptor(m.Descriptor) {
			continue
		}
		b := readBody(cf, m, composerLocal(m), a.isLambdaClass)
		if b == nil || !strings.Contains(b.trace, anonymousMarker) {
			continue
		}
		f := &Function{Lambda: true, Restartable: true, Skippable: b.shouldExecute || b.getSkipping,
			Class: cf.Name(), Method: m.Name + m.Descriptor, File: file, Groups: 1 + b.groups, Calls: b.calls()}
		f.FqName, _, _ = strings.Cut(b.trace, " (")
		f.Name = "<anonymous>"
		f.order = orderKey{file: file, top: math.MaxInt32}
		out = append(out, found{f, b})
	}
	for i := range methods {
		m := &methods[i]
		if m.Code == nil {
			continue
		}
		for _, marker := range inlinedComposableLambdas(m.Code) {
			// Counted by the compiler before the inliner ran: a restartable composable of one
			// group, which neither report lists.
			// It shares its enclosing method's Class and Method: inlined, it is no function of its
			// own, and never a call's callee or caller (inlined is kept out of byKey).
			f := &Function{Lambda: true, Restartable: true, Groups: 1, Class: cf.Name(), Method: m.Name + m.Descriptor,
				File: file, FqName: marker, Name: "<anonymous>", order: orderKey{file: file, top: math.MaxInt32}, inlined: true}
			out = append(out, found{f, nil})
		}
	}
	return out
}

// bridgeOf reports that desc is the ComposeDefaultImpls bridge of the member with descriptor
// member: the same parameters up to the Composer, then the dispatch receiver.
func bridgeOf(member, desc, owner string) bool {
	mp, _, ok1 := classfile.ParseMethodDescriptor(member)
	bp, _, ok2 := classfile.ParseMethodDescriptor(desc)
	if !ok1 || !ok2 {
		return false
	}
	mi, bi := composerIndex(mp), composerIndex(bp)
	if mi < 0 || bi != mi+1 || bp[mi] != "L"+owner+";" {
		return false
	}
	return strings.Join(mp[:mi], "") == strings.Join(bp[:mi], "")
}

func composerIndex(params []string) int {
	for i := len(params) - 1; i >= 0; i-- {
		if params[i] == composerDescriptor {
			return i
		}
	}
	return -1
}

// isComposableDescriptor: a Composer parameter followed only by int parameters ($changed,
// $default), at least one.
func isComposableDescriptor(desc string) bool {
	params, _, ok := classfile.ParseMethodDescriptor(desc)
	if !ok {
		return false
	}
	n := trailingInts(params)
	return n > 0 && n < len(params) && params[len(params)-n-1] == composerDescriptor
}

// composerLocal is the local variable index of a method's Composer parameter, -1 without one.
func composerLocal(m *classfile.Method) int {
	params, _, ok := classfile.ParseMethodDescriptor(m.Descriptor)
	if !ok {
		return -1
	}
	locals := paramLocals(m, params)
	if i := composerIndex(params); i >= 0 {
		return locals[i]
	}
	return -1
}

// paramLocals gives the local variable index of each descriptor parameter.
func paramLocals(m *classfile.Method, params []string) []int {
	out := make([]int, len(params))
	local := 0
	if m.Access&classfile.AccStatic == 0 {
		local = 1
	}
	for i, p := range params {
		out[i] = local
		local++
		if p == "J" || p == "D" {
			local++
		}
	}
	return out
}

func (a *analyzer) isLambdaClass(name string) bool {
	c, err := a.cfg.Classpath.Class(name)
	if err != nil || !strings.Contains(name, "$") {
		return false
	}
	switch c.SuperName() {
	case "kotlin/jvm/internal/Lambda", "kotlin/coroutines/jvm/internal/SuspendLambda", "kotlin/coroutines/jvm/internal/RestrictedSuspendLambda":
		return true
	}
	return false
}

// orderOf places a function in recording order: file, then the top-level declaration's first
// line, then the member's place in its class.
func (a *analyzer) orderOf(sc *stability.Class, index int, m *classfile.Method) orderKey {
	d := sc.Ensure()
	k := orderKey{file: d.File}
	line := 0
	if m.Code != nil {
		line = m.Code.FirstLine()
	}
	if d.MetadataKind != metadata.KindClass {
		k.top = line
		return k
	}
	top := d
	for n := sc.Name; ; {
		i := strings.LastIndexByte(n, '.')
		if i < 0 || strings.LastIndexByte(n, '/') > i {
			break
		}
		n = n[:i]
		top = a.cfg.Universe.ClassByName(n).Ensure()
	}
	k.top = top.Line
	if k.top == 0 {
		k.top = math.MaxInt32 - 1 // an interface has no line: after the file's other declarations
	}
	k.inner = d.Line*4096 + index
	return k
}

// function builds the report entry of a composable declared in metadata as fn, compiled to m
// in class cf. owner is the declaring class of a member (nil at top level); bridge marks the
// ComposeDefaultImpls bridge of an open member.
func (a *analyzer) function(sc *stability.Class, cf *classfile.Class, m *classfile.Method, fn *metadata.Function, owner *stability.Class, bridge bool) (*Function, *body) {
	f := &Function{Name: fn.Name, Class: cf.Name(), Method: m.Name + m.Descriptor, File: sc.Ensure().File}
	if bridge {
		f.Name = m.Name
	}
	switch fn.Flags.Modality() {
	case metadata.ModalityAbstract:
		f.Abstract = !bridge
	case metadata.ModalityOpen:
		f.Open = !bridge
	}
	f.Inline = fn.Flags.IsInline()
	for _, an := range fn.Annotations {
		if an.ClassName == readOnlyAnnotation {
			f.Readonly = true
		}
	}
	// Releases before 2.3 write no annotations into the metadata; the method's own (binary
	// retention) annotation says it for every release.
	if m.Annotation("L"+readOnlyAnnotation+";") != nil {
		f.Readonly = true
	}
	if an := m.Annotation(targetAnnotation); an != nil {
		if v, ok := an.Value("scheme"); ok {
			if s, ok := v.Const.(string); ok {
				f.Scheme = printScheme(s)
			}
		}
	}
	params, _, _ := classfile.ParseMethodDescriptor(m.Descriptor)
	b := readBody(cf, m, composerLocal(m), a.isLambdaClass)
	if b != nil {
		f.Line = m.Code.FirstLine()
		f.Restartable = b.restartGroup
		f.Skippable = b.shouldExecute || b.getSkipping
		f.HasDefaults = b.startDefaults
		f.Groups = 1 + b.groups
		if b.startDefaults {
			f.Groups++
		}
		if b.replaceFirst && !b.restartGroup {
			f.Groups--
		}
		f.Calls = b.calls()
	}
	f.FqName = a.fqName(sc, fn, bridge)
	if b != nil && b.trace != "" && !f.Lambda {
		if n, _, ok := strings.Cut(b.trace, " ("); ok {
			f.FqName = n
		}
	}
	f.ReportName = f.FqName
	if !a.cfg.Options.Release.QualifiedReportNames() {
		// Releases before 2.2.20 print names without their package.
		if i := strings.LastIndexByte(sc.JVMName, '/'); i >= 0 {
			f.ReportName = strings.TrimPrefix(f.FqName, strings.ReplaceAll(sc.JVMName[:i], "/", ".")+".")
		}
	}
	scope := a.cfg.Universe.FunctionScope(owner, fn.Name, fn.TypeParameters)
	if rt := scope.Convert(fn.ReturnType); rt != nil && !isUnit(rt) {
		f.ReturnType = rt.String()
	}
	f.Params = a.params(f, sc, m, fn, owner, bridge, params, b, scope)
	return f, b
}

func isUnit(t *stability.Type) bool {
	return t.Class != nil && t.Param == nil && loadedName(t.Class) == "kotlin/Unit"
}

// fqName is fqNameForIrSerialization: the package, the enclosing classes and the name.
func (a *analyzer) fqName(sc *stability.Class, fn *metadata.Function, bridge bool) string {
	if bridge {
		return sc.FqName() + ".ComposeDefaultImpls." + fn.Name + "$default"
	}
	if sc.Ensure().MetadataKind == metadata.KindClass {
		return sc.FqName() + "." + fn.Name
	}
	pkg := ""
	if i := strings.LastIndexByte(sc.JVMName, '/'); i >= 0 {
		pkg = strings.ReplaceAll(sc.JVMName[:i], "/", ".") + "."
	}
	return pkg + fn.Name
}

// printScheme turns the serialized applier scheme "[0[0]]" into the report's "[0, [0]]".
func printScheme(s string) string {
	var b strings.Builder
	depth, first := 0, []bool{}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '[':
			if depth > 0 && !first[depth-1] {
				b.WriteString(", ")
			}
			if depth > 0 {
				first[depth-1] = false
			}
			b.WriteByte('[')
			depth++
			first = append(first, true)
		case ']':
			if depth == 0 {
				return s
			}
			b.WriteByte(']')
			depth--
			first = first[:depth]
		default:
			if depth > 0 && !first[depth-1] {
				b.WriteString(", ")
			}
			j := i
			for j < len(s) && s[j] != '[' && s[j] != ']' {
				j++
			}
			b.WriteString(s[i:j])
			if depth > 0 {
				first[depth-1] = false
			}
			i = j - 1
		}
	}
	return b.String()
}

// slot is one parameter of a composable in the compiler's slot order.
type slot struct {
	name     string
	meta     *metadata.ValueParameter // nil for receivers
	typ      *metadata.Type           // nil for the dispatch receiver
	dispatch bool
	local    int // -1 when not a JVM parameter
	valueIdx int // index among the value parameters, -1 otherwise
}

// argIndex is the JVM argument index of the parameter in local: 0 is this for a member.
func argIndex(locals []int, local int, member bool) int {
	for i, l := range locals {
		if l == local {
			if member {
				return i + 1
			}
			return i
		}
	}
	return -1
}

func (a *analyzer) params(f *Function, sc *stability.Class, m *classfile.Method, fn *metadata.Function, owner *stability.Class,
	bridge bool, desc []string, b *body, scope *stability.TypeScope) []Param {
	locals := paramLocals(m, desc)
	ci := composerIndex(desc)
	if ci < 0 {
		return nil
	}
	var slots []slot
	j := 0
	next := func() int {
		if j < ci {
			j++
			return locals[j-1]
		}
		return -1
	}
	for _, p := range fn.ContextParameters {
		slots = append(slots, slot{name: p.Name, meta: p, typ: p.Type, local: next(), valueIdx: -1})
	}
	if fn.ReceiverType != nil {
		slots = append(slots, slot{name: "<this>", typ: fn.ReceiverType, local: next(), valueIdx: -1})
	}
	for i, p := range fn.ValueParameters {
		slots = append(slots, slot{name: p.Name, meta: p, typ: p.Type, local: next(), valueIdx: i})
	}
	if owner != nil && !fn.Flags.IsStatic() {
		s := slot{name: "<this>", dispatch: true, local: 0, valueIdx: -1}
		if bridge {
			s.name, s.local = "$this$", next()
		}
		slots = append(slots, s)
	}
	nChanged := 1
	if len(slots) > 10 {
		nChanged = (len(slots) + 9) / 10
	}
	nInts := len(desc) - ci - 1
	defaultBase := -1
	if nInts > nChanged && ci+1+nChanged < len(locals) {
		defaultBase = locals[ci+1+nChanged]
	}
	names := map[int]string{}
	for _, s := range slots {
		if s.local >= 0 && !s.dispatch {
			names[s.local] = s.name
		}
	}
	out := make([]Param, 0, len(slots))
	for i, s := range slots {
		p := Param{Name: s.name, Used: true}
		var t *stability.Type
		if s.dispatch {
			dt := stability.DefaultType(owner)
			t = &dt
		} else {
			pt := s.typ
			if s.meta != nil && s.meta.VarargElementType != nil {
				pt = s.meta.VarargElementType
				p.vararg = true
			}
			t = scope.Convert(pt)
		}
		if t != nil {
			st, why := a.engine.TypeStability(t, sc.Ensure().File)
			p.Missing = why.MissingClasses()
			switch {
			case stability.KnownStable(st):
				p.Stability = ParamStable
			case stability.KnownUnstable(st):
				p.Stability = ParamUnstable
			}
		}
		printed := t
		if s.typ != nil && !s.dispatch {
			printed = scope.Convert(s.typ)
		}
		if b != nil && s.local >= 0 {
			p.Used = b.reads[s.local]
			p.Compiled = b.comparison(s.local)
		} else if b != nil && s.dispatch {
			p.Used = b.reads[0]
			p.Compiled = b.comparison(0)
		}
		p.Index = -1
		switch {
		case s.dispatch && !bridge:
			p.Index = 0
		case s.local >= 0:
			p.Index = argIndex(locals, s.local, m.Access&classfile.AccStatic == 0)
		}
		p.typ = t
		if s.meta != nil && s.meta.Flags.DeclaresDefaultValue() && defaultBase >= 0 && s.valueIdx >= 0 && b != nil {
			p.Default = a.defaultValue(b, defaultBase+s.valueIdx/31, int32(1)<<(s.valueIdx%31), s, i, printed, names)
			if printed != nil && !isPrimitive(printed) {
				n := *printed
				n.Nullable = true
				printed = &n
			}
		}
		if printed != nil {
			p.Type = printed.String()
		}
		out = append(out, p)
	}
	return out
}

var primitives = map[string]bool{
	"kotlin/Int": true, "kotlin/Long": true, "kotlin/Short": true, "kotlin/Byte": true, "kotlin/Char": true,
	"kotlin/Boolean": true, "kotlin/Float": true, "kotlin/Double": true,
}

func isPrimitive(t *stability.Type) bool {
	return t.Class != nil && !t.Nullable && primitives[loadedName(t.Class)]
}

// loadedName is c's Kotlin name, which a shell created from a JVM name learns as it loads.
func loadedName(c *stability.Class) string {
	c.Ensure()
	return c.Name
}

// defaultValue reads a parameter's default: where the bytecode assigns it and whether the
// skipping code treats it as static.
func (a *analyzer) defaultValue(b *body, defaultLocal int, bit int32, s slot, slotIdx int, t *stability.Type, names map[int]string) *Default {
	expr, static, found := b.defaultOf(defaultLocal, bit, s.local, slotIdx)
	d := &Default{Static: static, Expr: "<expression>"}
	if !found || len(expr) != 1 {
		return d
	}
	if lit, ok := literal(b.mc, &expr[0], t); ok {
		d.Expr, d.Static = lit, true // a constant is static, even where no code says so
	} else if expr[0].IsLoad() {
		if n, ok := names[expr[0].Local()]; ok {
			d.Expr = n // another parameter: printed by name
		}
	}
	return d
}

// literal prints a constant instruction as the compiler's IR printer prints the IrConst.
func literal(mc *methodCode, in *classfile.Instruction, t *stability.Type) (string, bool) {
	kind := ""
	if t != nil && t.Class != nil {
		kind = loadedName(t.Class)
	}
	if in.Opcode == classfile.OpAconstNull {
		return "null", true
	}
	if n, ok := intConst(mc, in); ok {
		switch kind {
		case "kotlin/Boolean":
			return strconv.FormatBool(n != 0), true
		case "kotlin/Char":
			return "'" + string(rune(n)) + "'", true
		}
		return strconv.Itoa(int(n)), true
	}
	if in.Opcode == classfile.OpLdc || in.Opcode == classfile.OpLdcW || in.Opcode == classfile.OpLdc2W {
		k, err := mc.class.Pool().Constant(in.Index)
		if err != nil {
			return "", false
		}
		switch v := k.(type) {
		case string:
			return `"` + v + `"`, true // the IR printer does not escape

		case int64:
			return strconv.FormatInt(v, 10) + "L", true
		case float32:
			return strconv.FormatFloat(float64(v), 'f', -1, 32) + "f", true
		case float64:
			return strconv.FormatFloat(v, 'f', -1, 64), true
		}
	}
	return "", false
}

// detectFeatures reads the feature flags from the code shape: the masks of the skipping
// preamble (strong skipping tests the unstable bit apart), how remember compiles, whether
// non-restartable bodies open a group, and how restartable bodies ask to skip.
func detectFeatures(bodies []*body, fns []*Function, defaults Features) Features {
	f := defaults
	strong, weak := 0, 0
	for _, b := range bodies {
		for _, m := range b.changedMasks {
			for s := 0; s < 10; s++ {
				switch m {
				case 6 << (3 * s):
					strong++
				case 14 << (3 * s):
					weak++
				}
			}
		}
	}
	if weak > strong {
		f.StrongSkipping = false
	}
	remembers, inlined, pausable, legacy := 0, 0, 0, 0
	for _, b := range bodies {
		remembers += b.rememberCalls
		inlined += b.rememberedValue
		if b.shouldExecute {
			pausable++
		}
		if b.getSkipping {
			legacy++
		}
	}
	if remembers > 0 && inlined == 0 {
		f.IntrinsicRemember = false
	}
	if legacy > pausable {
		f.PausableComposition = false
	}
	for _, fn := range fns {
		if !fn.Restartable && !fn.Readonly && !fn.Abstract && !fn.Open && !fn.Inline && !fn.Lambda {
			for _, b := range bodies {
				if b.replaceFirst && b.mc.class.Name() == fn.Class && b.mc.method.Name+b.mc.method.Descriptor == fn.Method {
					f.OptimizeNonSkippingGroups = false
				}
			}
		}
	}
	return f
}

// metrics counts what the compiler's module metrics count.
func metrics(mod *Module, classes []*stability.ClassResult) Metrics {
	var m Metrics
	inc := func(n *int, on bool) {
		if on {
			*n++
		}
	}
	for _, f := range mod.Functions {
		m.TotalComposables++
		inc(&m.ReadonlyComposables, f.Readonly)
		inc(&m.SkippableComposables, f.Skippable)
		inc(&m.RestartableComposables, f.Restartable)
		inc(&m.RestartGroups, f.Restartable)
		m.TotalGroups += f.Groups
	}
	for _, a := range mod.Arguments {
		m.TotalArguments++
		inc(&m.CertainArguments, a.Certain)
		inc(&m.StaticArguments, a.Static)
		inc(&m.KnownStableArguments, a.Stability == ParamStable)
		inc(&m.KnownUnstableArguments, a.Stability == ParamUnstable)
		inc(&m.UnknownStableArguments, a.Stability == ParamRuntime)
	}
	for _, r := range classes {
		if !r.Processed {
			continue
		}
		m.TotalClasses++
		stable := !r.Marked && stability.KnownStable(r.Stability)
		inc(&m.MarkedStableClasses, r.Marked)
		inc(&m.InferredStableClasses, stable)
		inc(&m.EffectivelyStableClasses, r.Marked || stable)
		inc(&m.InferredUnstableClasses, !r.Marked && stability.KnownUnstable(r.Stability))
		inc(&m.InferredUncertainClasses, !r.Marked && !stable && !stability.KnownUnstable(r.Stability))
	}
	for _, l := range mod.Lambdas {
		m.TotalLambdas++
		inc(&m.ComposableLambdas, l.Composable)
		inc(&m.MemoizedLambdas, l.Memoized)
		inc(&m.SingletonComposableLambdas, l.Composable && l.Singleton)
		inc(&m.SingletonLambdas, !l.Composable && l.Singleton)
	}
	return m
}
