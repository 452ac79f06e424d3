package classfile

import (
	"sync"
	"testing"
)

var benchCorpus struct {
	once    sync.Once
	classes [][]byte
	bytes   int64
}

// loadBenchCorpus reads every class of kotlin-compiler.jar into memory once.
func loadBenchCorpus(b *testing.B) ([][]byte, int64) {
	p := kotlinLib(b, "kotlin-compiler.jar")
	benchCorpus.once.Do(func() {
		for _, f := range classFiles(b, p) {
			benchCorpus.classes = append(benchCorpus.classes, f.data)
			benchCorpus.bytes += int64(len(f.data))
		}
	})
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
