package classfile

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestZipDirMatchesArchiveZip: the central-directory reader lists the same records, with the
// same sizes and checksums, as archive/zip, and reads the same bytes, for the committed jars and
// every jar of the Kotlin distribution.
func TestZipDirMatchesArchiveZip(t *testing.T) {
	paths, _ := filepath.Glob("testdata/jars/*")
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
