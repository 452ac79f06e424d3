package diff

import (
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/baseline"
	"github.com/composestab/composestab/audit/internal/audittest"
)

func BenchmarkCompareBaselines(b *testing.B) {
	old, err := baseline.Read(strings.NewReader(audittest.SyntheticBaselineText(5000, 1)))
	if err != nil {
		b.Fatal(err)
	}
	new, err := baseline.Read(strings.NewReader(audittest.SyntheticBaselineText(5000, 2)))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if d := compareBaselines(old, new, false); d.Count(Regression) != 715 {
			b.Fatalf("%d regressions", d.Count(Regression))
		}
	}
}

// BenchmarkDiffFixtures is Diff alone on the scanned libv1 and libv2 fixtures.
func BenchmarkDiffFixtures(b *testing.B) {
	old, new := audittest.ScanV1(b), audittest.ScanV2(b)
	b.ReportAllocs()
	for b.Loop() {
		Diff(old, new)
	}
}
