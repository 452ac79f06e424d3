// Package history follows one artifact across its versions: per version what audit reports —
// its classes per verdict and its composables that skip — and, between consecutive versions,
// every class's verdict change with its causes, as diff reports it.
package history

import (
	"context"
	"slices"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/audit/diff"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/stability"
)

// Version is the version of the history JSON (docs/cards.md). It changes when a field changes
// meaning or goes away; new fields keep it.
const Version = 1

// Release is one version of the artifact and how to scan it.
type Release struct {
	Version string
	// Options are audit's for the version: its files as inputs, its dependencies' on the
	// classpath.
	Options scan.Options
	// Err, if set, is why the version could not be resolved: it gets a point with the problem
	// and no scan.
	Err error
}

// Report is an artifact's history, newest version first.
type Report struct {
	// Version is the version of this JSON contract.
	Version int `json:"version"`
	// Module is group:artifact.
	Module string `json:"module"`
	// Compiler is the consumer's release whose rules apply.
	Compiler string   `json:"compiler"`
	Versions []*Point `json:"versions"`
}

// Point is one version: audit's counts, and the changes from the version before it.
type Point struct {
	Version string `json:"version"`
	// Inputs are the version's files.
	Inputs []string `json:"inputs"`
	// Classes counts the reported classes, Verdicts them per verdict (stable, runtime,
	// uncertain, unstable: each present, 0 or not).
	Classes  int                       `json:"classes"`
	Verdicts map[stability.Verdict]int `json:"verdicts"`
	// Composables counts the public composables, Skips those a call with unchanged arguments
	// skips.
	Composables int `json:"composables"`
	Skips       int `json:"skips"`
	// Previous is the version the changes are from ("" for the oldest scanned); Changes and
	// ComposableChanges are diff's of Previous and this version; Regressions and Improvements
	// count them.
	Previous          string                  `json:"previous,omitempty"`
	Changes           []diff.Change           `json:"changes"`
	ComposableChanges []diff.ComposableChange `json:"composableChanges"`
	Regressions       int                     `json:"regressions"`
	Improvements      int                     `json:"improvements"`
	// Errors are the problems the version's scan met; Problem why it could not be scanned.
	Errors  []*scan.Error `json:"errors"`
	Problem string        `json:"problem,omitempty"`
}

// Verdicts are the verdicts in the order the counts are drawn: most stable first.
var Verdicts = []stability.Verdict{stability.VerdictStable, stability.VerdictRuntime, evaluate.VerdictUncertain, stability.VerdictUnstable}

// Build scans the releases, given oldest first, one after another (each with its composables)
// and diffs each with the one scanned before it. A release that cannot be resolved or scanned
// is a point with its problem, and the next is diffed with the last one scanned. The error is
// non-nil only when ctx is cancelled.
func Build(ctx context.Context, module, compiler string, releases []Release) (*Report, error) {
	rep := &Report{Version: Version, Module: module, Compiler: compiler, Versions: []*Point{}}
	shared := archive.NewShared()
	var prev *scan.Report
	prevVersion := ""
	defer func() {
		if prev != nil {
			prev.Close()
		}
	}()
	for _, r := range releases {
		p := &Point{Version: r.Version, Inputs: []string{}, Verdicts: map[stability.Verdict]int{}, Changes: []diff.Change{},
			ComposableChanges: []diff.ComposableChange{}, Errors: []*scan.Error{}}
		for _, v := range Verdicts {
			p.Verdicts[v] = 0
		}
		rep.Versions = append(rep.Versions, p)
		if r.Err != nil {
			p.Problem = r.Err.Error()
			continue
		}
		o := r.Options
		o.Composables = true
		o.Shared = shared
		cur, err := scan.Scan(ctx, o)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err != nil {
			p.Problem = err.Error()
			continue
		}
		p.Inputs, p.Errors = cur.Inputs, cur.Errors
		p.Classes = cur.Summary.Classes
		for v, n := range cur.Summary.Verdicts {
			p.Verdicts[v] = n
		}
		for _, ic := range cur.Composables {
			for _, k := range ic.Composables {
				p.Composables++
				if k.Skips == "true" {
					p.Skips++
				}
			}
		}
		if prev != nil {
			d := diff.Diff(prev, cur)
			p.Previous = prevVersion
			p.Changes = append(p.Changes, d.Changes...)
			p.ComposableChanges = append(p.ComposableChanges, d.Composables...)
			p.Regressions, p.Improvements = d.Count(diff.Regression), d.Count(diff.Improvement)
			prev.Close()
		}
		prev, prevVersion = cur, r.Version
	}
	slices.Reverse(rep.Versions)
	return rep, nil
}
