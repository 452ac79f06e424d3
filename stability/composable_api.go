package stability

import "github.com/composestab/composestab/metadata"

// TypeScope converts the metadata types of one declaration, such as a composable function's
// parameter types, into the model, resolving the type parameters the declaration may use: its
// own, then those of its class.
type TypeScope struct{ sc *scope }

// FunctionScope returns the scope of a function declared in class owner (nil at top level)
// with the given type parameters. The function's type parameters are named after owner name fn.
func (u *Universe) FunctionScope(owner *Class, fn string, typeParams []*metadata.TypeParameter) *TypeScope {
	sc := &scope{u: u, params: map[int]*TypeParameter{}}
	if owner != nil {
		sc.outer = &scope{u: u, params: map[int]*TypeParameter{}}
		for _, p := range owner.Ensure().TypeParameters {
			sc.outer.params[p.id] = p
		}
	}
	sc.declare(fn, typeParams)
	return &TypeScope{sc: sc}
}

// Convert returns the model type of t, the way the compiler's IR sees it (see scope.convert):
// suspend function types become SuspendFunctionN and @Composable function types take the
// Composer and the Int the plugin adds. A nil t, and a type nested deeper than any compiler
// writes (malformed metadata can even make it cyclic), give nil.
func (s *TypeScope) Convert(t *metadata.Type) *Type {
	if !shallow(t, 0) {
		return nil
	}
	return s.sc.convert(t)
}

// maxTypeDepth bounds the nesting of a metadata type that Convert accepts.
const maxTypeDepth = 64

func shallow(t *metadata.Type, depth int) bool {
	if t == nil {
		return true
	}
	if depth > maxTypeDepth {
		return false
	}
	for _, a := range t.Arguments {
		if !shallow(a.Type, depth+1) {
			return false
		}
	}
	return shallow(t.Outer, depth+1)
}
