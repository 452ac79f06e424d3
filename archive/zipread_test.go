package archive

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestZipDirMatchesArchiveZip: the central-directory reader lists the same records, with the
// same sizes and checksums, as archive/zip, and reads the same bytes, for the committed jars and
// every jar of the Kotlin distribution.
func TestZipDirMatchesArchiveZip(t *testing.T) {
	paths, _ := filepath.Glob("../classfile/testdata/jars/*")
	hostile, _ := filepath.Glob("../testdata/hostile/*")
	paths = append(paths, hostile...)
	jars, _ := filepath.Glob(filepath.Join(kotlinHome(), "lib", "*.jar"))
	paths = append(paths, jars...)
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		d, err := readZipDir(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		var recs []zipRecord
		if err := d.each(func([]byte) bool { return true }, "", func(r zipRecord) { recs = append(recs, r) }); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if len(recs) != len(zr.File) {
			t.Fatalf("%s: %d records, archive/zip has %d", p, len(recs), len(zr.File))
		}
		for i, f := range zr.File {
			r := recs[i]
			if r.name != f.Name || r.size != f.UncompressedSize64 || r.csize != f.CompressedSize64 || r.crc != f.CRC32 || r.method != f.Method {
				t.Fatalf("%s: record %d = %+v, archive/zip %+v", p, i, r, f.FileHeader)
			}
			if i%50 != 0 || f.UncompressedSize64 > 1<<20 {
				continue
			}
			want, werr := readAll(f.Open())
			rc, err := r.open(bytes.NewReader(data), int64(len(data)))
			got, gerr := readAll(rc, err)
			if (werr == nil) != (gerr == nil) || !bytes.Equal(got, want) {
				t.Fatalf("%s!%s: read %d bytes (%v), archive/zip %d (%v)", p, f.Name, len(got), gerr, len(want), werr)
			}
		}
	}
}

func readAll(rc io.ReadCloser, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return io.ReadAll(rc)
}

// TestReadAllMatchesArchiveZip: readAll (one read of header and data where the central
// directory's lengths allow) reads what archive/zip reads, with local headers longer than the
// central directory's (a second read), stored and deflated entries, and on the committed jars.
func TestReadAllMatchesArchiveZip(t *testing.T) {
	extra := func(n int) []byte { // one unknown extra field of n bytes in all
		b := []byte{0xFE, 0xCA, byte(n - 4), byte((n - 4) >> 8)}
		return append(b, make([]byte, n-4)...)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range []struct {
		name   string
		method uint16
		extra  []byte
	}{
		{"long/Extra.class", zip.Deflate, extra(100)}, // longer than the 64 bytes guessed
		{"no/Extra.class", zip.Deflate, nil},
		{"short/Extra.class", zip.Deflate, extra(12)},
		{"Stored.class", zip.Store, extra(80)},
	} {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: e.name, Method: e.method, Extra: e.extra})
		if err != nil {
			t.Fatal(err)
		}
		w.Write(bytes.Repeat([]byte(e.name), 300))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	archives := map[string][]byte{"synthetic": buf.Bytes()}
	paths, _ := filepath.Glob("../classfile/testdata/jars/*")
	hostile, _ := filepath.Glob("../testdata/hostile/*.jar")
	for _, p := range append(paths, hostile...) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		archives[p] = data
	}
	for name, data := range archives {
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			continue // archive/zip refuses it: TestZipDirMatchesArchiveZip covers listing
		}
		d, err := readZipDir(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		i := 0
		err = d.each(func([]byte) bool { return true }, "", func(r zipRecord) {
			f := zr.File[i]
			i++
			if r.dir || f.UncompressedSize64 > 1<<20 {
				return
			}
			want, werr := readAll(f.Open())
			got, openErr, readErr := r.readAll(bytes.NewReader(data), int64(len(data)), nil)
			gerr := errors.Join(openErr, readErr)
			if (werr == nil) != (gerr == nil) || !bytes.Equal(got, want) {
				t.Errorf("%s!%s: read %d bytes (%v), archive/zip %d (%v)", name, f.Name, len(got), gerr, len(want), werr)
			}
		})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
}
