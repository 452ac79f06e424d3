package stability

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/composestab/composestab/classfile"
)

// fromJava fills c from a class file without Kotlin metadata: a Java class for the compiler.
func (u *Universe) fromJava(c *Class, cf *classfile.Class) {
	c.Origin = OriginJava
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
		c.Kind = KindAnnotationClass
	case acc&classfile.AccInterface != 0:
		c.Kind = KindInterface
	case acc&classfile.AccEnum != 0:
		c.Kind = KindEnumClass
	}
	switch {
	case acc&classfile.AccFinal != 0:
		c.Modality = Final
	case acc&(classfile.AccAbstract|classfile.AccInterface) != 0:
		c.Modality = Abstract
	default:
		c.Modality = Open
	}
	switch {
	case acc&classfile.AccPublic != 0:
		c.Visibility = Public
	case acc&classfile.AccProtected != 0:
		c.Visibility = Protected
	default:
		c.Visibility = Private
	}
	p := &sigParser{u: u, s: cf.Signature(), owner: c}
	if p.s != "" && p.s[0] == '<' {
		c.TypeParameters = p.typeParameters()
	}
	if p.s != "" {
		for p.err == nil && p.i < len(p.s) {
			t := p.fieldType()
			if t != nil && t.Class != nil {
				c.Supertypes = append(c.Supertypes, t)
			}
		}
		if p.err != nil {
			c.Supertypes, c.Err = nil, p.err
		}
	}
	if c.Supertypes == nil {
		if s := cf.SuperName(); s != "" {
			c.Supertypes = append(c.Supertypes, &Type{Class: u.jvmClass(s)})
		}
		for _, i := range cf.Interfaces() {
			c.Supertypes = append(c.Supertypes, &Type{Class: u.jvmClass(i)})
		}
	}
}

// jvmFieldType reads a field's type from its generic signature or its descriptor, mapping JVM
// classes to the Kotlin classes the compiler would see.
func (u *Universe) jvmFieldType(c *Class, fd *classfile.Field) *Type {
	s := fd.Signature
	if s == "" {
		s = fd.Descriptor
	}
	p := &sigParser{u: u, s: s, owner: c}
	t := p.fieldType()
	if p.err != nil || t == nil {
		return &Type{Class: u.ClassByName("kotlin/Any")}
	}
	// Kotlin's own fields ($$delegate_N, x$delegate) hold non-null values.
	t.Nullable = c.Origin != OriginKotlin
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

// sigParser reads JVM generic signatures (JVMS §4.7.9.1) into model types.
type sigParser struct {
	u     *Universe
	s     string
	i     int
	owner *Class
	err   error
	depth int // types being read, nested: arrays and type arguments
}

func (p *sigParser) fail(msg string) {
	if p.err == nil {
		p.err = fmt.Errorf("signature %q at %d: %s", p.s, p.i, msg)
	}
	p.i = len(p.s)
}

// expect consumes c or fails.
func (p *sigParser) expect(c byte) {
	if p.peek() != c {
		p.fail("expected " + string(c))
		return
	}
	p.i++
}

func (p *sigParser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *sigParser) ident(stops string) string {
	start := p.i
	for p.i < len(p.s) && !strings.ContainsRune(stops, rune(p.s[p.i])) {
		p.i++
	}
	return p.s[start:p.i]
}

func (p *sigParser) typeParameters() []*TypeParameter {
	p.expect('<')
	var out []*TypeParameter
	for p.err == nil && p.peek() != '>' {
		name := p.ident(":>")
		if name == "" || p.peek() != ':' {
			p.fail("bad type parameter")
			return nil
		}
		tp := &TypeParameter{Owner: p.owner.Name, Name: name, Index: len(out)}
		out = append(out, tp)
		for p.peek() == ':' {
			p.i++
			if c := p.peek(); c == 'L' || c == 'T' || c == '[' {
				if b := p.fieldType(); b != nil {
					tp.Bounds = append(tp.Bounds, b)
				}
			}
		}
	}
	p.expect('>')
	return out
}

func (p *sigParser) fieldType() *Type {
	// A signature is at most 65 535 bytes, but every nested type costs a stack frame here and
	// in every walk of the model after; the JVM itself allows 255 array dimensions.
	if p.depth++; p.depth > classfile.DefaultMaxNesting {
		p.fail("types nested more than " + strconv.Itoa(classfile.DefaultMaxNesting) + " deep")
		return nil
	}
	defer func() { p.depth-- }()
	switch c := p.peek(); c {
	case 'L':
		p.i++
		name := p.ident("<;.")
		t := &Type{Class: p.u.jvmClass(name), Nullable: true}
		for {
			if p.peek() == '<' {
				t.Args = p.typeArguments()
			}
			if p.peek() != '.' {
				break
			}
			p.i++
			name += "$" + p.ident("<;.")
			t = &Type{Class: p.u.jvmClass(name), Nullable: true}
		}
		if p.peek() != ';' {
			p.fail("missing ;")
			return nil
		}
		p.i++
		return t
	case 'T':
		p.i++
		name := p.ident(";")
		p.expect(';')
		for _, tp := range p.owner.TypeParameters {
			if tp.Name == name {
				return &Type{Param: tp, Nullable: true}
			}
		}
		return &Type{Class: p.u.ClassByName("kotlin/Any"), Nullable: true}
	case '[':
		p.i++
		if k, ok := primitiveDescriptors[p.peek()]; ok && k != "kotlin/Unit" {
			p.i++
			return &Type{Class: p.u.ClassByName(k + "Array"), Nullable: true}
		}
		elem := p.fieldType()
		if elem == nil {
			return nil
		}
		return &Type{Class: p.u.ClassByName("kotlin/Array"), Args: []TypeArg{{Type: elem}}, Nullable: true}
	default:
		if k, ok := primitiveDescriptors[c]; ok {
			p.i++
			return &Type{Class: p.u.ClassByName(k)}
		}
	}
	p.fail("unexpected character")
	return nil
}

func (p *sigParser) typeArguments() []TypeArg {
	p.expect('<')
	var out []TypeArg
	for p.err == nil && p.peek() != '>' {
		switch p.peek() {
		case '*':
			p.i++
			out = append(out, TypeArg{Star: true})
		case '+':
			p.i++
			out = append(out, TypeArg{Variance: Out, Type: p.fieldType()})
		case '-':
			p.i++
			out = append(out, TypeArg{Variance: In, Type: p.fieldType()})
		case 0:
			p.fail("unterminated type arguments")
		default:
			out = append(out, TypeArg{Type: p.fieldType()})
		}
	}
	p.expect('>')
	return out
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
	c := NewClass(name, nil)
	c.Kind, c.Modality, c.Visibility, c.Origin = kind, m, Public, OriginBuiltin
	if params != "" {
		for i, p := range strings.Split(params, ",") {
			c.TypeParameters = append(c.TypeParameters, &TypeParameter{Owner: name, Name: p, Index: i})
		}
	}
	return c
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
