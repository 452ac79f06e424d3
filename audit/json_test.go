package audit

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestWriteJSON checks that the streamed report is byte for byte encoding/json's, with classes
// (more than one batch) and without.
func TestWriteJSON(t *testing.T) {
	rep := scanOpts(t, v1Options(t))
	many := *rep
	for len(many.Classes) < 3000 {
		many.Classes = append(many.Classes, rep.Classes...)
	}
	none := *rep
	none.Classes = []*Class{}
	for name, r := range map[string]*Report{"fixture": rep, "many": &many, "none": &none} {
		var want, got bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(r); err != nil {
			t.Fatal(err)
		}
		if err := r.WriteJSON(&got); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("%s: WriteJSON differs from encoding/json (%d vs %d bytes)", name, got.Len(), want.Len())
		}
	}
}

// TestReportClose checks that Close releases the classpath and the models and leaves the data.
func TestReportClose(t *testing.T) {
	rep := scanOpts(t, v1Options(t))
	var before bytes.Buffer
	if err := rep.WriteJSON(&before); err != nil {
		t.Fatal(err)
	}
	if rep.cp == nil {
		t.Fatal("a finished scan holds no classpath")
	}
	if err := rep.Close(); err != nil {
		t.Fatal(err)
	}
	if err := rep.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	for _, c := range rep.Classes {
		if c.Result() != nil || c.asCompiled != nil {
			t.Fatalf("%s keeps its model after Close", c.Name)
		}
	}
	var after bytes.Buffer
	if err := rep.WriteJSON(&after); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before.Bytes(), after.Bytes()) {
		t.Error("Close changed the report's data")
	}
}

// TestJSONEscapes checks the class encoder against encoding/json on the strings where encoders
// differ: control characters, HTML, invalid UTF-8, U+2028 and U+2029.
func TestJSONEscapes(t *testing.T) {
	for _, s := range []string{"a\u2028b\u2029c", "\x00\x01\x1f", "<>&", "bad\xffutf8\xc3", "\"\\/", "\t\n\r", "é日本\U0001F600", "\x7f"} {
		c := &Class{Name: s, JVMName: s, Reasons: []string{s}, Fields: []*Field{{Name: s, Type: s}}}
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
