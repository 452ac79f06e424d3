package metadata

import (
	"strconv"
	"strings"
)

// The packed flags of Kotlin metadata. Every field is declared "after" the
// previous one, in the order of Kotlin's Flags.java, so the offsets below are
// computed, never typed in: an enum field is as wide as its largest value
// needs, a boolean is one bit. Each flag type lists the fields it uses in
// bit order; String prints those fields as words and any other set bit as
// hex.

// flagField is one field of a packed flags word.
type flagField struct {
	name     string   // word printed for a set boolean, or the field's name for an enum
	offset   uint8    // first bit
	width    uint8    // number of bits
	values   []string // names of an enum's values by number; nil for a boolean
	hideZero bool     // String omits an enum whose value is 0 (the common default)
}

func (f flagField) mask() uint32 { return (1<<f.width - 1) << f.offset }

func (f flagField) get(flags uint32) uint32 { return flags >> f.offset & (1<<f.width - 1) }

func (f flagField) set(flags uint32) bool { return f.get(flags) != 0 }

func boolFirst(name string) flagField { return flagField{name: name, width: 1} }

func boolAfter(prev flagField, name string) flagField {
	return flagField{name: name, offset: prev.offset + prev.width, width: 1}
}

func enumAfter(prev flagField, name string, values ...string) flagField {
	return flagField{name: name, offset: prev.offset + prev.width, width: enumWidth(len(values)), values: values}
}

// enumWidth is Flags.EnumLiteFlagField.bitWidth: the bits needed for the
// largest value, at least one.
func enumWidth(n int) uint8 {
	w := uint8(1)
	for (n-1)>>w != 0 {
		w++
	}
	return w
}

// shifted moves a field up by n bits (used for the Km type flags, where bit 0
// is nullability and the proto's type flags follow).
func (f flagField) shifted(n uint8) flagField { f.offset += n; return f }

// Enum names used in flags and elsewhere.
var (
	visibilityNames        = []string{"internal", "private", "protected", "public", "private_to_this", "local"}
	modalityNames          = []string{"final", "open", "abstract", "sealed"}
	classKindNames         = []string{"class", "interface", "enum_class", "enum_entry", "annotation_class", "object", "companion_object"}
	memberKindNames        = []string{"declaration", "fake_override", "delegation", "synthesized"}
	returnValueStatusNames = []string{"unspecified", "must_use", "explicitly_ignorable"}
)

// The table: Flags.java's fields in its order.
var (
	// Types (proto layout; the Km layout used by TypeFlags shifts these by one).
	fSuspendType       = boolFirst("suspend")
	fDefinitelyNonNull = boolAfter(fSuspendType, "definitelyNonNull")

	// Common to declarations.
	fHasAnnotations = boolFirst("hasAnnotations")
	fVisibility     = enumAfter(fHasAnnotations, "visibility", visibilityNames...)
	fModality       = enumAfter(fVisibility, "modality", modalityNames...)

	// Classes.
	fClassKind      = enumAfter(fModality, "kind", classKindNames...)
	fIsInner        = boolAfter(fClassKind, "inner")
	fIsData         = boolAfter(fIsInner, "data")
	fIsExternalCls  = boolAfter(fIsData, "external")
	fIsExpectCls    = boolAfter(fIsExternalCls, "expect")
	fIsValueClass   = boolAfter(fIsExpectCls, "value")
	fIsFunInterface = boolAfter(fIsValueClass, "fun")
	fHasEnumEntries = boolAfter(fIsFunInterface, "hasEnumEntries")

	// Constructors.
	fIsSecondary       = boolAfter(fVisibility, "secondary")
	fCtorNonStableName = boolAfter(fIsSecondary, "nonStableParameterNames")
	fCtorReturnStatus  = withHideZero(enumAfter(fCtorNonStableName, "returnValueStatus", returnValueStatusNames...))

	// Callables.
	fMemberKind = withHideZero(enumAfter(fModality, "memberKind", memberKindNames...))

	// Functions.
	fIsOperator       = boolAfter(fMemberKind, "operator")
	fIsInfix          = boolAfter(fIsOperator, "infix")
	fIsInline         = boolAfter(fIsInfix, "inline")
	fIsTailrec        = boolAfter(fIsInline, "tailrec")
	fIsExternalFun    = boolAfter(fIsTailrec, "external")
	fIsSuspend        = boolAfter(fIsExternalFun, "suspend")
	fIsExpectFun      = boolAfter(fIsSuspend, "expect")
	fFunNonStableName = boolAfter(fIsExpectFun, "nonStableParameterNames")
	fFunReturnStatus  = withHideZero(enumAfter(fFunNonStableName, "returnValueStatus", returnValueStatusNames...))
	fIsStaticFun      = boolAfter(fFunReturnStatus, "static")

	// Properties.
	fIsVar            = boolAfter(fMemberKind, "var")
	fHasGetter        = boolAfter(fIsVar, "hasGetter")
	fHasSetter        = boolAfter(fHasGetter, "hasSetter")
	fIsConst          = boolAfter(fHasSetter, "const")
	fIsLateinit       = boolAfter(fIsConst, "lateinit")
	fHasConstant      = boolAfter(fIsLateinit, "hasConstant")
	fIsExternalProp   = boolAfter(fHasConstant, "external")
	fIsDelegated      = boolAfter(fIsExternalProp, "delegated")
	fIsExpectProp     = boolAfter(fIsDelegated, "expect")
	fPropReturnStatus = withHideZero(enumAfter(fIsExpectProp, "returnValueStatus", returnValueStatusNames...))
	fIsStaticProp     = boolAfter(fPropReturnStatus, "static")

	// Value parameters.
	fDeclaresDefault = boolAfter(fHasAnnotations, "declaresDefault")
	fIsCrossinline   = boolAfter(fDeclaresDefault, "crossinline")
	fIsNoinline      = boolAfter(fIsCrossinline, "noinline")

	// Property accessors.
	fIsNotDefault     = boolAfter(fModality, "notDefault")
	fIsExternalAccess = boolAfter(fIsNotDefault, "external")
	fIsInlineAccess   = boolAfter(fIsExternalAccess, "inline")

	// JVM extensions (JvmFlags.kt).
	fMovedFromInterfaceCompanion = boolFirst("movedFromInterfaceCompanion")
	fHasMethodBodiesInInterface  = boolFirst("hasMethodBodiesInInterface")
	fCompiledInCompatibilityMode = boolAfter(fHasMethodBodiesInInterface, "compiledInCompatibilityMode")

	// Km type flags: nullability first, then the proto type flags.
	fNullable = boolFirst("nullable")
	fReified  = boolFirst("reified")
)

func withHideZero(f flagField) flagField { f.hideZero = true; return f }

// Layouts, each in bit order.
var (
	classLayout       = []flagField{fHasAnnotations, fVisibility, fModality, fClassKind, fIsInner, fIsData, fIsExternalCls, fIsExpectCls, fIsValueClass, fIsFunInterface, fHasEnumEntries}
	constructorLayout = []flagField{fHasAnnotations, fVisibility, fIsSecondary, fCtorNonStableName, fCtorReturnStatus}
	functionLayout    = []flagField{fHasAnnotations, fVisibility, fModality, fMemberKind, fIsOperator, fIsInfix, fIsInline, fIsTailrec, fIsExternalFun, fIsSuspend, fIsExpectFun, fFunNonStableName, fFunReturnStatus, fIsStaticFun}
	propertyLayout    = []flagField{fHasAnnotations, fVisibility, fModality, fMemberKind, fIsVar, fHasGetter, fHasSetter, fIsConst, fIsLateinit, fHasConstant, fIsExternalProp, fIsDelegated, fIsExpectProp, fPropReturnStatus, fIsStaticProp}
	accessorLayout    = []flagField{fHasAnnotations, fVisibility, fModality, fIsNotDefault, fIsExternalAccess, fIsInlineAccess}
	valueParamLayout  = []flagField{fHasAnnotations, fDeclaresDefault, fIsCrossinline, fIsNoinline}
	typeAliasLayout   = []flagField{fHasAnnotations, fVisibility}
	typeLayout        = []flagField{fNullable, fSuspendType.shifted(1), fDefinitelyNonNull.shifted(1)}
	typeParamLayout   = []flagField{fReified}
	propertyJvmLayout = []flagField{fMovedFromInterfaceCompanion}
	classJvmLayout    = []flagField{fHasMethodBodiesInInterface, fCompiledInCompatibilityMode}
)

// formatFlags prints the fields of layout as space-separated words: every
// enum by value name (unless hideZero and 0), every set boolean by name, then
// the bits no field covers as one hex number.
func formatFlags(flags uint32, layout []flagField) string {
	var b strings.Builder
	word := func(s string) {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s)
	}
	known := uint32(0)
	for _, f := range layout {
		known |= f.mask()
		v := f.get(flags)
		if f.values == nil {
			if v != 0 {
				word(f.name)
			}
			continue
		}
		if v == 0 && f.hideZero {
			continue
		}
		if int(v) < len(f.values) {
			word(f.values[v])
		} else {
			word(f.name + "=" + strconv.FormatUint(uint64(v), 10))
		}
	}
	if rest := flags &^ known; rest != 0 {
		word("0x" + strconv.FormatUint(uint64(rest), 16))
	}
	return b.String()
}

// Visibility is a declaration's visibility (proto enum Visibility).
type Visibility uint8

// Visibilities, numbered as in metadata.proto.
const (
	VisibilityInternal Visibility = iota
	VisibilityPrivate
	VisibilityProtected
	VisibilityPublic
	VisibilityPrivateToThis
	VisibilityLocal
)

// String returns the lower-case Kotlin name ("public", "private_to_this").
func (v Visibility) String() string { return enumName(visibilityNames, uint32(v), "visibility") }

// Modality is a declaration's modality (proto enum Modality).
type Modality uint8

// Modalities, numbered as in metadata.proto.
const (
	ModalityFinal Modality = iota
	ModalityOpen
	ModalityAbstract
	ModalitySealed
)

// String returns "final", "open", "abstract" or "sealed".
func (m Modality) String() string { return enumName(modalityNames, uint32(m), "modality") }

// ClassKind is what kind of classifier a Class is (proto enum Class.Kind).
type ClassKind uint8

// Class kinds, numbered as in metadata.proto.
const (
	ClassKindClass ClassKind = iota
	ClassKindInterface
	ClassKindEnumClass
	ClassKindEnumEntry
	ClassKindAnnotationClass
	ClassKindObject
	ClassKindCompanionObject
)

// String returns "class", "interface", "enum_class", ....
func (k ClassKind) String() string { return enumName(classKindNames, uint32(k), "kind") }

// MemberKind tells a declared member from a fake override, an interface
// delegation or a compiler-synthesized member (proto enum MemberKind). It is
// not property delegation (see PropertyFlags.IsDelegated).
type MemberKind uint8

// Member kinds, numbered as in metadata.proto.
const (
	MemberKindDeclaration MemberKind = iota
	MemberKindFakeOverride
	MemberKindDelegation
	MemberKindSynthesized
)

// String returns "declaration", "fake_override", "delegation" or "synthesized".
func (k MemberKind) String() string { return enumName(memberKindNames, uint32(k), "memberKind") }

// ReturnValueStatus records @MustUseReturnValue/@IgnorableReturnValue
// (proto enum ReturnValueStatus).
type ReturnValueStatus uint8

// Return value statuses, numbered as in metadata.proto.
const (
	ReturnValueUnspecified ReturnValueStatus = iota
	ReturnValueMustUse
	ReturnValueExplicitlyIgnorable
)

// String returns "unspecified", "must_use" or "explicitly_ignorable".
func (s ReturnValueStatus) String() string {
	return enumName(returnValueStatusNames, uint32(s), "returnValueStatus")
}

func enumName(names []string, v uint32, field string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return field + "=" + strconv.FormatUint(uint64(v), 10)
}

// Protobuf defaults for absent flags fields (metadata.proto).
const (
	// DefaultClassFlags is public final class without annotations.
	DefaultClassFlags ClassFlags = 6
	// DefaultConstructorFlags is a public constructor without annotations.
	DefaultConstructorFlags ConstructorFlags = 6
	// DefaultFunctionFlags is a public final function without annotations.
	DefaultFunctionFlags FunctionFlags = 6
	// DefaultPropertyFlags is a public final property with a getter.
	DefaultPropertyFlags PropertyFlags = 518
	// DefaultTypeAliasFlags is a public type alias without annotations.
	DefaultTypeAliasFlags TypeAliasFlags = 6
)

// ClassFlags are the packed flags of a Class.
type ClassFlags uint32

// HasAnnotations reports whether the class has annotations (in the class
// file on JVM; see Class.Annotations for those recorded in metadata).
func (f ClassFlags) HasAnnotations() bool { return fHasAnnotations.set(uint32(f)) }

// Visibility returns the class's visibility.
func (f ClassFlags) Visibility() Visibility { return Visibility(fVisibility.get(uint32(f))) }

// Modality returns the class's modality.
func (f ClassFlags) Modality() Modality { return Modality(fModality.get(uint32(f))) }

// Kind returns class, interface, enum class, object, ....
func (f ClassFlags) Kind() ClassKind { return ClassKind(fClassKind.get(uint32(f))) }

// IsInner reports an inner class.
func (f ClassFlags) IsInner() bool { return fIsInner.set(uint32(f)) }

// IsData reports a data class (or data object).
func (f ClassFlags) IsData() bool { return fIsData.set(uint32(f)) }

// IsExternal reports an external class.
func (f ClassFlags) IsExternal() bool { return fIsExternalCls.set(uint32(f)) }

// IsExpect reports an expect class.
func (f ClassFlags) IsExpect() bool { return fIsExpectCls.set(uint32(f)) }

// IsValue reports a value (inline) class.
func (f ClassFlags) IsValue() bool { return fIsValueClass.set(uint32(f)) }

// IsFunInterface reports a fun interface.
func (f ClassFlags) IsFunInterface() bool { return fIsFunInterface.set(uint32(f)) }

// HasEnumEntries reports an enum class compiled with the `entries` property.
func (f ClassFlags) HasEnumEntries() bool { return fHasEnumEntries.set(uint32(f)) }

// String prints the flags as words, e.g. "public final class data".
func (f ClassFlags) String() string { return formatFlags(uint32(f), classLayout) }

// ConstructorFlags are the packed flags of a Constructor.
type ConstructorFlags uint32

// HasAnnotations reports whether the constructor has annotations.
func (f ConstructorFlags) HasAnnotations() bool { return fHasAnnotations.set(uint32(f)) }

// Visibility returns the constructor's visibility.
func (f ConstructorFlags) Visibility() Visibility { return Visibility(fVisibility.get(uint32(f))) }

// IsSecondary reports a secondary constructor.
func (f ConstructorFlags) IsSecondary() bool { return fIsSecondary.set(uint32(f)) }

// HasNonStableParameterNames reports parameter names that may not be used in
// named arguments (constructors of Java-derived or old declarations).
func (f ConstructorFlags) HasNonStableParameterNames() bool {
	return fCtorNonStableName.set(uint32(f))
}

// ReturnValueStatus returns the must-use status.
func (f ConstructorFlags) ReturnValueStatus() ReturnValueStatus {
	return ReturnValueStatus(fCtorReturnStatus.get(uint32(f)))
}

// String prints the flags as words, e.g. "public secondary".
func (f ConstructorFlags) String() string { return formatFlags(uint32(f), constructorLayout) }

// FunctionFlags are the packed flags of a Function.
type FunctionFlags uint32

// HasAnnotations reports whether the function has annotations.
func (f FunctionFlags) HasAnnotations() bool { return fHasAnnotations.set(uint32(f)) }

// Visibility returns the function's visibility.
func (f FunctionFlags) Visibility() Visibility { return Visibility(fVisibility.get(uint32(f))) }

// Modality returns the function's modality.
func (f FunctionFlags) Modality() Modality { return Modality(fModality.get(uint32(f))) }

// Kind returns declaration, fake override, delegation or synthesized.
func (f FunctionFlags) Kind() MemberKind { return MemberKind(fMemberKind.get(uint32(f))) }

// IsOperator reports an operator function.
func (f FunctionFlags) IsOperator() bool { return fIsOperator.set(uint32(f)) }

// IsInfix reports an infix function.
func (f FunctionFlags) IsInfix() bool { return fIsInfix.set(uint32(f)) }

// IsInline reports an inline function.
func (f FunctionFlags) IsInline() bool { return fIsInline.set(uint32(f)) }

// IsTailrec reports a tailrec function.
func (f FunctionFlags) IsTailrec() bool { return fIsTailrec.set(uint32(f)) }

// IsExternal reports an external function.
func (f FunctionFlags) IsExternal() bool { return fIsExternalFun.set(uint32(f)) }

// IsSuspend reports a suspend function.
func (f FunctionFlags) IsSuspend() bool { return fIsSuspend.set(uint32(f)) }

// IsExpect reports an expect function.
func (f FunctionFlags) IsExpect() bool { return fIsExpectFun.set(uint32(f)) }

// HasNonStableParameterNames reports parameter names that may not be used in
// named arguments.
func (f FunctionFlags) HasNonStableParameterNames() bool { return fFunNonStableName.set(uint32(f)) }

// ReturnValueStatus returns the must-use status.
func (f FunctionFlags) ReturnValueStatus() ReturnValueStatus {
	return ReturnValueStatus(fFunReturnStatus.get(uint32(f)))
}

// IsStatic reports a static function (companion blocks).
func (f FunctionFlags) IsStatic() bool { return fIsStaticFun.set(uint32(f)) }

// String prints the flags as words, e.g. "public final inline".
func (f FunctionFlags) String() string { return formatFlags(uint32(f), functionLayout) }

// PropertyFlags are the packed flags of a Property.
type PropertyFlags uint32

// HasAnnotations reports whether the property has annotations.
func (f PropertyFlags) HasAnnotations() bool { return fHasAnnotations.set(uint32(f)) }

// Visibility returns the property's visibility.
func (f PropertyFlags) Visibility() Visibility { return Visibility(fVisibility.get(uint32(f))) }

// Modality returns the property's modality.
func (f PropertyFlags) Modality() Modality { return Modality(fModality.get(uint32(f))) }

// Kind returns declaration, fake override, delegation or synthesized.
func (f PropertyFlags) Kind() MemberKind { return MemberKind(fMemberKind.get(uint32(f))) }

// IsVar reports a var (a val otherwise).
func (f PropertyFlags) IsVar() bool { return fIsVar.set(uint32(f)) }

// HasGetter reports a getter; Kotlin properties always have one.
func (f PropertyFlags) HasGetter() bool { return fHasGetter.set(uint32(f)) }

// HasSetter reports a setter.
func (f PropertyFlags) HasSetter() bool { return fHasSetter.set(uint32(f)) }

// IsConst reports a const val. Not the same as HasConstant.
func (f PropertyFlags) IsConst() bool { return fIsConst.set(uint32(f)) }

// IsLateinit reports a lateinit var.
func (f PropertyFlags) IsLateinit() bool { return fIsLateinit.set(uint32(f)) }

// HasConstant reports that the compiler wrote a constant value for the
// property (ConstantValue on JVM); const vals have one, so may other vals.
func (f PropertyFlags) HasConstant() bool { return fHasConstant.set(uint32(f)) }

// IsExternal reports an external property.
func (f PropertyFlags) IsExternal() bool { return fIsExternalProp.set(uint32(f)) }

// IsDelegated reports a delegated property (`by`). Not interface
// delegation, which is Kind() == MemberKindDelegation.
func (f PropertyFlags) IsDelegated() bool { return fIsDelegated.set(uint32(f)) }

// IsExpect reports an expect property.
func (f PropertyFlags) IsExpect() bool { return fIsExpectProp.set(uint32(f)) }

// ReturnValueStatus returns the must-use status.
func (f PropertyFlags) ReturnValueStatus() ReturnValueStatus {
	return ReturnValueStatus(fPropReturnStatus.get(uint32(f)))
}

// IsStatic reports a static property (companion blocks).
func (f PropertyFlags) IsStatic() bool { return fIsStaticProp.set(uint32(f)) }

// String prints the flags as words, e.g. "public final var hasGetter hasSetter".
func (f PropertyFlags) String() string { return formatFlags(uint32(f), propertyLayout) }

// defaultAccessorFlags are the flags of an accessor whose own flags are
// absent: annotations, visibility and modality of the property, nothing else.
func (f PropertyFlags) defaultAccessorFlags() AccessorFlags {
	keep := fHasAnnotations.mask() | fVisibility.mask() | fModality.mask()
	return AccessorFlags(uint32(f) & keep)
}

// AccessorFlags are the packed flags of a property getter or setter.
type AccessorFlags uint32

// HasAnnotations reports whether the accessor has annotations.
func (f AccessorFlags) HasAnnotations() bool { return fHasAnnotations.set(uint32(f)) }

// Visibility returns the accessor's visibility.
func (f AccessorFlags) Visibility() Visibility { return Visibility(fVisibility.get(uint32(f))) }

// Modality returns the accessor's modality.
func (f AccessorFlags) Modality() Modality { return Modality(fModality.get(uint32(f))) }

// IsNotDefault reports an accessor with a body or annotations of its own.
func (f AccessorFlags) IsNotDefault() bool { return fIsNotDefault.set(uint32(f)) }

// IsExternal reports an external accessor.
func (f AccessorFlags) IsExternal() bool { return fIsExternalAccess.set(uint32(f)) }

// IsInline reports an inline accessor.
func (f AccessorFlags) IsInline() bool { return fIsInlineAccess.set(uint32(f)) }

// String prints the flags as words, e.g. "public final notDefault".
func (f AccessorFlags) String() string { return formatFlags(uint32(f), accessorLayout) }

// ValueParameterFlags are the packed flags of a ValueParameter.
type ValueParameterFlags uint32

// HasAnnotations reports whether the parameter has annotations.
func (f ValueParameterFlags) HasAnnotations() bool { return fHasAnnotations.set(uint32(f)) }

// DeclaresDefaultValue reports a parameter with a default value.
func (f ValueParameterFlags) DeclaresDefaultValue() bool { return fDeclaresDefault.set(uint32(f)) }

// IsCrossinline reports a crossinline parameter.
func (f ValueParameterFlags) IsCrossinline() bool { return fIsCrossinline.set(uint32(f)) }

// IsNoinline reports a noinline parameter.
func (f ValueParameterFlags) IsNoinline() bool { return fIsNoinline.set(uint32(f)) }

// String prints the flags as words, e.g. "declaresDefault".
func (f ValueParameterFlags) String() string { return formatFlags(uint32(f), valueParamLayout) }

// TypeAliasFlags are the packed flags of a TypeAlias.
type TypeAliasFlags uint32

// HasAnnotations reports whether the alias has annotations.
func (f TypeAliasFlags) HasAnnotations() bool { return fHasAnnotations.set(uint32(f)) }

// Visibility returns the alias's visibility.
func (f TypeAliasFlags) Visibility() Visibility { return Visibility(fVisibility.get(uint32(f))) }

// String prints the flags as words, e.g. "public".
func (f TypeAliasFlags) String() string { return formatFlags(uint32(f), typeAliasLayout) }

// TypeFlags are a Type's flags in the kotlin-metadata-jvm layout: bit 0 is
// nullability (a separate field in the proto, or implied by the type
// table's first_nullable), the proto's type flags follow from bit 1.
type TypeFlags uint32

// IsNullable reports a nullable type (T?).
func (f TypeFlags) IsNullable() bool { return fNullable.set(uint32(f)) }

// IsSuspend reports a suspend function type.
func (f TypeFlags) IsSuspend() bool { return typeLayout[1].set(uint32(f)) }

// IsDefinitelyNonNull reports a definitely non-null type (T & Any).
func (f TypeFlags) IsDefinitelyNonNull() bool { return typeLayout[2].set(uint32(f)) }

// String prints the flags as words, e.g. "nullable suspend".
func (f TypeFlags) String() string { return formatFlags(uint32(f), typeLayout) }

// TypeParameterFlags are a TypeParameter's flags (kotlin-metadata-jvm
// layout: the proto's reified field as bit 0).
type TypeParameterFlags uint32

// IsReified reports a reified type parameter.
func (f TypeParameterFlags) IsReified() bool { return fReified.set(uint32(f)) }

// String prints the flags as words, e.g. "reified".
func (f TypeParameterFlags) String() string { return formatFlags(uint32(f), typeParamLayout) }

// PropertyJvmFlags are the JVM extension flags of a property.
type PropertyJvmFlags uint32

// IsMovedFromInterfaceCompanion reports a property declared in an interface's
// companion whose field lives in the interface.
func (f PropertyJvmFlags) IsMovedFromInterfaceCompanion() bool {
	return fMovedFromInterfaceCompanion.set(uint32(f))
}

// String prints the flags as words.
func (f PropertyJvmFlags) String() string { return formatFlags(uint32(f), propertyJvmLayout) }

// ClassJvmFlags are the JVM extension flags of a class.
type ClassJvmFlags uint32

// HasMethodBodiesInInterface reports an interface compiled with default
// methods (-Xjvm-default=all or all-compatibility) rather than DefaultImpls.
func (f ClassJvmFlags) HasMethodBodiesInInterface() bool {
	return fHasMethodBodiesInInterface.set(uint32(f))
}

// IsCompiledInCompatibilityMode reports -Xjvm-default=all-compatibility.
func (f ClassJvmFlags) IsCompiledInCompatibilityMode() bool {
	return fCompiledInCompatibilityMode.set(uint32(f))
}

// String prints the flags as words.
func (f ClassJvmFlags) String() string { return formatFlags(uint32(f), classJvmLayout) }
