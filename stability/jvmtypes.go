package stability

import (
	"fmt"
	"strings"
	"sync"

	"github.com/composestab/composestab/classfile"
)

// fromJava fills c from a class file without Kotlin metadata: a Java class for the compiler.
func (u *Universe) fromJava(c *Class, cf *classfile.Class) {
	d := &c.details
	d.Origin = OriginJava
	acc := cf.Access
	c.Name = cf.Name()
	for _, ic := range cf.InnerClasses() {
		if ic.Inner == cf.Name() {
			acc = ic.Access
			if ic.Outer != "" && ic.InnerName != "" {
				c.Name = u.ClassByJVMName(ic.Outer).loaded().Name + "." + ic.InnerName
			}
		}
	}
	switch {
	case acc&classfile.AccAnnotation != 0:
		d.Kind = KindAnnotationClass
	case acc&classfile.AccInterface != 0:
		d.Kind = KindInterface
	case acc&classfile.AccEnum != 0:
		d.Kind = KindEnumClass
	}
	switch {
	case acc&classfile.AccFinal != 0:
		d.Modality = Final
	case acc&(classfile.AccAbstract|classfile.AccInterface) != 0:
		d.Modality = Abstract
	default:
		d.Modality = Open
	}
	switch {
	case acc&classfile.AccPublic != 0:
		d.Visibility = Public
	case acc&classfile.AccProtected != 0:
		d.Visibility = Protected
	default:
		d.Visibility = Private
	}
	if sig := cf.Signature(); sig != "" {
		params, supers, err := classfile.ParseClassSignature(sig)
		if err != nil {
			d.Err = err
		} else {
			for i, tp := range params {
				d.TypeParameters = append(d.TypeParameters, &TypeParameter{Owner: c.Name, Name: tp.Name, Index: i})
			}
			// Bounds may name any of the class's type parameters, so they come second.
			for i, tp := range params {
				for _, b := range tp.Bounds {
					d.TypeParameters[i].Bounds = append(d.TypeParameters[i].Bounds, u.signatureType(c, b))
				}
			}
			for _, st := range supers {
				if t := u.signatureType(c, st); t.Class != nil {
					d.Supertypes = append(d.Supertypes, t)
				}
			}
		}
	}
	if d.Supertypes == nil {
		if s := cf.SuperName(); s != "" {
			d.Supertypes = append(d.Supertypes, &Type{Class: u.jvmClass(s)})
		}
		for _, i := range cf.Interfaces() {
			d.Supertypes = append(d.Supertypes, &Type{Class: u.jvmClass(i)})
		}
	}
}

// jvmFieldType reads a field's type from its generic signature or its descriptor, mapping JVM
// classes to the Kotlin classes the compiler would see. c may be loading, so its details are read
// without Ensure.
func (u *Universe) jvmFieldType(c *Class, fd *classfile.Field) *Type {
	s := fd.Signature
	if s == "" {
		s = fd.Descriptor
	}
	st, err := classfile.ParseFieldSignature(s)
	if err != nil {
		return &Type{Class: u.ClassByName("kotlin/Any")}
	}
	t := u.signatureType(c, st)
	// Kotlin's own fields ($$delegate_N, x$delegate) hold non-null values.
	t.Nullable = c.details.Origin != OriginKotlin
	return t
}

// jvmToKotlin maps the JVM classes that Kotlin sees as its own built-ins.
var jvmToKotlin = map[string]string{
	"java/lang/Object":                "kotlin/Any",
	"java/lang/String":                "kotlin/String",
	"java/lang/CharSequence":          "kotlin/CharSequence",
	"java/lang/Comparable":            "kotlin/Comparable",
	"java/lang/Number":                "kotlin/Number",
	"java/lang/Enum":                  "kotlin/Enum",
	"java/lang/Throwable":             "kotlin/Throwable",
	"java/lang/Cloneable":             "kotlin/Cloneable",
	"java/lang/annotation/Annotation": "kotlin/Annotation",
	"java/lang/Iterable":              "kotlin/collections/Iterable",
	"java/util/Iterator":              "kotlin/collections/Iterator",
	"java/util/ListIterator":          "kotlin/collections/ListIterator",
	"java/util/Collection":            "kotlin/collections/Collection",
	"java/util/List":                  "kotlin/collections/List",
	"java/util/Set":                   "kotlin/collections/Set",
	"java/util/Map":                   "kotlin/collections/Map",
	"java/util/Map$Entry":             "kotlin/collections/Map.Entry",
	"java/lang/Boolean":               "kotlin/Boolean",
	"java/lang/Character":             "kotlin/Char",
	"java/lang/Byte":                  "kotlin/Byte",
	"java/lang/Short":                 "kotlin/Short",
	"java/lang/Integer":               "kotlin/Int",
	"java/lang/Long":                  "kotlin/Long",
	"java/lang/Float":                 "kotlin/Float",
	"java/lang/Double":                "kotlin/Double",
}

var primitiveDescriptors = map[byte]string{
	'Z': "kotlin/Boolean", 'C': "kotlin/Char", 'B': "kotlin/Byte", 'S': "kotlin/Short",
	'I': "kotlin/Int", 'J': "kotlin/Long", 'F': "kotlin/Float", 'D': "kotlin/Double", 'V': "kotlin/Unit",
}

func (u *Universe) jvmClass(internal string) *Class {
	if k, ok := jvmToKotlin[internal]; ok {
		return u.ClassByName(k)
	}
	if strings.HasPrefix(internal, "kotlin/jvm/functions/Function") {
		return u.ClassByName("kotlin/" + strings.TrimPrefix(internal, "kotlin/jvm/functions/"))
	}
	return u.ClassByJVMName(internal)
}

// signatureType maps a JVM type signature to the model as the Compose compiler sees the Java
// type: JVM classes as their Kotlin counterparts, primitive arrays as IntArray and the like,
// other arrays as Array<T>, everything nullable (a platform type) but primitives. A type
// variable that is not one of owner's is Any?. owner is loading, so its details are read without
// Ensure.
func (u *Universe) signatureType(owner *Class, st *classfile.TypeSignature) *Type {
	switch st.Kind {
	case classfile.SigClass:
		t := &Type{Class: u.jvmClass(st.Class), Nullable: true}
		for _, a := range st.Args {
			switch a.Wildcard {
			case '*':
				t.Args = append(t.Args, TypeArg{Star: true})
			case '+':
				t.Args = append(t.Args, TypeArg{Variance: Out, Type: u.signatureType(owner, a.Type)})
			case '-':
				t.Args = append(t.Args, TypeArg{Variance: In, Type: u.signatureType(owner, a.Type)})
			default:
				t.Args = append(t.Args, TypeArg{Type: u.signatureType(owner, a.Type)})
			}
		}
		return t
	case classfile.SigTypeVar:
		for _, tp := range owner.details.TypeParameters {
			if tp.Name == st.Var {
				return &Type{Param: tp, Nullable: true}
			}
		}
		return &Type{Class: u.ClassByName("kotlin/Any"), Nullable: true}
	case classfile.SigArray:
		if st.Elem.Kind == classfile.SigBase {
			return &Type{Class: u.ClassByName(primitiveDescriptors[st.Elem.Base] + "Array"), Nullable: true}
		}
		return &Type{Class: u.ClassByName("kotlin/Array"), Args: []TypeArg{{Type: u.signatureType(owner, st.Elem)}}, Nullable: true}
	}
	return &Type{Class: u.ClassByName(primitiveDescriptors[st.Base])}
}

// Kotlin's built-in classes have no class files of their own (kotlin.collections.List is
// java.util.List on the JVM, but an interface of Kotlin's for the compiler).
var (
	builtinsOnce sync.Once
	builtins     map[string]*Class
)

func builtinClass(name string) (*Class, bool) {
	builtinsOnce.Do(initBuiltins)
	if c, ok := builtins[name]; ok {
		return c, true
	}
	if rest, ok := strings.CutPrefix(name, "kotlin/coroutines/SuspendFunction"); ok && rest != "" {
		if _, ok := functionArity("kotlin/Function" + rest); ok {
			return newBuiltin(name, KindInterface, Abstract, ""), true
		}
	}
	if n, ok := functionArity(name); ok {
		params := make([]string, n+1)
		for i := range params {
			params[i] = fmt.Sprintf("P%d", i+1)
		}
		params[n] = "R"
		return newBuiltin(name, KindInterface, Abstract, strings.Join(params, ",")), true
	}
	return nil, false
}

func newBuiltin(name string, kind ClassKind, m Modality, params string) *Class {
	d := ClassDetails{Kind: kind, Modality: m, Visibility: Public, Origin: OriginBuiltin}
	if params != "" {
		for i, p := range strings.Split(params, ",") {
			d.TypeParameters = append(d.TypeParameters, &TypeParameter{Owner: name, Name: p, Index: i})
		}
	}
	return NewClass(name, d)
}

func initBuiltins() {
	builtins = map[string]*Class{}
	add := func(kind ClassKind, m Modality, params string, names ...string) {
		for _, n := range names {
			builtins[n] = newBuiltin(n, kind, m, params)
		}
	}
	add(KindClass, Final, "", "kotlin/Boolean", "kotlin/Char", "kotlin/Byte", "kotlin/Short", "kotlin/Int",
		"kotlin/Long", "kotlin/Float", "kotlin/Double", "kotlin/String", "kotlin/Nothing",
		"kotlin/BooleanArray", "kotlin/CharArray", "kotlin/ByteArray", "kotlin/ShortArray", "kotlin/IntArray",
		"kotlin/LongArray", "kotlin/FloatArray", "kotlin/DoubleArray")
	add(KindObject, Final, "", "kotlin/Unit")
	add(KindClass, Open, "", "kotlin/Any", "kotlin/Throwable")
	add(KindClass, Abstract, "", "kotlin/Number")
	add(KindClass, Abstract, "E", "kotlin/Enum")
	add(KindClass, Final, "T", "kotlin/Array")
	add(KindInterface, Abstract, "", "kotlin/CharSequence", "kotlin/Annotation", "kotlin/Cloneable", "kotlin/Function")
	add(KindInterface, Abstract, "T", "kotlin/Comparable", "kotlin/collections/Iterable", "kotlin/collections/MutableIterable",
		"kotlin/collections/Iterator", "kotlin/collections/MutableIterator", "kotlin/collections/ListIterator",
		"kotlin/collections/MutableListIterator")
	add(KindInterface, Abstract, "E", "kotlin/collections/Collection", "kotlin/collections/MutableCollection",
		"kotlin/collections/List", "kotlin/collections/MutableList", "kotlin/collections/Set", "kotlin/collections/MutableSet")
	add(KindInterface, Abstract, "K,V", "kotlin/collections/Map", "kotlin/collections/MutableMap",
		"kotlin/collections/Map.Entry", "kotlin/collections/MutableMap.MutableEntry")
}

// KotlinName returns the Kotlin name of a class named on the JVM, in the dotted form
// configuration files use: java/util/List is kotlin.collections.List, a/b/Outer$Inner is
// a.b.Outer.Inner (a '$' in a class's own name is taken for nesting).
func KotlinName(jvmName string) string {
	if k, ok := jvmToKotlin[jvmName]; ok {
		jvmName = k
	}
	return strings.NewReplacer("/", ".", "$", ".").Replace(jvmName)
}
