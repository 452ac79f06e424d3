package audit

import (
	"bytes"
	"context"
	"fmt"
	"runtime"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"

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

// benchJar is a jar of the Kotlin distribution; the benchmark is skipped without it.
func benchJar(b *testing.B, name string) string { return fixtures.KotlinLib(b, name) }

// BenchmarkScan is a whole scan of a Kotlin jar (open, inflate, parse, metadata, inference,
// $stable): what audit does before printing. heap-MiB is the heap in use after the scan and a
// GC, with the report still referenced: what a finished scan keeps.
func BenchmarkScan(b *testing.B) {
	for _, name := range []string{"kotlin-stdlib.jar", "kotlin-compiler.jar"} {
		b.Run(name, func(b *testing.B) {
			jar := benchJar(b, name)
			b.ReportAllocs()
			var heap uint64
			var rep *Report
			for b.Loop() {
				rep = scanOptsB(b, Options{Inputs: []string{jar}})
				runtime.GC()
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				heap = max(heap, ms.HeapInuse)
			}
			b.ReportMetric(float64(rep.Summary.Entries)*float64(b.N)/b.Elapsed().Seconds(), "entries/s")
			b.ReportMetric(float64(heap)/(1<<20), "heap-MiB")
			runtime.KeepAlive(rep)
		})
	}
}

// BenchmarkWriteJSON is the output phase: the JSON of kotlin-compiler.jar's report.
func BenchmarkWriteJSON(b *testing.B) {
	rep := scanOptsB(b, Options{Inputs: []string{benchJar(b, "kotlin-compiler.jar")}})
	var n countingWriter
	b.ReportAllocs()
	for b.Loop() {
		if err := rep.WriteJSON(&n); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(n) / int64(b.N))
}

type countingWriter int64

func (w *countingWriter) Write(p []byte) (int, error) {
	*w += countingWriter(len(p))
	return len(p), nil
}
