package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
)

// runCLI runs the command in-process and returns stdout and stderr with the fixture root replaced
// by $GOLDEN, so goldens do not depend on where the checkout is.
func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	root := fixtures.Root()
	clean := func(s string) string { return strings.ReplaceAll(s, root, "$GOLDEN") }
	return code, clean(out.String()), clean(errb.String())
}

func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	fixtures.CheckGolden(t, filepath.Join("testdata", name), got)
}

func fixtureJar(t *testing.T, module string) string {
	t.Helper()
	m, err := fixtures.Get(module)
	if err != nil {
		t.Fatal(err)
	}
	return m.Jar()
}

func TestAuditFormats(t *testing.T) {
	lib1, lib2, stub := fixtureJar(t, "lib1"), fixtureJar(t, "lib2"), fixtures.RuntimeStubJar()
	for _, format := range []string{"text", "table", "json", "compose-report", "markdown"} {
		t.Run(format, func(t *testing.T) {
			code, out, errOut := runCLI(t, "audit", "--format", format, "--classpath", stub, lib1, lib2)
			if code != exitOK {
				t.Fatalf("exit %d; stderr:\n%s", code, errOut)
			}
			checkGolden(t, "audit-"+format+".golden", out)
		})
	}
}

// TestAuditComposeReportEqualsCompiler checks that compose-report reproduces the compiler's own
// -classes.txt for a module, byte for byte.
func TestAuditComposeReportEqualsCompiler(t *testing.T) {
	m, err := fixtures.Get("lib2")
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"audit", "--format", "compose-report", "--include-nonpublic"}
	for _, p := range m.Classpath() {
		args = append(args, "--classpath", p)
	}
	code, out, errOut := runCLI(t, append(args, m.Jar())...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want, err := os.ReadFile(m.Report("-classes.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		t.Errorf("compose-report differs from the compiler's lib2-classes.txt\n--- ours\n%s--- compiler\n%s", out, want)
	}
}

func TestAuditExitCodes(t *testing.T) {
	lib1, stub := fixtureJar(t, "lib1"), fixtures.RuntimeStubJar()
	corrupt := filepath.Join(t.TempDir(), "corrupt.jar")
	if err := os.WriteFile(corrupt, []byte("PK\x03\x04 this is not a zip"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		// stderr must contain this
		stderr string
	}{
		{"clean", []string{"audit", "--quiet", "--classpath", stub, lib1}, exitOK, ""},
		{"fail-on unstable", []string{"audit", "--quiet", "--fail-on", "unstable", "--classpath", stub, lib1}, exitFindings, "classes are unstable"},
		{"fail-on runtime", []string{"audit", "--quiet", "--fail-on", "runtime", "--only", "runtime", "--classpath", stub, lib1}, exitFindings, "not stable"},
		{"fail-on without findings", []string{"audit", "--quiet", "--fail-on", "unstable", "--only", "stable", "--classpath", stub, lib1}, exitOK, ""},
		{"unknown flag", []string{"audit", "--bogus", lib1}, exitUsage, "unknown flag"},
		{"bad format", []string{"audit", "--format", "xml", lib1}, exitUsage, "choose one of"},
		{"missing input", []string{"audit", "/nonexistent/x.jar"}, exitUnreadable, "no such file"},
		{"missing classpath entry", []string{"audit", "--classpath", "/nonexistent/cp.jar", lib1}, exitUnreadable, "/nonexistent/cp.jar: no such file"},
		{"missing config", []string{"audit", "--config", "/nonexistent/s.conf", lib1}, exitUnreadable, "/nonexistent/s.conf"},
		{"fail-on and unreadable", []string{"audit", "--quiet", "--fail-on", "unstable", "--classpath", stub, lib1, corrupt}, exitUnreadable, "could not be read, the first: "},
		{"quiet names the problem", []string{"audit", "--quiet", "--classpath", stub, corrupt}, exitUnreadable, "corrupt.jar"},
		{"unknown command", []string{"frobnicate"}, exitUsage, "unknown command"},
		{"corrupt jar", []string{"audit", "--classpath", stub, lib1, corrupt}, exitUnreadable, "corrupt.jar"},
		{"explain without classpath", []string{"explain", "lib1.LBox<lib1.LStable>"}, exitOK, "missing: lib1.LBox (not on the classpath"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := runCLI(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, tt.code, errOut)
			}
			if !strings.Contains(errOut, tt.stderr) {
				t.Errorf("stderr %q does not contain %q", errOut, tt.stderr)
			}
		})
	}
}

func TestExplain(t *testing.T) {
	lib1, lib2, stub := fixtureJar(t, "lib1"), fixtureJar(t, "lib2"), fixtures.RuntimeStubJar()
	cp := strings.Join([]string{lib1, lib2, stub}, string(os.PathListSeparator))
	for _, tt := range []struct{ name, typ, format string }{
		{"box-stable", "lib1.LBox<lib1.LStable>", "text"},
		{"box-list-unstable", "LBox<List<LUnstable>>", "text"},
		{"pair-json", "kotlin.Pair<lib1.LStable, Int>", "json"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, "explain", "--format", tt.format, "--classpath", cp, tt.typ)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			checkGolden(t, "explain-"+tt.name+".golden", out)
		})
	}
}

// TestAuditFormatRefused: a format a report has no form in is a usage error, never another
// format in silence; a flag's bad pattern is said once, as a flag's, not a file's.
func TestAuditFormatRefused(t *testing.T) {
	jar := fixtureJar(t, "cchurn")
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--call-sites", "--format", "table"}, "composestab: --call-sites prints text, json, markdown or html, not --format table\n"},
		{[]string{"--call-sites", "--format", "compose-report"}, "composestab: --call-sites prints text, json, markdown or html, not --format compose-report\n"},
		{[]string{"--call-sites", "--format", "stability-config"}, "composestab: --call-sites prints text, json, markdown or html, not --format stability-config\n"},
		{[]string{"--composables", "--format", "stability-config"}, "composestab: --composables prints table, text, json, compose-report, markdown or html, not --format stability-config\n"},
		{[]string{"--package", "a.<"}, "composestab: --package: column 3: not a valid pattern\n  a.<\n"},
	} {
		code, out, errOut := runCLI(t, append(append([]string{"audit"}, tc.args...), jar)...)
		if code != exitUsage || errOut != tc.msg || out != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want %d and %q", tc.args, code, errOut, out, exitUsage, tc.msg)
		}
	}
}

// TestAuditOneClass: one class is counted as one, not "1 classes".
func TestAuditOneClass(t *testing.T) {
	code, out, _ := runCLI(t, "audit", "--format", "text", filepath.Join("..", "..", "classfile", "testdata", "compose", "sample", "Foo.class"))
	if code != exitOK || !strings.Contains(out, "\n1 class: 1 reported (0 stable, 0 runtime, 1 unstable), 0 skipped; 0 errors\n") ||
		!strings.HasSuffix(out, ": built by Kotlin 2.4 (K2): 1 class\n") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// TestAuditUnreadStable: a stable object or marked class whose bytes hold $stable=8 says that no
// app reads it; a class whose verdict was read from its own $stable says nothing more.
func TestAuditUnreadStable(t *testing.T) {
	jar := filepath.Join(fixtures.Root(), "compilers", "2.1.0", "producers", "producers.jar")
	code, out, _ := runCLI(t, "audit", "--format", "text", "--classpath", fixtures.RuntimeStubJar(), jar)
	for _, want := range []string{
		"stable   producers.MutableObject  Stable  $stable=8 (unread) mask=0\n",
		"stable   producers.ErrorProneMarked  Stable  $stable=8 (unread) mask=0\n",
		"unstable producers.HasObject  Unstable  $stable=8 mask=0\n",
		"stable   producers.DataObject  Stable  $stable=0 mask=1\n",
	} {
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("exit %d, no %q in\n%s", code, want, out)
		}
	}
}

// TestAuditLocalClasses: local classes are named by their JVM names, and one local class's field
// of another local class's type finds it: no "missing: .lc.LKt.top.Local" from the metadata's '.'.
func TestAuditLocalClasses(t *testing.T) {
	code, out, errOut := runCLI(t, "audit", "--format", "text", "--include-nonpublic", "--include-synthetic",
		"--classpath", fixtures.RuntimeStubJar(), filepath.Join("testdata", "localclass", "lc.jar"))
	want := "runtime  lc.Holder  Parameter(T)  $stable=0 mask=1\n" +
		"unstable lc.LKt$top$Box  Unstable  $stable=- mask=-\n" +
		"unstable lc.LKt$top$Local  Unstable  $stable=- mask=-\n" +
		"stable   lc.Outer  Stable  $stable=0 mask=1\n" +
		"unstable lc.Outer$make$Cache  Unstable  $stable=- mask=-\n"
	if code != exitOK || !strings.HasPrefix(out, want) || strings.Contains(errOut, "missing") {
		t.Errorf("exit %d\n%s\nstderr %s", code, out, errOut)
	}
}

// TestAuditInferredEmptyCombination: a class whose inferred stability combines nothing (the
// compiler's report prints "<runtime stability> = " and writes $stable 0) is inferred Stable in
// words, never "" ("Kotlin 2.4.20's rules infer , which would write 0").
func TestAuditInferredEmptyCombination(t *testing.T) {
	jar := filepath.Join(fixtures.Root(), "compilers", "2.0.20", "producers", "producers.jar")
	code, out, _ := runCLI(t, "audit", "--format", "json", "--classpath", fixtures.RuntimeStubJar(), jar)
	var rep struct {
		Classes []struct{ Name, Inferred string }
	}
	if err := json.Unmarshal([]byte(out), &rep); code != exitOK || err != nil {
		t.Fatalf("exit %d, %v", code, err)
	}
	found := false
	for _, c := range rep.Classes {
		if c.Inferred == "" {
			t.Errorf("%s: inferred \"\"", c.Name)
		}
		if c.Name == "producers.HoldsTwoIfaces" {
			found = c.Inferred == "Stable"
		}
	}
	if !found {
		t.Error("producers.HoldsTwoIfaces is not inferred Stable")
	}
}
