package history_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/composestab/composestab/audit/diff"
	"github.com/composestab/composestab/audit/history"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/fixtures"
)

// TestHistoryBuild: the libv fixture's two releases with one that cannot be resolved between
// them. Newest first; the one that could not be resolved is a point with its problem, and the
// newest is diffed with the oldest, change for change as diff.Diff of their own scans says;
// each point's counts are those scans' summaries.
func TestHistoryBuild(t *testing.T) {
	opts := func(lib string) scan.Options {
		m, err := fixtures.Get(lib)
		if err != nil {
			t.Fatal(err)
		}
		return scan.Options{Inputs: []string{m.Jar()}, Classpath: m.Classpath(), Composables: true}
	}
	v1, v2 := opts("libv1"), opts("libv2")
	rep, err := history.Build(context.Background(), "com.example:libv", "2.4.20", []history.Release{
		{Version: "1.0", Options: v1},
		{Version: "1.5", Err: errors.New("not in any repository")},
		{Version: "2.0", Options: v2},
	})
	if err != nil {
		t.Fatal(err)
	}
	var versions []string
	for _, p := range rep.Versions {
		versions = append(versions, p.Version)
	}
	if !reflect.DeepEqual(versions, []string{"2.0", "1.5", "1.0"}) {
		t.Fatalf("versions %v", versions)
	}
	if p := rep.Versions[1]; p.Problem != "not in any repository" || p.Classes != 0 {
		t.Errorf("1.5: %+v", p)
	}
	old, err := scan.Scan(context.Background(), v1)
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	cur, err := scan.Scan(context.Background(), v2)
	if err != nil {
		t.Fatal(err)
	}
	defer cur.Close()
	d := diff.Diff(old, cur)
	p := rep.Versions[0]
	if p.Previous != "1.0" || !reflect.DeepEqual(p.Changes, d.Changes) || !reflect.DeepEqual(p.ComposableChanges, d.Composables) {
		t.Errorf("2.0: changes from %q\n%+v\ndiff says\n%+v", p.Previous, p.Changes, d.Changes)
	}
	if p.Regressions != d.Count(diff.Regression) || p.Improvements != d.Count(diff.Improvement) || p.Regressions == 0 {
		t.Errorf("2.0: %d regressions, %d improvements", p.Regressions, p.Improvements)
	}
	for i, s := range []*scan.Report{cur, old} {
		p := rep.Versions[2*i]
		if p.Classes != s.Summary.Classes {
			t.Errorf("%s: %d classes, the scan %d", p.Version, p.Classes, s.Summary.Classes)
		}
		for v, n := range s.Summary.Verdicts {
			if p.Verdicts[v] != n {
				t.Errorf("%s: %d %s, the scan %d", p.Version, p.Verdicts[v], v, n)
			}
		}
	}
}
