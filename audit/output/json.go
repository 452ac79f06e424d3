// Package output writes the results of the audit packages as bytes, in every form composestab
// offers: the text and markdown of audit, of its composables and of explain; JSON (the report's
// streamed, and WriteJSON for the others); SARIF for check, diff and verify; the compiler's
// -classes.txt and -composables.txt; a stability configuration file of suggestions; and the
// text and markdown of a change list.
//
// The rule: a result is a value in its job's package (scan, baseline, diff, verify, explain);
// every encoding of it lives here; cmd/composestab only picks one, and draws what only a
// terminal shows (tables fitted to its width, colour, progress).
package output

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"runtime"

	gojson "github.com/goccy/go-json"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/par"
)

// WriteReportJSON writes the report as indented JSON, byte for byte what encoding/json's Encoder gives
// with two-space indentation and no HTML escaping, followed by a newline. The classes, most of a
// big report, are encoded on GOMAXPROCS goroutines a batch at a time and streamed, so the whole
// document is never held in memory. They are encoded with goccy/go-json, four times faster than
// encoding/json on kotlin-compiler.jar's report (encoding/json encodes, then indents in a
// second pass); the tests and FuzzAuditScan hold it to encoding/json's bytes.
func WriteReportJSON(w io.Writer, rep *scan.Report) error {
	// Everything but the classes, with an empty class list to cut the document at.
	head := *rep
	head.Classes = []*scan.Class{}
	doc, err := marshalIndent(&head, "")
	if err != nil {
		return err
	}
	const hole = "\n  \"classes\": []"
	at := bytes.Index(doc, []byte(hole))
	if at < 0 {
		return errors.New("audit: report JSON has no classes member")
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.Write(doc[:at+len(hole)-1])
	if len(rep.Classes) > 0 {
		bw.WriteString("\n")
		if err := writeClasses(bw, rep.Classes); err != nil {
			return err
		}
		bw.WriteString("\n  ")
	}
	bw.Write(doc[at+len(hole)-1:])
	bw.WriteString("\n")
	return bw.Flush()
}

// writeClasses writes the elements of the classes array, indented as members of the report.
func writeClasses(w *bufio.Writer, classes []*scan.Class) error {
	workers := runtime.GOMAXPROCS(0)
	const perWorker = 256
	bufs := make([][]byte, workers)
	errs := make([]error, workers)
	for start := 0; start < len(classes); start += workers * perWorker {
		par.For(workers, func(k int) {
			lo := min(len(classes), start+k*perWorker)
			hi := min(len(classes), lo+perWorker)
			b := bufs[k][:0]
			for i := lo; i < hi; i++ {
				if i > 0 {
					b = append(b, ",\n"...)
				}
				enc, err := marshalIndent(classes[i], "    ")
				if err != nil {
					errs[k] = err
					return
				}
				b = append(b, "    "...)
				b = append(b, enc...)
			}
			bufs[k] = b
		})
		for k := range workers {
			if errs[k] != nil {
				return errs[k]
			}
			w.Write(bufs[k])
		}
	}
	return nil
}

// marshalIndent is json.MarshalIndent without HTML escaping.
func marshalIndent(v any, prefix string) ([]byte, error) {
	var out bytes.Buffer
	enc := gojson.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix, "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(out.Bytes(), []byte("\n")), nil
}

// WriteJSON writes v as every JSON document of composestab is written: indented by two spaces,
// without HTML escaping, followed by a newline (diff, check, verify, explain and deps results).
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
