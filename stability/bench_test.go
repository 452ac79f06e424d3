package stability

import (
	"testing"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/internal/fixtures"
)

// benchJar is a jar of the Kotlin distribution; the benchmark is skipped without it.
func benchJar(b *testing.B, name string) string { return fixtures.KotlinLib(b, name) }

func openUniverse(b *testing.B, jar string) (*Universe, *archive.Classpath) {
	cp, err := archive.InputOptions{Validation: archive.ValidateDeferred}.OpenClasspath([]string{jar})
	if err != nil {
		b.Fatal(err)
	}
	return NewUniverse(cp), cp
}

// BenchmarkInputClasses is the modelling phase of a scan: every class of kotlin-compiler.jar
// read, inflated, validated, parsed and modelled (Kotlin metadata included), on all cores.
func BenchmarkInputClasses(b *testing.B) {
	jar := benchJar(b, "kotlin-compiler.jar")
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		u, cp := openUniverse(b, jar)
		classes, _ := u.InputClasses(jar)
		n += len(classes)
		cp.Close()
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "classes/s")
}

// BenchmarkAnalyzeModule is the inference phase alone: the compiler's class analysis of every
// Kotlin class of kotlin-compiler.jar, its classes already loaded.
func BenchmarkAnalyzeModule(b *testing.B) {
	jar := benchJar(b, "kotlin-compiler.jar")
	u, cp := openUniverse(b, jar)
	defer cp.Close()
	classes := u.ModuleClasses(jar)
	AnalyzeModule(u, jar, Options{}) // load what the analysis reaches beyond the module
	b.ReportAllocs()
	for b.Loop() {
		AnalyzeModule(u, jar, Options{})
	}
	b.ReportMetric(float64(len(classes))*float64(b.N)/b.Elapsed().Seconds(), "classes/s")
}
