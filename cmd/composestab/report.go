package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/composestab/composestab/audit"
	"github.com/composestab/composestab/composable"
	"github.com/composestab/composestab/stability"
)

// runReport writes, per module, the four files the Compose compiler writes with
// reportsDestination and metricsDestination, rebuilt from the module's bytecode.
func runReport(s *streams, args []string) error {
	var o auditOptions
	var out, moduleName string
	fs := newFlagSet(s, "report", "report [flags] --out DIR PATH...")
	scanFlags(fs, &o)
	fs.StringVar(&out, "out", "", "folder to write <module>-classes.txt, -composables.txt, -composables.csv and -module.json to (required)")
	fs.StringVar(&moduleName, "module-name", "", "module name for the file names (default: the base name of the jar or folder; one PATH only)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	paths := fs.Args()
	switch {
	case out == "":
		return usageErrorf("report: --out DIR is required")
	case len(paths) == 0:
		return usageErrorf("report: no PATH given")
	}
	o.composables = true
	rep, err := scan(s, &o, paths, true)
	if err != nil {
		return err
	}
	defer rep.Close()
	if moduleName != "" && len(rep.Inputs) != 1 {
		return usageErrorf("report: --module-name needs exactly one module, found %d", len(rep.Inputs))
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	// classes.txt comes from the scan's own results, so that --compiler auto prints each
	// module's producer's report.
	byInput := map[string][]*stability.ClassResult{}
	for _, c := range rep.ReportOrder() {
		if r := c.Result(); r != nil {
			byInput[c.Input] = append(byInput[c.Input], r)
		}
	}
	mods := map[string]*audit.InputComposables{}
	for _, ic := range rep.Composables {
		mods[ic.Input] = ic
	}
	for _, in := range rep.Inputs {
		start := time.Now()
		name := moduleName
		if name == "" {
			name = moduleBaseName(in)
		}
		prefix := composable.ReportPrefix(name)
		if err := checkPrefix(prefix); err != nil {
			return err
		}
		mod := mods[in].Module
		files, err := reportFiles(mod, byInput[in])
		if err != nil {
			return err
		}
		for _, f := range files {
			if err := os.WriteFile(filepath.Join(out, prefix+"-"+f.suffix), f.data, 0o644); err != nil {
				return err
			}
		}
		if !o.quiet {
			for _, e := range mod.Errors {
				fmt.Fprintf(s.err, "%s: %v\n", colorize(s.errTTY, "33", "unreadable"), e)
			}
			fmt.Fprintf(s.err, "%s: %d composables, %d classes -> %s (%s)\n", in, mod.Metrics.TotalComposables, mod.Metrics.TotalClasses,
				filepath.Join(out, prefix+"-*"), time.Since(start).Round(time.Millisecond))
		}
	}
	if rep.Unreadable() {
		return &exitError{code: exitUnreadable, msg: "some inputs could not be read (see above)"}
	}
	return nil
}

type reportFile struct {
	suffix string
	data   []byte
}

// reportFiles renders the four files of one module; classes are the module's class results in
// report order, as audit's compose-report prints them.
func reportFiles(mod *composable.Module, classes []*stability.ClassResult) ([]reportFile, error) {
	var cls, txt, csv, js bytes.Buffer
	if err := stability.WriteClassesReport(&cls, classes); err != nil {
		return nil, err
	}
	if err := composable.WriteComposablesTxt(&txt, mod.Functions); err != nil {
		return nil, err
	}
	if err := composable.WriteComposablesCSV(&csv, mod.Functions); err != nil {
		return nil, err
	}
	if err := composable.WriteModuleJSON(&js, mod.Metrics, mod.Features); err != nil {
		return nil, err
	}
	return []reportFile{{"classes.txt", cls.Bytes()}, {"composables.txt", txt.Bytes()}, {"composables.csv", csv.Bytes()}, {"module.json", js.Bytes()}}, nil
}

// moduleBaseName is a jar's or folder's base name without its extension: lib.jar gives lib.
func moduleBaseName(path string) string {
	base := filepath.Base(filepath.Clean(path))
	for _, ext := range []string{".jar", ".aar", ".zip"} {
		if b, ok := strings.CutSuffix(base, ext); ok && b != "" {
			return b
		}
	}
	return base
}

// checkPrefix refuses a prefix that would leave the output folder or name a hidden file: the
// files are written as DIR/<prefix>-<suffix>.
func checkPrefix(prefix string) error {
	if prefix == "" || strings.ContainsAny(prefix, `/\`+"\x00") || prefix == "." || prefix == ".." || strings.HasPrefix(prefix, ".") {
		return usageErrorf("report: module name %q cannot name a file (use --module-name)", prefix)
	}
	return nil
}
