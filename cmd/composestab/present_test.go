package main

import (
	"strconv"
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"

	"github.com/composestab/composestab/internal/fixtures"
)

// TestTableFitsTerminal: the table never runs past the terminal's right edge ($COLUMNS here),
// for classes and composables, at 80 and 200 columns; with room to spare names do not wrap.
func TestTableFitsTerminal(t *testing.T) {
	m, err := fixtures.Get("app")
	if err != nil {
		t.Fatal(err)
	}
	cp := joinPaths(m.Classpath()...)
	for _, width := range []int{80, 200} {
		for _, args := range [][]string{
			{"audit", "--format", "table", "--classpath", cp, m.Jar()},
			{"audit", "--format", "table", "--composables", "--classpath", cp, m.Jar()},
		} {
			t.Run(strconv.Itoa(width)+" "+strings.Join(args[:4], " "), func(t *testing.T) {
				t.Setenv("COLUMNS", strconv.Itoa(width))
				_, out, _ := runCLI(t, args...)
				lines := strings.Split(strings.TrimSpace(out), "\n")
				wrapped := 0
				for _, line := range lines {
					if !strings.HasPrefix(line, "│") && !strings.HasPrefix(line, "┌") && !strings.HasPrefix(line, "├") && !strings.HasPrefix(line, "└") {
						continue // the footer
					}
					if w := runewidth.StringWidth(line); w > width {
						t.Errorf("%d columns wide, terminal %d: %s", w, width, line)
					}
					if cells := strings.Split(line, "│"); len(cells) > 2 && strings.Contains(cells[2], "↩") {
						wrapped++ // a class or composable name cut in two
					}
				}
				if width == 200 && wrapped > 0 {
					t.Errorf("%d names wrapped with 200 columns", wrapped)
				}
				if len(lines) < 20 {
					t.Errorf("only %d lines:\n%s", len(lines), out)
				}
			})
		}
	}
}

// TestHelp: every command's --help says what it does and shows an example, on stdout, exit 0;
// --version names the build and the releases it knows.
func TestHelp(t *testing.T) {
	for _, cmd := range []string{"audit", "explain", "dump", "check", "diff", "verify", "report", "deps"} {
		t.Run(cmd, func(t *testing.T) {
			code, out, errOut := runCLI(t, cmd, "--help")
			if code != exitOK || errOut != "" {
				t.Errorf("exit %d, stderr %q", code, errOut)
			}
			first := strings.SplitN(out, "\n", 2)[0]
			if len(first) < 20 || strings.HasPrefix(first, "Usage") {
				t.Errorf("--help does not start by saying what %s does: %q", cmd, first)
			}
			if !strings.Contains(out, "Examples:\n  composestab "+cmd+" ") || !strings.Contains(out, "Flags:\n") {
				t.Errorf("--help lacks an example or the flags:\n%s", out)
			}
		})
	}
	for _, arg := range []string{"--version", "version"} {
		code, out, _ := runCLI(t, arg)
		if code != exitOK || !strings.HasPrefix(out, "composestab ") || !strings.Contains(out, "2.5.0-Beta1") {
			t.Errorf("%s: exit %d\n%s", arg, code, out)
		}
	}
}
