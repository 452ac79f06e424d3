package stability

import "github.com/composestab/composestab/classfile"

// InstanceFields returns the fields of c that the compiler's field analysis would visit had c
// been compiled with the Compose plugin: a Kotlin class's property fields (c.Fields), or a Java
// class's instance fields, a non-final one counting as a var. Static and synthetic fields hold no
// state of an instance and are left out. The superclass's fields are not included.
func (u *Universe) InstanceFields(c *Class) ([]*Field, error) {
	d := c.Ensure()
	if d.Origin != OriginJava {
		return d.Fields, nil
	}
	cf, err := u.cp.Class(c.JVMName)
	if err != nil {
		return nil, err
	}
	var out []*Field
	for _, fd := range cf.Fields() {
		if fd.Access&(classfile.AccStatic|classfile.AccSynthetic) != 0 {
			continue
		}
		t := u.jvmFieldType(c, &fd)
		if len(fd.Descriptor) == 1 {
			t.Nullable = false // a primitive field holds no null
		}
		out = append(out, &Field{Name: fd.Name, Var: fd.Access&classfile.AccFinal == 0, Type: t})
	}
	return out, nil
}
