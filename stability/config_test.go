package stability

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestConfigAgainstCompiler replays testdata/config/cases.txt and compares every decision with
// golden.txt, which the real compiler's StabilityConfigParser and FqNameMatcherCollection wrote
// (testdata/tools/configmatch/run).
func TestConfigAgainstCompiler(t *testing.T) {
	cases, err := os.ReadFile("testdata/config/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	golden, err := os.ReadFile("testdata/config/golden.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := splitBlocks(string(golden))
	blocks := splitBlocks(string(cases))
	if len(blocks) != len(want) || len(blocks) < 30 {
		t.Fatalf("%d case blocks, %d golden blocks", len(blocks), len(want))
	}
	for i, b := range blocks {
		name := strings.TrimPrefix(b[0], "=== ")
		t.Run(name, func(t *testing.T) {
			var cfgLines, names []string
			inNames := false
			for _, l := range b[1:] {
				switch {
				case !inNames && l == "---":
					inNames = true
				case inNames:
					if l != "" {
						names = append(names, l)
					}
				default:
					cfgLines = append(cfgLines, l)
				}
			}
			got := []string{b[0]}
			cfg, err := ParseConfig("", []byte(strings.Join(cfgLines, "\n")))
			if err != nil {
				got = append(got, "error\t"+strings.ReplaceAll(err.Error(), "\n", `\n`))
			} else {
				for _, m := range cfg.Matchers() {
					got = append(got, fmt.Sprintf("matcher\t%s\t%s\t%d", m.Pattern, m.Key, m.Mask))
				}
				for _, n := range names {
					mask := "null"
					if m := cfg.Match(n); m != nil {
						mask = fmt.Sprint(m.Mask)
					}
					got = append(got, fmt.Sprintf("name\t%s\t%s\t%t", n, mask, cfg.Match(n) != nil))
				}
			}
			if g, w := strings.Join(got, "\n"), strings.Join(want[i], "\n"); g != w {
				t.Errorf("got\n%s\nwant (compiler)\n%s", g, w)
			}
		})
	}
}

func splitBlocks(s string) [][]string {
	var out [][]string
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		if strings.HasPrefix(l, "=== ") {
			out = append(out, []string{l})
		} else if len(out) > 0 {
			out[len(out)-1] = append(out[len(out)-1], l)
		}
	}
	for i := range out { // trailing blank lines inside a case block are not content
		for len(out[i]) > 1 && out[i][len(out[i])-1] == "" {
			out[i] = out[i][:len(out[i])-1]
		}
	}
	return out
}

func TestConfigLineEndings(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"a.B\r\nc.D\re.F\n", []string{"a.B", "c.D", "e.F"}},
		{"a.B", []string{"a.B"}},
		{"\n\n// x\na.B\r", []string{"a.B"}},
	}
	for _, tt := range tests {
		cfg, err := ParseConfig("x.conf", []byte(tt.text))
		if err != nil {
			t.Fatalf("%q: %v", tt.text, err)
		}
		var got []string
		for _, m := range cfg.Matchers() {
			got = append(got, m.Pattern)
		}
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("%q: got %v, want %v", tt.text, got, tt.want)
		}
	}
}
