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
