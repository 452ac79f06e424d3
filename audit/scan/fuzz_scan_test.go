package scan_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/composestab/composestab/audit/baseline"
	"github.com/composestab/composestab/audit/diff"
	"github.com/composestab/composestab/audit/output"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/audit/verify"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

// FuzzAuditScan runs the whole scan — class file, Kotlin metadata, inference, $stable evaluation,
// effective verdicts, suggestions and composables — and then dump, verify and every output form,
// on a jar holding one mutated class beside the good classes of lib1. Whatever the bytes, the scan must not panic, and every class entry must be
// reported, skipped with a reason, or an error.
func FuzzAuditScan(f *testing.F) {
	m, err := fixtures.Get("lib1")
	if err != nil {
		f.Fatal(err)
	}
	good := fixtures.JarEntries(f, m.Jar(), ".class")
	for _, name := range sortedKeys(good) {
		f.Add(good[name])
	}
	// A configuration with a line of each shape, checked against every crafted class: exact,
	// a wildcard over the fixture's package, a built-in's supertype, an unused one.
	conf := filepath.Join(f.TempDir(), "stability.conf")
	confText := "lib1.LDat\nlib1.L*\nkotlin.collections.List\njava.util.*\nnot.there.Gone\nlib1.LDat\n"
	if err := os.WriteFile(conf, []byte(confText), 0o644); err != nil {
		f.Fatal(err)
	}
	// The classpath is inflated again by every scan: stored copies cost a fraction.
	var classpath []string
	for i, p := range m.Classpath() {
		stored := filepath.Join(f.TempDir(), fmt.Sprintf("cp%d.jar", i))
		if err := storedCopy(p, stored); err != nil {
			f.Fatal(err)
		}
		classpath = append(classpath, stored)
	}
	names := make([]string, 0, len(good))
	for name := range good {
		names = append(names, name)
	}
	sort.Strings(names)
	// One file, rewritten for each input (a worker runs one at a time): a folder per input
	// costs more than the scan.
	jar := filepath.Join(f.TempDir(), "fuzz.jar")
	f.Fuzz(func(t *testing.T, class []byte) {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		for _, name := range names {
			data := good[name]
			if name == "lib1/LData.class" {
				data = class // the mutated one takes a real class's place
			}
			// Stored, not deflated: compressing would cost more than the scan.
			w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Store})
			if err != nil {
				t.Fatal(err)
			}
			w.Write(data)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(jar, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		rep, err := scan.Scan(context.Background(), scan.Options{Inputs: []string{jar}, Classpath: classpath, IncludeNonPublic: true,
			SuggestConfig: true, Composables: true, CallSites: true, Configs: []string{conf}, CheckConfig: true})
		if err != nil {
			t.Fatal(err)
		}
		defer rep.Close()
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
		// What the other commands read of a report: dump (which must read back), verify (the
		// bytecode of field writes), and every text form.
		var dump bytes.Buffer
		if err := baseline.Write(&dump, rep); err != nil {
			t.Fatal(err)
		}
		base, err := baseline.Read(bytes.NewReader(dump.Bytes()))
		if err != nil {
			t.Fatalf("the dump does not read back: %v\n%s", err, dump.String())
		}
		// check against its own dump is clean, classes and composables alike.
		if d := diff.Check(base, rep); len(d.Changes)+len(d.Composables) > 0 {
			t.Fatalf("check against its own dump: %s\n%+v\n%+v\n%s", d.Summary(), d.Changes, d.Composables, dump.String())
		}
		v, err := verify.Verify(rep, verify.Options{Drift: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, write := range []func(io.Writer) error{
			func(w io.Writer) error { return output.WriteVerifyText(w, v) },
			func(w io.Writer) error { return output.WriteReportText(w, rep) },
			func(w io.Writer) error { return output.WriteClassesReport(w, rep) },
			func(w io.Writer) error { return output.WriteComposables(w, "text", rep) },
			func(w io.Writer) error { return output.WriteCallSites(w, "text", rep) },
			func(w io.Writer) error { return output.WriteStabilityConfig(w, rep) },
		} {
			if err := write(io.Discard); err != nil {
				t.Fatal(err)
			}
		}
		// The merged configuration is a file the compiler accepts, whatever the classes are named.
		var merged bytes.Buffer
		checks, added := verify.MergeConfig(rep)
		if err := output.WriteMergedStabilityConfig(&merged, rep, rep.ConfigTexts(), checks, added); err != nil {
			t.Fatal(err)
		}
		if _, err := stability.ParseConfig("merged", merged.Bytes()); err != nil {
			t.Fatalf("the merged configuration does not parse: %v\n%s", err, merged.String())
		}
	})
}

// storedCopy writes the jar at from to to with every entry stored, not deflated.
func storedCopy(from, to string) error {
	zr, err := zip.OpenReader(from)
	if err != nil {
		return err
	}
	defer zr.Close()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range zr.File {
		rc, err := e.Open()
		if err != nil {
			return err
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return err
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: e.Name, Method: zip.Store})
		if err != nil {
			return err
		}
		w.Write(data)
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(to, buf.Bytes(), 0o644)
}

func sortedKeys(m map[string][]byte) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
