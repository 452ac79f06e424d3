package stability

import (
	"fmt"
	"path"
	"strings"
	"sync"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/metadata"
)

// Universe resolves classes by name for the inference: from the classpath (the modules under
// analysis and their dependencies), from Kotlin's built-in classes that have no class file, and
// from composestab's embedded facts about the Kotlin standard library. Classes are created as
// shells and read from their class files only when the inference needs them. A Universe is safe
// for concurrent use.
type Universe struct {
	cp *archive.Classpath

	mu      sync.Mutex
	modules map[string]*Module // by input path
	classes map[string]*Class  // by JVM name

	// read, if set, is called as InputClasses reads each entry (SetProgress).
	read func()

	// kotlin holds, by JVM name, the Kotlin metadata decoded with its functions: of each class
	// that names the Composer (its model's own read), and of any class KotlinMetadata was asked
	// for. Each class's metadata is decoded once.
	kmu       sync.Mutex
	kotlin    map[string]*kotlinView
	functions bool // ReadFunctions
}

// SetProgress makes InputClasses call read once per entry it reads, from any goroutine: the
// reading is most of a scan, so a progress bar that counts entries moves within a big jar.
func (u *Universe) SetProgress(read func()) { u.read = read }

// NewUniverse returns a universe over cp. Each input of cp is its own Module.
func NewUniverse(cp *archive.Classpath) *Universe {
	u := &Universe{cp: cp, modules: map[string]*Module{}, classes: map[string]*Class{}, kotlin: map[string]*kotlinView{}}
	for _, in := range cp.Inputs() {
		u.modules[in.Path] = &Module{Name: in.Path}
	}
	return u
}

// Module returns the module of an input path, nil if the path is not an input of the classpath.
func (u *Universe) Module(input string) *Module {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.modules[input]
}

// ClassByJVMName returns the class with the internal JVM name, such as "com/example/Outer$Inner".
// A class that is nowhere to be found comes back with Origin OriginMissing.
func (u *Universe) ClassByJVMName(jvmName string) *Class {
	u.mu.Lock()
	defer u.mu.Unlock()
	if c, ok := u.classes[jvmName]; ok {
		return c
	}
	c := newShell(jvmName, u.load)
	c.JVMName = jvmName
	u.classes[jvmName] = c
	return c
}

// ClassByName returns the class with the Kotlin class name, such as "com/example/Outer.Inner",
// "kotlin/collections/List" or, for a local class, ".com/example/MainKt$screen$Local" (the
// metadata's leading '.' before the JVM name).
func (u *Universe) ClassByName(kotlinName string) *Class {
	if b, ok := builtinClass(kotlinName); ok {
		return b
	}
	return u.ClassByJVMName(metadata.JVMInternalName(kotlinName))
}

// load fills in a shell from its class file, its metadata or the embedded platform facts.
func (u *Universe) load(c *Class) {
	d := &c.details
	e := u.cp.Lookup(c.JVMName)
	if e == nil {
		if p, ok := platformClass(c.JVMName); ok {
			u.fromPlatform(c, p)
			return
		}
		d.Origin = OriginMissing
		if isJDKName(c.JVMName) {
			fromJDK(c)
			return
		}
		d.Err = &archive.NotFoundError{ClassName: c.JVMName}
		return
	}
	d.Input, d.Entry = e.Input, e.Name
	d.Module = u.Module(e.Input)
	// The model keeps only strings and numbers of the class file: its storage can serve the next
	// class once the model is built.
	cf, err := u.cp.Borrow(c.JVMName)
	if err != nil {
		d.Origin, d.Err = OriginMissing, err
		return
	}
	defer u.cp.Return(cf)
	u.fromClassFile(c, cf)
}

func isJDKName(n string) bool {
	for _, p := range []string{"java/", "javax/", "jdk/", "sun/"} {
		if strings.HasPrefix(n, p) {
			return true
		}
	}
	return false
}

// fromClassFile fills c from a parsed class file and, for Kotlin classes, its metadata.
func (u *Universe) fromClassFile(c *Class, cf *classfile.Class) {
	d := &c.details
	d.SuperName = cf.SuperName()
	d.Synthetic = cf.Access.IsSynthetic()
	for _, ic := range cf.InnerClasses() {
		if ic.Inner == cf.Name() && ic.InnerName == "" {
			d.Anonymous = true
		}
	}
	const inferred = "Landroidx/compose/runtime/internal/StabilityInferred;"
	hasInferred := false
	for _, t := range cf.AnnotationTypes() {
		if n, ok := classfile.DescriptorClass(t); ok {
			d.Annotations = append(d.Annotations, u.ClassByJVMName(n))
		}
		hasInferred = hasInferred || t == inferred
	}
	if hasInferred {
		if v, ok := cf.AnnotationValue(inferred, "parameters"); ok {
			if n, ok := v.Int(); ok {
				d.Inferred = &n
			}
		}
		if d.Inferred == nil {
			var zero int32
			d.Inferred = &zero
		}
	}
	if f := cf.Field("$stable"); f != nil && f.Access&classfile.AccStatic != 0 {
		d.HasStableField = true
	}
	d.MentionsComposer = cf.Mentions("androidx/compose/runtime/Composer;")
	if src := cf.SourceFile(); src != "" {
		d.File = path.Join(path.Dir(cf.Name()), src)
	}
	d.Line = cf.FirstLine() // without decoding every method
	// A class that names the Composer may hold composable functions: when the call-site
	// analysis will ask for them, its metadata is read with them, once, for both.
	kv := u.kotlinView(cf, u.functions && d.MentionsComposer)
	h, md, err := kv.header, kv.md, kv.err
	if h == nil {
		u.fromJava(c, cf)
		return
	}
	d.MetadataKind = h.Kind
	if h.Kind != metadata.KindClass {
		// A Kotlin file facade, multifile part or synthetic class is no class for the compiler;
		// keep what the class file says.
		u.fromJava(c, cf)
		d.Origin = OriginKotlin
		return
	}
	if err != nil {
		u.fromJava(c, cf)
		d.Origin, d.Err = OriginKotlin, err
		return
	}
	d.MetadataVersion = fmt.Sprintf("%d.%d.%d", md.Version[0], md.Version[1], md.Version[2])
	d.InferredInMetadata = md.Class.Annotation("androidx/compose/runtime/internal/StabilityInferred") != nil
	u.fromMetadata(c, cf, md.Class)
}

func (u *Universe) fromMetadata(c *Class, cf *classfile.Class, km *metadata.Class) {
	d := &c.details
	d.Origin = OriginKotlin
	// Metadata that names the class nothing (crafted, found by FuzzAuditScan) leaves it the
	// name its class file gives it: every report and baseline keys classes by name.
	if km.Name != "" {
		c.Name = km.Name
	}
	f := km.Flags
	d.Kind = kindOf(f.Kind())
	d.Modality = modalityOf(f.Modality())
	d.Visibility = visibilityOf(f.Visibility())
	d.Inner, d.Value, d.Data, d.Expect = f.IsInner(), f.IsValue(), f.IsData(), f.IsExpect()
	sc := &scope{u: u, params: map[int]*TypeParameter{}}
	if d.Inner {
		sc.outer = u.outerScope(c)
	}
	d.TypeParameters = sc.declare(c.Name, km.TypeParameters)
	for _, t := range km.Supertypes {
		d.Supertypes = append(d.Supertypes, sc.convert(t))
	}
	if km.InlineClassUnderlyingType != nil {
		d.Underlying = sc.convert(km.InlineClassUnderlyingType)
	}
	props := map[string]*metadata.Property{}
	for _, p := range km.Properties {
		if p.Field != nil {
			props[p.Field.Name] = p
		}
	}
	static := d.Kind == KindObject || d.Kind == KindCompanionObject
	var delegates map[string]delegateSource
	for _, fd := range cf.Fields() {
		if fd.Name == "$stable" {
			continue
		}
		if p := props[fd.Name]; p != nil {
			if (fd.Access&classfile.AccStatic != 0) != static && !p.Flags.IsConst() {
				// A static field of a class belongs to its companion's property.
				continue
			}
			field := &Field{Name: fd.Name, Var: p.Flags.IsVar(), Delegated: p.Flags.IsDelegated(), Visibility: visibilityOf(p.Flags.Visibility())}
			if field.Delegated {
				// The delegate field has no generic signature. For the common one-parameter
				// delegates (Lazy<T>, State<T>, MutableState<T>) the argument is the property's
				// type, which is what the compiler's report shows.
				field.Type = u.jvmFieldType(c, &fd)
				if delegates == nil {
					delegates = delegateSources(cf)
				}
				if dt := delegateFromConstructor(delegates, km, fd.Name, sc); dt != nil {
					field.Type = dt
				} else if p.ReturnType != nil {
					propType := sc.convert(p.ReturnType)
					c.fixups = append(c.fixups, func() {
						dc := field.Type.Class
						if dc == nil || len(field.Type.Args) > 0 {
							return
						}
						switch n := len(dc.loaded().details.TypeParameters); {
						case n == 1:
							field.Type.Args = []TypeArg{{Type: propType}}
						case n == 2 && propertyDelegateInterfaces[dc.JVMName]:
							// Delegates.observable, vetoable and notNull, like most delegate
							// factories, return ReadWriteProperty<Any?, T>.
							field.Type.Args = []TypeArg{{Type: &Type{Class: u.ClassByName("kotlin/Any"), Nullable: true}}, {Type: propType}}
						}
					})
				}
			} else {
				field.Type = sc.convert(p.ReturnType)
			}
			d.Fields = append(d.Fields, field)
			continue
		}
		if strings.HasPrefix(fd.Name, "$$delegate_") {
			d.Fields = append(d.Fields, &Field{Name: fd.Name, Var: true, Bare: true, Type: u.jvmFieldType(c, &fd)})
		}
	}
	u.propertyReferenceDelegates(c, cf, km, sc)
}

// propertyDelegateInterfaces are the delegate interfaces whose first type argument is the
// receiver (thisRef) and second the property's type.
var propertyDelegateInterfaces = map[string]bool{
	"kotlin/properties/ReadWriteProperty": true, "kotlin/properties/ReadOnlyProperty": true,
}

// propertyReferenceDelegates adds the delegate fields of properties delegated to a property
// reference (var a by ::b, val y by this::x). The JVM backend optimizes those fields away (a
// static name$delegate method stands in), but the compiler analysed them as fields of type
// KProperty0<T> or KMutableProperty0<T>. Each goes where its property's getter sits among the
// other properties' getters, the declaration order the compiler reports.
func (u *Universe) propertyReferenceDelegates(c *Class, cf *classfile.Class, km *metadata.Class, sc *scope) {
	d := &c.details
	var methodIndex map[string]int // built on first use: few classes have such properties
	position := func(p *metadata.Property) int {
		if methodIndex == nil {
			methodIndex = map[string]int{}
			for i, m := range cf.Methods() {
				if _, dup := methodIndex[m.Name]; !dup {
					methodIndex[m.Name] = i
				}
			}
		}
		if p.Getter != nil {
			if i, ok := methodIndex[p.Getter.Name]; ok {
				return i
			}
		}
		if p.DelegateMethod != nil {
			if i, ok := methodIndex[p.DelegateMethod.Name]; ok {
				return i
			}
		}
		return -1
	}
	byField := map[string]*metadata.Property{}
	for _, p := range km.Properties {
		if p.Field != nil {
			byField[p.Field.Name] = p
		}
	}
	for _, p := range km.Properties {
		if !p.Flags.IsDelegated() || p.Field != nil || p.DelegateMethod == nil || p.ReturnType == nil {
			continue
		}
		// The delegate is the reference, whose type follows the referenced property: a val
		// delegating to another object's var holds a KMutableProperty0 (RefToOtherVar).
		ref := "kotlin/reflect/KProperty0"
		if p.Flags.IsVar() || referencesVar(cf, p.DelegateMethod.Name) {
			ref = "kotlin/reflect/KMutableProperty0"
		}
		f := &Field{Name: p.Name + "$delegate", Var: p.Flags.IsVar(), Delegated: true,
			Type: &Type{Class: u.ClassByName(ref), Args: []TypeArg{{Type: sc.convert(p.ReturnType)}}}}
		at, pos := len(d.Fields), position(p)
		for i, g := range d.Fields {
			if q := byField[g.Name]; q != nil && pos >= 0 && position(q) > pos {
				at = i
				break
			}
		}
		d.Fields = append(d.Fields[:at], append([]*Field{f}, d.Fields[at:]...)...)
	}
}

// referencesVar reports whether the static method standing in for a property-reference
// delegate builds a reference to a var (kotlin.jvm.internal.MutablePropertyReference…).
func referencesVar(cf *classfile.Class, method string) bool {
	pool := cf.Pool()
	for _, m := range cf.Methods() {
		if m.Name != method || m.Code == nil {
			continue
		}
		found := false
		_ = m.Code.Walk(func(in *classfile.Instruction) bool {
			if in.Opcode == classfile.OpNew {
				if n, err := pool.ClassName(in.Index); err == nil && strings.HasPrefix(n, "kotlin/jvm/internal/MutablePropertyReference") {
					found = true
				}
			}
			return !found
		})
		return found
	}
	return false
}

// outerScope returns the type-parameter scope of an inner class's outer class, whose parameters
// the inner class may use.
func (u *Universe) outerScope(c *Class) *scope {
	i := strings.LastIndexByte(c.Name, '.')
	if i < 0 {
		return nil
	}
	outer := u.ClassByName(c.Name[:i]).loaded()
	sc := &scope{u: u, params: map[int]*TypeParameter{}}
	for _, p := range outer.details.TypeParameters {
		sc.params[p.id] = p
	}
	return sc
}

// kindOf, modalityOf and visibilityOf map metadata's enums to the model's by name: the two
// packages number them independently.
func kindOf(k metadata.ClassKind) ClassKind {
	switch k {
	case metadata.ClassKindInterface:
		return KindInterface
	case metadata.ClassKindEnumClass:
		return KindEnumClass
	case metadata.ClassKindEnumEntry:
		return KindEnumEntry
	case metadata.ClassKindAnnotationClass:
		return KindAnnotationClass
	case metadata.ClassKindObject:
		return KindObject
	case metadata.ClassKindCompanionObject:
		return KindCompanionObject
	}
	return KindClass
}

func modalityOf(m metadata.Modality) Modality {
	switch m {
	case metadata.ModalityOpen:
		return Open
	case metadata.ModalityAbstract:
		return Abstract
	case metadata.ModalitySealed:
		return Sealed
	}
	return Final
}

func visibilityOf(v metadata.Visibility) Visibility {
	switch v {
	case metadata.VisibilityPublic:
		return Public
	case metadata.VisibilityInternal:
		return Internal
	case metadata.VisibilityProtected:
		return Protected
	case metadata.VisibilityLocal:
		return Local
	}
	return Private
}

// scope resolves metadata type-parameter ids to the declaring class's parameters.
type scope struct {
	u      *Universe
	params map[int]*TypeParameter
	outer  *scope
}

func (s *scope) declare(owner string, tps []*metadata.TypeParameter) []*TypeParameter {
	out := make([]*TypeParameter, len(tps))
	for i, tp := range tps {
		p := &TypeParameter{Owner: owner, Name: tp.Name, Index: i, Variance: Variance(tp.Variance), Reified: tp.IsReified(), id: tp.ID}
		s.params[tp.ID] = p
		out[i] = p
	}
	for i, tp := range tps {
		for _, b := range tp.UpperBounds {
			out[i].Bounds = append(out[i].Bounds, s.convert(b))
		}
	}
	return out
}

func (s *scope) param(id int) *TypeParameter {
	for sc := s; sc != nil; sc = sc.outer {
		if p, ok := sc.params[id]; ok {
			return p
		}
	}
	p := &TypeParameter{Owner: "?", Name: fmt.Sprintf("T#%d", id), id: id}
	s.params[id] = p
	return p
}

const composableAnnotation = "androidx/compose/runtime/Composable"

// convert turns a metadata type into the model's, the way the compiler's IR sees it: suspend
// function types become SuspendFunctionN, and @Composable function types gain the Composer and
// the Int that the plugin adds.
func (s *scope) convert(t *metadata.Type) *Type {
	if t == nil {
		return nil
	}
	out := &Type{Nullable: t.IsNullable()}
	switch t.Classifier.Kind {
	case metadata.ClassifierTypeParameter:
		out.Param = s.param(t.Classifier.TypeParameterID)
		return out
	case metadata.ClassifierTypeAlias:
		out.Class = s.u.ClassByName(t.Classifier.Name)
		return out
	}
	name := t.Classifier.Name
	for _, a := range t.Arguments {
		if a.IsStar() {
			out.Args = append(out.Args, TypeArg{Star: true})
			continue
		}
		out.Args = append(out.Args, TypeArg{Variance: Variance(a.Variance), Type: s.convert(a.Type)})
	}
	if n, ok := functionArity(name); ok {
		if t.Flags.IsSuspend() && n >= 1 && len(out.Args) == n+1 {
			// FunctionN+1<P…, Continuation<R>, Any?> is the JVM form of suspend (P…) -> R.
			cont := out.Args[n-1]
			args := append([]TypeArg(nil), out.Args[:n-1]...)
			if cont.Type != nil && len(cont.Type.Args) == 1 {
				args = append(args, cont.Type.Args[0])
			}
			out.Args = args
			name = fmt.Sprintf("kotlin/coroutines/SuspendFunction%d", n-1)
		} else if hasAnnotation(t.Annotations, composableAnnotation) && len(out.Args) == n+1 {
			ret := out.Args[n]
			args := append([]TypeArg(nil), out.Args[:n]...)
			args = append(args,
				TypeArg{Type: &Type{Class: s.u.ClassByName("androidx/compose/runtime/Composer")}},
				TypeArg{Type: &Type{Class: s.u.ClassByName("kotlin/Int")}}, ret)
			out.Args = args
			name = fmt.Sprintf("kotlin/Function%d", n+2)
			out.Composable = true
		}
	}
	out.Class = s.u.ClassByName(name)
	out.Extension = hasAnnotation(t.Annotations, "kotlin/ExtensionFunctionType")
	return out
}

func functionArity(name string) (int, bool) {
	rest, ok := strings.CutPrefix(name, "kotlin/Function")
	if !ok || rest == "" {
		return 0, false
	}
	n := 0
	for _, r := range rest {
		if r < '0' || r > '9' {
			return 0, false
		}
		n = n*10 + int(r-'0')
	}
	return n, true
}

func hasAnnotation(as []*metadata.Annotation, name string) bool {
	for _, a := range as {
		if a.ClassName == name {
			return true
		}
	}
	return false
}

// delegateSource is the constructor parameter a delegate field is stored from.
type delegateSource struct {
	desc  string // the constructor's JVM descriptor
	param int    // the parameter's index
}

// delegateSources finds, in one pass over the constructors, the delegate fields that a
// constructor stores straight from one of its parameters (val x by map). The delegate field has
// no generic signature and metadata does not record the delegate's type, but the parameter's
// Kotlin type is in the constructor's metadata.
func delegateSources(cf *classfile.Class) map[string]delegateSource {
	out := map[string]delegateSource{}
	for _, m := range cf.Methods() {
		if m.Name != "<init>" || m.Code == nil {
			continue
		}
		var prev classfile.Instruction
		_ = m.Code.Walk(func(in *classfile.Instruction) bool {
			if in.Opcode == classfile.OpPutfield {
				if ref, err := cf.Pool().MemberRef(in.Index); err == nil && ref.Owner == cf.Name() && strings.HasSuffix(ref.Name, "$delegate") {
					if slot, ok := aloadSlot(prev); ok {
						if p := paramAtSlot(m.Descriptor, slot); p >= 0 {
							out[ref.Name] = delegateSource{desc: m.Descriptor, param: p}
						}
					}
				}
			}
			prev = *in
			return true
		})
	}
	return out
}

// delegateFromConstructor is the Kotlin type of the constructor parameter a delegate field is
// stored from, nil if it is not stored from one.
func delegateFromConstructor(src map[string]delegateSource, km *metadata.Class, field string, sc *scope) *Type {
	ds, ok := src[field]
	if !ok {
		return nil
	}
	for _, ctor := range km.Constructors {
		if ctor.Signature != nil && ctor.Signature.Descriptor == ds.desc && ds.param < len(ctor.ValueParameters) {
			return sc.convert(ctor.ValueParameters[ds.param].Type)
		}
	}
	return nil
}

func aloadSlot(in classfile.Instruction) (int, bool) {
	switch {
	case in.Opcode >= classfile.OpAload0 && in.Opcode <= classfile.OpAload0+3:
		return int(in.Opcode - classfile.OpAload0), true
	case in.Opcode == classfile.OpAload:
		return int(in.Index), true
	}
	return 0, false
}

// paramAtSlot maps a local-variable slot of an instance method to its parameter index, or -1.
func paramAtSlot(desc string, slot int) int {
	params, _, ok := classfile.ParseMethodDescriptor(desc)
	if !ok {
		return -1
	}
	cur := 1 // slot 0 is this
	for i, p := range params {
		if cur == slot {
			return i
		}
		if p == "J" || p == "D" {
			cur += 2
		} else {
			cur++
		}
	}
	return -1
}
