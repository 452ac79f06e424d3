package audit

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/composestab/composestab/stability"
)

// syntheticBaseline is a library of n classes, each with three fields and a dependency read;
// every seventh class differs between the two versions.
func syntheticBaseline(n int, version int) *Baseline {
	b := &Baseline{}
	v := func(x int32) *int32 { return &x }
	for i := 0; i < n; i++ {
		c := &BaselineClass{Name: fmt.Sprintf("com.example.pkg%d.Class%05d", i%50, i), Kind: stability.KindClass, Visibility: stability.Public,
			Verdict: "runtime", Stability: "Runtime(Dep)", Compose: true, Mask: v(0), StableField: true, StableExpr: "Dep.$stable", StableValue: v(0),
			Reads: []StableRead{{Class: "com.example.dep.Dep", Value: v(0)}},
			Fields: []*Field{
				{Name: "id", Type: "Int", Verdict: "stable", Stability: "Stable"},
				{Name: "name", Type: "String", Verdict: "stable", Stability: "Stable"},
				{Name: "dep", Type: "Dep", Verdict: "runtime", Stability: "Runtime(Dep)"},
			}}
		if version == 2 && i%7 == 0 {
			c.Verdict, c.Stability, c.StableExpr, c.StableValue = "unstable", "Unstable", "8", v(8)
			c.Fields[0].Var = true
		}
		b.Classes = append(b.Classes, c)
	}
	return b
}

func BenchmarkCompareBaselines(b *testing.B) {
	old, new := syntheticBaseline(5000, 1), syntheticBaseline(5000, 2)
	b.ReportAllocs()
	for b.Loop() {
		if d := compareBaselines(old, new, false); d.Count(Regression) != 715 {
			b.Fatalf("%d regressions", d.Count(Regression))
		}
	}
}

func BenchmarkReadBaseline(b *testing.B) {
	var text bytes.Buffer
	if err := syntheticBaseline(5000, 1).WriteText(&text); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(text.Len()))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadBaseline(bytes.NewReader(text.Bytes())); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWriteBaseline(b *testing.B) {
	base := syntheticBaseline(5000, 1)
	b.ReportAllocs()
	for b.Loop() {
		var text bytes.Buffer
		if err := base.WriteText(&text); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDiffFixtures is Diff alone on the scanned libv1 and libv2 fixtures.
func BenchmarkDiffFixtures(b *testing.B) {
	old, new := scanOptsB(b, v1Options(b)), scanOptsB(b, v2Options(b))
	b.ReportAllocs()
	for b.Loop() {
		Diff(old, new)
	}
}

func scanOptsB(b *testing.B, o Options) *Report {
	rep, err := Scan(context.Background(), o)
	if err != nil {
		b.Fatal(err)
	}
	return rep
}
