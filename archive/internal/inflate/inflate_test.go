package inflate

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
	kflate "github.com/klauspost/compress/flate"
)

// rawEntry is a deflated archive entry as stored.
type rawEntry struct {
	name string
	comp []byte // the compressed bytes
	size int    // inflated
}

// deflatedEntries reads the deflated entries of jar whose names end in suffix, compressed.
func deflatedEntries(tb testing.TB, jar, suffix string) []rawEntry {
	tb.Helper()
	zr, err := zip.OpenReader(jar)
	if err != nil {
		tb.Fatal(err)
	}
	defer zr.Close()
	var out []rawEntry
	for _, f := range zr.File {
		if f.Method != zip.Deflate || !strings.HasSuffix(f.Name, suffix) {
			continue
		}
		raw, err := f.OpenRaw()
		if err != nil {
			tb.Fatal(err)
		}
		comp, err := io.ReadAll(raw)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, rawEntry{f.Name, comp, int(f.UncompressedSize64)})
	}
	return out
}

// TestInflateRealJars decodes every deflated entry of the Kotlin distribution's jars with
// Into and compares the bytes with the standard library's decoder.
func TestInflateRealJars(t *testing.T) {
	fixtures.SkipUnlessLong(t, "inflates the 44 000 entries of the Kotlin distribution twice")
	jars, _ := filepath.Glob(filepath.Join(fixtures.NeedKotlin(t), "lib", "*.jar"))
	var d Inflater
	entries := 0
	for _, jar := range jars {
		for _, e := range deflatedEntries(t, jar, "") {
			want, err := io.ReadAll(flate.NewReader(bytes.NewReader(e.comp)))
			if err != nil {
				t.Fatalf("%s %s: %v", jar, e.name, err)
			}
			got := make([]byte, len(want))
			if !d.Into(got, e.comp) || !bytes.Equal(got, want) {
				t.Fatalf("%s %s: Into differs from compress/flate", filepath.Base(jar), e.name)
			}
			entries++
		}
	}
	t.Logf("%d entries of %d jars", entries, len(jars))
}

// BenchmarkInflateDecoders decodes the deflated class entries of kotlin-compiler.jar from memory
// with Into and with klauspost's stream decoder (the fallback), on one goroutine.
func BenchmarkInflateDecoders(b *testing.B) {
	classes := deflatedEntries(b, fixtures.KotlinLib(b, "kotlin-compiler.jar"), ".class")
	var total int64
	for _, e := range classes {
		total += int64(e.size)
	}
	out := make([]byte, 1<<22)
	b.Run("Into", func(b *testing.B) {
		b.SetBytes(total)
		var d Inflater
		for b.Loop() {
			for _, e := range classes {
				if !d.Into(out[:e.size], e.comp) {
					b.Fatal("failed")
				}
			}
		}
	})
	b.Run("klauspost", func(b *testing.B) {
		b.SetBytes(total)
		// As archive's fallback decodes: one reader reset for each entry.
		var br bytes.Reader
		fr := kflate.NewReader(&br)
		for b.Loop() {
			for _, e := range classes {
				br.Reset(e.comp)
				if err := fr.(kflate.Resetter).Reset(&br, nil); err != nil {
					b.Fatal(err)
				}
				if _, err := io.ReadFull(fr, out[:e.size]); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

// FuzzInflate holds Into to the stream decoder whose verdict a scan reports when
// Into fails (klauspost's): on any stream, Into may only succeed where that decoder
// succeeds, with the same bytes, and only into exactly as many bytes.
func FuzzInflate(f *testing.F) {
	files, _ := filepath.Glob("../../../classfile/testdata/classes/*.class")
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		for _, level := range []int{flate.HuffmanOnly, flate.NoCompression, flate.BestSpeed, flate.BestCompression} {
			var buf bytes.Buffer
			w, _ := flate.NewWriter(&buf, level)
			w.Write(data)
			w.Close()
			f.Add(buf.Bytes())
		}
	}
	f.Add([]byte{0x03, 0x00})                   // an empty fixed block
	f.Add([]byte{0x01, 0x00, 0x00, 0xff, 0xff}) // an empty stored block
	var d Inflater
	f.Fuzz(func(t *testing.T, comp []byte) {
		fr := kflate.NewReader(bytes.NewReader(comp))
		want, err := io.ReadAll(io.LimitReader(fr, 1<<20))
		if err == nil {
			// the decoder's verdict on a stream longer than the limit is not known here
			var one [1]byte
			if n, _ := fr.Read(one[:]); n > 0 {
				return
			}
		}
		for _, size := range []int{len(want) - 1, len(want), len(want) + 1} {
			if size < 0 {
				continue
			}
			dst := make([]byte, size)
			ok := d.Into(dst, comp)
			switch {
			case ok && (err != nil || size != len(want)):
				t.Fatalf("Into accepts %d bytes; the stream decoder: %d bytes, %v", size, len(want), err)
			case ok && !bytes.Equal(dst, want):
				t.Fatalf("Into's bytes differ from the stream decoder's")
			case !ok && err == nil && size == len(want):
				// allowed (the stream decoder then decodes it), but it would be slow: only the
				// second-level table refusal may do it, and it cannot for a complete code.
				t.Fatalf("Into refuses a stream the stream decoder accepts (%d bytes)", size)
			}
		}
	})
}
