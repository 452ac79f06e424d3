package main

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// TestArchitecture: ARCHITECTURE.md's table names every package of the module, and none that is
// gone; and no package imports one listed below it, up to cmd/composestab (the one-way flow).
func TestArchitecture(t *testing.T) {
	const module = "github.com/composestab/composestab/"
	root := filepath.Join("..", "..")
	doc, err := os.ReadFile(filepath.Join(root, "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	var listed []string // in table order
	cell := regexp.MustCompile("`([a-z0-9/]+)`")
	for _, line := range strings.Split(string(doc), "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		first := strings.SplitN(line, "|", 3)[1]
		for _, m := range cell.FindAllStringSubmatch(first, -1) {
			listed = append(listed, m[1])
		}
	}
	imports := map[string][]string{}
	err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(p))
		pkg := filepath.ToSlash(rel)
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		if _, ok := imports[pkg]; !ok {
			imports[pkg] = nil
		}
		for _, im := range f.Imports {
			path, _ := strconv.Unquote(im.Path.Value)
			if q, ok := strings.CutPrefix(path, module); ok {
				imports[pkg] = append(imports[pkg], q)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var actual []string
	for pkg := range imports {
		actual = append(actual, pkg)
	}
	sort.Strings(actual)
	sortedListed := slices.Sorted(slices.Values(listed))
	if strings.Join(sortedListed, " ") != strings.Join(actual, " ") {
		t.Errorf("ARCHITECTURE.md lists\n%s\nthe module has\n%s", strings.Join(sortedListed, " "), strings.Join(actual, " "))
	}
	layers := listed[:slices.Index(listed, "cmd/composestab")+1]
	for i, pkg := range layers {
		for _, q := range imports[pkg] {
			if j := slices.Index(layers, q); j > i {
				t.Errorf("%s imports %s, which ARCHITECTURE.md lists below it", pkg, q)
			}
		}
	}
}
