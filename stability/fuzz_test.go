package stability

import (
	"os"

	"github.com/composestab/composestab/classfile"
	"strings"
	"testing"
)

// FuzzParseConfig feeds arbitrary configuration files to the parser: it must return a config or
// a ConfigError, and every pattern it accepts must match names without panicking.
func FuzzParseConfig(f *testing.F) {
	if cases, err := os.ReadFile("testdata/config/cases.txt"); err == nil {
		for _, block := range strings.Split(string(cases), "=== ") {
			cfg, _, _ := strings.Cut(block, "---")
			f.Add([]byte(cfg), "com.example.Foo")
		}
	}
	f.Add([]byte("com.**.Foo<*,_>\r\n// c\n  x.*"), "com.a.b.Foo")
	f.Fuzz(func(t *testing.T, data []byte, name string) {
		cfg, err := ParseConfig("fuzz.conf", data)
		if err != nil {
			if _, ok := err.(*ConfigError); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		m := cfg.Match(name)
		if m != nil && !m.Matches(name) {
			t.Fatalf("Match returned %q, which does not match %q", m.Pattern, name)
		}
	})
}

// FuzzSignature parses arbitrary JVM generic signatures as field and class signatures.
func FuzzSignature(f *testing.F) {
	for _, s := range []string{"Ljava/util/List<Ljava/lang/String;>;", "<T:Ljava/lang/Object;>Lexp/Base<TT;>;",
		"[[I", "Lexp/Base<*>;", "Lexp/Base<+Ljava/lang/String;>;", "La/Outer<TT;>.Inner<-TU;>;", "TT;"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, sig string) {
		u := NewUniverse(classfile.NewClasspath())
		owner := NewClass("fuzz/Owner", nil)
		p := &sigParser{u: u, s: sig, owner: owner}
		if p.peek() == '<' {
			owner.TypeParameters = p.typeParameters()
		}
		for p.err == nil && p.i < len(p.s) {
			if t := p.fieldType(); t != nil {
				_ = t.String()
			}
		}
	})
}
