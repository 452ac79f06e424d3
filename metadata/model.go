package metadata

import (
	"strconv"
	"strings"
)

// The model follows kotlin-metadata-jvm's node names (KmClass → Class,
// KmType → Type, ...). Values are read-only once Read returns; nothing in a
// Metadata is shared with another Metadata.

// Kind is the kind of class file a kotlin.Metadata annotation describes: its
// k value.
type Kind int

// The kinds the format defines (KotlinClassMetadata.*_KIND).
const (
	KindClass                Kind = 1 // a class, interface, object, ...: Metadata.Class
	KindFileFacade           Kind = 2 // FooKt for the top level of Foo.kt: Metadata.Package
	KindSyntheticClass       Kind = 3 // lambdas, DefaultImpls, WhenMappings: Metadata.Lambda or nothing
	KindMultiFileClassFacade Kind = 4 // @JvmMultifileClass facade: Metadata.PartClassNames
	KindMultiFileClassPart   Kind = 5 // one part of it: Metadata.Package and FacadeClassName
)

// String returns "class", "file facade", ... or "unknown kind N".
func (k Kind) String() string {
	switch k {
	case KindClass:
		return "class"
	case KindFileFacade:
		return "file facade"
	case KindSyntheticClass:
		return "synthetic class"
	case KindMultiFileClassFacade:
		return "multi-file class facade"
	case KindMultiFileClassPart:
		return "multi-file class part"
	}
	return "unknown kind " + strconv.Itoa(int(k))
}

// Metadata is one decoded kotlin.Metadata annotation. Exactly one of the
// kind-specific fields is set, or none for a synthetic class that is not a
// lambda and for an unknown kind (whose raw Header is kept).
type Metadata struct {
	Header  *Header // the annotation as read
	Kind    Kind
	Version [3]int // metadata version (major, minor, patch)
	Flags   int    // the annotation's xi

	Class           *Class    // KindClass
	Package         *Package  // KindFileFacade, KindMultiFileClassPart
	Lambda          *Function // KindSyntheticClass when it is a lambda
	PartClassNames  []string  // KindMultiFileClassFacade: JVM internal names of the parts
	FacadeClassName string    // KindMultiFileClassPart: JVM internal name of the facade (xs)

	// Warnings lists what a lenient read chose to tolerate, such as a
	// metadata version newer than this decoder knows.
	Warnings []string
}

// Class is a Kotlin class, interface, object, enum or annotation class
// (KmClass).
type Class struct {
	Flags          ClassFlags
	Name           string // Kotlin class name: "a/b/Outer.Inner", local names start with '.'
	TypeParameters []*TypeParameter
	Supertypes     []*Type
	Constructors   []*Constructor
	Functions      []*Function
	Properties     []*Property
	TypeAliases    []*TypeAlias

	CompanionObject  string   // simple name of the companion object, "" if none
	NestedClasses    []string // simple names
	EnumEntries      []*EnumEntry
	SealedSubclasses []string // Kotlin class names

	InlineClassUnderlyingPropertyName string // value classes: the property, "" if none
	InlineClassUnderlyingType         *Type  // value classes: its type, nil if none

	ContextReceiverTypes []*Type       // deprecated context receivers of the class
	Annotations          []*Annotation // annotations recorded in metadata (K2: e.g. @StabilityInferred)
	VersionRequirements  []*VersionRequirement
	CompilerPluginData   []*CompilerPluginData

	// JVM extensions.
	ModuleName                string // "main" when the compiler did not record one
	AnonymousObjectOriginName string // for anonymous objects copied from inline functions
	JvmFlags                  ClassJvmFlags
	LocalDelegatedProperties  []*Property
}

// Package holds the top-level declarations of a file facade or of a part of a
// multi-file facade (KmPackage).
type Package struct {
	Functions   []*Function
	Properties  []*Property
	TypeAliases []*TypeAlias

	// JVM extensions.
	ModuleName               string // "main" when the compiler did not record one
	LocalDelegatedProperties []*Property
}

// EnumEntry is one entry of an enum class.
type EnumEntry struct {
	Name        string
	Annotations []*Annotation
}

// Constructor is a class constructor (KmConstructor).
type Constructor struct {
	Flags               ConstructorFlags
	ValueParameters     []*ValueParameter
	Annotations         []*Annotation
	VersionRequirements []*VersionRequirement
	CompilerPluginData  []*CompilerPluginData

	// Signature is the JVM method, e.g. <init>(Ljava/lang/String;)V; nil
	// when neither recorded nor computable from the parameter types.
	Signature *MethodSignature
}

// Function is a function or a lambda (KmFunction).
type Function struct {
	Flags          FunctionFlags
	Name           string
	TypeParameters []*TypeParameter
	ReceiverType   *Type // extension receiver, nil if none
	// ContextParameters are the context parameters; deprecated context
	// receivers appear here too, named "_", as kotlin-metadata-jvm does.
	ContextParameters []*ValueParameter
	ValueParameters   []*ValueParameter
	ReturnType        *Type

	Annotations                  []*Annotation
	ExtensionReceiverAnnotations []*Annotation
	VersionRequirements          []*VersionRequirement
	CompilerPluginData           []*CompilerPluginData

	// JVM extensions.
	Signature             *MethodSignature // nil when neither recorded nor computable
	LambdaClassOriginName string           // lambdas copied from inline functions
}

// Property is a property (KmProperty).
type Property struct {
	Flags          PropertyFlags
	Name           string
	GetterFlags    AccessorFlags // inherit the property's annotations, visibility and modality when absent
	SetterFlags    AccessorFlags // meaningful only when Flags.HasSetter()
	TypeParameters []*TypeParameter
	ReceiverType   *Type
	// ContextParameters as for Function.
	ContextParameters []*ValueParameter
	SetterParameter   *ValueParameter // the setter's parameter when it is named or annotated
	ReturnType        *Type

	Annotations                  []*Annotation
	GetterAnnotations            []*Annotation
	SetterAnnotations            []*Annotation
	ExtensionReceiverAnnotations []*Annotation
	BackingFieldAnnotations      []*Annotation
	DelegateFieldAnnotations     []*Annotation
	VersionRequirements          []*VersionRequirement
	CompilerPluginData           []*CompilerPluginData

	// JVM extensions.

	// Field is the backing field (for a delegated property: the delegate
	// field), nil when there is none.
	Field  *FieldSignature
	Getter *MethodSignature // nil when the getter is not a JVM method (private, @JvmField, const)
	Setter *MethodSignature
	// SyntheticMethodForAnnotations is the method that carries the
	// property's annotations on JVM (name$annotations).
	SyntheticMethodForAnnotations *MethodSignature
	// DelegateMethod replaces a delegate field that was optimized away.
	DelegateMethod *MethodSignature
	JvmFlags       PropertyJvmFlags
}

// IsMovedFromInterfaceCompanion is JvmFlags.IsMovedFromInterfaceCompanion.
func (p *Property) IsMovedFromInterfaceCompanion() bool {
	return p.JvmFlags.IsMovedFromInterfaceCompanion()
}

// ValueParameter is a function, constructor, context or setter parameter
// (KmValueParameter).
type ValueParameter struct {
	Flags             ValueParameterFlags
	Name              string
	Type              *Type
	VarargElementType *Type // element type of a vararg parameter, nil otherwise
	Annotations       []*Annotation
	// AnnotationParameterDefaultValue is the default of an annotation
	// class's constructor parameter, nil if none.
	AnnotationParameterDefaultValue *AnnotationArgument
}

// TypeAlias is a typealias (KmTypeAlias).
type TypeAlias struct {
	Flags               TypeAliasFlags
	Name                string
	TypeParameters      []*TypeParameter
	UnderlyingType      *Type
	ExpandedType        *Type
	Annotations         []*Annotation
	VersionRequirements []*VersionRequirement
	CompilerPluginData  []*CompilerPluginData
}

// Variance is the declared variance of a type parameter or the projection of
// a type argument.
type Variance uint8

// Variances.
const (
	Invariant Variance = iota
	In
	Out
)

// String returns "", "in" or "out".
func (v Variance) String() string {
	switch v {
	case In:
		return "in"
	case Out:
		return "out"
	}
	return ""
}

// TypeParameter is a declared type parameter (KmTypeParameter). Types refer
// to it by ID, which is unique within one class file's metadata.
type TypeParameter struct {
	ID          int
	Name        string
	Flags       TypeParameterFlags
	Variance    Variance
	UpperBounds []*Type // empty means kotlin/Any?
	Annotations []*Annotation
}

// IsReified reports a reified type parameter.
func (tp *TypeParameter) IsReified() bool { return tp.Flags.IsReified() }

// ClassifierKind says what a Type's classifier names.
type ClassifierKind uint8

// Classifier kinds.
const (
	ClassifierClass         ClassifierKind = iota // Classifier.Name is a class name
	ClassifierTypeParameter                       // Classifier.TypeParameterID is set
	ClassifierTypeAlias                           // Classifier.Name is a type alias name (abbreviations only)
)

// Classifier is what a Type is built on (KmClassifier).
type Classifier struct {
	Kind            ClassifierKind
	Name            string // class or type-alias name, "a/b/Outer.Inner"
	TypeParameterID int    // type parameter, resolved by the enclosing declarations
}

// Projection is a type argument (KmTypeProjection). The zero value, with a
// nil Type, is the star projection.
type Projection struct {
	Variance Variance
	Type     *Type
}

// IsStar reports the star projection.
func (p Projection) IsStar() bool { return p.Type == nil }

// FlexibleUpperBound is the upper bound of a flexible type; the Type that
// holds it is the lower bound.
type FlexibleUpperBound struct {
	Type *Type
	// TypeFlexibilityID names the kind of flexibility:
	// "kotlin.jvm.PlatformType" for Java platform types, "" if absent.
	TypeFlexibilityID string
}

// PlatformTypeID is the flexibility id of platform types.
const PlatformTypeID = "kotlin.jvm.PlatformType"

// Type is a type use (KmType). Types read from the type table are copied at
// each use, so every Type belongs to one place in the model.
type Type struct {
	Flags      TypeFlags
	Classifier Classifier
	Arguments  []Projection
	// Outer is the outer part of an inner class's type, e.g. Outer<A> in
	// Outer<A>.Inner<B>.
	Outer *Type
	// Abbreviation is the type alias use this type was expanded from.
	Abbreviation       *Type
	FlexibleUpperBound *FlexibleUpperBound
	Annotations        []*Annotation // type annotations recorded in metadata
	IsRaw              bool          // JVM: a raw Java type
}

// IsNullable reports T?.
func (t *Type) IsNullable() bool { return t.Flags.IsNullable() }

// MethodSignature is a JVM method: name and descriptor.
type MethodSignature struct {
	Name       string
	Descriptor string
}

// String returns name+descriptor, e.g. "get(I)Ljava/lang/Object;".
func (s *MethodSignature) String() string { return s.Name + s.Descriptor }

// FieldSignature is a JVM field: name and descriptor.
type FieldSignature struct {
	Name       string
	Descriptor string
}

// String returns name:descriptor, e.g. "x:I".
func (s *FieldSignature) String() string { return s.Name + ":" + s.Descriptor }

// Annotation is an annotation recorded in metadata (KmAnnotation).
type Annotation struct {
	ClassName string // Kotlin class name
	// Arguments in recorded order; a repeated name keeps its first place
	// and its last value, as kotlin-metadata-jvm's map does.
	Arguments []AnnotationArgumentPair
}

// AnnotationArgumentPair is one named argument of an Annotation.
type AnnotationArgumentPair struct {
	Name  string
	Value *AnnotationArgument
}

// ArgumentKind is the type of an annotation argument value.
type ArgumentKind uint8

// Argument kinds.
const (
	ArgByte ArgumentKind = iota
	ArgChar
	ArgShort
	ArgInt
	ArgLong
	ArgFloat
	ArgDouble
	ArgBoolean
	ArgUByte
	ArgUShort
	ArgUInt
	ArgULong
	ArgString
	ArgKClass     // ClassName, with ArrayDimensions for Array<...>::class
	ArgEnum       // ClassName and EnumEntry
	ArgAnnotation // Annotation
	ArgArray      // Elements
)

// AnnotationArgument is an annotation argument value (KmAnnotationArgument).
type AnnotationArgument struct {
	Kind            ArgumentKind
	Int             int64   // integer kinds, Char (UTF-16 unit) and Boolean (0/1); unsigned kinds hold the bits
	Float           float64 // ArgFloat and ArgDouble (a float32 value widened)
	String          string
	ClassName       string
	ArrayDimensions int
	EnumEntry       string
	Annotation      *Annotation
	Elements        []*AnnotationArgument
}

// VersionKind is what a VersionRequirement constrains.
type VersionKind uint8

// Version kinds.
const (
	VersionKindLanguage VersionKind = iota
	VersionKindCompiler
	VersionKindAPI
	VersionKindUnknown // the requirement's id is not in the table (tolerated for mv < 1.4)
)

// VersionLevel is the severity of a VersionRequirement.
type VersionLevel uint8

// Version levels.
const (
	VersionLevelWarning VersionLevel = iota
	VersionLevelError
	VersionLevelHidden
)

// VersionRequirement says which compiler, language or API version a
// declaration needs (KmVersionRequirement).
type VersionRequirement struct {
	Kind                VersionKind
	Level               VersionLevel
	Major, Minor, Patch int // 256.256.256 when absent
	ErrorCode           *int
	Message             *string
}

// CompilerPluginData is opaque data that a compiler plugin stored.
type CompilerPluginData struct {
	PluginID string
	Data     []byte
}

// Annotation returns the annotation of class className (Kotlin format, e.g.
// "androidx/compose/runtime/internal/StabilityInferred") recorded in the
// class's metadata, or nil.
func (c *Class) Annotation(className string) *Annotation {
	for _, a := range c.Annotations {
		if a != nil && a.ClassName == className {
			return a
		}
	}
	return nil
}

// Argument returns the value of the argument called name, or nil.
func (a *Annotation) Argument(name string) *AnnotationArgument {
	for _, p := range a.Arguments {
		if p.Name == name {
			return p.Value
		}
	}
	return nil
}

// JVMInternalName converts a Kotlin class name ("a/b/Outer.Inner") to the
// JVM internal name ("a/b/Outer$Inner"). A local class name (leading '.')
// is already the JVM name after the dot.
func JVMInternalName(className string) string {
	if strings.HasPrefix(className, ".") {
		return className[1:]
	}
	return strings.ReplaceAll(className, ".", "$")
}
