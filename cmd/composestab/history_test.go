package main

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/history"
	"github.com/composestab/composestab/stability"
)

// TestHistory: for every artifact of the test repositories with several versions (libv 1.0 in
// the Maven layout and 2.0 in Gradle's cache; lib1 1.0 and 1.1), history lists them newest
// first, each with the counts audit --composables reports for that version, and the changes
// from the version before are diff --composables's of the two coordinates, change for change.
func TestHistory(t *testing.T) {
	repos, _ := coordRepos(t)
	// lib1 1.1 depends on com.example:absent, which no repository holds: audit, diff and history
	// say so and exit 3, and report the rest.
	cli := func(t *testing.T, args ...string) string {
		t.Helper()
		code, out, stderr := runCLI(t, append(append([]string{args[0], "--quiet"}, repos...), args[1:]...)...)
		if code != exitOK && code != exitFindings && code != exitUnreadable { // diff exits 1 on regressions
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		return out
	}
	for _, tc := range []struct {
		module   string
		versions []string
	}{
		{"com.example:libv", []string{"2.0", "1.0"}},
		{"com.example:lib1", []string{"1.1", "1.0"}},
	} {
		t.Run(tc.module, func(t *testing.T) {
			var rep history.Report
			if err := json.Unmarshal([]byte(cli(t, "history", "--format", "json", tc.module)), &rep); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range rep.Versions {
				got = append(got, p.Version)
			}
			if !reflect.DeepEqual(got, tc.versions) {
				t.Fatalf("versions %v, want %v", got, tc.versions)
			}
			for i, p := range rep.Versions {
				coord := tc.module + ":" + p.Version
				var audit struct {
					Summary struct {
						Classes  int                       `json:"classes"`
						Verdicts map[stability.Verdict]int `json:"verdicts"`
					} `json:"summary"`
					Composables []struct {
						Composables []struct {
							Skips string `json:"skips"`
						} `json:"composables"`
					} `json:"composables"`
				}
				if err := json.Unmarshal([]byte(cli(t, "audit", "--composables", "--format", "json", coord)), &audit); err != nil {
					t.Fatal(err)
				}
				composables, skips := 0, 0
				for _, in := range audit.Composables {
					for _, c := range in.Composables {
						composables++
						if c.Skips == "true" {
							skips++
						}
					}
				}
				if p.Classes != audit.Summary.Classes || composables != p.Composables || skips != p.Skips {
					t.Errorf("%s: %d classes, %d composables, %d skip; audit says %d, %d, %d", coord, p.Classes, p.Composables, p.Skips, audit.Summary.Classes, composables, skips)
				}
				for _, v := range history.Verdicts {
					if p.Verdicts[v] != audit.Summary.Verdicts[v] {
						t.Errorf("%s: %d %s, audit says %d", coord, p.Verdicts[v], v, audit.Summary.Verdicts[v])
					}
				}
				if i == len(rep.Versions)-1 {
					if p.Previous != "" || len(p.Changes) > 0 {
						t.Errorf("%s: the oldest has changes from %q", coord, p.Previous)
					}
					continue
				}
				older := rep.Versions[i+1].Version
				var d struct {
					Changes     []json.RawMessage `json:"changes"`
					Composables []json.RawMessage `json:"composables"`
				}
				if err := json.Unmarshal([]byte(cli(t, "diff", "--composables", "--format", "json", tc.module+":"+older, coord)), &d); err != nil {
					t.Fatal(err)
				}
				if p.Previous != older {
					t.Errorf("%s: changes from %q, want %s", coord, p.Previous, older)
				}
				if a, b := canonical(t, p.Changes), canonical(t, d.Changes); a != b {
					t.Errorf("%s: changes\n%s\ndiff says\n%s", coord, a, b)
				}
				if a, b := canonical(t, p.ComposableChanges), canonical(t, d.Composables); a != b {
					t.Errorf("%s: composable changes\n%s\ndiff says\n%s", coord, a, b)
				}
			}
		})
	}
	// libv's two versions differ: the comparison above compared something.
	var rep history.Report
	if err := json.Unmarshal([]byte(cli(t, "history", "--format", "json", "com.example:libv")), &rep); err != nil {
		t.Fatal(err)
	}
	if p := rep.Versions[0]; p.Regressions == 0 || p.Improvements == 0 || len(p.ComposableChanges) == 0 {
		t.Errorf("libv 2.0: %d regressions, %d improvements, %d composable changes", p.Regressions, p.Improvements, len(p.ComposableChanges))
	}
	html := cli(t, "history", "--format", "html", "com.example:libv")
	for _, want := range []string{"<svg", `fill="#cf222e"`, "<code>2.0</code>", "regression"} {
		if !strings.Contains(html, want) {
			t.Errorf("html: no %q", want)
		}
	}
	if strings.Contains(html, "<script") || strings.Contains(html, "http://") && !strings.Contains(html, `xmlns="http://www.w3.org/2000/svg"`) {
		t.Error("html: a script or a link")
	}
	if code, _, _ := runCLI(t, append(append([]string{"history"}, repos...), "com.example:nothing")...); code != exitUnreadable {
		t.Errorf("no version: exit %d", code)
	}
	if code, _, _ := runCLI(t, "history", "com.example:libv:2.0"); code != exitUsage {
		t.Errorf("a version: exit %d", code)
	}
}

// canonical is v as JSON with its objects' keys sorted: two encodings of the same changes
// compare equal.
func canonical(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var x any
	if err := json.Unmarshal(data, &x); err != nil {
		t.Fatal(err)
	}
	out, _ := json.MarshalIndent(x, "", " ")
	return string(out)
}
