package callsite

import (
	"strings"

	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/metadata"
)

// This file resolves a call site's callee through the classpath's Kotlin metadata.

// metadataOf is the Kotlin metadata of a class with its functions, decoded once by the
// universe (stability.Universe.KotlinMetadata); nil for a Java class, a missing class or
// unreadable metadata.
func (ck *Checker) metadataOf(name string) *metadata.Metadata { return ck.u.KotlinMetadata(name) }

// FunctionsOf lists the functions declared in a class or file facade, following a multi-file
// facade to its parts.
func (ck *Checker) FunctionsOf(name string) (fns []*metadata.Function, cls *metadata.Class) {
	md := ck.metadataOf(name)
	if md == nil {
		return nil, nil
	}
	switch {
	case md.Class != nil:
		return md.Class.Functions, md.Class
	case md.Package != nil:
		return md.Package.Functions, nil
	}
	for _, p := range md.PartClassNames {
		if pm := ck.metadataOf(p); pm != nil && pm.Package != nil {
			fns = append(fns, pm.Package.Functions...)
		}
	}
	return fns, nil
}

// callee is a resolved composable function and how its JVM parameters map to slots.
type callee struct {
	fn    *metadata.Function
	owner *metadata.Class // the declaring class of a member function, nil at top level
	// defaultImpls: the static $default bridge of an open member, whose JVM parameters are the
	// value parameters followed by the dispatch receiver.
	defaultImpls bool
}

func (ck *Checker) resolve(ref classfile.MemberRef) (*callee, string) {
	params, _, ok := classfile.ParseMethodDescriptor(ref.Descriptor)
	if !ok {
		return nil, "bad descriptor"
	}
	if strings.HasSuffix(ref.Owner, composeDefaultImpl) && strings.HasSuffix(ref.Name, "$default") {
		base := strings.TrimSuffix(ref.Owner, composeDefaultImpl)
		name := strings.TrimSuffix(ref.Name, "$default")
		nInts := TrailingInts(params)
		pre := params[:len(params)-nInts-1] // up to the Composer
		if len(pre) == 0 || pre[len(pre)-1] != "L"+base+";" {
			return nil, "the $default bridge does not take the dispatch receiver last"
		}
		want := strings.Join(pre[:len(pre)-1], "") + composerDesc
		fns, cls := ck.FunctionsOf(base)
		for _, f := range fns {
			if f.Signature == nil || f.Signature.Name != name {
				continue
			}
			if fp, _, ok := classfile.ParseMethodDescriptor(f.Signature.Descriptor); ok {
				n := TrailingInts(fp)
				if strings.Join(fp[:len(fp)-n], "") == want {
					return &callee{fn: f, owner: cls, defaultImpls: true}, ""
				}
			}
		}
		return nil, "no function " + name + " in the metadata of " + base
	}
	seen := map[string]bool{}
	queue := []string{ref.Owner}
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		if seen[name] || name == "" {
			continue
		}
		seen[name] = true
		fns, cls := ck.FunctionsOf(name)
		for _, f := range fns {
			if f.Signature != nil && f.Signature.Name == ref.Name && f.Signature.Descriptor == ref.Descriptor {
				return &callee{fn: f, owner: cls}, ""
			}
		}
		// An inherited member is declared in a supertype.
		if c, err := ck.cp.Class(name); err == nil {
			queue = append(queue, c.SuperName())
			queue = append(queue, c.Interfaces()...)
		}
	}
	return nil, "no function " + ref.Name + ref.Descriptor + " in the Kotlin metadata of " + ref.Owner + " or its supertypes"
}
