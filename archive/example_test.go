package archive_test

import (
	"fmt"
	"log"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/classfile"
)

// Open a jar and read one of its classes: the fields, and the value of the $stable field the
// Compose compiler added.
func ExampleInputOptions_Open() {
	in, err := archive.InputOptions{}.Open("../testdata/golden/lib1/lib1.jar")
	if err != nil {
		log.Fatal(err) // with in != nil, the entries that could be read are still listed
	}
	defer in.Close()
	fmt.Println(len(in.Entries), "classes")
	for _, e := range in.Entries {
		if e.ClassName != "lib1/LData" {
			continue
		}
		c, err := e.Parse(classfile.ParseOptions{})
		if err != nil {
			log.Fatal(err)
		}
		for _, f := range c.Fields() {
			fmt.Println(f.Name, f.Descriptor)
		}
	}
	// Output:
	// 28 classes
	// id J
	// label Ljava/lang/String;
	// $stable I
}
