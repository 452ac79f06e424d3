package output

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/composestab/composestab/audit/internal/audittest"
	"github.com/composestab/composestab/audit/scan"
)

// TestWriteJSON checks that the streamed report is byte for byte encoding/json's, with classes
// (more than one batch) and without.
func TestWriteJSON(t *testing.T) {
	rep := audittest.ScanV1(t)
	many := *rep
	for len(many.Classes) < 3000 {
		many.Classes = append(many.Classes, rep.Classes...)
	}
	none := *rep
	none.Classes = []*scan.Class{}
	for name, r := range map[string]*scan.Report{"fixture": rep, "many": &many, "none": &none} {
		var want, got bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(r); err != nil {
			t.Fatal(err)
		}
		if err := WriteReportJSON(&got, r); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("%s: WriteJSON differs from encoding/json (%d vs %d bytes)", name, got.Len(), want.Len())
		}
	}
}

// TestJSONEscapes checks the class encoder against encoding/json on the strings where encoders
// differ: control characters, HTML, invalid UTF-8, U+2028 and U+2029.
func TestJSONEscapes(t *testing.T) {
	for _, s := range []string{"a\u2028b\u2029c", "\x00\x01\x1f", "<>&", "bad\xffutf8\xc3", "\"\\/", "\t\n\r", "é日本\U0001F600", "\x7f"} {
		c := &scan.Class{Name: s, JVMName: s, Reasons: []string{s}, Fields: []*scan.Field{{Name: s, Type: s}}}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetIndent("    ", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(c); err != nil {
			t.Fatal(err)
		}
		got, err := marshalIndent(c, "    ")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(append(got, '\n'), want.Bytes()) {
			t.Errorf("%q:\ngot  %s\nwant %s", s, got, want.Bytes())
		}
	}
}
