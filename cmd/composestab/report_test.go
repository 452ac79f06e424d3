package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
)

// TestReportWritesCompilerFiles runs report on lib2 and checks that the four files are written
// under the module's name and equal the compiler's (lib2's are reproduced byte for byte).
func TestReportWritesCompilerFiles(t *testing.T) {
	m, err := fixtures.Get("lib2")
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	args := []string{"report", "--quiet", "--out", out}
	for _, p := range m.Classpath() {
		args = append(args, "--classpath", p)
	}
	code, _, errOut := runCLI(t, append(args, m.Jar())...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, suffix := range []string{"classes.txt", "composables.txt", "composables.csv", "module.json"} {
		got, err := os.ReadFile(filepath.Join(out, "lib2-"+suffix))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(m.Report(suffix))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("lib2-%s differs from the compiler's\n--- ours\n%s\n--- compiler\n%s", suffix, got, want)
		}
	}
}

// TestReportModuleName checks --module-name, the compiler's prefix rule ('.' becomes '_', '<'
// and '>' go) and that names which would leave --out are refused.
func TestReportModuleName(t *testing.T) {
	lib1, stub := fixtureJar(t, "lib1"), fixtures.RuntimeStubJar()
	tests := []struct {
		name, prefix string
		code         int
	}{
		{name: "my.lib<main>", prefix: "my_libmain", code: exitOK},
		{name: "../escape", code: exitUsage},
		{name: "a/b", code: exitUsage},
		{name: ".hidden", prefix: "_hidden", code: exitOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := t.TempDir()
			code, _, errOut := runCLI(t, "report", "--quiet", "--out", out, "--module-name", tt.name, "--classpath", stub, lib1)
			if code != tt.code {
				t.Fatalf("exit %d, want %d: %s", code, tt.code, errOut)
			}
			entries, _ := os.ReadDir(out)
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			if tt.code != exitOK {
				if len(names) != 0 {
					t.Errorf("wrote %v", names)
				}
				return
			}
			want := []string{tt.prefix + "-classes.txt", tt.prefix + "-composables.csv", tt.prefix + "-composables.txt", tt.prefix + "-module.json"}
			if strings.Join(names, " ") != strings.Join(want, " ") {
				t.Errorf("files %v, want %v", names, want)
			}
		})
	}
}

func TestReportUsage(t *testing.T) {
	lib1 := fixtureJar(t, "lib1")
	for _, args := range [][]string{
		{"report", lib1},
		{"report", "--out", t.TempDir()},
		{"report", "--out", t.TempDir(), "--module-name", "x", lib1, fixtureJar(t, "lib2")},
	} {
		if code, _, _ := runCLI(t, args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args[1:], code, exitUsage)
		}
	}
}

// TestReportReadonlyOlderRelease: a module Kotlin 2.2.21 built (whose metadata holds no
// annotations) still reports its @ReadOnlyComposable function readonly, as that compiler did:
// the method's own annotation says it; and its -composables.txt is 2.2.21's, word for word.
func TestReportReadonlyOlderRelease(t *testing.T) {
	dir := filepath.Join("testdata", "kinds-2.2.21")
	out := t.TempDir()
	if code, _, errOut := runCLI(t, "report", "--quiet", "--compiler", "auto", "--out", out, "--classpath", fixtures.RuntimeStubJar(), filepath.Join(dir, "kinds.jar")); code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	block := func(path string) string {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s := string(data)
		i := strings.Index(s, "fun kinds.kReadOnly(")
		if i < 0 {
			t.Fatalf("%s: no kReadOnly", path)
		}
		start := strings.LastIndexByte(s[:i], '\n') + 1
		end := strings.Index(s[i:], "\n)") + i
		return s[start:end]
	}
	if got, want := block(filepath.Join(out, "kinds-composables.txt")), block(filepath.Join(dir, "kinds-composables.txt")); got != want || !strings.HasPrefix(got, "readonly ") {
		t.Errorf("got\n%s\nwant (the compiler's)\n%s", got, want)
	}
	// With --compiler auto the parameters' stability words are the producer's too: 2.2.21 prints
	// `stable box: KBox<KLocal>` and `unused stable a: KStable` where 2.4.20 prints no word.
	got, err := os.ReadFile(filepath.Join(out, "kinds-composables.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(dir, "kinds-composables.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("kinds-composables.txt differs from 2.2.21's\n--- ours\n%s\n--- compiler's\n%s", got, want)
	}
}
