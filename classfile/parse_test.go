package classfile

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func loadClass(t *testing.T, rel string) *Class {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	c, err := Parse(data)
	if err != nil {
		t.Fatalf("Parse(%s): %v", rel, err)
	}
	return c
}

// Facts below come from `javap -v -p` on the committed fixtures.
func TestSampleHeader(t *testing.T) {
	for _, tc := range []struct {
		file    string
		version Version
	}{
		{"classes/fixture/Sample.class", Version{Major: 61}},
		{"classes8/fixture/Sample.class", Version{Major: 52}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			c := loadClass(t, tc.file)
			if c.Version != tc.version {
				t.Errorf("Version = %v, want %v", c.Version, tc.version)
			}
			if c.Access != AccPublic|AccSuper || c.Access&AccPublic == 0 || c.Access&AccInterface != 0 {
				t.Errorf("Access = %v, want 0x0021", c.Access)
			}
			if got := c.Name(); got != "fixture/Sample" {
				t.Errorf("Name = %q", got)
			}
			if got := c.SuperName(); got != "java/util/ArrayList" {
				t.Errorf("SuperName = %q", got)
			}
			if got, want := c.Interfaces(), []string{"java/io/Serializable", "java/lang/Cloneable"}; !reflect.DeepEqual(got, want) {
				t.Errorf("Interfaces = %q, want %q", got, want)
			}
			if got := c.SourceFile(); got != "Sample.java" {
				t.Errorf("SourceFile = %q", got)
			}
			if got, want := c.Signature(), "<T::Ljava/lang/Comparable<TT;>;>Ljava/util/ArrayList<TT;>;Ljava/io/Serializable;Ljava/lang/Cloneable;"; got != want {
				t.Errorf("Signature = %q, want %q", got, want)
			}
			if n := len(c.Fields()); n != 10 {
				t.Errorf("%d fields, want 10", n)
			}
			if c.enclosing != nil {
				t.Errorf("EnclosingMethod = %+v, want nil", c.enclosing)
			}
		})
	}
}

func TestSampleFields(t *testing.T) {
	c := loadClass(t, "classes/fixture/Sample.class")
	for _, tc := range []struct {
		name, desc, sig string
		access          AccessFlags
		value           Constant
	}{
		{"INT", "I", "", 0x0019, int32(42)},
		{"LONG", "J", "", 0x0019, int64(1234567890123)},
		{"FLOAT", "F", "", 0x0019, float32(3.25)},
		{"DOUBLE", "D", "", 0x0019, float64(-0.5)},
		{"STR", "Ljava/lang/String;", "", 0x0019, "constant"},
		{"CHAR", "C", "", 0x0019, int32('Z')},
		{"BOOL", "Z", "", 0x0019, int32(1)},
		{"stable", "I", "", 0x0009, nil},
		{"items", "Ljava/util/List;", "Ljava/util/List<TT;>;", 0x00c2, nil},
		{"value", "Ljava/lang/Comparable;", "TT;", 0x0004, nil},
	} {
		f := c.Field(tc.name)
		if f == nil {
			t.Errorf("Field(%q) = nil", tc.name)
			continue
		}
		if f.Descriptor != tc.desc || f.Signature != tc.sig || f.Access != tc.access || !reflect.DeepEqual(f.ConstantValue, tc.value) {
			t.Errorf("Field(%q) = {%v %q %q %#v}, want {%v %q %q %#v}", tc.name, f.Access, f.Descriptor, f.Signature, f.ConstantValue, tc.access, tc.desc, tc.sig, tc.value)
		}
	}
	if f := c.Field("items"); f.Access&AccVolatile == 0 || f.Access&AccTransient == 0 || f.Access&AccPrivate == 0 {
		t.Errorf("items flags %v", f.Access)
	}
	v := c.Field("value")
	if len(v.Annotations) != 1 || v.Annotations[0].Type != "Lfixture/Hidden;" || v.Annotations[0].Visible {
		t.Fatalf("value annotations = %+v", v.Annotations)
	}
	if p, ok := findAnnotation(v.Annotations, "Lfixture/Hidden;").Value("parameters"); !ok || p.Const != int32(1) {
		t.Errorf("value @Hidden(parameters) = %+v", p)
	}
	if c.Field("nope") != nil {
		t.Error("Field(nope) != nil")
	}
}

func TestSampleMethods(t *testing.T) {
	c := loadClass(t, "classes/fixture/Sample.class")
	if n := len(c.Methods()); n != 12 {
		t.Errorf("%d methods, want 12", n)
	}
	for _, tc := range []struct {
		name, desc, sig      string
		access               AccessFlags
		maxStack, maxLocals  uint16
		codeLen              int
		hasCode              bool
		handlers             []ExceptionHandler
		annotationTypes      []string
		annotationVisibility []bool
	}{
		{name: "<init>", desc: "()V", access: AccPublic, maxStack: 1, maxLocals: 1, codeLen: 5, hasCode: true},
		{name: "table", desc: "(I)I", access: AccPublic | AccStatic, maxStack: 1, maxLocals: 1, codeLen: 46, hasCode: true,
			annotationTypes: []string{"Lfixture/All;"}, annotationVisibility: []bool{true}},
		{name: "wide", desc: "(I)I", access: 0x0009, maxStack: 1, maxLocals: 1, codeLen: 14, hasCode: true},
		{name: "nat", desc: "()V", access: AccPublic | AccSynchronized | AccNative},
		{name: "generic", desc: "(Ljava/lang/Object;)Ljava/lang/Object;", sig: "<E:Ljava/lang/Object;>(TE;)TE;", access: 0x0009,
			maxStack: 3, maxLocals: 4, codeLen: 50, hasCode: true, handlers: []ExceptionHandler{
				{14, 16, 26, "java/lang/RuntimeException"}, {14, 16, 39, ""}, {26, 29, 39, ""}}},
		{name: "lambda$lambda$0", desc: "(Ljava/lang/String;)Ljava/lang/String;", access: 0x100a, maxStack: 1, maxLocals: 1, codeLen: 7, hasCode: true},
		{name: "lambda", desc: "(Ljava/lang/String;)Ljava/util/function/Supplier;", sig: "(Ljava/lang/String;)Ljava/util/function/Supplier<Ljava/lang/String;>;",
			access: AccPublic, maxStack: 1, maxLocals: 2, codeLen: 7, hasCode: true},
	} {
		m := c.Method(tc.name, tc.desc)
		if m == nil {
			t.Errorf("Method(%q, %q) = nil", tc.name, tc.desc)
			continue
		}
		if m.Access != tc.access || m.Signature != tc.sig {
			t.Errorf("%s: access %v sig %q, want %v %q", tc.name, m.Access, m.Signature, tc.access, tc.sig)
		}
		if (m.Code != nil) != tc.hasCode {
			t.Errorf("%s: has code %v", tc.name, m.Code != nil)
			continue
		}
		if m.Code != nil {
			if m.Code.MaxStack != tc.maxStack || m.Code.MaxLocals != tc.maxLocals || len(m.Code.Bytecode) != tc.codeLen {
				t.Errorf("%s: stack=%d locals=%d len=%d", tc.name, m.Code.MaxStack, m.Code.MaxLocals, len(m.Code.Bytecode))
			}
			if !reflect.DeepEqual(m.Code.ExceptionTable, tc.handlers) {
				t.Errorf("%s: handlers %+v, want %+v", tc.name, m.Code.ExceptionTable, tc.handlers)
			}
		}
		var types []string
		var vis []bool
		for _, a := range m.Annotations {
			types = append(types, a.Type)
			vis = append(vis, a.Visible)
		}
		if !reflect.DeepEqual(types, tc.annotationTypes) || !reflect.DeepEqual(vis, tc.annotationVisibility) {
			t.Errorf("%s: annotations %q %v", tc.name, types, vis)
		}
	}
	if m := c.Method("table", ""); m == nil || m.Descriptor != "(I)I" {
		t.Errorf(`Method("table", "") = %+v`, m)
	}
	if c.Method("table", "()V") != nil || c.Method("missing", "") != nil {
		t.Error("Method found something absent")
	}
	// SkipCode leaves Code nil.
	data, _ := os.ReadFile("testdata/classes/fixture/Sample.class")
	sc, err := ParseWithOptions(data, ParseOptions{SkipCode: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range sc.Methods() {
		if m.Code != nil {
			t.Errorf("SkipCode: %s has code", m.Name)
		}
	}
}

// TestSampleAnnotations checks every element_value kind against javap.
func TestSampleAnnotations(t *testing.T) {
	c := loadClass(t, "classes/fixture/Sample.class")
	anns := c.Annotations()
	if len(anns) != 2 || anns[0].Type != "Lfixture/All;" || !anns[0].Visible || anns[1].Type != "Lfixture/Hidden;" || anns[1].Visible {
		t.Fatalf("Annotations = %+v", anns)
	}
	all := c.annotation("Lfixture/All;")
	want := []ElementPair{
		{"b", ElementValue{Tag: 'B', Const: int32(-5)}},
		{"c", ElementValue{Tag: 'C', Const: int32(233)}},
		{"d", ElementValue{Tag: 'D', Const: float64(2.5)}},
		{"f", ElementValue{Tag: 'F', Const: float32(1.5)}},
		{"i", ElementValue{Tag: 'I', Const: int32(100000)}},
		{"j", ElementValue{Tag: 'J', Const: int64(1) << 40}},
		{"s", ElementValue{Tag: 'S', Const: int32(-300)}},
		{"z", ElementValue{Tag: 'Z', Const: int32(1)}},
		{"str", ElementValue{Tag: 's', Const: "h\x00i \U0001F600"}},
		{"e", ElementValue{Tag: 'e', EnumType: "Ljava/lang/annotation/ElementType;", EnumName: "FIELD"}},
		{"cls", ElementValue{Tag: 'c', Class: "[Ljava/lang/String;"}},
		{"ann", ElementValue{Tag: '@', Annotation: &Annotation{Type: "Ljava/lang/annotation/Retention;", Visible: true, Elements: []ElementPair{
			{"value", ElementValue{Tag: 'e', EnumType: "Ljava/lang/annotation/RetentionPolicy;", EnumName: "SOURCE"}}}}}},
		{"ints", ElementValue{Tag: '[', Array: []ElementValue{{Tag: 'I', Const: int32(1)}, {Tag: 'I', Const: int32(2)}, {Tag: 'I', Const: int32(3)}}}},
		{"strs", ElementValue{Tag: '[', Array: []ElementValue{{Tag: 's', Const: "x"}, {Tag: 's', Const: "y"}}}},
	}
	if !reflect.DeepEqual(all.Elements, want) {
		for i := range max(len(want), len(all.Elements)) {
			if i >= len(want) || i >= len(all.Elements) || !reflect.DeepEqual(all.Elements[i], want[i]) {
				t.Errorf("element %d differs: got %+v", i, all.Elements[min(i, len(all.Elements)-1)])
			}
		}
	}
	ints, ok := mustValue(t, all, "ints").Ints()
	if !ok || !reflect.DeepEqual(ints, []int32{1, 2, 3}) {
		t.Errorf("ints = %v %v", ints, ok)
	}
	strs, ok := mustValue(t, all, "strs").strings()
	if !ok || !reflect.DeepEqual(strs, []string{"x", "y"}) {
		t.Errorf("strs = %v %v", strs, ok)
	}
	if _, ok := mustValue(t, all, "ints").strings(); ok {
		t.Error("Strings() on an int array succeeded")
	}
	if s, ok := mustValue(t, all, "str").String(); !ok || s != "h\x00i \U0001F600" {
		t.Errorf("str = %q", s)
	}
	if _, ok := mustValue(t, all, "i").String(); ok {
		t.Error("String() on an int succeeded")
	}
	if z := mustValue(t, all, "z"); z.Tag != 'Z' || z.Const != int32(1) {
		t.Errorf("z = %+v", z)
	}
	if j := mustValue(t, all, "j").Const; j != int64(1<<40) {
		t.Errorf("j = %v", j)
	}
	if d := mustValue(t, all, "d").Const; d != 2.5 {
		t.Errorf("d = %v", d)
	}
	if f := mustValue(t, all, "f").Const; f != float32(1.5) {
		t.Errorf("f = %v", f)
	}
	if _, ok := all.Value("missing"); ok {
		t.Error("Value(missing) found")
	}
	if c.annotation("Lkotlin/Metadata;") != nil {
		t.Error("found kotlin.Metadata on a Java class")
	}
	h := c.annotation("Lfixture/Hidden;")
	if p, ok := mustValue(t, h, "parameters").Int(); !ok || p != 7 {
		t.Errorf("Hidden.parameters = %d", p)
	}
	// Empty array on a method annotation: an empty non-nil slice.
	mall := c.Method("table", "(I)I").Annotation("Lfixture/All;")
	if ints, ok := mustValue(t, mall, "ints").Ints(); !ok || ints == nil || len(ints) != 0 {
		t.Errorf("empty ints = %#v %v", ints, ok)
	}
	if cls := mustValue(t, mall, "cls").Class; cls != "V" {
		t.Errorf("cls = %q, want V", cls)
	}
}

func mustValue(t *testing.T, a *Annotation, name string) ElementValue {
	t.Helper()
	if a == nil {
		t.Fatalf("annotation missing")
	}
	v, ok := a.Value(name)
	if !ok {
		t.Fatalf("element %q missing", name)
	}
	return v
}

func TestInnerAndEnclosing(t *testing.T) {
	c := loadClass(t, "classes/fixture/Sample.class")
	want := []InnerClass{
		{Inner: "fixture/Sample$1"},
		{Inner: "fixture/Sample$Nested", Outer: "fixture/Sample", InnerName: "Nested", Access: AccPublic | AccStatic},
		{Inner: "fixture/Sample$Inner", Outer: "fixture/Sample", InnerName: "Inner", Access: AccPublic},
		{Inner: "java/lang/invoke/MethodHandles$Lookup", Outer: "java/lang/invoke/MethodHandles", InnerName: "Lookup", Access: AccPublic | AccStatic | AccFinal},
	}
	if got := c.InnerClasses(); !reflect.DeepEqual(got, want) {
		t.Errorf("InnerClasses = %+v\nwant %+v", got, want)
	}
	anon := loadClass(t, "classes/fixture/Sample$1.class")
	if em := anon.enclosing; em == nil || *em != (enclosingMethod{"fixture/Sample", "anon", "()Ljava/lang/Object;"}) {
		t.Errorf("EnclosingMethod = %+v", em)
	}
	inner := loadClass(t, "classes/fixture/Sample$Inner.class")
	if inner.enclosing != nil {
		t.Error("member class has EnclosingMethod")
	}
}

func TestModernAndSpecialClasses(t *testing.T) {
	shape := loadClass(t, "classes/fixture/Shape.class")
	if shape.Access&AccInterface == 0 || shape.Access&AccAbstract == 0 || shape.SuperName() != "java/lang/Object" {
		t.Errorf("Shape access %v super %q", shape.Access, shape.SuperName())
	}
	kind := loadClass(t, "classes/fixture/Shape$Kind.class")
	if kind.Access&AccEnum == 0 || kind.SuperName() != "java/lang/Enum" || kind.Field("ROUND").Access&AccEnum == 0 {
		t.Errorf("Kind access %v super %q", kind.Access, kind.SuperName())
	}
	circle := loadClass(t, "classes/fixture/Shape$Circle.class")
	if circle.SuperName() != "java/lang/Record" || !reflect.DeepEqual(circle.Interfaces(), []string{"fixture/Shape"}) {
		t.Errorf("Circle super %q ifaces %q", circle.SuperName(), circle.Interfaces())
	}
	all := loadClass(t, "classes/fixture/All.class")
	if all.Access != AccPublic|AccInterface|AccAbstract|AccAnnotation || all.Access&AccAnnotation == 0 {
		t.Errorf("All access %v", all.Access)
	}
	mod := loadClass(t, "classes/module-info.class")
	if mod.Name() != "module-info" || mod.SuperName() != "" || mod.Access&AccModule == 0 || mod.Access != AccModule {
		t.Errorf("module-info: %q %q %v", mod.Name(), mod.SuperName(), mod.Access)
	}
	pkg := loadClass(t, "classes/fixture/package-info.class")
	if pkg.Name() != "fixture/package-info" || pkg.Access&AccInterface == 0 || pkg.annotation("Ljava/lang/Deprecated;") == nil {
		t.Errorf("package-info: %q %v %+v", pkg.Name(), pkg.Access, pkg.Annotations())
	}
}

// TestComposeOutput asserts facts about real Kotlin 2.4.20 + Compose plugin
// output (testdata/compose, built by testdata/kotlin/build.sh), from javap.
func TestComposeOutput(t *testing.T) {
	foo := loadClass(t, "compose/sample/Foo.class")
	if foo.Version != (Version{52, 0}) || foo.Access != 0x0031 {
		t.Errorf("Foo version %v access %v", foo.Version, foo.Access)
	}
	st := foo.Field("$stable")
	if st == nil || st.Access != 0x0019 || st.Descriptor != "I" || st.ConstantValue != nil {
		t.Fatalf("$stable = %+v", st)
	}
	if len(st.Annotations) != 1 || st.Annotations[0].Type != "Lkotlin/jvm/JvmField;" || st.Annotations[0].Visible {
		t.Errorf("$stable annotations %+v", st.Annotations)
	}
	si := foo.annotation("Landroidx/compose/runtime/internal/StabilityInferred;")
	if si == nil || si.Visible {
		t.Fatalf("StabilityInferred = %+v", si)
	}
	if p, ok := mustValue(t, si, "parameters").Int(); !ok || p != 0 {
		t.Errorf("parameters = %d", p)
	}
	clinit := foo.Method("<clinit>", "()V")
	ins, err := clinit.Code.Instructions()
	if err != nil {
		t.Fatal(err)
	}
	if len(ins) != 3 || ins[0].Opcode != OpBipush || ins[0].Int != 8 || ins[1].Opcode != OpPutstatic || ins[2].Opcode != OpReturn {
		t.Fatalf("<clinit> = %+v", ins)
	}
	ref, err := foo.Pool().MemberRef(ins[1].Index)
	if err != nil || ref != (MemberRef{Kind: byte(TagFieldref), Owner: "sample/Foo", Name: "$stable", Descriptor: "I"}) {
		t.Errorf("putstatic ref = %+v, %v", ref, err)
	}
	md := foo.annotation("Lkotlin/Metadata;")
	if md == nil || !md.Visible {
		t.Fatal("kotlin.Metadata missing")
	}
	if mv, ok := mustValue(t, md, "mv").Ints(); !ok || !reflect.DeepEqual(mv, []int32{2, 4, 0}) {
		t.Errorf("mv = %v", mv)
	}
	if k, ok := mustValue(t, md, "k").Int(); !ok || k != 1 {
		t.Errorf("k = %d", k)
	}
	if xi, ok := mustValue(t, md, "xi").Int(); !ok || xi != 48 {
		t.Errorf("xi = %d", xi)
	}
	d2, ok := mustValue(t, md, "d2").strings()
	wantD2 := []string{"Lsample/Foo;", "", "count", "", "name", "", "<init>", "(ILjava/lang/String;)V", "getCount", "()I",
		"setCount", "(I)V", "getName", "()Ljava/lang/String;", "Landroidx/compose/runtime/internal/StabilityInferred;", "parameters"}
	if !ok || !reflect.DeepEqual(d2, wantD2) {
		t.Errorf("d2 = %q", d2)
	}
	d1, ok := mustValue(t, md, "d1").strings()
	// d1 is protobuf packed into chars; its first char is NUL, stored as C0 80.
	if !ok || len(d1) != 1 || len(d1[0]) == 0 || d1[0][0] != 0 || d1[0][1:4] != "\x1e\n\x02" {
		t.Errorf("d1 = %q", d1)
	}

	holder := loadClass(t, "compose/sample/Holder.class")
	if p, ok := mustValue(t, holder.annotation("Landroidx/compose/runtime/internal/StabilityInferred;"), "parameters").Int(); !ok || p != 1 {
		t.Errorf("Holder parameters = %d", p)
	}
	if holder.Signature() != "<T:Ljava/lang/Object;>Ljava/lang/Object;" {
		t.Errorf("Holder signature %q", holder.Signature())
	}
}

func TestConstantPool(t *testing.T) {
	c := loadClass(t, "classes/fixture/Sample.class")
	p := c.Pool()
	if p.Len() != 199 {
		t.Errorf("Len = %d, want 199", p.Len())
	}
	for _, tc := range []struct {
		index uint16
		want  Constant
	}{
		{16, int64(1234567890123)},
		{18, float64(6.02e23)},
		{20, float32(7.5)},
		{21, int32(65536)},
		{59, int32(42)},
		{7, ClassRef{Name: "fixture/Sample$1"}},
		{12, Dynamic{Kind: byte(TagInvokeDynamic), BootstrapIndex: 0, Name: "get", Descriptor: "(Ljava/lang/String;)Ljava/util/function/Supplier;"}},
		{29, MemberRef{Kind: byte(TagFieldref), Owner: "fixture/Sample", Name: "stable", Descriptor: "I"}},
		{170, MethodHandle{RefKind: 6, Ref: MemberRef{Kind: byte(TagMethodref), Owner: "java/lang/invoke/LambdaMetafactory", Name: "metafactory",
			Descriptor: "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;Ljava/lang/invoke/MethodType;Ljava/lang/invoke/MethodHandle;Ljava/lang/invoke/MethodType;)Ljava/lang/invoke/CallSite;"}}},
		{177, MethodType{Descriptor: "()Ljava/lang/Object;"}},
		{24, "null"},
	} {
		got, err := p.Constant(tc.index)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Constant(%d) = %#v, %v; want %#v", tc.index, got, err, tc.want)
		}
	}
	if p.Tag(17) != TagNone || p.Tag(16) != TagLong || p.Tag(0) != TagNone || p.Tag(60000) != TagNone {
		t.Error("Tag of Long's second slot, 0 or out of range")
	}
	for _, idx := range []uint16{0, 17, 199, 65535, 58 /* Utf8 */} {
		_, err := p.Constant(idx)
		var fe *FormatError
		if !errors.As(err, &fe) || fe.Class != "fixture/Sample" {
			t.Errorf("Constant(%d) error = %v", idx, err)
		}
	}
	if _, err := p.MemberRef(7); err == nil {
		t.Error("MemberRef on a Class entry succeeded")
	}
	if s, err := p.UTF8(58); err != nil || s != "ConstantValue" {
		t.Errorf("UTF8(58) = %q, %v", s, err)
	}
	if _, err := p.UTF8(59); err == nil {
		t.Error("UTF8 on an Integer succeeded")
	}
	if s, err := p.ClassName(7); err != nil || s != "fixture/Sample$1" {
		t.Errorf("ClassName(7) = %q, %v", s, err)
	}
	if nt, err := p.Constant(p.u2(int(p.offs[12]) + 2)); err != nil || nt.(NameAndType).Name != "get" {
		t.Errorf("NameAndType = %+v, %v", nt, err)
	}
}

func TestModulePackageAndDynamicConstants(t *testing.T) {
	mod := loadClass(t, "classes/module-info.class")
	var sawModule, sawPackage bool
	p := mod.Pool()
	for i := 1; i < p.Len(); i++ {
		switch v, _ := p.Constant(uint16(i)); v := v.(type) {
		case ModuleRef:
			sawModule = sawModule || v.Name == "fixture.mod"
		case PackageRef:
			sawPackage = sawPackage || v.Name == "fixture"
		}
	}
	if !sawModule || !sawPackage {
		t.Errorf("module %v package %v", sawModule, sawPackage)
	}

	// javac never emits CONSTANT_Dynamic, so build one by hand.
	b := newBuilder()
	b.major = 55
	bsm := b.ref(TagMethodref, "p/Boot", "bsm", "()V")
	mh := b.raw(TagMethodHandle, []byte{6}, be16(bsm))
	dyn := b.raw(TagDynamic, be16(0), be16(b.nameAndType("c", "I")))
	data := b.build(0x0021, "p/Dyn", "java/lang/Object", nil, nil, nil)
	c, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := c.Pool().Constant(dyn); err != nil || v != (Dynamic{Kind: byte(TagDynamic), Name: "c", Descriptor: "I"}) {
		t.Errorf("Dynamic = %#v, %v", v, err)
	}
	if v, err := c.Pool().Constant(mh); err != nil || v.(MethodHandle).Ref.Owner != "p/Boot" {
		t.Errorf("MethodHandle = %#v, %v", v, err)
	}
}

func TestOldVersion(t *testing.T) {
	b := newBuilder()
	b.major, b.minor = 45, 3
	c, err := Parse(b.build(0x0021, "Old", "java/lang/Object", nil, nil, nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Version.String() != "45.3" || c.Version.java() != 1 || c.Fields() != nil || c.Methods() != nil || c.Interfaces() != nil {
		t.Errorf("old class: %v %d", c.Version, c.Version.java())
	}
	if (Version{Major: 61}).java() != 17 || (Version{Major: 52}).java() != 8 {
		t.Error("Version.Java")
	}
}

func TestAccessFlagsNames(t *testing.T) {
	for _, tc := range []struct {
		f    AccessFlags
		kind flagKind
		want []string
	}{
		{0x0019, fieldFlags, []string{"public", "static", "final"}},
		{0x0021, classFlags, []string{"public", "super"}},
		{0x0121, methodFlags, []string{"public", "synchronized", "native"}},
		{0x00c2, fieldFlags, []string{"private", "volatile", "transient"}},
		{0x00c0, methodFlags, []string{"bridge", "varargs"}},
		{0x0020 | 0x0100, fieldFlags, []string{"0x0020", "0x0100"}},
		{0x8000, classFlags, []string{"module"}},
	} {
		if got := tc.f.names(tc.kind); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%v.names(%d) = %q, want %q", tc.f, tc.kind, got, tc.want)
		}
	}
	if s := AccessFlags(0x19).String(); s != "0x0019" {
		t.Errorf("String = %q", s)
	}
}

// TestConcurrentAccess runs every accessor from many goroutines on one
// *Class; run with -race.
func TestConcurrentAccess(t *testing.T) {
	data, err := os.ReadFile("testdata/classes/fixture/Sample.class")
	if err != nil {
		t.Fatal(err)
	}
	c, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error)
	for range 8 {
		go func() { done <- exercise(c, nil, nil) }()
	}
	for range 8 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

func TestHandmadeConstantValues(t *testing.T) {
	b := newBuilder()
	cv := func(i uint16) []byte { return b.attr("ConstantValue", be16(i)) }
	fields := [][]byte{
		b.member(0x18, "s", "Ljava/lang/String;", cv(b.str("é€"))),
		b.member(0x18, "f", "F", cv(b.float(-1.25))),
		b.member(0x18, "d", "D", cv(b.double(1e300))),
		b.member(0x18, "j", "J", cv(b.long(-1))),
		b.member(0x18, "i", "I", cv(b.integer(-7))),
	}
	c, err := Parse(b.build(0x21, "p/K", "java/lang/Object", fields, nil, nil))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Constant{"s": "é€", "f": float32(-1.25), "d": 1e300, "j": int64(-1), "i": int32(-7)}
	for name, v := range want {
		if got := c.Field(name).ConstantValue; got != v {
			t.Errorf("%s = %#v, want %#v", name, got, v)
		}
	}
}

// TestFirstLine checks Class.FirstLine against the methods' Code.FirstLine on
// every class of the fixtures and of kotlin-stdlib.jar when present.
func TestFirstLine(t *testing.T) {
	n := 0
	eachFixtureClass(t, func(c *Class) {
		if got, want := c.FirstLine(), methodsFirstLine(c); got != want {
			t.Errorf("%s: FirstLine %d, methods say %d", c.Name(), got, want)
		}
		n++
	})
	if n == 0 {
		t.Fatal("no classes")
	}
}

// eachFixtureClass calls fn with every class of the fixtures and of kotlin-stdlib.jar when
// present.
func eachFixtureClass(t *testing.T, fn func(*Class)) {
	paths := []string{"testdata/classes", "testdata/compose", "testdata/kotlin"}
	if p := filepath.Join(kotlinHome(), "lib", "kotlin-stdlib.jar"); fileExists(p) {
		paths = append(paths, p)
	}
	for _, p := range paths {
		for _, f := range classFiles(t, p) {
			c, err := Parse(f.data)
			if err != nil {
				t.Fatalf("%s: %v", f.name, err)
			}
			fn(c)
		}
	}
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

// methodsFirstLine is what Class.FirstLine must return, computed from the decoded methods.
func methodsFirstLine(c *Class) int {
	first := 0
	for _, m := range c.Methods() {
		if m.Code != nil {
			if l := m.Code.FirstLine(); l > 0 && (first == 0 || l < first) {
				first = l
			}
		}
	}
	return first
}

// TestAnnotationShortcuts checks AnnotationTypes, AnnotationValue and AnnotationStrings against
// the built annotations on every class of the fixtures and of kotlin-stdlib.jar when present.
func TestAnnotationShortcuts(t *testing.T) {
	values, arrays := 0, 0
	eachFixtureClass(t, func(c *Class) {
		var types []string
		for _, a := range c.Annotations() {
			types = append(types, a.Type)
		}
		if got := c.AnnotationTypes(); !reflect.DeepEqual(got, types) {
			t.Errorf("%s: AnnotationTypes %q, Annotations say %q", c.Name(), got, types)
		}
		for _, a := range c.Annotations() {
			for _, el := range append(a.Elements, ElementPair{Name: "absent"}) {
				want, wantOK := c.annotation(a.Type).Value(el.Name)
				got, ok := c.AnnotationValue(a.Type, el.Name)
				if ok != wantOK || !reflect.DeepEqual(got, want) {
					t.Errorf("%s: AnnotationValue(%s, %s) = %v %v, want %v %v", c.Name(), a.Type, el.Name, got, ok, want, wantOK)
				}
				values++
				wantS, wantSOK := want.strings()
				gotS, sok := c.AnnotationStrings(a.Type, el.Name)
				if sok != wantSOK || !reflect.DeepEqual(gotS, wantS) {
					t.Errorf("%s: AnnotationStrings(%s, %s) = %q %v, want %q %v", c.Name(), a.Type, el.Name, gotS, sok, wantS, wantSOK)
				}
				if wantSOK {
					arrays++
				}
			}
		}
		if _, ok := c.AnnotationValue("Lno/Such;", "x"); ok {
			t.Errorf("%s: a value of an absent annotation", c.Name())
		}
	})
	if values == 0 || arrays == 0 {
		t.Fatalf("%d values, %d string arrays compared", values, arrays)
	}
	t.Logf("%d values, %d string arrays compared", values, arrays)
}
