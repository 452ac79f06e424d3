package metadata_test

import (
	"fmt"
	"log"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/metadata"
)

// Read the Kotlin view of a compiled class: its kind, and its properties with val or var and
// their types — what the class file alone cannot say.
func ExampleRead() {
	in, err := archive.InputOptions{}.Open("../testdata/golden/lib1/lib1.jar")
	if err != nil {
		log.Fatal(err)
	}
	defer in.Close()
	for _, e := range in.Entries {
		if e.ClassName != "lib1/LData" {
			continue
		}
		c, err := e.Parse(classfile.ParseOptions{})
		if err != nil {
			log.Fatal(err)
		}
		h, ok := metadata.HeaderFromClass(c)
		if !ok {
			log.Fatal("a Java class")
		}
		m, err := metadata.Read(h)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(m.Kind == metadata.KindClass, m.Class.Name)
		for _, p := range m.Class.Properties {
			kw := "val"
			if p.Flags.IsVar() {
				kw = "var"
			}
			fmt.Println(kw, p.Name, p.ReturnType.Classifier.Name)
		}
	}
	// Output:
	// true lib1/LData
	// val id kotlin/Long
	// val label kotlin/String
}
