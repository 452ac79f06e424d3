package classfile_test

import (
	"fmt"
	"os"

	"github.com/composestab/composestab/classfile"
)

func ExampleParse() {
	data, err := os.ReadFile("testdata/compose/sample/Foo.class")
	if err != nil {
		panic(err)
	}
	c, err := classfile.Parse(data)
	if err != nil {
		panic(err)
	}
	f := c.Field("$stable")
	fmt.Println(c.Name(), c.Version, f.Access, f.Descriptor)
	p, _ := c.AnnotationValue("Landroidx/compose/runtime/internal/StabilityInferred;", "parameters")
	n, _ := p.Int()
	fmt.Println("parameters:", n)
	ins, _ := c.Method("<clinit>", "()V").Code.Instructions()
	for _, in := range ins {
		fmt.Println(in.Offset, in.Opcode, in.Int)
	}
	// Output:
	// sample/Foo 52.0 0x0019 I
	// parameters: 0
	// 0 bipush 8
	// 2 putstatic 0
	// 5 return 0
}

func ExampleOpenClasspath() {
	cp, err := classfile.OpenClasspath([]string{"testdata/classes", "testdata/jars/fixture.jar"})
	if err != nil {
		fmt.Println(err)
	}
	defer cp.Close()
	e := cp.Lookup("fixture/Sample")
	fmt.Println(e.Input, e.Name)
	c, err := cp.Class("fixture/Sample")
	if err != nil {
		panic(err)
	}
	fmt.Println(c.SuperName(), c.Interfaces())
	// Output:
	// testdata/classes fixture/Sample.class
	// java/util/ArrayList [java/io/Serializable java/lang/Cloneable]
}
