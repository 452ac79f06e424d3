package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
)

// TestCheckAddedClasses: check names why an added class is not stable, and an added internal
// class, which no other module can name, is a neutral change that says so, never a regression.
func TestCheckAddedClasses(t *testing.T) {
	jar := fixtureJar(t, "app")
	cp := strings.Join([]string{fixtures.RuntimeStubJar(), fixtureJar(t, "lib1"), fixtureJar(t, "javalib"),
		fixtureJar(t, "plainkt"), fixtureJar(t, "lib2")}, string(os.PathListSeparator))
	code, base, _ := runCLI(t, "dump", "--classpath", cp, jar)
	if code != exitOK {
		t.Fatalf("dump: exit %d", code)
	}
	// The baseline without three classes: check then sees them added.
	removed := 0
	for _, name := range []string{"internal class app.InternalVar", "public class app.AbstractShape", "public interface app.Event"} {
		block := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(name) + `\n(?:  .*\n)*\n?`)
		if !block.MatchString(base) {
			t.Fatalf("no block %q", name)
		}
		base = block.ReplaceAllString(base, "")
		removed++
	}
	end := regexp.MustCompile(`(?m)^end (\d+) classes`)
	n, _ := strconv.Atoi(end.FindStringSubmatch(base)[1])
	base = end.ReplaceAllString(base, "end "+strconv.Itoa(n-removed)+" classes")
	file := filepath.Join(t.TempDir(), "app.baseline")
	os.WriteFile(file, []byte(base), 0o644)

	code, out, errOut := runCLI(t, "check", "--format", "json", "--baseline", file, "--classpath", cp, jar)
	var rep struct {
		Changes []struct{ Class, Change, Kind, Message string }
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("exit %d, %v\n%s", code, err, errOut)
	}
	got := map[string]string{}
	for _, c := range rep.Changes {
		got[c.Class] = c.Kind + ": " + c.Message
	}
	want := map[string]string{
		"app.InternalVar":   "neutral: internal class added (only its own module can name it): unstable (field `x` is a var)",
		"app.AbstractShape": "regression: class added: unstable (its own `$stable` is 8: the compiler that built it could not prove it stable)",
		"app.Event":         "regression: class added: uncertain (an interface: any implementation may be passed)",
	}
	for class, w := range want {
		if got[class] != w {
			t.Errorf("%s: %q, want %q", class, got[class], w)
		}
	}
	if code != exitFindings || len(rep.Changes) != len(want) {
		t.Errorf("exit %d, %d changes: %v", code, len(rep.Changes), got)
	}
}

// TestCheckUnreadableNotRemoved: a class whose entry is broken in the checked jar is reported as
// unreadable (exit 3), not as a removed class.
func TestCheckUnreadableNotRemoved(t *testing.T) {
	lib := fixtureJar(t, "lib1")
	code, base, _ := runCLI(t, "dump", "--classpath", fixtures.RuntimeStubJar(), lib)
	if code != exitOK {
		t.Fatalf("dump: exit %d", code)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "lib1.baseline")
	os.WriteFile(file, []byte(base), 0o644)
	broken := filepath.Join(dir, "lib1.jar")
	fixtures.RewriteJar(t, lib, broken, func(name string, data []byte) []byte {
		if name == "lib1/LOpen.class" {
			return data[:40]
		}
		return data
	})
	code, out, errOut := runCLI(t, "check", "--format", "text", "--baseline", file, "--classpath", fixtures.RuntimeStubJar(), broken)
	want := "Neutral changes:\n- lib1.LOpen: class could not be read (was unstable): constant pool count exceeds remaining data\n"
	if code != exitUnreadable || !strings.HasPrefix(out, want) || strings.Contains(out, "removed") ||
		!strings.Contains(errOut, "unreadable: "+broken+"!lib1/LOpen.class: constant pool count exceeds remaining data") {
		t.Errorf("exit %d\n%s\nstderr %s", code, out, errOut)
	}
}
