package stability

import (
	"os"

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
