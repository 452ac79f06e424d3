package baseline

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzReadBaselineErrors reads arbitrary text as a baseline (FuzzReadBaseline checks the round
// trip of what parses). Here: a failure is always an *Error whose line lies inside the
// input, and CRLF line endings read exactly as LF ones, error or not.
func FuzzReadBaselineErrors(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.stability")
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("composestab-baseline 1\n"))
	f.Add([]byte("composestab-baseline 2\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Read(bytes.NewReader(data))
		if err != nil {
			var be *Error
			if !errors.As(err, &be) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			if lines := bytes.Count(data, []byte("\n")) + 1; be.Line < 0 || be.Line > lines {
				t.Fatalf("line %d of a %d-line input: %v", be.Line, lines, err)
			}
		}
		if bytes.IndexByte(data, '\r') >= 0 {
			return
		}
		crlf, err2 := Read(bytes.NewReader(bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))))
		if (err == nil) != (err2 == nil) || err != nil && err.Error() != err2.Error() {
			t.Fatalf("LF: %v; CRLF: %v", err, err2)
		}
		if err == nil && !reflect.DeepEqual(b, crlf) {
			t.Fatalf("CRLF reads differently:\n%+v\n%+v", b, crlf)
		}
	})
}
