package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/composestab/composestab/audit/output"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/english"
	"github.com/composestab/composestab/internal/escape"

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
	var htmlPage bool
	fs.BoolVar(&htmlPage, "html", false, "also write index.html: one self-contained page of every module's classes and composables")
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
	rep, err := scanPaths(s, &o, paths, true)
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
	mods := map[string]*scan.InputComposables{}
	for _, ic := range rep.Composables {
		mods[ic.Input] = ic
	}
	prefixes := reportPrefixes(rep.Inputs)
	if moduleName != "" {
		prefixes = []string{composable.ReportPrefix(moduleName)}
	}
	for _, prefix := range prefixes {
		if err := checkPrefix(prefix); err != nil {
			if moduleName != "" {
				return usageErrorf("%v", err)
			}
			// The name comes from an input, and an input never makes a usage error.
			return unreadableErrorf("%v", err)
		}
	}
	written := map[string]string{}
	for i, in := range rep.Inputs {
		start := time.Now()
		prefix := prefixes[i]
		mod := mods[in].Module
		files, err := reportFiles(mod, byInput[in])
		if err != nil {
			return err
		}
		for _, f := range files {
			name := prefix + "-" + f.suffix
			// reportPrefixes makes the names distinct; this says so should it ever fail.
			if other, ok := written[name]; ok {
				return fmt.Errorf("report: %s and %s would both write %s", other, in, filepath.Join(out, name))
			}
			written[name] = in
			if err := os.WriteFile(filepath.Join(out, name), f.data, 0o644); err != nil {
				return err
			}
		}
		if !o.quiet {
			for _, e := range mod.Errors {
				fmt.Fprintf(s.err, "%s: %s\n", colorize(s.errTTY, "33", "unreadable"), escape.Text(fmt.Sprint(e)))
			}
			fmt.Fprintf(s.err, "%s: %s, %s -> %s (%s)\n", escape.Text(in), english.Plural(mod.Metrics.TotalComposables, "composable"), english.Plural(mod.Metrics.TotalClasses, "class"),
				escape.Text(filepath.Join(out, prefix+"-*")), time.Since(start).Round(time.Millisecond))
		}
	}
	if htmlPage {
		var page bytes.Buffer
		if err := output.WriteReportHTML(&page, rep); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, "index.html"), page.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return unreadableExit(&o, "", rep)
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

// reportPrefixes gives each input the prefix of its report files: the compiler's prefix of its
// base name (moduleBaseName), and where inputs share one — every AAR in Gradle's transform cache
// holds a classes.jar, every module a build/classes/kotlin/main — the nearest parent folder
// names that tell them apart: .../core-1.12.0/jars/classes.jar gives core-1_12_0-classes and
// app/build/classes/kotlin/main app-main. Names still equal get the extension, then -2, -3, in
// input order, so that no two inputs write the same file.
func reportPrefixes(inputs []string) []string {
	names := make([]string, len(inputs))
	groups := map[string][]int{}
	for i, in := range inputs {
		names[i] = composable.ReportPrefix(moduleBaseName(in))
		groups[names[i]] = append(groups[names[i]], i)
	}
	for _, group := range groups {
		if len(group) > 1 {
			disambiguate(inputs, names, group)
		}
	}
	used := map[string]bool{}
	for i, name := range names {
		n := name
		for k := 2; used[n]; k++ {
			n = fmt.Sprintf("%s-%d", name, k)
		}
		used[n] = true
		names[i] = n
	}
	return names
}

// disambiguate renames the inputs of group, which share names[i], after the parent folders that
// differ among them, nearest first: the fewest levels that tell them all apart, without the
// levels that all share.
func disambiguate(inputs, names []string, group []int) {
	parents := make([][]string, len(group)) // nearest first
	most := 0
	for j, i := range group {
		dir := filepath.Dir(filepath.Clean(inputs[i]))
		for _, c := range strings.Split(filepath.ToSlash(dir), "/") {
			if c != "" && c != "." {
				parents[j] = append([]string{c}, parents[j]...)
			}
		}
		most = max(most, len(parents[j]))
	}
	at := func(j, level int) string {
		if level < len(parents[j]) {
			return parents[j][level]
		}
		return ""
	}
	levels := -1
	for k := 1; k <= most && levels < 0; k++ {
		seen := map[string]bool{}
		for j := range group {
			var key []string
			for level := range k {
				key = append(key, at(j, level))
			}
			seen[strings.Join(key, "/")] = true
		}
		if len(seen) == len(group) {
			levels = k
		}
	}
	for j, i := range group {
		if levels < 0 {
			// Same folder: lib.jar and lib.aar, or lib.jar and a folder lib.
			if ext := strings.TrimPrefix(filepath.Ext(filepath.Clean(inputs[i])), "."); ext != "" {
				names[i] += "-" + composable.ReportPrefix(ext)
			}
			continue
		}
		var parts []string
		for level := levels - 1; level >= 0; level-- {
			if c := at(j, level); c != "" && !sharedLevel(group, level, at) {
				parts = append(parts, composable.ReportPrefix(c))
			}
		}
		names[i] = strings.Join(append(parts, names[i]), "-")
	}
}

// sharedLevel reports whether every input of the group has the same parent folder level up.
func sharedLevel(group []int, level int, at func(j, level int) string) bool {
	for j := range group {
		if at(j, level) != at(0, level) {
			return false
		}
	}
	return true
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
		return fmt.Errorf("report: module name %q cannot name a file (use --module-name)", prefix)
	}
	return nil
}
