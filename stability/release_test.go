package stability

import (
	"slices"
	"testing"
)

// mustRelease is the supported release of that name.
func mustRelease(t testing.TB, name string) Release {
	t.Helper()
	r, ok := ParseRelease(name)
	if !ok {
		t.Fatalf("release %q is not supported", name)
	}
	return r
}

func TestParseRelease(t *testing.T) {
	tests := []struct {
		name, want string // want "": not supported
	}{
		{"2.0.20", "2.0.20"},
		{"2.1.20", "2.1.20"},
		{"2.5.0-Beta1", "2.5.0-Beta1"},
		{"2.0", "2.0.21"}, // X.Y: the newest patch
		{"2.2", "2.2.21"},
		{"2.4", "2.4.20"},
		{"2.5", ""}, // a pre-release is never the newest patch
		{"2.1.2", ""},
		{"2.0.0", ""}, // ships no Compose plugin
		{"1.9.0", ""},
		{"9.9", ""},
		{"auto", ""}, // a mode of the audit (scan.ParseCompiler), not a release
		{"", ""},
	}
	for _, tt := range tests {
		r, ok := ParseRelease(tt.name)
		if got := r.String(); ok != (tt.want != "") || ok && got != tt.want {
			t.Errorf("ParseRelease(%q) = %s, %t; want %q", tt.name, got, ok, tt.want)
		}
	}
}

// TestDefaultRelease: the zero Release is the default, equal to the one its name resolves to.
func TestDefaultRelease(t *testing.T) {
	if d := mustRelease(t, DefaultCompiler); d != DefaultRelease() || d != (Release{}) || d.String() != DefaultCompiler {
		t.Errorf("%s resolves to %#v, default %#v", DefaultCompiler, d, DefaultRelease())
	}
	all := Releases()
	if len(all) != len(SupportedCompilers) || !slices.Contains(all, DefaultRelease()) {
		t.Errorf("Releases() = %v, SupportedCompilers %v", all, SupportedCompilers)
	}
	for i, r := range all {
		if r.String() != SupportedCompilers[i] || mustRelease(t, r.String()) != r {
			t.Errorf("Releases()[%d] = %s, SupportedCompilers[%d] = %s", i, r, i, SupportedCompilers[i])
		}
		if i > 0 && (!all[i-1].Before(r) || r.Before(all[i-1]) || r.Before(r) || compareVersions(all[i-1].String(), r.String()) >= 0) {
			t.Errorf("%s is not before %s", all[i-1], r)
		}
	}
}

func TestReleaseBefore(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"2.0.20", "2.0.21", true},
		{"2.1.21", "2.2.0", true},
		{"2.2.10", "2.2.20", true}, // numerically: 10 < 20
		{"2.2.21", "2.3.0", true},
		{"2.4.20", "2.5.0-Beta1", true},
		{"2.2.0", "2.1.0", false},
		{"2.4.20", "2.4.20", false},
		{"2.5.0-Beta1", "2.4.20", false},
	}
	for _, tt := range tests {
		if got := mustRelease(t, tt.a).Before(mustRelease(t, tt.b)); got != tt.want {
			t.Errorf("%s.Before(%s) = %t, want %t", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestReleaseFacts: what each release's row gives, where it changes.
func TestReleaseFacts(t *testing.T) {
	tests := []struct {
		release   string
		qualified bool
		features  FeatureDefaults
	}{
		{"2.0.20", false, FeatureDefaults{NoPausableFlag: true}},
		{"2.0.21", false, FeatureDefaults{NoPausableFlag: true}},
		{"2.1.0", false, FeatureDefaults{}},
		{"2.1.21", false, FeatureDefaults{}},
		{"2.2.0", false, FeatureDefaults{OptimizeNonSkippingGroups: true, PausableComposition: true}},
		{"2.2.10", false, FeatureDefaults{OptimizeNonSkippingGroups: true, PausableComposition: true}},
		{"2.2.20", true, FeatureDefaults{OptimizeNonSkippingGroups: true, PausableComposition: true}},
		{"2.4.20", true, FeatureDefaults{OptimizeNonSkippingGroups: true, PausableComposition: true}},
		{"2.5.0-Beta1", true, FeatureDefaults{OptimizeNonSkippingGroups: true, PausableComposition: true}},
	}
	for _, tt := range tests {
		r := mustRelease(t, tt.release)
		if got := r.QualifiedReportNames(); got != tt.qualified {
			t.Errorf("%s: QualifiedReportNames = %t, want %t", r, got, tt.qualified)
		}
		if got := r.FeatureDefaults(); got != tt.features {
			t.Errorf("%s: FeatureDefaults = %+v, want %+v", r, got, tt.features)
		}
	}
	var names []string
	for _, rc := range RuleChanges(mustRelease(t, "2.1.21"), mustRelease(t, "2.3.0")) {
		names = append(names, rc.Name+" since "+rc.Since)
	}
	want := []string{"qualified-report-names since 2.2.20", "error-prone-marker since 2.3.0", KnownStableRule + " since 2.3.0"}
	if !slices.Equal(names, want) {
		t.Errorf("RuleChanges(2.1.21, 2.3.0) = %q, want %q", names, want)
	}
	if got := ReleasesOf(2, 2); len(got) != 4 || got[0].String() != "2.2.0" || got[3].String() != "2.2.21" {
		t.Errorf("ReleasesOf(2, 2) = %v", got)
	}
	if got := ReleasesOf(2, 5); len(got) != 1 || got[0].String() != "2.5.0-Beta1" {
		t.Errorf("ReleasesOf(2, 5) = %v", got)
	}
}

// withReleaseTable makes rows the release table for the rest of the test.
func withReleaseTable(t *testing.T, rows []releaseRow) {
	savedTable, savedReleases, savedDefault, savedNames := releaseTable, releases, defaultIndex, SupportedCompilers
	t.Cleanup(func() {
		releaseTable, releases, defaultIndex, SupportedCompilers = savedTable, savedReleases, savedDefault, savedNames
	})
	releaseTable = rows
	releases, defaultIndex = readReleaseTable(rows)
	SupportedCompilers = releaseNames()
}

// TestAddRelease: supporting a release is one row of the release table. A new one, whose
// compiler puts back the Kotlin 2.3 rules for objects (a made-up change) and turns
// PausableComposition off by default, is supported by every reader of a release: names, order,
// the engine's rules, the rule changes a what-if explains with, the reports' names, the feature
// defaults composable reads, and the known-stable tables (the newest read, until go generate
// reads the new plugin's).
func TestAddRelease(t *testing.T) {
	newest := mustRelease(t, "2.5.0-Beta1")
	r := newest.rules()
	r.objectsStable = false
	f := FeatureDefaults{OptimizeNonSkippingGroups: true}
	withReleaseTable(t, append(slices.Clone(releaseTable), releaseRow{name: "2.6.0", why: "made up", rules: &r, features: &f}))

	v, ok := ParseRelease("2.6.0")
	if !ok || v.String() != "2.6.0" {
		t.Fatalf("ParseRelease(2.6.0) = %v, %t", v, ok)
	}
	if alias, _ := ParseRelease("2.6"); alias != v {
		t.Errorf("ParseRelease(2.6) = %v", alias)
	}
	if got := ReleasesOf(2, 6); !slices.Equal(got, []Release{v}) {
		t.Errorf("ReleasesOf(2, 6) = %v", got)
	}
	if all := Releases(); all[len(all)-1] != v || SupportedCompilers[len(SupportedCompilers)-1] != "2.6.0" {
		t.Errorf("Releases() = %v, SupportedCompilers = %v", all, SupportedCompilers)
	}
	if !newest.Before(v) || v.Before(newest) || DefaultRelease().String() != DefaultCompiler {
		t.Errorf("2.6.0 is not the newest, or the default moved to %s", DefaultRelease())
	}
	if e := NewEngine(nil, Options{Release: v}); e.rules != r || e.known != newest.knownStable() {
		t.Errorf("an engine of 2.6.0 has rules %+v, want %+v, and its known-stable tables are not 2.5.0-Beta1's", e.rules, r)
	}
	if !v.QualifiedReportNames() || v.FeatureDefaults() != f {
		t.Errorf("2.6.0: QualifiedReportNames %t, FeatureDefaults %+v", v.QualifiedReportNames(), v.FeatureDefaults())
	}
	rcs := RuleChanges(newest, v)
	if len(rcs) != 1 || rcs[0].Name != "objects-stable" || rcs[0].Old != true || rcs[0].New != false || rcs[0].Since != "2.4.0" {
		t.Errorf("RuleChanges(2.5.0-Beta1, 2.6.0) = %+v, want objects-stable turned off", rcs)
	}
	// A row that sets nothing keeps the row above's.
	withReleaseTable(t, append(slices.Clone(releaseTable), releaseRow{name: "2.6.10"}))
	w := mustRelease(t, "2.6.10")
	if w.rules() != r || w.FeatureDefaults() != f || len(RuleChanges(v, w)) != 0 || mustRelease(t, "2.6") != w {
		t.Errorf("2.6.10 does not keep 2.6.0's rules and defaults")
	}
}
