package output

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/diff"
	"github.com/composestab/composestab/audit/internal/audittest"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/audit/verify"
	"github.com/composestab/composestab/internal/fixtures"
)

// TestSARIFShape checks the properties code scanning relies on, on the libv1 → libv2 diff.
func TestSARIFShape(t *testing.T) {
	d := diff.Diff(audittest.ScanV1(t), audittest.ScanV2(t))
	var log sarifDoc
	if err := json.Unmarshal([]byte(diffText(t, d, "sarif")), &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || !strings.Contains(log.Schema, "sarif-2.1.0") || len(log.Runs) != 1 {
		t.Fatalf("header: version %q schema %q runs %d", log.Version, log.Schema, len(log.Runs))
	}
	run := log.Runs[0]
	if run.Tool.Driver.Name != "composestab" {
		t.Errorf("driver %q", run.Tool.Driver.Name)
	}
	var rules []string
	for _, r := range run.Tool.Driver.Rules {
		rules = append(rules, r.ID+"="+r.DefaultConfiguration.Level)
	}
	if got := strings.Join(rules, " "); got != "stability-regression=error stability-improvement=note stability-change=note" {
		t.Errorf("rules: %s", got)
	}
	if len(run.Invocations) != 1 || !run.Invocations[0].ExecutionSuccessful {
		t.Errorf("invocations: %+v", run.Invocations)
	}
	if len(run.Results) != len(d.Changes) {
		t.Fatalf("%d results for %d changes", len(run.Results), len(d.Changes))
	}
	levels := map[diff.ChangeKind]string{diff.Regression: "error", diff.Improvement: "note", diff.Neutral: "note"}
	fingerprints := map[string]bool{}
	for i, r := range run.Results {
		c := d.Changes[i]
		if r.Level != levels[c.Kind] || run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("%s: level %s rule %s #%d", c.Class, r.Level, r.RuleID, r.RuleIndex)
		}
		if len(r.Locations) != 1 {
			t.Fatalf("%s: %d locations", c.Class, len(r.Locations))
		}
		loc := r.Locations[0]
		if !strings.HasPrefix(loc.PhysicalLocation.ArtifactLocation.URI, "file:///") || !strings.HasSuffix(loc.PhysicalLocation.ArtifactLocation.URI, ".jar") {
			t.Errorf("%s: artifact %q", c.Class, loc.PhysicalLocation.ArtifactLocation.URI)
		}
		if len(loc.LogicalLocations) != 1 || loc.LogicalLocations[0].FullyQualifiedName != c.Class || loc.LogicalLocations[0].Kind != "type" {
			t.Errorf("%s: logical %+v", c.Class, loc.LogicalLocations)
		}
		if !strings.HasPrefix(r.Message.Text, c.Class+": ") {
			t.Errorf("message %q", r.Message.Text)
		}
		fp := r.PartialFingerprints["composestabChange/v1"]
		if fp == "" || fingerprints[fp] {
			t.Errorf("%s: fingerprint %q missing or repeated", c.Class, fp)
		}
		fingerprints[fp] = true
	}
}

func TestSARIFErrorsAndMissingInput(t *testing.T) {
	d := &diff.Report{
		Changes: []diff.Change{{Class: "a.B", Kind: diff.Regression, Message: "class removed (was stable)"}},
		Errors:  []*scan.Error{{Kind: scan.ErrUnreadable, Input: "x.jar", Message: "cannot read archive"}, {Kind: scan.ErrUnresolved, Input: "y.jar", Class: "a/C", Message: "missing"}},
	}
	got := diffText(t, d, "sarif")
	for _, want := range []string{`"executionSuccessful": false`, `"level": "error",
              "message": {
                "text": "unreadable: x.jar: cannot read archive"`, `"text": "unresolved: y.jar: a/C: missing"`} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %s in\n%s", want, got)
		}
	}
	if strings.Contains(got, "physicalLocation") {
		t.Errorf("a change without input got a physical location:\n%s", got)
	}
}

func TestArtifactURI(t *testing.T) {
	tests := []struct{ path, want string }{
		{"build/libs/lib.jar", "build/libs/lib.jar"},
		{"./lib.jar", "lib.jar"},
		{"my libs/lib 1.jar", "my%20libs/lib%201.jar"},
		{"lib#1.jar", "lib%231.jar"},
	}
	if runtime.GOOS != "windows" {
		tests = append(tests, struct{ path, want string }{"/home/ci/lib.jar", "file:///home/ci/lib.jar"})
	}
	for _, tt := range tests {
		if got := artifactURI(tt.path); got != tt.want {
			t.Errorf("artifactURI(%q) = %q, want %q", tt.path, got, tt.want)
		}
	}
}

// TestVerifySARIF: verify's SARIF has one rule per verify rule, at the level of its severity,
// and each result at the level of its finding's severity.
func TestVerifySARIF(t *testing.T) {
	rep := audittest.Scan(t, scan.Options{Inputs: audittest.PverifyJars("2.1.0"), Classpath: []string{fixtures.RuntimeStubJar()}, IncludeNonPublic: true})
	v, err := verify.Verify(rep, verify.Options{Drift: true})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := WriteVerifySARIF(&b, v); err != nil {
		t.Fatal(err)
	}
	var log sarifDoc
	if err := json.Unmarshal([]byte(b.String()), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	var rules []string
	for _, r := range run.Tool.Driver.Rules {
		rules = append(rules, r.ID+"="+r.DefaultConfiguration.Level)
	}
	want := "stable-claim-mutable=error stable-claim-unproven=note not-compose=error expect-stable=error drift=warning drift-stabler=note identity-churn=warning unstable-param-type=warning " +
		"config-syntax=error config-false=error config-unused=warning config-broad=warning config-unproven=note config-redundant=note config-stale=warning"
	if got := strings.Join(rules, " "); got != want {
		t.Errorf("rules: %s", got)
	}
	if len(run.Results) != len(v.Violations) {
		t.Fatalf("%d results for %d findings", len(run.Results), len(v.Violations))
	}
	levels := map[string]int{}
	for i, r := range run.Results {
		x := v.Violations[i]
		if r.RuleID != x.Rule || run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID || r.Level != sarifLevel(x.Severity) ||
			r.PartialFingerprints["composestabVerify/v1"] != x.Rule+"|"+x.Class+"|"+x.Part {
			t.Errorf("result %d: %+v for %+v", i, r, x)
		}
		levels[r.Level]++
	}
	if levels["error"] == 0 || levels["warning"] == 0 || levels["note"] == 0 {
		t.Errorf("levels %v: want each of error, warning and note", levels)
	}
}

// sarifDoc is what the tests read back from a SARIF log.
type sarifDoc struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name  string `json:"name"`
				Rules []struct {
					ID                   string `json:"id"`
					DefaultConfiguration struct {
						Level string `json:"level"`
					} `json:"defaultConfiguration"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Invocations []struct {
			ExecutionSuccessful bool `json:"executionSuccessful"`
		} `json:"invocations"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			RuleIndex int    `json:"ruleIndex"`
			Level     string `json:"level"`
			Message   struct {
				Text string `json:"text"`
			} `json:"message"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI string `json:"uri"`
					} `json:"artifactLocation"`
				} `json:"physicalLocation"`
				LogicalLocations []struct {
					FullyQualifiedName string `json:"fullyQualifiedName"`
					Kind               string `json:"kind"`
				} `json:"logicalLocations"`
			} `json:"locations"`
			PartialFingerprints map[string]string `json:"partialFingerprints"`
		} `json:"results"`
	} `json:"runs"`
}
