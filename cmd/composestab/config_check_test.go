package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

// cfgProject lays the cfgapp fixture out as a user has it: a Gradle module folder with its
// configuration file and built jar, the dependencies in a folder of jars, and the configuration
// file reached through a symbolic link. It returns the project root.
func cfgProject(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	copyFile := func(from, to string) {
		t.Helper()
		data, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	copyFile(filepath.Join(fixtures.Root(), "..", "src", "cfgapp", "stability.conf"), filepath.Join(root, "config", "stability.conf"))
	if err := os.MkdirAll(filepath.Join(root, "app"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join("..", "config", "stability.conf"), filepath.Join(root, "app", "stability_config.conf")); err != nil {
		t.Fatal(err)
	}
	copyFile(fixtureJar(t, "cfgapp"), filepath.Join(root, "app", "build", "libs", "cfgapp.jar"))
	for _, m := range []string{"cfgdomain", "javalib"} {
		copyFile(fixtureJar(t, m), filepath.Join(root, "deps", m+".jar"))
	}
	copyFile(fixtures.RuntimeStubJar(), filepath.Join(root, "deps", "runtime-stub.jar"))
	return root
}

func TestVerifyConfig(t *testing.T) {
	root := cfgProject(t)
	conf := filepath.Join(root, "app", "stability_config.conf")
	base := []string{"verify", "--config", conf, "--classpath", filepath.Join(root, "deps"), filepath.Join(root, "app")}
	tests := []struct {
		args    []string
		code    int
		summary string
	}{
		{nil, exitFindings, "24 violations in 0 classes and 19 lines of configuration (11 error, 4 warning, 9 info); 0 errors"},
		{[]string{"--suppress", "config-false:**", "--suppress", "config-broad:cfgdomain.orders.*", "--suppress", "config-broad:kotlin.collections.*"}, exitOK,
			"11 violations in 0 classes and 11 lines of configuration (0 error, 2 warning, 9 info); 13 suppressed; 0 errors"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, append(base, tt.args...)...)
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if code != tt.code || lines[len(lines)-1] != tt.summary {
				t.Errorf("exit %d, want %d; last line %q, want %q\n%s\n%s", code, tt.code, lines[len(lines)-1], tt.summary, out, errOut)
			}
			if strings.Contains(errOut, "error") && !strings.Contains(errOut, "policy violation") {
				t.Errorf("stderr: %s", errOut)
			}
		})
	}
	// Each finding names the file (as given) and the line.
	_, out, _ := runCLI(t, base...)
	for _, want := range []string{
		"error   config-false          " + conf + ":8: cfgdomain.Counter: declares stable cfgdomain.Counter, whose var `count` is reassigned (in setCount)",
		"warning config-unused         " + conf + ":27: cfgdomain.Mony: matches no class",
		"Did you mean cfgdomain.Mone or cfgdomain.Money?",
		"warning config-broad          " + conf + ":25: cfgdomain.orders.*: matches classes of 3 kinds",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	// JSON carries the line; SARIF locates the result in the file, on the line.
	_, out, _ = runCLI(t, append(base, "--format", "json")...)
	var v struct {
		Violations []struct {
			Rule, Class, Input string
			Line               int
		}
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	if x := v.Violations[0]; x.Rule != "config-false" || x.Class != "cfgdomain.Counter" || x.Input != conf || x.Line != 8 {
		t.Errorf("json: first finding %+v", x)
	}
	_, out, _ = runCLI(t, append(base, "--format", "sarif")...)
	if !strings.Contains(out, `"region": {`) || !strings.Contains(out, `"startLine": 8`) {
		t.Errorf("sarif without the line:\n%s", out)
	}
}

// TestVerifyConfigSyntax: a line the compiler rejects stops audit (the build would fail) but not
// verify, which reports every such line and checks the others.
func TestVerifyConfigSyntax(t *testing.T) {
	root := cfgProject(t)
	conf := filepath.Join(root, "bad.conf")
	text := "cfgdomain.Counter // stable\ncfgdomain.Money\ncfgdomain.Mo-ney\ncfgdomain.Counter\n"
	if err := os.WriteFile(conf, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"--config", conf, "--classpath", filepath.Join(root, "deps"), filepath.Join(root, "app")}
	code, out, errOut := runCLI(t, append([]string{"verify"}, args...)...)
	for _, want := range []string{
		conf + ":1: cfgdomain.Counter // stable: the compiler rejects this line, and with it the whole file (the build fails): comments are only supported at the start of a line",
		conf + ":3: cfgdomain.Mo-ney: the compiler rejects this line",
		conf + ":4: cfgdomain.Counter: declares stable cfgdomain.Counter",
		"3 violations in 0 classes and 3 lines of configuration (3 error, 0 warning, 0 info); 0 errors",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("verify: missing %q in\n%s", want, out)
		}
	}
	if code != exitFindings {
		t.Errorf("verify: exit %d, want %d\n%s", code, exitFindings, errOut)
	}
	code, out, errOut = runCLI(t, append([]string{"audit"}, args...)...)
	if code == exitOK || out != "" || !strings.Contains(errOut, "bad.conf: Error parsing stability configuration file on line 1, column 19") {
		t.Errorf("audit: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestMergedConfigRoundTrip: for every fixture configuration, the merged file audit writes is one
// the compiler accepts, and verify finds nothing left to remove in it: only unproven lines stay
// flagged, as information.
func TestMergedConfigRoundTrip(t *testing.T) {
	cases := []struct{ module, conf string }{
		{"cfgapp", "cfgapp/stability.conf"},
		{"configured", "configured/stability.conf"},
	}
	for _, tc := range cases {
		t.Run(tc.module, func(t *testing.T) {
			mod, err := fixtures.Get(tc.module)
			if err != nil {
				t.Fatal(err)
			}
			conf := filepath.Join(fixtures.Root(), "..", "src", tc.conf)
			cp := strings.Join(mod.Classpath(), string(os.PathListSeparator))
			code, merged, errOut := runCLI(t, "audit", "--format", "stability-config", "--config", conf, "--classpath", cp, mod.Jar())
			if code != exitOK {
				t.Fatalf("audit: exit %d\n%s", code, errOut)
			}
			if _, err := stability.ParseConfig("merged", []byte(merged)); err != nil {
				t.Fatalf("the merged file does not parse: %v\n%s", err, merged)
			}
			file := filepath.Join(t.TempDir(), "merged.conf")
			if err := os.WriteFile(file, []byte(merged), 0o644); err != nil {
				t.Fatal(err)
			}
			code, out, errOut := runCLI(t, "verify", "--config", file, "--classpath", cp, mod.Jar())
			left := regexp.MustCompile(`(?m)^\w+ +config-(\w+)`).FindAllStringSubmatch(out, -1)
			for _, m := range left {
				if m[1] != "unproven" {
					t.Errorf("config-%s left in the merged file:\n%s", m[1], out)
				}
			}
			if code != exitOK {
				t.Errorf("verify of the merged file: exit %d\n%s\n%s", code, out, errOut)
			}
			t.Logf("%d unproven lines left", len(left))
		})
	}
}

// TestVerifyConfigUnreadable: a configuration file that is missing or a named pipe stops verify
// and the merged output with exit 3 and the file named, without blocking.
func TestVerifyConfigUnreadable(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.conf")
	if err := fixtures.MakeFIFO(fifo); err != nil {
		t.Skip(err)
	}
	jar := fixtureJar(t, "cfgapp")
	for _, args := range [][]string{
		{"verify", "--config", filepath.Join(dir, "missing.conf"), jar},
		{"verify", "--config", fifo, jar},
		{"audit", "--format", "stability-config", "--config", fifo, jar},
	} {
		code, out, errOut := runCLI(t, args...)
		if code != exitUnreadable || out != "" || !strings.Contains(errOut, args[len(args)-2]) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}
