package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
)

// Tests of dump, check, diff and verify on the evolving library's two releases (libv1 on depv1;
// libv2 on depv2, with evo.lib.Moving moved to the non-Compose plainv2). Goldens are
// testdata/jobs-*.golden; go test -update rewrites them.

func joinPaths(paths ...string) string { return strings.Join(paths, string(os.PathListSeparator)) }

// The classpaths of the two releases.
func v1CP(t *testing.T) string { return joinPaths(fixtureJar(t, "depv1"), fixtures.RuntimeStubJar()) }
func v2CP(t *testing.T) string {
	return joinPaths(fixtureJar(t, "depv2"), fixtureJar(t, "plainv2"), fixtures.RuntimeStubJar())
}

// baselineV1 is the committed dump of libv1, used as the baseline of the check tests; its
// relative path keeps the goldens free of temporary folders.
const baselineV1 = "testdata/jobs-dump-libv1.golden"

func TestDump(t *testing.T) {
	code, out, errOut := runCLI(t, "dump", "--classpath", v1CP(t), fixtureJar(t, "libv1"))
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	checkGolden(t, "jobs-dump-libv1.golden", out)
	code, out, errOut = runCLI(t, "dump", "--classpath", v2CP(t), fixtureJar(t, "libv2"))
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	checkGolden(t, "jobs-dump-libv2.golden", out)
}

func TestCheck(t *testing.T) {
	libv1, libv2 := fixtureJar(t, "libv1"), fixtureJar(t, "libv2")
	t.Run("unchanged", func(t *testing.T) {
		code, out, errOut := runCLI(t, "check", "--baseline", baselineV1, "--classpath", v1CP(t), libv1)
		if code != exitOK || out != "0 regressions, 0 improvements, 0 neutral changes; 0 errors\n" || errOut != "" {
			t.Errorf("exit %d\n%s%s", code, out, errOut)
		}
	})
	for _, format := range diffFormats {
		t.Run(format, func(t *testing.T) {
			code, out, errOut := runCLI(t, "check", "--baseline", baselineV1, "--format", format, "--classpath", v2CP(t), libv2)
			if code != exitFindings {
				t.Errorf("exit %d, want %d", code, exitFindings)
			}
			// The baseline names the classpath it was made with: the v2 one differs, and check says so.
			want := "warning: depv1.jar was on the classpath of the baseline and is not on this one\n" +
				"warning: depv2.jar is on this classpath, not on the baseline's\n" +
				"warning: plainv2.jar is on this classpath, not on the baseline's\n" +
				"composestab: 10 stability regressions against " + baselineV1 + " (if intended, regenerate it with composestab dump)\n"
			if errOut != want {
				t.Errorf("stderr %q, want %q", errOut, want)
			}
			checkGolden(t, "jobs-check-"+format+".golden", out)
		})
	}
	// Ignoring every class that regressed leaves an improvement, an addition and a neutral
	// change: they pass, unless --strict.
	ignore := []string{"--ignore", "evo.lib.StableToUnstable", "--ignore", "evo.lib.RuntimeToUnstable",
		"--ignore", "evo.lib.RuntimeRefToUnstable", "--ignore", "evo.lib.AddedUnstable", "--ignore", "evo.lib.DependsOnDep",
		"--ignore", "evo.lib.Helper", "--ignore", "evo.lib.Moving", "--ignore", "evo.lib.Removed",
		"--ignore", "evo.lib.TypeParamParticipates", "--ignore", "evo.lib.UsesMoving"}
	t.Run("ignore", func(t *testing.T) {
		args := append([]string{"check", "--baseline", baselineV1, "--classpath", v2CP(t)}, ignore...)
		code, out, errOut := runCLI(t, append(args, libv2)...)
		if code != exitOK || strings.Count(errOut, "warning: ") != 3 || strings.Contains(errOut, "composestab:") {
			t.Errorf("exit %d: %s", code, errOut)
		}
		want := "Improvements:\n- evo.lib.UnstableToStable: unstable → stable: field `x` became val\n\n" +
			"Neutral changes:\n- evo.lib.AddedStable: class added: stable\n" +
			"- evo.lib.FieldTypeChange: field `items` changed type `List<String>` → `MutableList<String>`\n\n" +
			"0 regressions, 1 improvement, 2 neutral changes; 0 errors\n"
		if out != want {
			t.Errorf("got\n%s\nwant\n%s", out, want)
		}
		code, _, errOut = runCLI(t, append(append(args, "--strict"), libv2)...)
		if code != exitFindings || !strings.Contains(errOut, "--strict: 3 changes against") {
			t.Errorf("--strict: exit %d: %s", code, errOut)
		}
	})
}

func TestDiff(t *testing.T) {
	oldSide, newSide := fixtureJar(t, "libv1"), joinPaths(fixtureJar(t, "libv2"), fixtureJar(t, "plainv2"))
	for _, format := range diffFormats {
		t.Run(format, func(t *testing.T) {
			code, out, errOut := runCLI(t, "diff", "--format", format, "--old-classpath", v1CP(t),
				"--new-classpath", fixtureJar(t, "depv2"), "--new-classpath", fixtures.RuntimeStubJar(), oldSide, newSide)
			if code != exitFindings || errOut != "composestab: 9 stability regressions\n" {
				t.Errorf("exit %d, stderr %q", code, errOut)
			}
			checkGolden(t, "jobs-diff-"+format+".golden", out)
		})
	}
	t.Run("identical", func(t *testing.T) {
		code, out, errOut := runCLI(t, "diff", "--old-classpath", v1CP(t), "--new-classpath", v1CP(t), oldSide, oldSide)
		if code != exitOK || out != "0 regressions, 0 improvements, 0 neutral changes; 0 errors\n" || errOut != "" {
			t.Errorf("exit %d\n%s%s", code, out, errOut)
		}
	})
	t.Run("ignore", func(t *testing.T) {
		code, out, _ := runCLI(t, "diff", "--format", "json", "--ignore", "evo.**", "--old-classpath", v1CP(t), "--new-classpath", v2CP(t), oldSide, newSide)
		if code != exitOK || !strings.Contains(out, `"changes": []`) {
			t.Errorf("exit %d\n%s", code, out)
		}
	})
}

func TestVerify(t *testing.T) {
	lib := []string{"--classpath", v2CP(t), "--expect-stable", "evo.lib.*", fixtureJar(t, "libv2"), fixtureJar(t, "plainv2")}
	for _, format := range []string{"text", "json"} {
		t.Run(format, func(t *testing.T) {
			code, out, errOut := runCLI(t, append([]string{"verify", "--format", format}, lib...)...)
			if code != exitFindings || errOut != "composestab: 11 policy violations\n" {
				t.Errorf("exit %d, stderr %q", code, errOut)
			}
			checkGolden(t, "jobs-verify-"+format+".golden", out)
		})
	}
	t.Run("clean", func(t *testing.T) {
		code, out, errOut := runCLI(t, "verify", "--classpath", fixtures.RuntimeStubJar(), "--expect-stable", "evo.dep.Dep", "--expect-stable", "evo.dep.DepUnchanged", fixtureJar(t, "depv1"))
		if code != exitOK || out != "0 violations in 0 classes; 0 errors\n" || errOut != "" {
			t.Errorf("exit %d\n%s%s", code, out, errOut)
		}
	})
}

func TestJobsUsage(t *testing.T) {
	lib := fixtureJar(t, "libv1")
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"dump"}, "dump needs at least one PATH"},
		{[]string{"dump", "--bogus", lib}, "unknown flag: --bogus"},
		{[]string{"dump", "--compiler", "1.5", lib}, "--compiler \"1.5\""},
		{[]string{"check", lib}, "check needs --baseline"},
		{[]string{"check", "--baseline", baselineV1}, "check needs at least one PATH"},
		{[]string{"check", "--baseline", baselineV1, "--format", "xml", lib}, "--format \"xml\": choose one of text, json, markdown, sarif"},
		{[]string{"check", "--baseline", baselineV1, "--ignore", "com.*<*>", lib}, "--ignore: column 6: not a valid pattern"},
		{[]string{"diff", lib}, "diff takes two arguments"},
		{[]string{"diff", lib, lib, lib}, "diff takes two arguments"},
		{[]string{"diff", "--format", "pdf", lib, lib}, "--format \"pdf\": choose one of text, json, markdown, sarif, html"},
		{[]string{"diff", "--ignore", "a..b<", lib, lib}, "--ignore"},
		{[]string{"diff", string(os.PathListSeparator), lib}, "must each name at least one path"},
		{[]string{"diff", "--old-compiler", "2.0.20", lib}, "needs both --old-compiler and --new-compiler"},
		{[]string{"diff", "--old-compiler", "2.0.20", "--new-compiler", "1.9.0", lib}, "--old-compiler/--new-compiler \"1.9.0\""},
		{[]string{"diff", "--old-compiler", "2.0.20", "--new-compiler", "auto", lib}, "--old-compiler/--new-compiler \"auto\""},
		{[]string{"diff", "--old-compiler", "2.0.20", "--new-compiler", "2.4.20"}, "needs at least one PATH"},
		{[]string{"verify"}, "verify needs at least one PATH"},
		{[]string{"verify", "--format", "markdown", lib}, "--format \"markdown\": choose one of text, json, sarif, html"},
		{[]string{"verify", "--expect-stable", "com.*<*>", lib}, "--expect-stable: column 6: not a valid pattern"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.args...)
			if code != exitUsage || !strings.Contains(errOut, tt.msg) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errOut, exitUsage, tt.msg)
			}
			if out != "" {
				t.Errorf("stdout %q", out)
			}
		})
	}
	for _, cmd := range []string{"dump", "check", "diff", "verify"} {
		if code, out, _ := runCLI(t, cmd, "--help"); code != exitOK || !strings.Contains(out, "Usage: composestab "+cmd) {
			t.Errorf("%s --help: exit %d: %s", cmd, code, out)
		}
	}
}

// TestJobsUnreadable: a corrupt jar, or a baseline that cannot be read, exits 3; the report
// is still written.
func TestJobsUnreadable(t *testing.T) {
	dir := t.TempDir()
	good, err := os.ReadFile(fixtureJar(t, "libv1"))
	if err != nil {
		t.Fatal(err)
	}
	corrupt := filepath.Join(dir, "corrupt.jar")
	if err := os.WriteFile(corrupt, good[:len(good)/3], 0o644); err != nil {
		t.Fatal(err)
	}
	badBaseline := filepath.Join(dir, "bad.stability")
	if err := os.WriteFile(badBaseline, []byte("composestab-baseline 1\npublic class a.B\n  verdict maybe\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	lib := fixtureJar(t, "libv1")
	tests := []struct {
		args    []string
		stdout  string // a substring of what is still printed
		message string
	}{
		{[]string{"dump", corrupt, lib}, "public class evo.lib.Unchanged", "the baseline is incomplete"},
		{[]string{"check", "--baseline", baselineV1, "--classpath", v1CP(t), corrupt, lib}, "0 regressions", "could not be read"},
		{[]string{"check", "--baseline", badBaseline, lib}, "", "bad.stability: baseline line 3: verdict \"maybe\""},
		{[]string{"check", "--baseline", filepath.Join(dir, "missing.stability"), lib}, "", "missing.stability"},
		{[]string{"diff", "--format", "sarif", "--old-classpath", v1CP(t), "--new-classpath", v1CP(t), joinPaths(lib, corrupt), lib}, `"executionSuccessful": false`, "could not be read"},
		{[]string{"verify", "--format", "json", corrupt}, `"kind": "unreadable"`, "could not be read"},
	}
	for _, tt := range tests {
		t.Run(tt.args[0], func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.args...)
			if code != exitUnreadable {
				t.Errorf("exit %d, want %d; stderr %s", code, exitUnreadable, errOut)
			}
			if !strings.Contains(out, tt.stdout) || !strings.Contains(errOut, tt.message) {
				t.Errorf("stdout\n%s\nstderr\n%s\nwant %q and %q", out, errOut, tt.stdout, tt.message)
			}
			if tt.stdout != "" && !strings.Contains(errOut, "unreadable: ") {
				t.Errorf("no diagnostic for the corrupt jar: %s", errOut)
			}
		})
	}
}

// TestExitCodes holds the one exit-code scheme for every command: an input that is missing or
// unreadable — a PATH, a --classpath entry, a --baseline, a --config, a --suppressions file —
// is 3 whatever the command, never the usage code; an output that cannot be written is 4.
func TestExitCodes(t *testing.T) {
	lib := fixtureJar(t, "libv1")
	missing := "/no/such/file.jar"
	for _, tt := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"audit", missing}, exitUnreadable, "no such file"},
		{[]string{"audit", "--classpath", missing, lib}, exitUnreadable, missing + ": no such file"},
		{[]string{"dump", missing}, exitUnreadable, "no such file"},
		{[]string{"dump", "--classpath", missing, lib}, exitUnreadable, missing + ": no such file"},
		{[]string{"check", "--baseline", baselineV1, missing}, exitUnreadable, "no such file"},
		{[]string{"check", "--baseline", "/no/such.stab", lib}, exitUnreadable, "/no/such.stab"},
		{[]string{"check", "--baseline", baselineV1, "--classpath", missing, lib}, exitUnreadable, missing + ": no such file"},
		{[]string{"diff", lib, missing}, exitUnreadable, "no such file"},
		{[]string{"diff", "--old-classpath", missing, lib, lib}, exitUnreadable, missing + ": no such file"},
		{[]string{"verify", missing}, exitUnreadable, "no such file"},
		{[]string{"verify", "--config", "/no/such.conf", lib}, exitUnreadable, "not found"},
		{[]string{"verify", "--suppressions", "/no/such/file", lib}, exitUnreadable, "--suppressions: open /no/such/file"},
		{[]string{"report", "--out", t.TempDir(), missing}, exitUnreadable, "no such file"},
		{[]string{"audit", "--package", "a..b<", lib}, exitUsage, "--package"},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, _, errOut := runCLI(t, tt.args...)
			if code != tt.code || !strings.Contains(errOut, tt.msg) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errOut, tt.code, tt.msg)
			}
		})
	}
}

// failingWriter is a full disk.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestOutputErrors: failing to write the report is exit 4 with its own message, not an
// unreadable input, for every command that prints one.
func TestOutputErrors(t *testing.T) {
	lib := fixtureJar(t, "libv1")
	for _, args := range [][]string{
		{"audit", lib}, {"audit", "--format", "json", lib}, {"dump", lib}, {"check", "--baseline", baselineV1, lib},
		{"diff", lib, lib}, {"verify", lib}, {"audit", "--composables", lib},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var errb strings.Builder
			code := run(append(args, "--quiet"), failingWriter{}, &errb)
			if code != exitOutput || !strings.Contains(errb.String(), "writing the output: no space left on device") {
				t.Errorf("exit %d, stderr %q; want %d", code, errb.String(), exitOutput)
			}
		})
	}
}
