package classfile

import (
	"fmt"
	"reflect"
	"strings"
)

// exerciseAll calls every accessor a command can reach on c (header, pool,
// fields, methods, code and instructions, stack effects, line and
// local-variable tables, annotations and their shortcuts, signatures,
// inner classes, enclosing method, Mentions), decoding everything. It
// returns an error when a shortcut disagrees with the full reader or when a
// lazy read met bytes that Parse let through (a fault): on any input,
// nothing may panic and what Parse accepts must read back whole.
func exerciseAll(c *Class) error {
	before := faults.Load()
	_ = c.Version.String()
	_ = c.Version.java()
	_ = c.Name()
	_ = c.SuperName()
	_ = c.Interfaces()
	_ = c.SourceFile()
	if sig := c.Signature(); sig != "" {
		_, _, _ = ParseClassSignature(sig)
	}
	_ = c.Mentions("androidx/compose/runtime/Composer")
	_ = c.Mentions("")
	_ = c.InnerClasses()
	_, _ = c.FieldWrites()
	p := c.Pool()
	for i := 0; i < p.Len()+2; i++ {
		// Each accessor on the entries it reads, and on a few it refuses
		// (building errors for every index would cost most of the time).
		idx := uint16(i)
		t := p.Tag(idx)
		refuse := i == 0 || i >= p.Len()
		if t != TagUtf8 || refuse {
			_, _ = p.Constant(idx)
		}
		if t == TagUtf8 || refuse {
			_, _ = p.UTF8(idx)
		}
		if t == TagFieldref || t == TagMethodref || t == TagInterfaceMethodref || refuse {
			_, _ = p.MemberRef(idx)
		}
		if t == TagClass || refuse {
			_, _ = p.ClassName(idx)
		}
	}

	anns := c.Annotations()
	var types []string
	for i := range anns {
		types = append(types, anns[i].Type)
		walkAnnotation(&anns[i])
	}
	if got := c.AnnotationTypes(); !reflect.DeepEqual(got, types) {
		return fmt.Errorf("AnnotationTypes %q, Annotations say %q", got, types)
	}
	for _, a := range anns {
		for _, el := range append(a.Elements, ElementPair{Name: "absent"}) {
			want, wantOK := c.annotation(a.Type).Value(el.Name)
			got, ok := c.AnnotationValue(a.Type, el.Name)
			if ok != wantOK || !reflect.DeepEqual(got, want) && renderValue(got) != renderValue(want) {
				return fmt.Errorf("AnnotationValue(%s, %s) = %v %v, want %v %v", a.Type, el.Name, got, ok, want, wantOK)
			}
			wantS, wantSOK := want.strings()
			gotS, sok := c.AnnotationStrings(a.Type, el.Name)
			if sok != wantSOK || !reflect.DeepEqual(gotS, wantS) {
				return fmt.Errorf("AnnotationStrings(%s, %s) = %q %v, want %q %v", a.Type, el.Name, gotS, sok, wantS, wantSOK)
			}
		}
	}
	for _, name := range []string{"d1", "d2", "mv", "k", "xi"} {
		_, _ = c.AnnotationValue("Lkotlin/Metadata;", name)
		_, _ = c.AnnotationStrings("Lkotlin/Metadata;", name)
	}

	for _, f := range c.Fields() {
		_, _ = DescriptorClass(f.Descriptor)
		_, _ = ParseFieldSignature(f.Descriptor)
		if f.Signature != "" {
			_, _ = ParseFieldSignature(f.Signature)
		}
		_ = findAnnotation(f.Annotations, "Lkotlin/jvm/JvmField;")
		for i := range f.Annotations {
			walkAnnotation(&f.Annotations[i])
		}
	}
	for _, m := range c.Methods() {
		_, _, _ = ParseMethodDescriptor(m.Descriptor)
		_ = m.Annotation("Landroidx/compose/runtime/Composable;")
		for i := range m.Annotations {
			walkAnnotation(&m.Annotations[i])
		}
		if m.Code == nil {
			continue
		}
		_ = m.Code.FirstLine()
		_ = m.Code.LocalVariables()
		ins, err := m.Code.Instructions()
		n := 0
		werr := m.Code.Walk(func(*Instruction) bool { n++; return true })
		if fmt.Sprint(err) != fmt.Sprint(werr) || n != len(ins) {
			return fmt.Errorf("method %s%s: Walk saw %d instructions (%v), Instructions %d (%v)", m.Name, m.Descriptor, n, werr, len(ins), err)
		}
		for i := range ins {
			in := &ins[i]
			_ = in.Opcode.String()
			_ = in.Opcode.FallsThrough()
			_ = in.Opcode.IsBranch()
			_, _ = p.StackEffect(in)
			if in.Index != 0 {
				_, _ = p.Constant(in.Index)
			}
		}
	}
	_ = c.Method("<clinit>", "()V")
	_ = c.Method("<init>", "")
	_ = c.Field("$stable")
	if got, want := c.FirstLine(), methodsFirstLine(c); got != want {
		return fmt.Errorf("FirstLine %d, methods say %d", got, want)
	}
	if n := faults.Load() - before; n != 0 {
		return fmt.Errorf("%d lazy reads met bytes that Parse validated as good", n)
	}
	return nil
}

func walkAnnotation(a *Annotation) {
	_, _ = a.Value("value")
	for _, e := range a.Elements {
		walkValue(e.Value)
	}
}

// renderValue spells out an element value, nested annotations included, so
// that two values compare equal as text even when they hold a NaN.
func renderValue(v ElementValue) string {
	var b strings.Builder
	var walk func(v ElementValue)
	walk = func(v ElementValue) {
		fmt.Fprintf(&b, "%c(%T %v|%s|%s|%s", v.Tag, v.Const, v.Const, v.EnumType, v.EnumName, v.Class)
		if a := v.Annotation; a != nil {
			fmt.Fprintf(&b, "@%s %v{", a.Type, a.Visible)
			for _, e := range a.Elements {
				b.WriteString(e.Name + "=")
				walk(e.Value)
			}
			b.WriteString("}")
		}
		if v.Array != nil {
			b.WriteString("[")
			for _, e := range v.Array {
				walk(e)
			}
			b.WriteString("]")
		}
		b.WriteString(")")
	}
	walk(v)
	return b.String()
}
