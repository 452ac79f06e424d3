package classfile_test

import (
	"fmt"
	"log"
	"os"

	"github.com/composestab/composestab/classfile"
)

// Parse a class file and read it: its name, its fields, and the int constants and locals the
// instructions of one method use.
func ExampleParse() {
	data, err := os.ReadFile("testdata/classes/fixture/Sample.class")
	if err != nil {
		log.Fatal(err)
	}
	c, err := classfile.Parse(data)
	if err != nil {
		log.Fatal(err) // a *classfile.FormatError
	}
	fmt.Println(c.Name(), c.SuperName())
	for _, f := range c.Fields()[:3] {
		fmt.Println(f.Name, f.Descriptor)
	}
	insns, err := c.Method("table", "").Code.Instructions()
	if err != nil {
		log.Fatal(err)
	}
	for _, in := range insns[:4] {
		switch v, isInt := in.IntConst(c.Pool()); {
		case isInt:
			fmt.Println(in.Offset, in.Opcode, "pushes", v)
		case in.IsLoad():
			fmt.Println(in.Offset, in.Opcode, "loads local", in.Local())
		default:
			fmt.Println(in.Offset, in.Opcode)
		}
	}
	// Output:
	// fixture/Sample java/util/ArrayList
	// INT I
	// LONG J
	// FLOAT F
	// 0 iload_0 loads local 0
	// 1 tableswitch
	// 32 bipush pushes 10
	// 34 ireturn
}
