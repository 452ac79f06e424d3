package classfile

import (
	"os"
	"path/filepath"
	"testing"
)

// fuzzSeeds adds the committed fixtures to a fuzz corpus.
func fuzzSeeds(f *testing.F, pattern string, add func([]byte)) {
	files, _ := filepath.Glob(pattern)
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		add(data)
	}
}

// FuzzParse parses arbitrary bytes and, when they parse, calls every
// accessor and decodes every instruction (exerciseAll): nothing may panic,
// and what Parse accepts must read back whole.
func FuzzParse(f *testing.F) {
	f.Add(minimalClass())
	for _, pat := range []string{"testdata/classes/*.class", "testdata/classes/fixture/*.class", "testdata/compose/sample/*.class", "testdata/crafted/*.class"} {
		fuzzSeeds(f, pat, func(b []byte) { f.Add(b) })
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, opts := range []ParseOptions{{}, {SkipCode: true}} {
			c, err := ParseWithOptions(data, opts)
			if err != nil {
				if _, ok := err.(*FormatError); !ok {
					t.Fatalf("error of type %T: %v", err, err)
				}
				continue
			}
			if err := exerciseAll(c); err != nil {
				t.Fatalf("%+v: %v", opts, err)
			}
		}
	})
}

func walkValue(v ElementValue) {
	v.Int()
	v.String()
	v.strings()
	v.Ints()
	if v.Annotation != nil {
		for _, e := range v.Annotation.Elements {
			walkValue(e.Value)
		}
	}
	for _, e := range v.Array {
		walkValue(e)
	}
}
