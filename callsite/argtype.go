package callsite

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/metadata"
	"github.com/composestab/composestab/stability"
)

// This file reads the Kotlin static type of a call's argument from the instructions computing
// it and the caller's and callees' Kotlin metadata, as far as the bytecode shows it.

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

// String renders the type for Instantiator.Parse, qualified names with dots; a type parameter
// still unbound prints as #id.
func (k *ktype) String() string { return k.model().QualifiedString() }

// model is k as a model type, for rendering only: its classes are named, not loaded.
func (k *ktype) model() *stability.Type {
	if k.class == "" {
		return &stability.Type{Param: &stability.TypeParameter{Name: "#" + strconv.Itoa(k.param)}}
	}
	t := &stability.Type{Class: stability.NewClass(k.class, stability.ClassDetails{}), Nullable: k.nullable}
	for _, a := range k.args {
		arg := stability.TypeArg{Star: a.star}
		switch a.variance {
		case metadata.In:
			arg.Variance = stability.In
		case metadata.Out:
			arg.Variance = stability.Out
		}
		if !a.star {
			arg.Type = a.t.model()
		}
		t.Args = append(t.Args, arg)
	}
	return t
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
func (ck *Checker) infer(mc *Code, ctx *callerContext, arg Span, depth int) argInfo {
	if !arg.OK() {
		return argInfo{why: "not computed in straight-line code before the call"}
	}
	start, end := arg.Start, arg.End
	if depth > 8 {
		return argInfo{why: "constructor calls nested too deeply"}
	}
	pool := mc.Class.Pool()
	last := &mc.Insns[end-1]
	n := end - start
	switch op := last.Opcode; {
	case n == 1 && (op >= classfile.OpAconstNull && op <= classfile.OpLdc2W):
		return argInfo{kind: argConst, src: "a constant", typ: constType(mc, last)}
	case op == classfile.OpCheckcast && n > 1:
		// The compiler looks through an implicit cast to the operand (spec §1.3). That is
		// modelled only for an upcast, as passing a Square where a Shape is declared; a
		// downcast (a smart cast) is left alone.
		inner := ck.infer(mc, ctx, Span{start, end - 1}, depth)
		if inner.kind != argTyped {
			return inner
		}
		target, err := pool.ClassName(last.Index)
		if err != nil || !ck.isSubclass(inner.typ.class, target) {
			return argInfo{why: "a cast to " + simpleName(target) + " that is not an upcast from " + inner.typ.String()}
		}
		inner.src += ", looked through a cast"
		return inner
	case last.IsLoad() && n == 1:
		idx := last.Local()
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
			c := ck.u.ClassByJVMName(ref.Owner)
			if d := c.Ensure(); d.Origin != stability.OriginMissing && len(d.TypeParameters) == 0 {
				return argInfo{kind: argTyped, typ: &ktype{class: c.Name}, src: "static field " + simpleName(ref.Owner) + "." + ref.Name}
			}
		}
		if cn, ok := classfile.DescriptorClass(ref.Descriptor); err == nil && ok {
			// A static field of a class type: the expression has the field's declared type.
			c := ck.u.ClassByJVMName(cn)
			if d := c.Ensure(); d.Origin != stability.OriginMissing && len(d.TypeParameters) == 0 && !strings.HasPrefix(c.Name, ".") {
				return argInfo{kind: argTyped, typ: &ktype{class: c.Name}, src: "static field " + simpleName(ref.Owner) + "." + ref.Name}
			}
		}
		return argInfo{kind: argOpaque, why: "a static field read"}
	case op == classfile.OpInvokespecial:
		ref, err := pool.MemberRef(last.Index)
		if err == nil && ref.Name == "<init>" && mc.Insns[start].Opcode == classfile.OpNew {
			if cn, err := pool.ClassName(mc.Insns[start].Index); err == nil && cn == ref.Owner && start+1 < end && mc.Insns[start+1].Opcode == classfile.OpDup {
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
			if n == 2 && mc.Insns[start].IsConst() {
				return argInfo{kind: argConst, src: "a boxed constant", typ: &ktype{class: kt}}
			}
			return argInfo{kind: argTyped, typ: &ktype{class: kt}, src: "a boxed " + path.Base(kt)}
		}
		if ref.Name == "checkNotNullExpressionValue" && n > 3 && mc.Insns[end-3].Opcode == classfile.OpDup {
			// x; dup; ldc "name"; checkNotNullExpressionValue leaves x: the platform value.
			return ck.infer(mc, ctx, Span{start, end - 3}, depth)
		}
		if ck.engine.IsKnownStableFunctionName(ref.Name) {
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
func (ck *Checker) isSubclass(sub, super string) bool {
	seen := map[*stability.Class]bool{}
	var walk func(c *stability.Class, depth int) bool
	walk = func(c *stability.Class, depth int) bool {
		d := c.Ensure()
		if seen[c] || depth > 64 || d.Origin == stability.OriginMissing {
			return false
		}
		seen[c] = true
		if c.JVMName == super {
			return true
		}
		for _, st := range d.Supertypes {
			if st != nil && st.Class != nil && walk(st.Class, depth+1) {
				return true
			}
		}
		return false
	}
	return walk(ck.u.ClassByName(sub), 0)
}

var boxedKotlin = map[string]string{
	"java/lang/Integer": "kotlin/Int", "java/lang/Long": "kotlin/Long", "java/lang/Short": "kotlin/Short",
	"java/lang/Byte": "kotlin/Byte", "java/lang/Character": "kotlin/Char", "java/lang/Boolean": "kotlin/Boolean",
	"java/lang/Float": "kotlin/Float", "java/lang/Double": "kotlin/Double",
}

// constType is the Kotlin type of a literal, nil when it does not matter (null).
func constType(mc *Code, in *classfile.Instruction) *ktype {
	switch op := in.Opcode; {
	case op == classfile.OpLdc || op == classfile.OpLdcW:
		if k, err := mc.Class.Pool().Constant(in.Index); err == nil {
			if _, ok := k.(string); ok {
				return &ktype{class: "kotlin/String"}
			}
		}
	}
	return nil
}

// inferNew types a constructor call new C(args). For a generic C, each type parameter must be
// the whole declared type of exactly one constructor parameter, whose argument's type is known.
func (ck *Checker) inferNew(mc *Code, ctx *callerContext, start, end int, ctor classfile.MemberRef, depth int) argInfo {
	c := ck.u.ClassByJVMName(ctor.Owner)
	d := c.Ensure()
	if d.Origin == stability.OriginMissing {
		return argInfo{why: "constructs " + ctor.Owner + ", which is not on the classpath"}
	}
	src := "constructor " + simpleName(ctor.Owner)
	if strings.HasPrefix(c.Name, ".") {
		return argInfo{why: "constructs the local or anonymous class " + simpleName(ctor.Owner)}
	}
	if len(d.TypeParameters) == 0 {
		return argInfo{kind: argTyped, typ: &ktype{class: c.Name}, src: src}
	}
	md := ck.metadataOf(ctor.Owner)
	if (md == nil || md.Class == nil) && d.Origin == stability.OriginJava {
		// A Java class is Unstable whatever its type arguments: star them.
		k := &ktype{class: c.Name}
		for range d.TypeParameters {
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
	spans := mc.ArgSpans(end-1, len(params)+1, start+2)
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
