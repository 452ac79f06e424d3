package baseline

import (
	"bytes"
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/internal/audittest"
)

func BenchmarkReadBaseline(b *testing.B) {
	text := audittest.SyntheticBaselineText(5000, 1)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Read(strings.NewReader(text)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWriteBaseline(b *testing.B) {
	base, err := Read(strings.NewReader(audittest.SyntheticBaselineText(5000, 1)))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		var text bytes.Buffer
		if err := base.WriteText(&text); err != nil {
			b.Fatal(err)
		}
	}
}
