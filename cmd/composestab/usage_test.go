package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"
)

// TestUsageCommands: the usage text names every command run's switch dispatches (its flag-like
// aliases aside), each at the start of a line, and every command with flags has its --help text.
func TestUsageCommands(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var commands []string
	ast.Inspect(f, func(n ast.Node) bool {
		if fn, ok := n.(*ast.FuncDecl); ok && fn.Name.Name != "run" {
			return false
		}
		if cc, ok := n.(*ast.CaseClause); ok {
			for _, e := range cc.List {
				if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if c, _ := strconv.Unquote(lit.Value); !strings.HasPrefix(c, "-") {
						commands = append(commands, c)
					}
				}
			}
		}
		return true
	})
	if len(commands) < 10 {
		t.Fatalf("found only %v in run's switch", commands)
	}
	for _, c := range commands {
		if !strings.Contains(usage, "\n  composestab "+c+" ") {
			t.Errorf("usage does not name %q", c)
		}
		if c == "help" || c == "version" || c == "explain" || c == "mcp" {
			continue // no flags, or help of their own
		}
		if _, ok := commandHelp[c]; !ok {
			t.Errorf("%s has no --help text", c)
		}
	}
}
