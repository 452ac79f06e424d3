package classfile

import (
	"fmt"
	"strconv"
	"strings"
)

// SignatureKind says what a TypeSignature is.
type SignatureKind uint8

// Signature kinds (JVMS §4.7.9.1).
const (
	SigBase    SignatureKind = iota // a primitive: Base is its descriptor letter
	SigClass                        // a class type: Class, Args, and Outer for an inner class
	SigTypeVar                      // a type variable: Var
	SigArray                        // an array: Elem
)

// TypeSignature is a JVM generic type signature, or a field descriptor read as one.
type TypeSignature struct {
	Kind SignatureKind
	// Base is the descriptor letter of a primitive ('I', 'J', 'Z', ...; 'V' only as a
	// method's result, which these parsers never read).
	Base byte
	// Class is a class type's internal name; an inner class of a parameterized outer class
	// ("La/Outer<TT;>.Inner;") joins the names with '$' as the class file does.
	Class string
	// Args are the class type's own type arguments (the innermost class's, for an inner class).
	Args []TypeArgument
	// Outer is the parameterized outer class type of an inner class type, nil otherwise.
	Outer *TypeSignature
	// Var is a type variable's name.
	Var string
	// Elem is an array's element type.
	Elem *TypeSignature
}

// TypeArgument is one type argument of a class type signature.
type TypeArgument struct {
	// Wildcard is 0 for an exact argument, '*' for an unbounded wildcard (Type is nil), '+'
	// for "? extends Type" and '-' for "? super Type".
	Wildcard byte
	Type     *TypeSignature
}

// TypeParameterSignature is a formal type parameter of a class signature: its name and its
// bounds, the class bound (if any) first.
type TypeParameterSignature struct {
	Name   string
	Bounds []*TypeSignature
}

// SignatureError is a malformed signature: what was expected at which byte offset.
type SignatureError struct {
	Signature string
	Offset    int
	Msg       string
}

func (e *SignatureError) Error() string {
	return fmt.Sprintf("signature %q at %d: %s", e.Signature, e.Offset, e.Msg)
}

// ParseFieldSignature reads a field's generic signature, or its descriptor: a descriptor is a
// type signature without type arguments.
func ParseFieldSignature(s string) (*TypeSignature, error) {
	p := &sigReader{s: s}
	t := p.fieldType()
	if p.err == nil && p.i < len(s) {
		p.fail("unexpected characters after the type")
	}
	if p.err != nil {
		return nil, p.err
	}
	return t, nil
}

// ParseClassSignature reads a class's generic signature: its formal type parameters, then its
// superclass and interfaces in order.
func ParseClassSignature(s string) (params []TypeParameterSignature, supers []*TypeSignature, err error) {
	p := &sigReader{s: s}
	if p.peek() == '<' {
		params = p.typeParameters()
	}
	for p.err == nil && p.i < len(s) {
		if t := p.fieldType(); t != nil {
			supers = append(supers, t)
		}
	}
	if p.err != nil {
		return nil, nil, p.err
	}
	return params, supers, nil
}

// sigReader reads signatures with a sticky error; every nested type costs one level of depth,
// capped at DefaultMaxNesting (the JVM's limit on array dimensions), so a 64 KiB signature
// cannot recurse 64 Ki levels here or in the walks of whoever reads the result.
type sigReader struct {
	s     string
	i     int
	depth int
	err   error
}

func (p *sigReader) fail(msg string) {
	if p.err == nil {
		p.err = &SignatureError{Signature: p.s, Offset: p.i, Msg: msg}
	}
	p.i = len(p.s)
}

func (p *sigReader) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *sigReader) expect(c byte) {
	if p.peek() != c {
		p.fail("expected " + string(c))
		return
	}
	p.i++
}

// ident reads up to the first byte of stops (or the end).
func (p *sigReader) ident(stops string) string {
	start := p.i
	for p.i < len(p.s) && strings.IndexByte(stops, p.s[p.i]) < 0 {
		p.i++
	}
	return p.s[start:p.i]
}

func (p *sigReader) typeParameters() []TypeParameterSignature {
	p.expect('<')
	if p.peek() == '>' {
		p.fail("no type parameters between < and >")
		return nil
	}
	var out []TypeParameterSignature
	for p.err == nil && p.peek() != '>' {
		name := p.ident(":>")
		if name == "" || p.peek() != ':' {
			p.fail("bad type parameter")
			return nil
		}
		tp := TypeParameterSignature{Name: name}
		for p.peek() == ':' {
			p.i++
			if c := p.peek(); c == 'L' || c == 'T' || c == '[' {
				if b := p.fieldType(); b != nil {
					tp.Bounds = append(tp.Bounds, b)
				}
			}
		}
		out = append(out, tp)
	}
	p.expect('>')
	return out
}

func (p *sigReader) fieldType() *TypeSignature {
	if p.depth++; p.depth > DefaultMaxNesting {
		p.fail("types nested more than " + strconv.Itoa(DefaultMaxNesting) + " deep")
		return nil
	}
	defer func() { p.depth-- }()
	switch c := p.peek(); c {
	case 'L':
		p.i++
		// Each class of "La/Outer<TT;>.Inner<TU;>.Deeper;" is a prefix of the
		// innermost one's name: build that name once and slice it, rather
		// than concatenate each level's name anew, which for a 64 KiB
		// signature of one-letter segments cost a gigabyte.
		var name strings.Builder
		name.WriteString(p.ident("<;."))
		var ends []int
		var args [][]TypeArgument
		levels := p.depth
		defer func() { p.depth = levels }()
		for {
			var a []TypeArgument
			if p.peek() == '<' {
				a = p.typeArguments()
			}
			ends, args = append(ends, name.Len()), append(args, a)
			if p.peek() != '.' {
				break
			}
			// An inner class of a parameterized class nests in its outer
			// class's type (Outer), one level each.
			if p.depth++; p.depth > DefaultMaxNesting {
				p.fail("types nested more than " + strconv.Itoa(DefaultMaxNesting) + " deep")
				return nil
			}
			p.i++
			name.WriteByte('$')
			name.WriteString(p.ident("<;."))
		}
		if p.peek() != ';' {
			p.fail("missing ;")
			return nil
		}
		p.i++
		full := name.String()
		var t *TypeSignature
		for k, end := range ends {
			t = &TypeSignature{Kind: SigClass, Class: full[:end], Args: args[k], Outer: t}
		}
		return t
	case 'T':
		p.i++
		name := p.ident(";")
		p.expect(';')
		return &TypeSignature{Kind: SigTypeVar, Var: name}
	case '[':
		p.i++
		elem := p.fieldType()
		if elem == nil {
			return nil
		}
		return &TypeSignature{Kind: SigArray, Elem: elem}
	case 'B', 'C', 'D', 'F', 'I', 'J', 'S', 'Z':
		p.i++
		return &TypeSignature{Kind: SigBase, Base: c}
	}
	p.fail("unexpected character")
	return nil
}

func (p *sigReader) typeArguments() []TypeArgument {
	p.expect('<')
	if p.peek() == '>' {
		p.fail("no type arguments between < and >")
		return nil
	}
	var out []TypeArgument
	for p.err == nil && p.peek() != '>' {
		switch c := p.peek(); c {
		case '*':
			p.i++
			out = append(out, TypeArgument{Wildcard: '*'})
		case '+', '-':
			p.i++
			out = append(out, TypeArgument{Wildcard: c, Type: p.fieldType()})
		case 0:
			p.fail("unterminated type arguments")
		default:
			out = append(out, TypeArgument{Type: p.fieldType()})
		}
	}
	p.expect('>')
	return out
}
