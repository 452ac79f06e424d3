package main

import (
	"strings"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
)

// TestEveryCommandHonoursLimits: with a tiny --max-entry-size, every command that reads class
// files refuses the big entries — explain and verify included, which opened the jars again with
// default limits before they shared the scan's options — says so on stderr, and exits 3.
func TestEveryCommandHonoursLimits(t *testing.T) {
	lib1, stub := fixtureJar(t, "lib1"), fixtures.RuntimeStubJar()
	const limit = "--max-entry-size=300"
	for _, args := range [][]string{
		{"audit", limit, "--classpath", stub, lib1},
		{"dump", limit, "--classpath", stub, lib1},
		{"verify", limit, "--classpath", stub, lib1},
		{"diff", limit, "--old-classpath", stub, "--new-classpath", stub, lib1, lib1},
		{"check", limit, "--baseline", baselineV1, "--classpath", stub, lib1},
		{"explain", limit, "--classpath", stub, "--classpath", lib1, "lib1.LBox<lib1.LData>"},
	} {
		code, out, errOut := runCLI(t, args...)
		if code != exitUnreadable || !strings.Contains(errOut, "exceeds the limit of 300 (Limits.MaxEntrySize)") {
			t.Errorf("%s: exit %d, stderr:\n%s", args[0], code, errOut)
		}
		if args[0] == "explain" && !strings.Contains(out, "unknown: lib1.LBox, lib1.LData are not on the classpath") {
			t.Errorf("explain read lib1.LBox past the limit:\n%s", out)
		}
	}
}
