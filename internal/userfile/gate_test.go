package userfile_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestOnlyGate: outside this package no code that a user's command runs opens a file for
// reading by itself. Tests, test helpers and the table generators (which read the JDK and
// the Kotlin distribution, not a user's paths) may.
func TestOnlyGate(t *testing.T) {
	opens := []string{"os.Open", "os.OpenFile", "os.ReadFile", "zip.OpenReader", "os.DirFS"}
	exempt := []string{"internal/userfile/", "internal/fixtures/", "maven/maventest/", "stability/internal/", "testdata/", "bench/"}
	root := filepath.Join("..", "..")
	var found []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(p, root+string(filepath.Separator)))
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") && p != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") ||
			slices.ContainsFunc(exempt, func(e string) bool { return strings.HasPrefix(rel, e) }) {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && slices.Contains(opens, x.Name+"."+sel.Sel.Name) {
				found = append(found, rel+": "+x.Name+"."+sel.Sel.Name)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(found) > 0 {
		t.Errorf("files opened outside the gate (use userfile.Open or userfile.ReadFile):\n%s", strings.Join(found, "\n"))
	}
}
