package cards

import (
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/stability"
)

// composerClass is what the Compose compiler adds to every composable function type (a
// composable lambda parameter's lowered type): no use of the runtime by the app's code.
const composerClass = "androidx/compose/runtime/Composer"

// reference is one place of the app's bytes that names a class.
type reference struct {
	// class is the internal name of the class named.
	class string
	// by says where: "field app.Holder.v", "composable app.Screen, parameter s: Money (equals)".
	by string
}

// references reads every class the app scan's classes and composables name, in the order met:
// the types of each class's fields as the compiler's field analysis sees them (the properties
// with a backing field, read from the Kotlin metadata; a Java class's fields), and of each
// composable's parameters (its Kotlin signature), type arguments included. These are the
// types the Compose compiler reads a class's and a composable's stability from: a value
// class is named as itself, not as the type the JVM erases it to. A class whose model cannot
// be read is an error naming its input and class; the rest is read.
func references(rep *scan.Report) ([]reference, []*scan.Error) {
	u := stability.NewUniverse(rep.Classpath())
	var out []reference
	var errs []*scan.Error
	for _, c := range rep.Classes {
		sc := u.ClassByJVMName(c.JVMName)
		if sc == nil {
			continue
		}
		d := sc.Ensure()
		if d.Err != nil {
			errs = append(errs, &scan.Error{Kind: scan.ErrUnreadable, Input: c.Input, Entry: c.Entry, Class: c.JVMName,
				Message: "reading its fields for cards: " + d.Err.Error()})
			continue
		}
		for _, f := range d.Fields {
			where := "field " + c.Name + "." + f.Name
			walkType(f.Type, func(class string, nested bool) {
				by := where
				if nested {
					by = "type argument in " + where
				}
				out = append(out, reference{class, by})
			})
		}
	}
	for _, ic := range rep.Composables {
		if ic.Module == nil {
			continue
		}
		reported := map[string]*scan.Composable{}
		for _, k := range ic.Composables {
			reported[k.Class+"."+k.Method] = k
		}
		for _, f := range ic.Module.Functions {
			k := reported[f.Class+"."+f.Method]
			if f.Lambda || k == nil {
				continue
			}
			for i := range f.Params {
				p := &f.Params[i]
				compare := ""
				if i < len(k.Params) && k.Params[i].Name == p.Name && k.Params[i].Compare != "" {
					compare = " (" + string(k.Params[i].Compare) + ")"
				}
				walkType(p.KotlinType(), func(class string, nested bool) {
					if class == composerClass {
						return
					}
					by := "composable " + k.Name + ", parameter " + p.Name + ": " + p.Type + compare
					if nested {
						by = "composable " + k.Name + ", type argument in parameter " + p.Name + ": " + p.Type + compare
					}
					out = append(out, reference{class, by})
				})
			}
		}
	}
	return out, errs
}

// walkType calls fn with the internal name of every class a type names: its own class (nested
// false), then its type arguments' (nested true). Built-ins, which have no class file, and
// type parameters name none.
func walkType(t *stability.Type, fn func(class string, nested bool)) {
	var walk func(t *stability.Type, nested bool, depth int)
	walk = func(t *stability.Type, nested bool, depth int) {
		if t == nil || depth > 64 {
			return
		}
		if t.Class != nil && t.Class.JVMName != "" {
			fn(t.Class.JVMName, nested)
		}
		for _, a := range t.Args {
			walk(a.Type, true, depth+1)
		}
	}
	walk(t, false, 0)
}
