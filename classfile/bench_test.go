package classfile

import (
	"sync"
	"sync/atomic"
	"testing"
)

var benchCorpus struct {
	once    sync.Once
	classes [][]byte
	bytes   int64
	err     error
}

// loadBenchCorpus reads every class of kotlin-compiler.jar into memory once.
func loadBenchCorpus(b *testing.B) ([][]byte, int64) {
	p := kotlinLib(b, "kotlin-compiler.jar")
	benchCorpus.once.Do(func() {
		in, err := openInput(p)
		if err != nil {
			benchCorpus.err = err
			return
		}
		defer in.Close()
		for _, e := range in.Entries {
			data, err := e.Read()
			if err != nil {
				benchCorpus.err = err
				return
			}
			benchCorpus.classes = append(benchCorpus.classes, data)
			benchCorpus.bytes += int64(len(data))
		}
	})
	if benchCorpus.err != nil {
		b.Fatal(benchCorpus.err)
	}
	return benchCorpus.classes, benchCorpus.bytes
}

// BenchmarkParse parses every class of kotlin-compiler.jar from memory, on
// one goroutine. Sub-benchmarks add more decoding on top of Parse.
func BenchmarkParse(b *testing.B) {
	classes, total := loadBenchCorpus(b)
	for _, bc := range []struct {
		name string
		opts ParseOptions
		work func(*Class) error
	}{
		{"header+validate", ParseOptions{}, nil},
		{"skipcode", ParseOptions{SkipCode: true}, nil},
		{"members+annotations", ParseOptions{}, func(c *Class) error {
			c.Fields()
			c.Methods()
			c.Annotations()
			return nil
		}},
		{"instructions", ParseOptions{}, func(c *Class) error {
			for _, m := range c.Methods() {
				if m.Code != nil {
					if err := m.Code.Walk(func(*Instruction) bool { return true }); err != nil {
						return err
					}
				}
			}
			return nil
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(total)
			b.ReportAllocs()
			for b.Loop() {
				for _, data := range classes {
					c, err := ParseWithOptions(data, bc.opts)
					if err != nil {
						b.Fatal(err)
					}
					if bc.work != nil {
						if err := bc.work(c); err != nil {
							b.Fatal(err)
						}
					}
				}
			}
			b.ReportMetric(float64(len(classes))*float64(b.N)/b.Elapsed().Seconds(), "classes/s")
		})
	}
}

// BenchmarkOpenScan is end to end: open kotlin-compiler.jar, then read,
// inflate and parse every class on all cores with Scan.
func BenchmarkOpenScan(b *testing.B) {
	p := kotlinLib(b, "kotlin-compiler.jar")
	_, total := loadBenchCorpus(b)
	for _, bc := range []struct {
		name string
		opts ParseOptions
	}{{"full", ParseOptions{}}, {"skipcode", ParseOptions{SkipCode: true}}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(total)
			b.ReportAllocs()
			var n atomic.Int64
			for b.Loop() {
				in, err := openInput(p)
				if err != nil {
					b.Fatal(err)
				}
				scan(in.Entries, bc.opts, func(e *Entry, c *Class, err error) {
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
	_, total := loadBenchCorpus(b)
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
