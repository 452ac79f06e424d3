package scan_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/output"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/fixtures"
)

// FuzzAuditScan runs the whole scan — class file, Kotlin metadata, inference, $stable evaluation,
// effective verdicts, suggestions and composables — on a jar holding one mutated class beside the
// good classes of lib1. Whatever the bytes, the scan must not panic, and every class entry must be
// reported, skipped with a reason, or an error.
func FuzzAuditScan(f *testing.F) {
	m, err := fixtures.Get("lib1")
	if err != nil {
		f.Fatal(err)
	}
	zr, err := zip.OpenReader(m.Jar())
	if err != nil {
		f.Fatal(err)
	}
	defer zr.Close()
	good := map[string][]byte{}
	for _, e := range zr.File {
		if !strings.HasSuffix(e.Name, ".class") {
			continue
		}
		rc, err := e.Open()
		if err != nil {
			f.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		if err != nil {
			f.Fatal(err)
		}
		rc.Close()
		good[e.Name] = data
		f.Add(data)
	}
	classpath := m.Classpath()
	f.Fuzz(func(t *testing.T, class []byte) {
		jar := filepath.Join(t.TempDir(), "fuzz.jar")
		out, err := os.Create(jar)
		if err != nil {
			t.Fatal(err)
		}
		zw := zip.NewWriter(out)
		for name, data := range good {
			if name == "lib1/LData.class" {
				data = class // the mutated one takes a real class's place
			}
			w, err := zw.Create(name)
			if err != nil {
				t.Fatal(err)
			}
			w.Write(data)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		out.Close()
		rep, err := scan.Scan(context.Background(), scan.Options{Inputs: []string{jar}, Classpath: classpath, IncludeNonPublic: true,
			SuggestConfig: true, Composables: true})
		if err != nil {
			t.Fatal(err)
		}
		skipped := 0
		for _, n := range rep.Summary.Skipped {
			skipped += n
		}
		if rep.Summary.Entries != len(good) || rep.Summary.Classes+skipped != len(good) {
			t.Fatalf("%d entries, %d reported + %d skipped, jar has %d", rep.Summary.Entries, rep.Summary.Classes, skipped, len(good))
		}
		// The streamed JSON (go-json) is encoding/json's, byte for byte, whatever the class says.
		var want, got bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(rep); err != nil {
			t.Fatal(err)
		}
		if err := output.WriteReportJSON(&got, rep); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Fatalf("WriteJSON differs from encoding/json (%d vs %d bytes)", got.Len(), want.Len())
		}
	})
}
