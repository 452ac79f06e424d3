package evaluate

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/composestab/composestab/internal/english"
	"github.com/composestab/composestab/stability"
)

// This file parses a Kotlin type as written (Instantiator.Parse) and resolves its names on the
// classpath.

// defaultImports are the packages Kotlin/JVM imports by default, searched for short names;
// java.lang is left out, since any name under it would pass for a JDK class.
var defaultImports = []string{"kotlin/", "kotlin/annotation/", "kotlin/collections/", "kotlin/comparisons/",
	"kotlin/io/", "kotlin/ranges/", "kotlin/sequences/", "kotlin/text/", "kotlin/jvm/"}

// ParseOptions say how strictly a type is read.
type ParseOptions struct {
	// AllowMissing reads a class that is not on the classpath as a missing class instead of
	// failing; EvaluateType then names it in Missing. Short names are still resolved first.
	AllowMissing bool
	// CheckArguments requires every class to get as many type arguments as it has type
	// parameters, and each argument to be within its parameter's bounds where the classpath
	// tells. Types rendered from bytecode skip it: an inner class's type carries its outer
	// class's arguments too.
	CheckArguments bool
}

// TypeError is a type that cannot be read: bad syntax, or nesting too deep.
type TypeError struct {
	Input  string // the type as written
	Offset int    // byte offset in Input where the problem is
	Msg    string
}

func (e *TypeError) Error() string {
	return fmt.Sprintf("type %q: %s (at offset %d)", e.Input, e.Msg, e.Offset)
}

// ArityError is a class given another number of type arguments than it has type parameters.
type ArityError struct {
	Class  string   // the class's Kotlin name
	Params []string // its type parameters
	Given  int
}

func (e *ArityError) Error() string {
	if len(e.Params) == 0 {
		return fmt.Sprintf("%s takes no type arguments, %d given", e.Class, e.Given)
	}
	return fmt.Sprintf("%s takes %d type %s <%s>, %d given", e.Class, len(e.Params),
		english.Choose(len(e.Params), "argument", "arguments"), strings.Join(e.Params, ", "), e.Given)
}

// BoundError is a type argument outside its parameter's upper bound.
type BoundError struct {
	Class, Param string // the class and the type parameter
	Bound, Arg   string // the bound and the argument, as Kotlin types
}

func (e *BoundError) Error() string {
	return fmt.Sprintf("type argument %s of %s is not within its bound: %s : %s", e.Arg, e.Class, e.Param, e.Bound)
}

// NotFoundError is a class that is on neither the classpath nor among the classes composestab
// knows without one.
type NotFoundError struct {
	Name  string
	Short bool // a short name, looked up among the default imports and the classpath
}

func (e *NotFoundError) Error() string {
	if e.Short {
		return fmt.Sprintf("no class named %s on the classpath", e.Name)
	}
	return fmt.Sprintf("class %s is not on the classpath", e.Name)
}

// AmbiguousError is a short name that several classes of the classpath have.
type AmbiguousError struct {
	Name       string
	Candidates []string // JVM names
}

func (e *AmbiguousError) Error() string {
	return fmt.Sprintf("%s is ambiguous: %s", e.Name, strings.Join(e.Candidates, ", "))
}

// Parse reads a Kotlin type: qualified or short class names, type arguments, "?", "*", "in" and
// "out" projections, and function types, written as FunctionN or with an arrow. A class that is
// not on the classpath is an error; argument counts are not checked.
func (it *Instantiator) Parse(s string) (*stability.Type, error) {
	return it.ParseWith(s, ParseOptions{})
}

// maxTypeDepth bounds the nesting of type arguments and function types.
const maxTypeDepth = 64

// ParseWith is Parse with options. Function types are read as the compiler's IR sees them:
// (A) -> R is Function1<A, R>, a receiver is the first argument of an extension function type,
// suspend makes SuspendFunctionN, and @Composable adds the Composer and the Int the plugin adds
// (@Composable () -> Unit is Function2<Composer, Int, Unit>).
func (it *Instantiator) ParseWith(s string, o ParseOptions) (*stability.Type, error) {
	p := &typeParser{it: it, o: o, s: s}
	t := p.typ()
	p.space()
	if p.err == nil && p.i < len(p.s) {
		p.fail("unexpected %q", p.s[p.i:])
	}
	if p.err != nil {
		return nil, p.err
	}
	return t, nil
}

type typeParser struct {
	it    *Instantiator
	o     ParseOptions
	s     string
	i     int
	depth int
	err   error
}

func (p *typeParser) fail(format string, args ...any) {
	if p.err == nil {
		p.err = &TypeError{Input: p.s, Offset: p.i, Msg: fmt.Sprintf(format, args...)}
	}
	p.i = len(p.s)
}

func (p *typeParser) failWith(err error) {
	if p.err == nil {
		p.err = err
	}
	p.i = len(p.s)
}

func (p *typeParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

// peek reports whether the next non-space text starts with tok, skipping the spaces.
func (p *typeParser) peek(tok string) bool {
	p.space()
	return p.err == nil && strings.HasPrefix(p.s[p.i:], tok)
}

func (p *typeParser) accept(tok string) bool {
	if p.peek(tok) {
		p.i += len(tok)
		return true
	}
	return false
}

func identChar(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// name reads a dotted name; a dot not followed by a name (String.() -> Unit) is left.
func (p *typeParser) name() string {
	p.space()
	start := p.i
	for {
		for p.i < len(p.s) && identChar(p.s[p.i]) {
			p.i++
		}
		if p.i+1 < len(p.s) && p.s[p.i] == '.' && identChar(p.s[p.i+1]) && p.i > start {
			p.i++
			continue
		}
		return p.s[start:p.i]
	}
}

// keyword reports whether word comes next as a modifier: followed by a space, "(" or "@".
func (p *typeParser) keyword(word string) bool {
	p.space()
	rest := p.s[p.i:]
	if !strings.HasPrefix(rest, word) || len(rest) == len(word) {
		return false
	}
	switch rest[len(word)] {
	case ' ', '\t', '(', '@':
		p.i += len(word)
		return true
	}
	return false
}

// typ reads a type: annotations and suspend, then a function type, a parenthesized type or a
// class type.
func (p *typeParser) typ() *stability.Type {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxTypeDepth {
		p.fail("nested more than %d deep", maxTypeDepth)
		return nil
	}
	p.space()
	start := p.i
	composable := false
	for p.err == nil && p.accept("@") {
		switch n := p.name(); n {
		case "Composable", "androidx.compose.runtime.Composable":
			composable = true
		case "":
			p.fail("expected an annotation name")
		default:
			p.fail("unsupported annotation @%s: only @Composable (on a function type) is understood", n)
		}
	}
	suspend := p.keyword("suspend")
	var t *stability.Type
	if p.peek("(") {
		params, named := p.params()
		if p.accept("->") {
			return p.function(nil, params, composable, suspend, start)
		}
		if p.err != nil {
			return nil
		}
		if len(params) != 1 || named {
			p.fail("expected -> after the parameters of a function type")
			return nil
		}
		t = params[0]
		for p.accept("?") {
			t.Nullable = true
		}
	} else {
		t = p.class()
	}
	if p.err != nil {
		return nil
	}
	if p.peek(".") {
		save := p.i
		p.i++
		if p.peek("(") {
			params, _ := p.params()
			if !p.accept("->") {
				p.fail("expected -> after the parameters of a function type with receiver %s", t.QualifiedString())
				return nil
			}
			return p.function(t, params, composable, suspend, start)
		}
		p.i = save
	}
	if composable || suspend {
		p.i = start
		p.fail("@Composable and suspend apply to function types only, such as @Composable () -> Unit")
		return nil
	}
	return t
}

// params reads a parenthesized, comma-separated list of types, each optionally named (x: Int);
// named tells whether any was.
func (p *typeParser) params() (list []*stability.Type, named bool) {
	p.accept("(")
	if p.accept(")") {
		return nil, false
	}
	for p.err == nil {
		p.space()
		save := p.i
		if n := p.name(); n != "" && !strings.Contains(n, ".") && p.peek(":") && !p.peek("::") {
			p.i++
			named = true
		} else {
			p.i = save
		}
		if t := p.typ(); t != nil {
			list = append(list, t)
		}
		if p.accept(",") {
			continue
		}
		if p.accept(")") {
			return list, named
		}
		p.fail("expected , or ) in a parameter list")
	}
	return nil, named
}

// function builds the IR type of a function type whose "->" has been read.
func (p *typeParser) function(receiver *stability.Type, params []*stability.Type, composable, suspend bool, start int) *stability.Type {
	ret := p.typ()
	if p.err != nil {
		return nil
	}
	var args []stability.TypeArg
	if receiver != nil {
		args = append(args, stability.TypeArg{Type: receiver})
	}
	for _, t := range params {
		args = append(args, stability.TypeArg{Type: t})
	}
	n := len(args)
	u := p.it.u
	t := &stability.Type{Extension: receiver != nil, Composable: composable}
	switch {
	case composable && suspend:
		p.i = start
		p.fail("a @Composable function type cannot be suspend")
		return nil
	case suspend:
		t.Class = u.ClassByName(fmt.Sprintf("kotlin/coroutines/SuspendFunction%d", n))
	case composable:
		args = append(args,
			stability.TypeArg{Type: &stability.Type{Class: u.ClassByName("androidx/compose/runtime/Composer")}},
			stability.TypeArg{Type: &stability.Type{Class: u.ClassByName("kotlin/Int")}})
		t.Class = u.ClassByName(fmt.Sprintf("kotlin/Function%d", n+2))
	default:
		t.Class = u.ClassByName(fmt.Sprintf("kotlin/Function%d", n))
	}
	t.Args = append(args, stability.TypeArg{Type: ret})
	return t
}

// class reads a class type: a name, type arguments, "?".
func (p *typeParser) class() *stability.Type {
	p.space()
	start := p.i
	n := p.name()
	if n == "" {
		p.fail("expected a type name")
		return nil
	}
	c, err := p.it.resolve(n, p.o.AllowMissing)
	if err != nil {
		p.failWith(err)
		return nil
	}
	t := &stability.Type{Class: c}
	if p.accept("<") {
		for p.err == nil {
			var a stability.TypeArg
			switch {
			case p.accept("*"):
				a.Star = true
			case p.keyword("out"):
				a.Variance, a.Type = stability.Out, p.typ()
			case p.keyword("in"):
				a.Variance, a.Type = stability.In, p.typ()
			default:
				a.Type = p.typ()
			}
			t.Args = append(t.Args, a)
			if p.accept(",") {
				continue
			}
			if p.accept(">") {
				break
			}
			p.fail("expected , or > in the type arguments of %s", n)
		}
	}
	if p.err != nil {
		return nil
	}
	if p.o.CheckArguments {
		if err := checkArguments(t); err != nil {
			p.i = start
			p.failWith(err)
			return nil
		}
	}
	for p.accept("?") {
		t.Nullable = true
	}
	return t
}

// checkArguments checks a class type's argument count and, where the classes can be read, that
// each argument is within its parameter's upper bounds.
func checkArguments(t *stability.Type) error {
	c, d := t.Class, t.Class.Ensure()
	if d.Origin == stability.OriginMissing || d.Err != nil || d.Origin == stability.OriginJava && d.Input == "" && len(d.TypeParameters) == 0 {
		return nil // nothing read: a JDK class known by name only has no known parameters
	}
	if d.Origin == stability.OriginBuiltin && c.Name == "kotlin/Function" && len(t.Args) == 1 {
		return nil // kotlin.Function<out R>: the built-in model leaves out its one parameter
	}
	if len(t.Args) != len(d.TypeParameters) {
		e := &ArityError{Class: c.FqName(), Given: len(t.Args)}
		for _, tp := range d.TypeParameters {
			e.Params = append(e.Params, tp.Name)
		}
		return e
	}
	for i, a := range t.Args {
		if a.Star || a.Type == nil || a.Variance == stability.In {
			continue // an in-projection's argument is a lower bound
		}
		tp := d.TypeParameters[i]
		for _, b := range tp.Bounds {
			if b == nil || b.Class == nil {
				continue // a bound that is another type parameter
			}
			ok := !(a.Type.Nullable && !b.Nullable)
			if ok && a.Type.Class != nil {
				is, known := stability.IsSubclassOf(a.Type.Class, b.Class)
				ok = is || !known
			}
			if !ok {
				return &BoundError{Class: c.FqName(), Param: tp.Name, Bound: b.QualifiedString(), Arg: a.Type.QualifiedString()}
			}
		}
	}
	return nil
}

// resolve finds a class by qualified or short name. A short name must be unambiguous among the
// classpath's classes and Kotlin's default imports. With allowMissing, a class found nowhere comes
// back as a missing class rather than an error.
func (it *Instantiator) resolve(n string, allowMissing bool) (*stability.Class, error) {
	if !strings.Contains(n, ".") {
		c, err := it.resolveShort(n)
		var nf *NotFoundError
		if allowMissing && errors.As(err, &nf) {
			c := it.u.ClassByJVMName(n)
			c.Ensure()
			return c, nil
		}
		return c, err
	}
	parts := strings.Split(n, ".")
	// Try package/Outer.Inner splits from the longest package down; a JDK class known only by
	// name answers to any split, so the Kotlin convention (packages in lower case) picks it.
	for i := len(parts) - 1; i >= 1; i-- {
		kn := strings.Join(parts[:i], "/") + "/" + strings.Join(parts[i:], ".")
		c := it.u.ClassByName(kn)
		if d := c.Ensure(); d.Origin != stability.OriginMissing && !(d.Origin == stability.OriginJava && d.Input == "" && len(d.TypeParameters) == 0) {
			return c, nil
		}
	}
	// Outer.Inner with a short outer name.
	if outer, err := it.resolveShort(parts[0]); err == nil {
		if c := it.u.ClassByName(outer.Name + "." + strings.Join(parts[1:], ".")); c.Ensure().Origin != stability.OriginMissing {
			return c, nil
		}
	}
	k := len(parts) - 1
	for i, s := range parts[:len(parts)-1] {
		if s != "" && s[0] >= 'A' && s[0] <= 'Z' {
			k = i
			break
		}
	}
	kn := strings.Join(parts[k:], ".")
	if k > 0 {
		kn = strings.Join(parts[:k], "/") + "/" + kn
	}
	c := it.u.ClassByName(kn)
	if c.Ensure().Origin == stability.OriginMissing && !allowMissing {
		return nil, &NotFoundError{Name: n}
	}
	return c, nil
}

func (it *Instantiator) resolveShort(n string) (*stability.Class, error) {
	for _, pkg := range defaultImports {
		if c := it.u.ClassByName(pkg + n); c.Ensure().Origin != stability.OriginMissing {
			return c, nil
		}
	}
	it.once.Do(it.index)
	cands := it.byName[n]
	switch len(cands) {
	case 0:
		return nil, &NotFoundError{Name: n, Short: true}
	case 1:
		c := it.u.ClassByJVMName(cands[0])
		c.Ensure()
		return c, nil
	}
	return nil, &AmbiguousError{Name: n, Candidates: cands}
}

func (it *Instantiator) index() {
	it.byName = map[string][]string{}
	for _, e := range it.ev.cp.Entries() {
		jn := e.ClassName
		simple := jn[strings.LastIndexAny(jn, "/$")+1:]
		it.byName[simple] = append(it.byName[simple], jn)
	}
	for _, v := range it.byName {
		sort.Strings(v)
	}
}
