package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
)

// cardsRepo writes a Maven repository holding com.example:clib 1.0 (clibv1.jar) and 2.0
// (clibv2.jar), each with a POM, and returns its flags.
func cardsRepo(t *testing.T) []string {
	t.Helper()
	repo := t.TempDir()
	for v, module := range map[string]string{"1.0": "clibv1", "2.0": "clibv2"} {
		dir := filepath.Join(repo, "com", "example", "clib", v)
		data, err := os.ReadFile(fixtureJar(t, module))
		if err != nil {
			t.Fatal(err)
		}
		pom := "<project><modelVersion>4.0.0</modelVersion><groupId>com.example</groupId><artifactId>clib</artifactId><version>" + v + "</version></project>\n"
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "clib-"+v+".jar"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "clib-"+v+".pom"), []byte(pom), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return []string{"--no-default-repos", "--repo", repo}
}

// TestVerifyConfigStale: cards --format stability-config of capp against com.example:clib:1.0
// (and cplain.jar, a file) writes lines proven at clib 1.0 and at the jar; verify --config of
// the app against clib 2.0 warns of the clib line (config-stale, with both versions and the
// check's verdict on 2.0: still proven), in text, JSON and SARIF, and exits 1 only with
// --fail-on warning; against clib 1.0 it finds nothing. Resolved from the test repositories,
// libv 2.0's line proven at com.example:plain@2.0 is not stale against libv 2.0 (plain 2.0 in
// Gradle's cache) and is against libv 1.0, which has no plain.
func TestVerifyConfigStale(t *testing.T) {
	repo := cardsRepo(t)
	cp := []string{"--classpath", fixtureJar(t, "cplain"), "--classpath", fixtures.RuntimeStubJar()}
	app := fixtureJar(t, "capp")
	code, conf, errOut := runCLI(t, append(append(append([]string{"cards", "--quiet", "--format", "stability-config"}, repo...), cp...),
		"--classpath", "com.example:clib:1.0", app)...)
	if code != exitOK || errOut != "" {
		t.Fatalf("cards: exit %d\n%s", code, errOut)
	}
	for _, want := range []string{"\n// proven at com.example:clib@1.0: clib.WrapsPlain is Unstable without it; final; every field is final and stable: p: PlainPoint\nclib.WrapsPlain\n",
		"\n// proven at $GOLDEN/cplain/cplain.jar: cplain.PlainPoint is Unstable without it"} {
		if !strings.Contains(conf, want) {
			t.Fatalf("cards wrote no %q:\n%s", want, conf)
		}
	}
	file := filepath.Join(t.TempDir(), "stability.conf")
	if err := os.WriteFile(file, []byte(strings.ReplaceAll(conf, "$GOLDEN", fixtures.Root())), 0o644); err != nil {
		t.Fatal(err)
	}
	line := "10"
	if lines := strings.Split(conf, "\n"); lines[9] != "clib.WrapsPlain" {
		t.Fatalf("line 10 is %q", lines[9])
	}
	verifyAgainst := func(version string, more ...string) (int, string, string) {
		t.Helper()
		args := append(append(append(append([]string{"verify", "--config", file}, repo...), cp...), more...), "--classpath", "com.example:clib:"+version, app)
		code, out, errOut := runCLI(t, args...)
		return code, strings.ReplaceAll(out, file, "$CONF"), strings.ReplaceAll(errOut, file, "$CONF")
	}
	jar2 := filepath.Join(repo[2], "com", "example", "clib", "2.0", "clib-2.0.jar")
	finding := "warning config-stale          $CONF:" + line + ": clib.WrapsPlain: proven at com.example:clib@1.0, but the classpath now has com.example:clib 2.0 (" + jar2 +
		"): the line is still proven on 2.0: clib.WrapsPlain is Unstable without it; final; every field is final and stable: p: PlainPoint." +
		" Fix: run composestab cards against com.example:clib:2.0 and replace the line and its comment with what it writes\n"
	for _, tt := range []struct {
		version string
		flags   []string
		code    int
		out     string
		stderr  string
	}{
		{"2.0", []string{"--quiet"}, exitOK, finding + "1 violation in 0 classes and 1 line of configuration (0 error, 1 warning, 0 info); 0 errors\n", ""},
		{"2.0", []string{"--quiet", "--fail-on", "warning"}, exitFindings, finding + "1 violation in 0 classes and 1 line of configuration (0 error, 1 warning, 0 info); 0 errors\n",
			"composestab: 1 policy violation\n"},
		{"1.0", []string{"--quiet", "--fail-on", "warning"}, exitOK, "0 violations in 0 classes; 0 errors\n", ""},
	} {
		t.Run(tt.version+" "+strings.Join(tt.flags, " "), func(t *testing.T) {
			code, out, errOut := verifyAgainst(tt.version, tt.flags...)
			if code != tt.code || out != tt.out || errOut != tt.stderr {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nwant:\n%s\nstderr: %q, want %q", code, tt.code, out, tt.out, errOut, tt.stderr)
			}
		})
	}

	_, out, _ := verifyAgainst("2.0", "--quiet", "--format", "json")
	var rep struct {
		Violations []struct {
			Class, Rule, Severity, Part, Message, Input string
			Line                                        int
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Violations) != 1 {
		t.Fatalf("json: %+v", rep.Violations)
	}
	if x := rep.Violations[0]; x.Rule != "config-stale" || x.Severity != "warning" || x.Class != "clib.WrapsPlain" || x.Input != "$CONF" || x.Line != 10 ||
		x.Part != "line 10" || !strings.HasPrefix(x.Message, "proven at com.example:clib@1.0, but the classpath now has com.example:clib 2.0 (") {
		t.Errorf("json: %+v", x)
	}
	_, out, _ = verifyAgainst("2.0", "--quiet", "--format", "sarif")
	for _, want := range []string{`"id": "config-stale"`, `"ruleId": "config-stale"`, `"startLine": 10`} {
		if !strings.Contains(out, want) {
			t.Errorf("sarif has no %s:\n%s", want, out)
		}
	}

	// libv 2.0 by coordinates: plain 2.0 sits in Gradle's cache.
	repos, _ := coordRepos(t)
	code, conf, errOut = runCLI(t, append(append([]string{"cards", "--quiet", "--format", "stability-config"}, repos...), "com.example:libv:2.0")...)
	if code != exitOK || !strings.Contains(conf, "\n// proven at com.example:plain@2.0: evo.lib.Moving is Unstable without it") {
		t.Fatalf("cards of libv 2.0: exit %d\n%s\n%s", code, conf, errOut)
	}
	if err := os.WriteFile(file, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		version, want string // want: the config-stale finding's message; "" for none
	}{
		{"2.0", ""},
		{"1.0", "proven at com.example:plain@2.0, but com.example:plain is no longer on the classpath, as far as its files tell (none is laid out as a Maven repository or Gradle's cache lays out its files, nor names it in its pom.properties); the classes it applies to now come from "},
	} {
		code, out, errOut := runCLI(t, append(append([]string{"verify", "--quiet", "--format", "json", "--config", file}, repos...), "com.example:libv:"+tt.version)...)
		if code != exitOK {
			t.Errorf("libv %s: exit %d\n%s", tt.version, code, errOut)
		}
		var rep struct {
			Violations []struct{ Rule, Message string }
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, x := range rep.Violations {
			if x.Rule == "config-stale" {
				got = append(got, x.Message)
			}
		}
		switch {
		case tt.want == "" && len(got) > 0:
			t.Errorf("libv %s: %q", tt.version, got)
		case tt.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], tt.want) || !strings.Contains(got[0], "libv-1.0.jar")):
			t.Errorf("libv %s: %q, want %q…", tt.version, got, tt.want)
		}
	}
}
