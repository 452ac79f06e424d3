package archive

import (
	"sync/atomic"
	"testing"

	"github.com/composestab/composestab/classfile"
)

// inflatedSize is the size of the class entries of the jar at p, inflated.
func inflatedSize(tb testing.TB, p string) int64 {
	in, err := InputOptions{Validation: ValidateNone}.Open(p)
	if err != nil {
		tb.Fatal(err)
	}
	defer in.Close()
	var n int64
	for _, e := range in.Entries {
		n += int64(e.loc.size)
	}
	return n
}

// BenchmarkOpenScan is end to end: open kotlin-compiler.jar, then read,
// inflate and parse every class on all cores with Scan.
func BenchmarkOpenScan(b *testing.B) {
	p := kotlinLib(b, "kotlin-compiler.jar")
	total := inflatedSize(b, p)
	for _, bc := range []struct {
		name string
		opts classfile.ParseOptions
	}{{"full", classfile.ParseOptions{}}, {"skipcode", classfile.ParseOptions{SkipCode: true}}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(total)
			b.ReportAllocs()
			var n atomic.Int64
			for b.Loop() {
				in, err := openInput(p)
				if err != nil {
					b.Fatal(err)
				}
				scan(in.Entries, bc.opts, func(e *Entry, c *classfile.Class, err error) {
					if err != nil {
						b.Error(err)
					}
					n.Add(1)
				})
				in.Close()
			}
			b.ReportMetric(float64(n.Load())/b.Elapsed().Seconds(), "classes/s")
		})
	}
}

// BenchmarkOpenInput measures listing kotlin-compiler.jar (central directory
// and multi-release resolution) without reading any class.
func BenchmarkOpenInput(b *testing.B) {
	p := kotlinLib(b, "kotlin-compiler.jar")
	b.ReportAllocs()
	for b.Loop() {
		in, err := openInput(p)
		if err != nil {
			b.Fatal(err)
		}
		in.Close()
	}
}

// BenchmarkInflate reads (inflates and checks) every class entry of
// kotlin-compiler.jar on one goroutine into one reused buffer: the floor
// under everything else a scan does.
func BenchmarkInflate(b *testing.B) {
	p := kotlinLib(b, "kotlin-compiler.jar")
	in, err := InputOptions{Validation: ValidateNone}.Open(p)
	if err != nil {
		b.Fatal(err)
	}
	defer in.Close()
	total := inflatedSize(b, p)
	b.SetBytes(total)
	b.ReportAllocs()
	var buf []byte
	for b.Loop() {
		for _, e := range in.Entries {
			data, err := e.read(buf)
			if err != nil {
				b.Fatal(err)
			}
			buf = data[:0]
		}
	}
}
