package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/cards"
	"github.com/composestab/composestab/internal/fixtures"
)

// cardsClasspath is the classpath testdata/generate-cards passes for a fixture app: the runtime
// stub, then its dependencies in order.
func cardsClasspath(t *testing.T, deps ...string) string {
	cp := []string{fixtures.RuntimeStubJar()}
	for _, d := range deps {
		cp = append(cp, fixtureJar(t, d))
	}
	return strings.Join(cp, listSep)
}

// TestCardsCompiled holds cards to the real compiler (testdata/generate-cards): the
// configuration file it writes for each fixture app is the one Kotlin 2.4.20's Compose compiler
// compiled the app's sources with (golden/cards/APP.conf), and the classes the card promises
// stable with it (promise.stableWith) are exactly those the compiler's -classes.txt then
// reports stable (golden/cards/APP-classes.txt).
func TestCardsCompiled(t *testing.T) {
	for _, tc := range []struct {
		app  string
		deps []string
	}{
		{"cfgappnc", []string{"cfgdomain", "javalib"}},
		{"app", []string{"javalib", "plainkt", "lib1", "lib2"}},
	} {
		t.Run(tc.app, func(t *testing.T) {
			cp := cardsClasspath(t, tc.deps...)
			code, conf, stderr := runCLI(t, "cards", "--quiet", "--format", "stability-config", "--classpath", cp, fixtureJar(t, tc.app))
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			dir := filepath.Join(fixtures.Root(), "cards")
			golden, err := os.ReadFile(filepath.Join(dir, tc.app+".conf"))
			if err != nil {
				t.Fatal(err)
			}
			// The script runs from testdata/, with paths relative to it.
			if got := strings.ReplaceAll(conf, "$GOLDEN", "golden"); got != string(golden) {
				t.Errorf("cards --format stability-config differs from the file the compiler compiled with (rerun testdata/generate-cards):\n%s", got)
			}
			_, js, _ := runCLI(t, "cards", "--quiet", "--format", "json", "--classpath", cp, fixtureJar(t, tc.app))
			var rep cards.Report
			if err := json.Unmarshal([]byte(js), &rep); err != nil {
				t.Fatal(err)
			}
			report, err := os.ReadFile(filepath.Join(dir, tc.app+"-classes.txt"))
			if err != nil {
				t.Fatal(err)
			}
			compiled := []string{}
			for _, line := range strings.Split(string(report), "\n") {
				if name, ok := strings.CutPrefix(line, "stable class "); ok {
					compiled = append(compiled, strings.TrimSuffix(name, " {"))
				}
			}
			sort.Strings(compiled)
			if !slices.Equal(rep.Promise.StableWith, compiled) {
				t.Errorf("the card promises stable %v\nthe compiler reports stable %v", rep.Promise.StableWith, compiled)
			}
			if len(rep.Promise.Lines) == 0 || len(rep.Promise.Stabilized) == 0 {
				t.Errorf("nothing promised: %+v", rep.Promise)
			}
		})
	}
}

// TestCardsCoordinates: a coordinate's cards are one per resolved coordinate — the ones deps
// lists on the classpath — each with the uses the same app's cards give for that coordinate's
// jar named as a file.
func TestCardsCoordinates(t *testing.T) {
	repos, file := coordRepos(t)
	args := append(append([]string{"cards", "--quiet", "--format", "json"}, repos...), "com.example:libv:2.0")
	code, out, stderr := runCLI(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var byCoord cards.Report
	if err := json.Unmarshal([]byte(out), &byCoord); err != nil {
		t.Fatal(err)
	}
	_, depsOut, _ := runCLI(t, append(append([]string{"deps", "--format", "json"}, repos...), "com.example:libv:2.0")...)
	var res struct {
		Classpath []struct {
			Coordinate struct{ Group, Artifact, Version string }
			File       string
		}
	}
	if err := json.Unmarshal([]byte(depsOut), &res); err != nil {
		t.Fatal(err)
	}
	var want, got, files []string
	for _, a := range res.Classpath {
		want = append(want, a.Coordinate.Group+":"+a.Coordinate.Artifact+":"+a.Coordinate.Version)
		files = append(files, a.File)
	}
	for _, c := range byCoord.Cards {
		got = append(got, c.Coordinate)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("cards of %v, deps resolves %v", got, want)
	}
	app := file("com.example", "libv", "2.0", "libv-2.0.jar")
	_, out, _ = runCLI(t, "cards", "--quiet", "--format", "json", "--classpath", strings.Join(files, listSep), app)
	var byFile cards.Report
	if err := json.Unmarshal([]byte(out), &byFile); err != nil {
		t.Fatal(err)
	}
	uses := 0
	for i, c := range byCoord.Cards {
		f := byFile.Cards[i]
		if f.Name != c.Files[0] || f.Coordinate != "" {
			t.Errorf("card %d: %s by file, %s by coordinate", i, f.Name, c.Name)
		}
		a, b := useNames(c), useNames(f)
		if !slices.Equal(a, b) {
			t.Errorf("%s: uses %v, as a file %v", c.Name, a, b)
		}
		uses += len(a)
		for _, l := range c.Lines {
			if l.Coordinate != c.Coordinate || l.Version != c.Version {
				t.Errorf("%s: line %s judged at %s %s", c.Name, l.Pattern, l.Coordinate, l.Version)
			}
		}
	}
	if uses == 0 {
		t.Error("libv 2.0 uses nothing of its dependencies")
	}
}

func useNames(c *cards.Card) []string {
	var out []string
	for _, u := range c.Uses {
		out = append(out, string(u.Verdict)+" "+u.Class+" "+strings.Join(u.By, ";"))
	}
	return out
}

// TestCardsFormats: every format of one fixture app's cards, on a shape each must have.
func TestCardsFormats(t *testing.T) {
	cp := cardsClasspath(t, "cfgdomain", "javalib")
	app := fixtureJar(t, "cfgappnc")
	for format, want := range map[string][]string{
		"text":             {"== $GOLDEN/cfgdomain/cfgdomain.jar\n", "  proven    cfgdomain.Money  (at $GOLDEN/cfgdomain/cfgdomain.jar): ", "  false     cfgdomain.Counter ", "used by field cfgapp.HoldsMoney.v"},
		"markdown":         {"## $GOLDEN/cfgdomain/cfgdomain.jar\n", "| `cfgdomain.Money` | **proven** |"},
		"html":             {"<!DOCTYPE html>", `<td class="v proven">proven</td>`},
		"stability-config": {"\ncfgdomain.Money\n", "// proven at $GOLDEN/cfgdomain/cfgdomain.jar: cfgdomain.Money is Unstable without it"},
	} {
		code, out, stderr := runCLI(t, "cards", "--format", format, "--classpath", cp, app)
		if code != 0 {
			t.Errorf("%s: exit %d: %s", format, code, stderr)
		}
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: no %q in\n%s", format, w, out)
			}
		}
		if strings.Contains(out, "<script") {
			t.Errorf("%s: a script", format)
		}
	}
	if code, _, stderr := runCLI(t, "cards", app); code != exitOK || !strings.Contains(stderr, "no dependency") {
		t.Errorf("no classpath: exit %d, %q", code, stderr)
	}
	if code, _, _ := runCLI(t, "cards"); code != exitUsage {
		t.Errorf("no app: exit %d", code)
	}
}
