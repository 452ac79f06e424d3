package stability

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// FuzzParseConfig feeds arbitrary configuration files to the parser: it must return a config or
// a ConfigError that names a 1-based line and prints no control character, and on small inputs
// every pattern must compile, and every lookup answer, as the regular-expression reference does.
func FuzzParseConfig(f *testing.F) {
	if cases, err := os.ReadFile("testdata/config/cases.txt"); err == nil {
		for _, block := range strings.Split(string(cases), "=== ") {
			cfg, _, _ := strings.Cut(block, "---")
			f.Add([]byte(cfg), "com.example.Foo")
		}
	}
	f.Add([]byte("com.**.Foo<*,_>\r\n// c\n  x.*"), "com.a.b.Foo")
	f.Add([]byte("a.Fo*,|>\na.*.b|>\n**"), "a.F>")
	f.Add([]byte("com.\x1b[31m\u202eFoo"), "com.Foo")
	f.Fuzz(func(t *testing.T, data []byte, name string) {
		small := len(data) <= 4096 && len(name) <= 256 // the reference compiles expressions
		if small {
			for _, line := range strings.FieldsFunc(string(data), func(r rune) bool { return r == '\n' || r == '\r' }) {
				p := strings.TrimFunc(line, isKotlinWhitespace)
				if _, ok := scanPattern(p); ok != validPattern.MatchString(p) {
					t.Fatalf("scanPattern(%q) = %t, validPattern says %t", p, ok, !ok)
				}
			}
		}
		cfg, err := ParseConfig("fuzz.conf", data)
		// ConfigLines reads past bad lines; its first bad line is where ParseConfig stops, and
		// without one both unite the same patterns.
		lines, all := ConfigLines([]ConfigText{{"fuzz.conf", data}})
		firstBad := 0
		for _, l := range lines {
			if l.Err != nil && firstBad == 0 {
				firstBad = l.Line
			}
			if (l.Err == nil) == (l.Matcher == nil) {
				t.Fatalf("line %d: matcher %v, error %v", l.Line, l.Matcher, l.Err)
			}
		}
		var ce0 *ConfigError
		if errors.As(err, &ce0) && ce0.Line != firstBad || err == nil && firstBad != 0 {
			t.Fatalf("ParseConfig: %v; ConfigLines' first bad line %d", err, firstBad)
		}
		if err == nil {
			a, b := cfg.Match(name), all.Match(name)
			if (a == nil) != (b == nil) || a != nil && a.Source != b.Source {
				t.Fatalf("Match(%q): ParseConfig's %v, ConfigLines' %v", name, a, b)
			}
		}
		if err != nil {
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			if ce.Line < 1 || ce.Column < 1 {
				t.Fatalf("error at line %d, column %d: %v", ce.Line, ce.Column, err)
			}
			for _, r := range err.Error() {
				if r != '\n' && (r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069) {
					t.Fatalf("Error() prints %U: %q", r, err.Error())
				}
			}
			return
		}
		m := cfg.Match(name)
		if m != nil && !m.Matches(name) {
			t.Fatalf("Match returned %q, which does not match %q", m.Pattern, name)
		}
		if small && len(cfg.matchers) <= 64 {
			names := []string{name}
			for _, m := range cfg.matchers {
				names = append(names, m.Key, m.Key+name)
			}
			checkAgainstReference(t, cfg, names)
		}
	})
}
