package composable

import (
	"math"
	"sort"
	"strings"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/callsite"
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
	own map[*Function]bool // Functions, as a set (for Replan)
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
		ck: callsite.NewChecker(cfg.Classpath, cfg.Universe, evaluate.NewInstantiator(cfg.Universe, ev, cfg.Options), cfg.Input, cfg.Options, true)}
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
	a.ck.StrongSkipping = mod.Features.StrongSkipping
	byKey := map[string]*Function{}
	for _, f := range mod.Functions {
		a.resolve(f, mod.Features.StrongSkipping)
		if !f.inlined {
			byKey[f.Class+"."+f.Method] = f
		}
	}
	for _, b := range bodies {
		if strings.HasSuffix(b.mc.Class.Name(), defaultImplsSuffix) {
			continue // the bridge's call of the member is the compiler's own, not recorded
		}
		for _, s := range b.sites {
			if s.Status == callsite.Restart {
				continue
			}
			sc := a.ck.Check(s)
			s.Checked = sc
			mod.Arguments = append(mod.Arguments, arguments(sc)...)
			a.siteOutcomes(sc, byKey, mod.Features.StrongSkipping)
		}
	}
	if cfg.CallSites {
		mod.an, mod.own = a, setOf(mod.Functions)
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
	ck     *callsite.Checker
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
	fns, owner := a.ck.FunctionsOf(cf.Name())
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
		baseFns, _ := a.ck.FunctionsOf(base)
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
		for _, marker := range callsite.InlinedComposableLambdas(m.Code) {
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
	n := callsite.TrailingInts(params)
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
