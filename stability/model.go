package stability

import (
	"strconv"
	"strings"
	"sync"

	"github.com/composestab/composestab/metadata"
)

// ClassKind is the Kotlin kind of a class.
type ClassKind uint8

// Class kinds, as Kotlin metadata names them.
const (
	KindClass ClassKind = iota
	KindInterface
	KindEnumClass
	KindEnumEntry
	KindAnnotationClass
	KindObject
	KindCompanionObject
)

var kindNames = [...]string{"class", "interface", "enum class", "enum entry", "annotation class", "object", "companion object"}

func (k ClassKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind?"
}

// Modality is final, open, abstract or sealed.
type Modality uint8

// Modalities.
const (
	Final Modality = iota
	Open
	Abstract
	Sealed
)

func (m Modality) String() string {
	return [...]string{"final", "open", "abstract", "sealed"}[m&3]
}

// Visibility is a Kotlin visibility.
type Visibility uint8

// Visibilities. Package-private Java classes are reported as Private from outside their package.
const (
	Public Visibility = iota
	Internal
	Protected
	Private
	Local
)

func (v Visibility) String() string {
	return [...]string{"public", "internal", "protected", "private", "local"}[v%5]
}

// isPublicAPI is Kotlin's Visibility.isPublicAPI: public or protected.
func (v Visibility) isPublicAPI() bool { return v == Public || v == Protected }

// Origin says what kind of declaration a class is for the compiler: a Kotlin class (with
// metadata), a Java class, a Kotlin built-in that has no class file of its own, or a class that is
// referenced but could not be found.
type Origin uint8

// Origins.
const (
	OriginKotlin Origin = iota
	OriginJava
	OriginBuiltin
	OriginMissing
)

func (o Origin) String() string {
	return [...]string{"kotlin", "java", "builtin", "missing"}[o&3]
}

// Variance of a type parameter or a type argument.
type Variance uint8

// Variances.
const (
	Invariant Variance = iota
	In
	Out
)

// Module is one unit of compilation as composestab sees it: the classes of one input (a jar, an
// AAR or a class folder). Classes of the module under analysis are inferred field by field;
// classes of other modules are dependencies.
type Module struct {
	// Name is the input's path or a label.
	Name string
}

// Class is one class as the inference sees it. A Class starts as a shell that knows only its
// name; Ensure loads the rest on first use, so that resolving a type costs nothing until the
// inference needs the class.
type Class struct {
	// Name is the Kotlin class name in metadata form: "com/example/Outer.Inner". A shell
	// created from a JVM name learns its Kotlin name when it loads, so code that may hold an
	// unloaded class reads Name only after Ensure, FqName or SimpleName.
	Name string
	// JVMName is the internal JVM name: "com/example/Outer$Inner"; "" for built-ins.
	JVMName string

	// details are valid once load has run: loaders fill them, other code reads them through
	// Ensure (or after loaded).
	details ClassDetails
	once    sync.Once
	load    func(*Class)
	fqName  string // Name with dots, set with details
	fixOnce sync.Once
	// fixups finish a class once it is loaded; they may load (never fix up) other classes, so
	// that two classes referring to each other cannot wait on each other.
	fixups []func()
}

// ClassDetails is what loading a class tells of it beyond its name; Class.Ensure returns it.
type ClassDetails struct {
	Kind       ClassKind
	Modality   Modality
	Visibility Visibility
	Inner      bool
	Value      bool // an inline (value) class
	Data       bool
	Expect     bool
	Origin     Origin

	// Module is the input the class was read from; nil for built-ins and missing classes.
	Module *Module
	// Input is the path of the jar or folder the class came from, and Entry the entry inside it.
	Input, Entry string
	// File identifies the source file: the JVM package and the SourceFile attribute. Two classes
	// of one module with the same File were compiled from one file.
	File string
	// Line is the first source line of the class's code, 0 if unknown; it orders classes of one
	// file as the compiler declared them.
	Line int

	TypeParameters []*TypeParameter
	Supertypes     []*Type
	// MetadataKind is the kotlin.Metadata kind (k): metadata.KindClass, KindFileFacade,
	// KindSyntheticClass (lambdas, $DefaultImpls, $WhenMappings), KindMultiFileClassFacade or
	// KindMultiFileClassPart; 0 without Kotlin metadata.
	MetadataKind metadata.Kind
	// Synthetic is a class file marked ACC_SYNTHETIC; Anonymous a class the InnerClasses
	// attribute lists without a name (Java's Outer$1, Kotlin's anonymous objects).
	Synthetic, Anonymous bool
	// SuperName is the class file's superclass (internal name), "" without a class file. It tells
	// the superclass from the interfaces among Supertypes when an interface cannot be found.
	SuperName string
	// Fields are the declarations the compiler looks at, in declaration order: properties with a
	// backing field and bare fields such as $$delegate_0.
	Fields []*Field
	// Annotations are the annotation classes of the annotations on the class itself.
	Annotations []*Class
	// Inferred is the @StabilityInferred parameters value, nil without the annotation.
	Inferred *int32
	// HasStableField tells whether the class has a static $stable field.
	HasStableField bool
	// MentionsComposer tells whether the class file names androidx.compose.runtime.Composer at
	// all: only such a class can declare a composable, a composable lambda or an inlined one.
	MentionsComposer bool
	// MetadataVersion is the Kotlin metadata version the producing compiler wrote (mv), such as
	// "2.4.0"; "" for Java classes.
	MetadataVersion string
	// InferredInMetadata tells whether @StabilityInferred is also recorded in the Kotlin metadata,
	// which K2 compilers (Kotlin 2.0 and later) do and K1 compilers did not.
	InferredInMetadata bool
	// Underlying is the underlying type of a value class.
	Underlying *Type

	// Err records why a class could not be loaded fully; the inference treats such a class as
	// Unstable and says why.
	Err error

	// kindGuessed: the kind is a guess, for a JDK class neither on the classpath nor in the
	// embedded facts (jdk.txt): it may be an interface.
	kindGuessed bool
}

// NewClass returns a class whose details are known without loading: a test's, or the zero
// ClassDetails for a class that is only to be named.
func NewClass(name string, d ClassDetails) *Class {
	return &Class{Name: name, details: d}
}

// newShell returns a class whose details load fills in on first use.
func newShell(name string, load func(*Class)) *Class {
	return &Class{Name: name, load: load}
}

// Ensure loads the class if that has not happened yet and returns its details. It is safe for
// concurrent use.
func (c *Class) Ensure() *ClassDetails {
	// A loader calls loaded instead, for its own class and the others: fixups may load classes
	// and would wait on a load in progress.
	c.loaded()
	c.fixOnce.Do(func() {
		for _, f := range c.fixups {
			f()
		}
		c.fixups = nil
	})
	return &c.details
}

// loaded runs only the load phase; loaders use it for the classes they need (an outer class), as
// loads never depend on each other in a cycle.
func (c *Class) loaded() *Class {
	c.once.Do(func() {
		if c.load != nil {
			c.load(c)
		}
		// A local class has no Kotlin qualified name: its metadata name is '.' and the JVM
		// name, shown dotted as the JVM's Class.getName does (com.example.MainKt$screen$Local).
		c.fqName = strings.ReplaceAll(strings.TrimPrefix(c.Name, "."), "/", ".")
	})
	return c
}

// FqName is the Kotlin fully qualified name, "com.example.Outer.Inner".
func (c *Class) FqName() string { return c.loaded().fqName }

// SimpleName is the class's own name, as the compiler prints it in Runtime(...) and
// Uncertain(...).
func (c *Class) SimpleName() string {
	n := c.loaded().Name
	if i := strings.LastIndexAny(n, "/."); i >= 0 {
		n = n[i+1:]
	}
	return n
}

// TypeParameter is a type parameter of a class.
type TypeParameter struct {
	// Owner is the name of the declaring class, so that T of Box and T of Pair stay apart.
	Owner    string
	Name     string
	Index    int
	Variance Variance
	Reified  bool
	Bounds   []*Type

	id int // the metadata id, by which types refer to the parameter
}

// Type is a Kotlin type: a class with arguments, or a type parameter, possibly nullable.
type Type struct {
	// Class is the classifier, nil when the type is a type parameter.
	Class *Class
	// Param is the type-parameter classifier, nil for a class type.
	Param    *TypeParameter
	Args     []TypeArg
	Nullable bool
	// Composable marks a function type annotated @Composable, which the plugin rewrites to take
	// a Composer and an Int.
	Composable bool
	// Extension marks an extension function type (@ExtensionFunctionType), which the compiler's
	// reports print as an annotation.
	Extension bool
}

// TypeArg is a type argument: a star projection, or a type with a variance.
type TypeArg struct {
	Star     bool
	Variance Variance
	Type     *Type
}

// Field is one declaration of a class that the compiler's field analysis visits.
type Field struct {
	// Name is the backing field's JVM name, as the report prints it (lazyVal$delegate,
	// $$delegate_0).
	Name string
	// Var follows the property's var-ness; a bare field always counts as var in the report.
	Var       bool
	Delegated bool
	// Bare is a field with no property, such as the interface-delegation field.
	Bare bool
	Type *Type
	// Visibility is the property's (Public for a bare field): a @Stable class's contract is
	// about what other modules can observe.
	Visibility Visibility
}

// String renders the type the way the compiler's reports do: simple class names, arguments in
// angle brackets, "?" for nullable, "*" for a star projection.
func (t *Type) String() string {
	var b strings.Builder
	t.render(&b, renderSimple)
	return b.String()
}

// UnloweredString renders the type as releases before 2.1.0 print it in -classes.txt: a composable
// function type as written, @[Composable] ComposableFunction0<Unit>, rather than the
// Function2<Composer, Int, Unit> it is lowered to.
func (t *Type) UnloweredString() string {
	var b strings.Builder
	t.render(&b, renderUnlowered)
	return b.String()
}

// How render names classes.
const (
	renderSimple = iota
	renderQualified
	renderUnlowered
)

// loweredComposable reports whether t is a composable function type of k parameters as lowered:
// Function(k+2)<P1, …, Pk, Composer, Int, R>, one $changed int (k ≤ 9).
func (t *Type) loweredComposable() (k int, ok bool) {
	if t.Class == nil || !isFunctionName(t.Class.loaded().Name) || !strings.HasPrefix(t.Class.Name, "kotlin/Function") {
		return 0, false
	}
	n := len(t.Args)
	if n < 3 || n > 12 {
		return 0, false
	}
	composer, changed := t.Args[n-3].Type, t.Args[n-2].Type
	if composer == nil || composer.Class == nil || composer.Class.loaded().Name != "androidx/compose/runtime/Composer" ||
		changed == nil || changed.Class == nil || changed.Class.loaded().Name != "kotlin/Int" {
		return 0, false
	}
	return n - 3, true
}

// QualifiedString renders the type with qualified class names ("com.example.Outer.Inner<kotlin.Int>?"),
// the syntax evaluate's Instantiator parses.
func (t *Type) QualifiedString() string {
	var b strings.Builder
	t.render(&b, renderQualified)
	return b.String()
}

func (t *Type) render(b *strings.Builder, how int) {
	switch {
	case t == nil:
		b.WriteString("?")
		return
	case t.Param != nil:
		b.WriteString(t.Param.Name)
	default:
		if t.Extension {
			b.WriteString("@[ExtensionFunctionType] ")
		}
		args := t.Args
		k, composable := t.loweredComposable()
		switch {
		case how == renderUnlowered && composable:
			b.WriteString("@[Composable] ComposableFunction" + strconv.Itoa(k))
			args = append(args[:k:k], args[len(args)-1])
		case how == renderQualified:
			b.WriteString(t.Class.FqName())
		default:
			b.WriteString(t.Class.SimpleName())
		}
		if len(args) > 0 {
			b.WriteByte('<')
			for i, a := range args {
				if i > 0 {
					b.WriteString(", ")
				}
				switch {
				case a.Star:
					b.WriteByte('*')
					continue
				case a.Variance == In:
					b.WriteString("in ")
				case a.Variance == Out:
					b.WriteString("out ")
				}
				a.Type.render(b, how)
			}
			b.WriteByte('>')
		}
	}
	if t.Nullable {
		b.WriteByte('?')
	}
}
