package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
)

// pverifyArgs verifies the pverify fixture library (built by Kotlin 2.4.20): 17 error and 3
// info findings on its public API.
func pverifyArgs() []string {
	dir := filepath.Join(fixtures.Root(), "compilers", "2.4.20", "pverify")
	return []string{"--classpath", fixtures.RuntimeStubJar(), filepath.Join(dir, "pverify.jar"), filepath.Join(dir, "pverify-nocompose.jar")}
}

func TestVerifyFailOnAndSuppress(t *testing.T) {
	file := filepath.Join(t.TempDir(), "suppress.txt")
	if err := os.WriteFile(file, []byte("// reviewed: immutable in practice\nstable-claim-unproven:pverify.**\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args    []string
		code    int
		summary string
	}{
		// StablePrivateVarWritten's private var is a warning: no other module reads it.
		{nil, exitFindings, "20 violations in 20 classes (16 error, 1 warning, 3 info); 0 errors"},
		{[]string{"--fail-on", "info"}, exitFindings, "20 violations in 20 classes (16 error, 1 warning, 3 info); 0 errors"},
		{[]string{"--include-nonpublic"}, exitFindings, "24 violations in 24 classes (20 error, 1 warning, 3 info); 0 errors"},
		// Everything but the info findings suppressed: --fail-on error passes, info does not.
		{[]string{"--suppress", "stable-claim-mutable:pverify.**", "--suppress", "not-compose:pverify.nc.**"}, exitOK,
			"3 violations in 3 classes (0 error, 0 warning, 3 info); 17 suppressed; 0 errors"},
		{[]string{"--suppress", "*:pverify.**", "--fail-on", "info", "--suppress", "expect-stable:x.Y"}, exitOK, "0 violations in 0 classes; 20 suppressed; 0 errors"},
		{[]string{"--suppressions", file, "--suppress", "*:pverify.Stable*", "--fail-on", "info"}, exitFindings,
			"9 violations in 9 classes (9 error, 0 warning, 0 info); 11 suppressed; 0 errors"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			args := append(append([]string{"verify"}, tt.args...), pverifyArgs()...)
			code, out, errOut := runCLI(t, args...)
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if code != tt.code || lines[len(lines)-1] != tt.summary {
				t.Errorf("exit %d, want %d; last line %q, want %q\n%s", code, tt.code, lines[len(lines)-1], tt.summary, errOut)
			}
		})
	}
}

func TestVerifyFormats(t *testing.T) {
	code, out, _ := runCLI(t, append([]string{"verify", "--format", "sarif"}, pverifyArgs()...)...)
	if code != exitFindings || !strings.Contains(out, `"ruleId": "stable-claim-unproven"`) || !strings.Contains(out, `"level": "note"`) {
		t.Errorf("sarif: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, append([]string{"verify", "--format", "json"}, pverifyArgs()...)...)
	if code != exitFindings || !strings.Contains(out, `"severity": "info"`) || !strings.Contains(out, `"suppressed": 0`) {
		t.Errorf("json: exit %d\n%s", code, out)
	}
}

func TestVerifyUsage(t *testing.T) {
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"--fail-on", "unstable"}, "--fail-on \"unstable\": choose one of error, warning, info"},
		{[]string{"--suppress", "stable-claim:a.B"}, "unknown rule \"stable-claim\""},
		{[]string{"--suppress", "drift"}, "is not RULE:PATTERN"},
		{[]string{"--suppress", "drift:a.<"}, "composestab: --suppress: column 3: not a valid pattern\n  a.<\n"},
		{[]string{"--expect-stable", "a.<"}, "composestab: --expect-stable: column 3: not a valid pattern\n  a.<\n"},
		{[]string{"--format", "markdown"}, "choose one of text, json, sarif"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, append(append([]string{"verify"}, tt.args...), pverifyArgs()...)...)
			if code != exitUsage || !strings.Contains(errOut, tt.msg) || out != "" {
				t.Errorf("exit %d, stderr %q, stdout %q; want %d and %q", code, errOut, out, exitUsage, tt.msg)
			}
		})
	}
}

// TestVerifyHTMLOrder: the verify page says the counts by severity and rule first, and lists the
// errors before the warnings and the warnings before the info findings.
func TestVerifyHTMLOrder(t *testing.T) {
	_, out, _ := runCLI(t, append([]string{"verify", "--format", "html"}, pverifyArgs()...)...)
	if !strings.Contains(out, `<p class="note">16 errors, 1 warning, 3 info: `) {
		t.Errorf("no summary:\n%s", out)
	}
	last := 0
	for _, kind := range regexp.MustCompile(`<tr data-kind="(error|warning|info)"`).FindAllStringSubmatch(out, -1) {
		rank := map[string]int{"error": 0, "warning": 1, "info": 2}[kind[1]]
		if rank < last {
			t.Fatalf("a %s row after a less serious one", kind[1])
		}
		last = rank
	}
	if last != 2 {
		t.Errorf("no info row reached")
	}
}
