package stability

import (
	"fmt"
	"strings"
	"testing"
)

// benchConfigText is a configuration of n patterns shaped like real ones: mostly exact class
// names (some with masks), package wildcards `p.*` and `p.**`, and a few wildcards inside a
// name, spread over many packages.
func benchConfigText(n int) []byte {
	var b strings.Builder
	for i := range n {
		pkg := fmt.Sprintf("com.example.m%d.p%d", i%97, i/10)
		switch i % 20 {
		case 0, 1, 2:
			fmt.Fprintf(&b, "%s.*\n", pkg)
		case 3, 4:
			fmt.Fprintf(&b, "%s.**\n", pkg)
		case 5:
			fmt.Fprintf(&b, "%s.sub*.Model%d\n", pkg, i)
		case 6:
			fmt.Fprintf(&b, "%s.Box%d<*,_>\n", pkg, i)
		case 7:
			b.WriteString("// a comment\n")
		default:
			fmt.Fprintf(&b, "%s.Class%d\n", pkg, i)
		}
	}
	return []byte(b.String())
}

// benchNames are class names to look up: about half of them match a pattern.
func benchNames(n, patterns int) []string {
	names := make([]string, n)
	for i := range names {
		j := (i * 7919) % patterns
		pkg := fmt.Sprintf("com.example.m%d.p%d", j%97, j/10)
		switch i % 5 {
		case 0:
			names[i] = fmt.Sprintf("%s.Class%d", pkg, j)
		case 1:
			names[i] = fmt.Sprintf("%s.sub.Inner%d", pkg, i)
		case 2:
			names[i] = fmt.Sprintf("%s.subX.Model%d", pkg, j)
		case 3:
			names[i] = fmt.Sprintf("org.other.p%d.Class%d", j, i)
		default:
			names[i] = fmt.Sprintf("%s.Box%d", pkg, j)
		}
	}
	return names
}

// BenchmarkConfigLoad200k parses a configuration of 200 000 patterns and looks up 10 000 names:
// both must stay linear (issue 25).
func BenchmarkConfigLoad200k(b *testing.B) {
	const patterns = 200_000
	data := benchConfigText(patterns)
	names := benchNames(10_000, patterns)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		cfg, err := ParseConfig("bench.conf", data)
		if err != nil {
			b.Fatal(err)
		}
		hits := 0
		for _, n := range names {
			if cfg.Match(n) != nil {
				hits++
			}
		}
		if hits == 0 {
			b.Fatal("no name matched")
		}
	}
}

// BenchmarkConfigMatch200k is the lookup alone: 10 000 names against 200 000 patterns.
func BenchmarkConfigMatch200k(b *testing.B) {
	const patterns = 200_000
	cfg, err := ParseConfig("bench.conf", benchConfigText(patterns))
	if err != nil {
		b.Fatal(err)
	}
	names := benchNames(10_000, patterns)
	b.ReportAllocs()
	for b.Loop() {
		for _, n := range names {
			cfg.Match(n)
		}
	}
}

// BenchmarkConfigLongLine parses one 5 MB pattern, a valid one and an invalid one: memory must
// stay linear in the line with a small constant (issue 26).
func BenchmarkConfigLongLine(b *testing.B) {
	long := strings.Repeat("a", 5<<20)
	for _, tt := range []struct {
		name string
		line string
		ok   bool
	}{
		{"exact", "com." + long, true},
		{"wildcard", "com." + long + "*.Foo", true},
		{"invalid", "com." + long + "-x", false},
	} {
		b.Run(tt.name, func(b *testing.B) {
			data := []byte(tt.line + "\n")
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				cfg, err := ParseConfig("long.conf", data)
				if (err == nil) != tt.ok {
					b.Fatal(err)
				}
				if err == nil && cfg.Match("com.x") != nil {
					b.Fatal("com.x matched")
				}
			}
		})
	}
}
