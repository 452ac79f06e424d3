package output

import (
	"testing"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/fixtures"
)

// BenchmarkWriteJSON is the output phase: the JSON of kotlin-compiler.jar's report.
func BenchmarkWriteJSON(b *testing.B) {
	rep, err := scan.Scan(b.Context(), scan.Options{Inputs: []string{fixtures.KotlinLib(b, "kotlin-compiler.jar")}})
	if err != nil {
		b.Fatal(err)
	}
	var n countingWriter
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteReportJSON(&n, rep); err != nil {
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
