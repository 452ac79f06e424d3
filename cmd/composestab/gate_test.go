package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
)

// TestGateRecipe runs the README's GitHub Actions check step as written, in bash, on a sample
// project laid out as its Gradle build leaves it: the fixture app's release classes, and a
// classpath file naming one release of its library (then the next). The baseline is written by
// the README's dump command.
func TestGateRecipe(t *testing.T) {
	fixtures.SkipUnlessLong(t, "builds composestab and runs the README's CI step in bash")
	bash := fixtures.NeedTool(t, "bash")
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	step := runBlock(t, string(readme), "      - name: Check Compose stability\n")
	dump := ""
	for _, line := range strings.Split(string(readme), "\n") {
		if strings.HasPrefix(line, "    composestab dump --composables --classpath \"$(cat app/build/composestab-classpath.txt)\"") {
			dump = strings.TrimSpace(line)
		}
	}
	if dump == "" {
		t.Fatal("README has no dump command for the baseline")
	}

	bin := filepath.Join(t.TempDir(), "bin")
	if out, err := exec.Command("go", "build", "-o", filepath.Join(bin, "composestab"), ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	proj := newTree(t).classes("capp", "app/build/tmp/kotlin-classes/release")
	classpath := func(lib string) {
		cp := strings.Join([]string{fixtureJar(t, lib), fixtureJar(t, "cplain"), fixtures.RuntimeStubJar()}, string(os.PathListSeparator))
		proj.write("app/build/composestab-classpath.txt", []byte(cp))
	}
	run := func(script string) (int, string) {
		cmd := exec.Command(bash, "-c", "set -eo pipefail\n"+script)
		cmd.Dir = proj.root
		cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return code, string(out)
	}
	classpath("clibv1")
	if code, out := run(dump); code != 0 {
		t.Fatalf("dump: exit %d\n%s", code, out)
	}
	for _, tc := range []struct {
		lib     string
		code    int
		results int
	}{{"clibv1", 0, 0}, {"clibv2", 1, 4}} {
		classpath(tc.lib)
		code, out := run(step)
		var sarif struct {
			Runs []struct{ Results []struct{ Level string } }
		}
		data, err := os.ReadFile(filepath.Join(proj.root, "stability.sarif"))
		if err == nil {
			err = json.Unmarshal(data, &sarif)
		}
		errs := 0
		for _, r := range sarif.Runs {
			for _, res := range r.Results {
				if res.Level == "error" {
					errs++
				}
			}
		}
		if err != nil || code != tc.code || len(sarif.Runs) != 1 || errs != tc.results {
			t.Errorf("%s: exit %d, want %d; %v; %d runs, %d errors\n%s", tc.lib, code, tc.code, err, len(sarif.Runs), errs, out)
		}
	}
}

// runBlock returns the `run: |` script of the workflow step whose first line is name, dedented,
// backslash continuations kept for bash.
func runBlock(t *testing.T, text, name string) string {
	t.Helper()
	i := strings.Index(text, name)
	if i < 0 {
		t.Fatalf("README lacks the step %q", name)
	}
	rest := text[i+len(name):]
	const head = "        run: |\n"
	if !strings.HasPrefix(rest, head) {
		t.Fatalf("the step %q has no run block", name)
	}
	var lines []string
	for _, line := range strings.Split(rest[len(head):], "\n") {
		if !strings.HasPrefix(line, "          ") {
			break
		}
		lines = append(lines, line[len("          "):])
	}
	return strings.Join(lines, "\n")
}
