package metadata

import (
	"encoding/hex"
	"math"
	"strconv"
	"strings"
	"unicode/utf16"
)

// The canonical text rendering of the model, which only the tests use. The
// same format is printed by testdata/tools/kmdump from kotlin-metadata-jvm's
// model, and the goldens under testdata/golden/metadata compare the two class
// by class; the format is documented in docs/metadata-text.md. Change both
// sides together.

// entryText renders one class-file entry: the header line and, indented, the
// model, or the single line "error" when readErr is not nil (the official
// reader's messages differ from ours, so only failure is compared).
func entryText(entry string, h *Header, md *Metadata, readErr error) string {
	p := &printer{}
	p.b = append(p.b, "entry "...)
	p.b = append(p.b, entry...)
	p.b = append(p.b, " k="...)
	p.b = strconv.AppendInt(p.b, int64(h.Kind), 10)
	p.b = append(p.b, " mv="...)
	for i, v := range h.MetadataVersion {
		if i > 0 {
			p.b = append(p.b, '.')
		}
		p.b = strconv.AppendInt(p.b, int64(v), 10)
	}
	p.b = append(p.b, " xi="...)
	p.b = strconv.AppendInt(p.b, int64(h.ExtraInt), 10)
	if h.ExtraString != "" {
		p.b = append(p.b, " xs="...)
		p.b = append(p.b, h.ExtraString...)
	}
	if h.PackageName != "" {
		p.b = append(p.b, " pn="...)
		p.b = append(p.b, h.PackageName...)
	}
	p.b = append(p.b, '\n')
	if readErr != nil || md == nil {
		p.line(1, "error")
		return string(p.b)
	}
	p.metadata(1, md)
	return string(p.b)
}

// text renders the model of md without the entry line, at indentation 0.
func (md *Metadata) text() string {
	p := &printer{}
	p.metadata(0, md)
	return string(p.b)
}

type printer struct {
	b     []byte
	scope *nameScope
}

// nameScope resolves type-parameter ids to names, innermost declaration
// first.
type nameScope struct {
	parent *nameScope
	tps    []*TypeParameter
	index  map[int]string // for long lists
}

func (p *printer) push(tps []*TypeParameter) {
	if len(tps) == 0 {
		return
	}
	s := &nameScope{parent: p.scope, tps: tps}
	if len(tps) > scopeMapThreshold {
		s.index = make(map[int]string, len(tps))
		for i := len(tps) - 1; i >= 0; i-- { // the first of equal ids wins
			if tps[i] != nil {
				s.index[tps[i].ID] = tps[i].Name
			}
		}
	}
	p.scope = s
}

func (p *printer) pop(tps []*TypeParameter) {
	if len(tps) > 0 {
		p.scope = p.scope.parent
	}
}

func (p *printer) tpName(id int) string {
	for s := p.scope; s != nil; s = s.parent {
		if s.index != nil {
			if n, ok := s.index[id]; ok {
				return n
			}
			continue
		}
		for _, tp := range s.tps {
			if tp != nil && tp.ID == id {
				return tp.Name
			}
		}
	}
	return "#" + strconv.Itoa(id)
}

func (p *printer) indent(level int) {
	for range level {
		p.b = append(p.b, "  "...)
	}
}

func (p *printer) line(level int, s string) {
	p.indent(level)
	p.b = append(p.b, s...)
	p.b = append(p.b, '\n')
}

func (p *printer) metadata(level int, md *Metadata) {
	switch md.Kind {
	case KindClass:
		p.class(level, md.Class, "class")
	case KindFileFacade:
		p.line(level, "fileFacade")
		p.pkg(level+1, md.Package)
	case KindSyntheticClass:
		p.line(level, "syntheticClass")
		if md.Lambda != nil {
			p.function(level+1, md.Lambda, "lambda")
		}
	case KindMultiFileClassFacade:
		p.line(level, "multiFileClassFacade")
		for _, n := range md.PartClassNames {
			p.line(level+1, "part "+n)
		}
	case KindMultiFileClassPart:
		p.line(level, "multiFileClassPart facade="+md.FacadeClassName)
		p.pkg(level+1, md.Package)
	default:
		p.line(level, "unknown")
	}
}

func (p *printer) class(level int, c *Class, keyword string) {
	if c == nil {
		return
	}
	p.push(c.TypeParameters)
	defer p.pop(c.TypeParameters)
	p.indent(level)
	p.b = append(p.b, keyword...)
	p.flags(c.Flags.String())
	p.b = append(p.b, c.Name...)
	p.typeParams(c.TypeParameters)
	for i, t := range c.Supertypes {
		if i == 0 {
			p.b = append(p.b, " : "...)
		} else {
			p.b = append(p.b, ", "...)
		}
		p.typ(t)
	}
	p.b = append(p.b, '\n')
	in := level + 1
	for _, t := range c.ContextReceiverTypes {
		p.typeLine(in, "contextReceiver ", t)
	}
	p.annotations(in, "annotation", c.Annotations)
	if c.CompanionObject != "" {
		p.line(in, "companion "+c.CompanionObject)
	}
	for _, n := range c.NestedClasses {
		p.line(in, "nested "+n)
	}
	for _, e := range c.EnumEntries {
		if e == nil {
			continue
		}
		p.line(in, "enumEntry "+e.Name)
		p.annotations(in+1, "annotation", e.Annotations)
	}
	for _, n := range c.SealedSubclasses {
		p.line(in, "sealedSubclass "+n)
	}
	if c.InlineClassUnderlyingPropertyName != "" {
		p.line(in, "underlyingProperty "+c.InlineClassUnderlyingPropertyName)
	}
	if c.InlineClassUnderlyingType != nil {
		p.typeLine(in, "underlyingType ", c.InlineClassUnderlyingType)
	}
	jvm := "jvm module=" + c.ModuleName
	if c.JvmFlags != 0 {
		jvm += " flags=[" + c.JvmFlags.String() + "]"
	}
	if c.AnonymousObjectOriginName != "" {
		jvm += " anonymousObjectOrigin=" + c.AnonymousObjectOriginName
	}
	p.line(in, jvm)
	p.requirements(in, c.VersionRequirements)
	p.pluginData(in, c.CompilerPluginData)
	for _, k := range c.Constructors {
		p.constructor(in, k)
	}
	p.members(in, c.Functions, c.Properties, c.TypeAliases, c.LocalDelegatedProperties)
}

func (p *printer) pkg(level int, pk *Package) {
	if pk == nil {
		return
	}
	p.line(level, "jvm module="+pk.ModuleName)
	p.members(level, pk.Functions, pk.Properties, pk.TypeAliases, pk.LocalDelegatedProperties)
}

func (p *printer) members(level int, fns []*Function, props []*Property, aliases []*TypeAlias, local []*Property) {
	for _, f := range fns {
		p.function(level, f, "fun")
	}
	for _, pr := range props {
		p.property(level, pr, "")
	}
	for _, a := range aliases {
		p.typeAlias(level, a)
	}
	for _, pr := range local {
		p.property(level, pr, "localDelegated ")
	}
}

// flags appends " [words] " (or a single space when there are none).
func (p *printer) flags(words string) {
	p.b = append(p.b, " ["...)
	p.b = append(p.b, words...)
	p.b = append(p.b, "] "...)
}

func (p *printer) constructor(level int, k *Constructor) {
	if k == nil {
		return
	}
	p.indent(level)
	p.b = append(p.b, "constructor ["...)
	p.b = append(p.b, k.Flags.String()...)
	p.b = append(p.b, ']')
	p.params(k.ValueParameters)
	if k.Signature != nil {
		p.b = append(p.b, " sig="...)
		p.b = append(p.b, k.Signature.String()...)
	}
	p.b = append(p.b, '\n')
	p.annotations(level+1, "annotation", k.Annotations)
	p.requirements(level+1, k.VersionRequirements)
	p.pluginData(level+1, k.CompilerPluginData)
}

func (p *printer) function(level int, f *Function, keyword string) {
	if f == nil {
		return
	}
	p.push(f.TypeParameters)
	defer p.pop(f.TypeParameters)
	p.indent(level)
	p.b = append(p.b, keyword...)
	p.flags(f.Flags.String())
	p.callableHead(f.TypeParameters, f.ContextParameters, f.ReceiverType, f.Name)
	p.params(f.ValueParameters)
	p.b = append(p.b, ": "...)
	p.typ(f.ReturnType)
	if f.Signature != nil {
		p.b = append(p.b, " sig="...)
		p.b = append(p.b, f.Signature.String()...)
	}
	if f.LambdaClassOriginName != "" {
		p.b = append(p.b, " lambdaOrigin="...)
		p.b = append(p.b, f.LambdaClassOriginName...)
	}
	p.b = append(p.b, '\n')
	p.annotations(level+1, "annotation", f.Annotations)
	p.annotations(level+1, "receiverAnnotation", f.ExtensionReceiverAnnotations)
	p.requirements(level+1, f.VersionRequirements)
	p.pluginData(level+1, f.CompilerPluginData)
}

// callableHead appends "<T> context(a: A) R.name" for a function or property.
func (p *printer) callableHead(tps []*TypeParameter, ctx []*ValueParameter, recv *Type, name string) {
	if len(tps) > 0 {
		p.typeParams(tps)
		p.b = append(p.b, ' ')
	}
	if len(ctx) > 0 {
		p.b = append(p.b, "context"...)
		p.params(ctx)
		p.b = append(p.b, ' ')
	}
	if recv != nil {
		p.typ(recv)
		p.b = append(p.b, '.')
	}
	p.b = append(p.b, name...)
}

func (p *printer) property(level int, pr *Property, prefix string) {
	if pr == nil {
		return
	}
	p.push(pr.TypeParameters)
	defer p.pop(pr.TypeParameters)
	p.indent(level)
	p.b = append(p.b, prefix...)
	if pr.Flags.IsVar() {
		p.b = append(p.b, "var"...)
	} else {
		p.b = append(p.b, "val"...)
	}
	p.flags(pr.Flags.String())
	p.callableHead(pr.TypeParameters, pr.ContextParameters, pr.ReceiverType, pr.Name)
	p.b = append(p.b, ": "...)
	p.typ(pr.ReturnType)
	p.b = append(p.b, " get["...)
	p.b = append(p.b, pr.GetterFlags.String()...)
	p.b = append(p.b, ']')
	if pr.Flags.HasSetter() {
		p.b = append(p.b, " set["...)
		p.b = append(p.b, pr.SetterFlags.String()...)
		p.b = append(p.b, ']')
	}
	if pr.SetterParameter != nil {
		p.b = append(p.b, " setterParameter("...)
		p.param(pr.SetterParameter)
		p.b = append(p.b, ')')
	}
	if pr.Field != nil {
		p.b = append(p.b, " field="...)
		p.b = append(p.b, pr.Field.String()...)
	}
	for _, s := range []struct {
		name string
		sig  *MethodSignature
	}{{" getter=", pr.Getter}, {" setter=", pr.Setter}, {" syntheticMethod=", pr.SyntheticMethodForAnnotations}, {" delegateMethod=", pr.DelegateMethod}} {
		if s.sig != nil {
			p.b = append(p.b, s.name...)
			p.b = append(p.b, s.sig.String()...)
		}
	}
	if pr.JvmFlags != 0 {
		p.b = append(p.b, " jvmFlags=["...)
		p.b = append(p.b, pr.JvmFlags.String()...)
		p.b = append(p.b, ']')
	}
	p.b = append(p.b, '\n')
	in := level + 1
	p.annotations(in, "annotation", pr.Annotations)
	p.annotations(in, "getterAnnotation", pr.GetterAnnotations)
	p.annotations(in, "setterAnnotation", pr.SetterAnnotations)
	p.annotations(in, "receiverAnnotation", pr.ExtensionReceiverAnnotations)
	p.annotations(in, "backingFieldAnnotation", pr.BackingFieldAnnotations)
	p.annotations(in, "delegateFieldAnnotation", pr.DelegateFieldAnnotations)
	p.requirements(in, pr.VersionRequirements)
	p.pluginData(in, pr.CompilerPluginData)
}

func (p *printer) typeAlias(level int, a *TypeAlias) {
	if a == nil {
		return
	}
	p.push(a.TypeParameters)
	defer p.pop(a.TypeParameters)
	p.indent(level)
	p.b = append(p.b, "typealias"...)
	p.flags(a.Flags.String())
	p.b = append(p.b, a.Name...)
	p.typeParams(a.TypeParameters)
	p.b = append(p.b, " = "...)
	p.typ(a.UnderlyingType)
	p.b = append(p.b, " expanded="...)
	p.typ(a.ExpandedType)
	p.b = append(p.b, '\n')
	p.annotations(level+1, "annotation", a.Annotations)
	p.requirements(level+1, a.VersionRequirements)
	p.pluginData(level+1, a.CompilerPluginData)
}

func (p *printer) typeParams(tps []*TypeParameter) {
	if len(tps) == 0 {
		return
	}
	p.b = append(p.b, '<')
	for i, tp := range tps {
		if i > 0 {
			p.b = append(p.b, ", "...)
		}
		for _, a := range tp.Annotations {
			p.annotation(a)
			p.b = append(p.b, ' ')
		}
		if tp.IsReified() {
			p.b = append(p.b, "reified "...)
		}
		if tp.Variance != Invariant {
			p.b = append(p.b, tp.Variance.String()...)
			p.b = append(p.b, ' ')
		}
		p.b = append(p.b, tp.Name...)
		for j, t := range tp.UpperBounds {
			if j == 0 {
				p.b = append(p.b, " : "...)
			} else {
				p.b = append(p.b, " & "...)
			}
			p.typ(t)
		}
	}
	p.b = append(p.b, '>')
}

func (p *printer) params(ps []*ValueParameter) {
	p.b = append(p.b, '(')
	for i, vp := range ps {
		if i > 0 {
			p.b = append(p.b, ", "...)
		}
		p.param(vp)
	}
	p.b = append(p.b, ')')
}

func (p *printer) param(vp *ValueParameter) {
	if vp == nil {
		return
	}
	for _, a := range vp.Annotations {
		p.annotation(a)
		p.b = append(p.b, ' ')
	}
	if vp.Flags != 0 {
		p.b = append(p.b, '[')
		p.b = append(p.b, vp.Flags.String()...)
		p.b = append(p.b, "] "...)
	}
	p.b = append(p.b, vp.Name...)
	p.b = append(p.b, ": "...)
	p.typ(vp.Type)
	if vp.VarargElementType != nil {
		p.b = append(p.b, " vararg="...)
		p.typ(vp.VarargElementType)
	}
	if vp.AnnotationParameterDefaultValue != nil {
		p.b = append(p.b, " default="...)
		p.argument(vp.AnnotationParameterDefaultValue)
	}
}

func (p *printer) typeLine(level int, prefix string, t *Type) {
	p.indent(level)
	p.b = append(p.b, prefix...)
	p.typ(t)
	p.b = append(p.b, '\n')
}

// typ appends a type: [@Ann ]*[raw ][suspend ]Classifier[<args>][?][ & Any]
// [{outer=T}][{abbr=T}], and a flexible type as (lower..upper) with
// "|id" before the parenthesis when the flexibility is not a platform type.
func (p *printer) typ(t *Type) {
	if t == nil {
		p.b = append(p.b, "<nil>"...)
		return
	}
	fub := t.FlexibleUpperBound
	if fub != nil {
		p.b = append(p.b, '(')
	}
	for _, a := range t.Annotations {
		p.annotation(a)
		p.b = append(p.b, ' ')
	}
	if t.IsRaw {
		p.b = append(p.b, "raw "...)
	}
	if t.Flags.IsSuspend() {
		p.b = append(p.b, "suspend "...)
	}
	switch t.Classifier.Kind {
	case ClassifierClass:
		p.b = append(p.b, t.Classifier.Name...)
	case ClassifierTypeAlias:
		p.b = append(p.b, "typealias:"...)
		p.b = append(p.b, t.Classifier.Name...)
	case ClassifierTypeParameter:
		p.b = append(p.b, p.tpName(t.Classifier.TypeParameterID)...)
	}
	if len(t.Arguments) > 0 {
		p.b = append(p.b, '<')
		for i, a := range t.Arguments {
			if i > 0 {
				p.b = append(p.b, ", "...)
			}
			if a.IsStar() {
				p.b = append(p.b, '*')
				continue
			}
			if a.Variance != Invariant {
				p.b = append(p.b, a.Variance.String()...)
				p.b = append(p.b, ' ')
			}
			p.typ(a.Type)
		}
		p.b = append(p.b, '>')
	}
	if t.Flags.IsNullable() {
		p.b = append(p.b, '?')
	}
	if t.Flags.IsDefinitelyNonNull() {
		p.b = append(p.b, " & Any"...)
	}
	if t.Outer != nil {
		p.b = append(p.b, "{outer="...)
		p.typ(t.Outer)
		p.b = append(p.b, '}')
	}
	if t.Abbreviation != nil {
		p.b = append(p.b, "{abbr="...)
		p.typ(t.Abbreviation)
		p.b = append(p.b, '}')
	}
	if fub != nil {
		p.b = append(p.b, ".."...)
		p.typ(fub.Type)
		if fub.TypeFlexibilityID != PlatformTypeID {
			p.b = append(p.b, '|')
			p.b = append(p.b, fub.TypeFlexibilityID...)
		}
		p.b = append(p.b, ')')
	}
}

func (p *printer) annotations(level int, keyword string, as []*Annotation) {
	for _, a := range as {
		p.indent(level)
		p.b = append(p.b, keyword...)
		p.b = append(p.b, ' ')
		p.annotation(a)
		p.b = append(p.b, '\n')
	}
}

// annotation appends @Name or @Name(a = v, b = w).
func (p *printer) annotation(a *Annotation) {
	if a == nil {
		return
	}
	p.b = append(p.b, '@')
	p.b = append(p.b, a.ClassName...)
	if len(a.Arguments) == 0 {
		return
	}
	p.b = append(p.b, '(')
	for i, arg := range a.Arguments {
		if i > 0 {
			p.b = append(p.b, ", "...)
		}
		p.b = append(p.b, arg.Name...)
		p.b = append(p.b, " = "...)
		p.argument(arg.Value)
	}
	p.b = append(p.b, ')')
}

// argument appends a value: Byte(1), Char(65), Short(1), Int(1), Long(1),
// Float(0x3fc00000) and Double(0x3ff8000000000000) by their bits,
// Boolean(true), UByte(255), UShort(..), UInt(..), ULong(..), a quoted
// string, KClass(a/B), ArrayKClass(a/B, 2), Enum(a/B.ENTRY), a nested
// annotation, or [v, w].
func (p *printer) argument(v *AnnotationArgument) {
	if v == nil {
		return
	}
	num := func(kind string, n string) {
		p.b = append(p.b, kind...)
		p.b = append(p.b, '(')
		p.b = append(p.b, n...)
		p.b = append(p.b, ')')
	}
	switch v.Kind {
	case ArgByte:
		num("Byte", strconv.FormatInt(v.Int, 10))
	case ArgChar:
		num("Char", strconv.FormatInt(v.Int, 10))
	case ArgShort:
		num("Short", strconv.FormatInt(v.Int, 10))
	case ArgInt:
		num("Int", strconv.FormatInt(v.Int, 10))
	case ArgLong:
		num("Long", strconv.FormatInt(v.Int, 10))
	case ArgFloat:
		num("Float", "0x"+hex8(uint64(math.Float32bits(float32(v.Float))), 8))
	case ArgDouble:
		num("Double", "0x"+hex8(math.Float64bits(v.Float), 16))
	case ArgBoolean:
		num("Boolean", strconv.FormatBool(v.Int != 0))
	case ArgUByte:
		num("UByte", strconv.FormatUint(uint64(v.Int)&0xff, 10))
	case ArgUShort:
		num("UShort", strconv.FormatUint(uint64(v.Int)&0xffff, 10))
	case ArgUInt:
		num("UInt", strconv.FormatUint(uint64(v.Int)&0xffffffff, 10))
	case ArgULong:
		num("ULong", strconv.FormatUint(uint64(v.Int), 10))
	case ArgString:
		p.b = appendQuoted(p.b, v.String)
	case ArgKClass:
		if v.ArrayDimensions == 0 {
			num("KClass", v.ClassName)
		} else {
			num("ArrayKClass", v.ClassName+", "+strconv.Itoa(v.ArrayDimensions))
		}
	case ArgEnum:
		num("Enum", v.ClassName+"."+v.EnumEntry)
	case ArgAnnotation:
		p.annotation(v.Annotation)
	case ArgArray:
		p.b = append(p.b, '[')
		for i, e := range v.Elements {
			if i > 0 {
				p.b = append(p.b, ", "...)
			}
			p.argument(e)
		}
		p.b = append(p.b, ']')
	}
}

func hex8(v uint64, digits int) string {
	s := strconv.FormatUint(v, 16)
	return strings.Repeat("0", digits-len(s)) + s
}

// appendQuoted quotes s the way kmdump does: \" and \\ escaped, every UTF-16
// unit outside printable ASCII as \uXXXX.
func appendQuoted(b []byte, s string) []byte {
	b = append(b, '"')
	for _, u := range utf16.Encode([]rune(s)) {
		switch {
		case u == '"' || u == '\\':
			b = append(b, '\\', byte(u))
		case u < 0x20 || u >= 0x7f:
			b = append(b, `\u`...)
			b = append(b, hex8(uint64(u), 4)...)
		default:
			b = append(b, byte(u))
		}
	}
	return append(b, '"')
}

var (
	versionKindNames  = []string{"language_version", "compiler_version", "api_version", "unknown"}
	versionLevelNames = []string{"warning", "error", "hidden"}
)

func (p *printer) requirements(level int, vrs []*VersionRequirement) {
	for _, vr := range vrs {
		if vr == nil {
			continue
		}
		p.indent(level)
		p.b = append(p.b, "versionRequirement "...)
		p.b = append(p.b, enumName(versionKindNames, uint32(vr.Kind), "kind")...)
		p.b = append(p.b, ' ')
		p.b = append(p.b, enumName(versionLevelNames, uint32(vr.Level), "level")...)
		p.b = append(p.b, ' ')
		p.b = strconv.AppendInt(p.b, int64(vr.Major), 10)
		p.b = append(p.b, '.')
		p.b = strconv.AppendInt(p.b, int64(vr.Minor), 10)
		p.b = append(p.b, '.')
		p.b = strconv.AppendInt(p.b, int64(vr.Patch), 10)
		if vr.ErrorCode != nil {
			p.b = append(p.b, " errorCode="...)
			p.b = strconv.AppendInt(p.b, int64(*vr.ErrorCode), 10)
		}
		if vr.Message != nil {
			p.b = append(p.b, " message="...)
			p.b = appendQuoted(p.b, *vr.Message)
		}
		p.b = append(p.b, '\n')
	}
}

func (p *printer) pluginData(level int, ds []*CompilerPluginData) {
	for _, d := range ds {
		p.line(level, "pluginData "+d.PluginID+" "+hex.EncodeToString(d.Data))
	}
}
