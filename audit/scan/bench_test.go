package scan

import (
	"context"
	"runtime"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
)

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

// BenchmarkScanComposables is a scan of the fixture app capp with and without its composables:
// what audit --composables and dump --composables add to a scan.
func BenchmarkScanComposables(b *testing.B) {
	m, err := fixtures.Get("capp")
	if err != nil {
		b.Fatal(err)
	}
	for _, composables := range []bool{false, true} {
		name := "classes"
		if composables {
			name = "composables"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				scanOptsB(b, Options{Inputs: []string{m.Jar()}, Classpath: m.Classpath(), Composables: composables}).Close()
			}
		})
	}
}
