// Package cards tells an app what each of its dependencies gives its composables: one report
// card per dependency (a resolved coordinate, or a jar) listing the dependency's types that the
// app's bytes use — its composables' parameter types, its classes' field types and their type
// arguments — how the app sees each (stable, compared by ===, decided at run time), why, and
// the stability configuration lines that would make the others stable, each judged from the
// bytes by audit/verify's configuration check: proven, unproven or false.
package cards

import (
	"context"
	"os"
	"sort"
	"strings"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/audit/verify"
	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/stability"
)

// Version is the version of the cards JSON (docs/cards.md). It changes when a field changes
// meaning or goes away; new fields keep it.
const Version = 1

// Labels of a configuration line: what the dependency's bytes say of it.
const (
	// Proven: every class the line applies to is final and every field a val of a type proven
	// stable; the line tells the compiler nothing false.
	Proven = "proven"
	// Unproven: an interface, an open class, a field of an open type or a private var: nothing
	// in the bytes shows it changes, nor that it cannot. It needs the library's word.
	Unproven = "unproven"
	// False: the bytes show state that changes (a var, a mutable collection, an array).
	False = "false"
	// Redundant: every class it applies to is stable without it.
	Redundant = "redundant"
)

// Dependency is one dependency of the app: a resolved coordinate's files, or one jar of a
// classpath given as files.
type Dependency struct {
	// Name is the coordinate, or the file's path.
	Name string `json:"name"`
	// Coordinate is group:artifact:version and Version its version; both "" for a file.
	Coordinate string `json:"coordinate,omitempty"`
	Version    string `json:"version,omitempty"`
	// Files are the dependency's jars, AARs or class folders.
	Files []string `json:"files"`
}

// Options are what a cards job is given.
type Options struct {
	// App are the app's scan options: Inputs are the app's classes; Classpath holds every
	// dependency's files and anything else they resolve against; Configs are the app's own
	// stability configuration files.
	App scan.Options
	// Dependencies are the dependencies to draw a card for, each of whose files is on
	// App.Classpath.
	Dependencies []Dependency
}

// Report is the cards of one app.
type Report struct {
	// Version is the version of this JSON contract (docs/cards.md).
	Version int `json:"version"`
	// App are the app's inputs, Compiler the consumer's release whose rules apply.
	App      []string `json:"app"`
	Compiler string   `json:"compiler"`
	// StrongSkipping tells whether the app was compiled with strong skipping, read from its
	// code: with it an unstable parameter is compared by ===, without it a composable taking
	// one never skips.
	StrongSkipping bool    `json:"strongSkipping"`
	Cards          []*Card `json:"cards"`
	// Promise is what the proven lines do to the app, as an app scan with them shows it.
	Promise Promise `json:"promise"`
	// Elsewhere are the classes the app's fields and composables name that no dependency
	// defines: the platform's (JDK, Kotlin) and those the classpath lacks. Internal names.
	Elsewhere []string `json:"elsewhere"`
	// Errors are the problems met by the scans and by the reading of the app's bytes.
	Errors []*scan.Error `json:"errors"`
}

// Card is what one dependency gives the app.
type Card struct {
	Dependency
	// Uses are the dependency's classes the app's bytes name, by name.
	Uses []*Use `json:"uses"`
	// Counts are the uses per verdict.
	Counts map[stability.Verdict]int `json:"counts"`
	// Lines are the configuration lines that would make the uses that are not stable stable,
	// judged from the dependency's bytes, proven first.
	Lines []*Line `json:"lines"`
	// Stabilized are the app's classes that name one of the dependency's classes and that the
	// proven lines make stable; Skipping the app's composables that name one and that skip only
	// with the proven lines.
	Stabilized []string `json:"stabilized"`
	Skipping   []string `json:"skipping"`
	// Notes say what the card could not tell, and why.
	Notes []string `json:"notes"`
}

// Use is one class of a dependency that the app's bytes name.
type Use struct {
	// Class is the Kotlin name, JVMName the internal name, Input the file defining it.
	Class   string `json:"class"`
	JVMName string `json:"jvmName"`
	Input   string `json:"input"`
	Kind    string `json:"kind"`
	// Visibility is the class's Kotlin visibility: a public type, save for crafted bytes.
	Visibility string `json:"visibility"`
	// Verdict and Stability are what an app compiled by the consumer's compiler sees (audit's
	// verdict); "" when the dependency's scan does not report the class (see the notes).
	Verdict   stability.Verdict `json:"verdict"`
	Stability string            `json:"stability"`
	// Seen says in words how a composable compares a parameter of the type.
	Seen    string   `json:"seen"`
	Reasons []string `json:"reasons"`
	// By lists the places of the app's bytes that name it.
	By []string `json:"by"`
	// Line is the pattern of the configuration line for it, "" for a stable class.
	Line string `json:"line,omitempty"`
}

// Line is one configuration line that would make a used class stable.
type Line struct {
	Pattern string `json:"pattern"`
	// Label is Proven, Unproven, False or Redundant.
	Label string `json:"label"`
	// Coordinate and Version are the dependency's the line was judged at (Version "" for a
	// file): a proven line is proven for that version only.
	Coordinate string `json:"coordinate,omitempty"`
	Version    string `json:"version,omitempty"`
	// Proof says why the line has its label, from the bytes.
	Proof string `json:"proof"`
	// Classes are the classes the line applies to (its own and its direct subtypes'), each with
	// what the line does for it.
	Classes []LineClass `json:"classes"`
}

// LineClass is one class a line applies to.
type LineClass struct {
	Class string `json:"class"`
	// Kind is verify's: false, unproven, redundant or needed.
	Kind verify.ClassKind `json:"kind"`
	Why  string           `json:"why"`
}

// Promise is what the proven lines of every card do to the app's classes and composables.
type Promise struct {
	// Lines are the proven patterns, as --format stability-config writes them.
	Lines []string `json:"lines"`
	// Stable lists the app's classes stable without the lines, StableWith those stable with
	// them, and Stabilized the difference.
	Stable     []string `json:"stable"`
	StableWith []string `json:"stableWith"`
	Stabilized []string `json:"stabilized"`
	// Skips and SkipsWith count the app's composables that skip without and with the lines;
	// Skipping names those that skip only with them.
	Skips     int      `json:"skips"`
	SkipsWith int      `json:"skipsWith"`
	Skipping  []string `json:"skipping"`
}

// Build scans the app, reads what its bytes name, and draws a card per dependency. The error
// is non-nil only when a scan could not run at all or ctx was cancelled; what cannot be read
// is in Report.Errors and the cards' notes.
func Build(ctx context.Context, o Options) (*Report, error) {
	app := o.App
	// Every class and composable of the app is the app's: a private one uses its dependencies
	// as much as a public one, and the compiler reports them all.
	app.Composables, app.IncludeNonPublic = true, true
	app.Package, app.Only, app.DriftOnly, app.SuggestConfig, app.CheckConfig = "", "", false, false, false
	if app.Shared == nil {
		app.Shared = archive.NewShared()
	}
	appRep, err := scan.Scan(ctx, app)
	if err != nil {
		return nil, err
	}
	defer appRep.Close()
	rep := &Report{Version: Version, App: appRep.Inputs, Cards: []*Card{}, Elsewhere: []string{}, Errors: appRep.Errors}
	rep.Compiler = app.Compiler.Release.String()
	for _, ic := range appRep.Composables {
		rep.StrongSkipping = rep.StrongSkipping || ic.StrongSkipping
	}
	owner := map[string]*Card{}
	for _, d := range o.Dependencies {
		c := &Card{Dependency: d, Uses: []*Use{}, Counts: map[stability.Verdict]int{}, Lines: []*Line{}, Stabilized: []string{}, Skipping: []string{}, Notes: []string{}}
		rep.Cards = append(rep.Cards, c)
		for _, f := range d.Files {
			owner[f] = c
		}
	}
	refs, errs := references(appRep)
	rep.Errors = append(rep.Errors, errs...)
	appInput := map[string]bool{}
	for _, in := range appRep.Inputs {
		appInput[in] = true
	}
	uses := map[string]*Use{}
	usedBy := map[string]map[string]bool{} // internal name → the app's classes and composables naming it
	elsewhere := map[string]bool{}
	cp := appRep.Classpath()
	for _, r := range refs {
		e := cp.Lookup(r.class)
		switch {
		case e == nil:
			if !elsewhere[r.class] {
				elsewhere[r.class] = true
				rep.Elsewhere = append(rep.Elsewhere, r.class)
			}
			continue
		case appInput[e.Input]:
			continue
		case owner[e.Input] == nil:
			if !elsewhere[r.class] {
				elsewhere[r.class] = true
				rep.Elsewhere = append(rep.Elsewhere, r.class)
			}
			continue
		}
		u := uses[r.class]
		if u == nil {
			u = &Use{JVMName: r.class, Input: e.Input, Class: strings.NewReplacer("/", ".", "$", ".").Replace(r.class), By: []string{}, Reasons: []string{}}
			uses[r.class] = u
			usedBy[r.class] = map[string]bool{}
			c := owner[e.Input]
			c.Uses = append(c.Uses, u)
		}
		if !contains(u.By, r.by) {
			u.By = append(u.By, r.by)
		}
		usedBy[r.class][user(r.by)] = true
	}
	sort.Strings(rep.Elsewhere)
	var depFiles []string
	for _, c := range rep.Cards {
		sort.Slice(c.Uses, func(i, j int) bool { return c.Uses[i].Class < c.Uses[j].Class })
		if len(c.Uses) > 0 {
			depFiles = append(depFiles, c.Files...)
		}
	}
	if len(depFiles) == 0 {
		return rep, nil
	}
	j := &job{ctx: ctx, app: app, depFiles: depFiles}
	defer j.close()
	if err := j.verdicts(rep, uses); err != nil {
		return nil, err
	}
	if err := j.lines(rep); err != nil {
		return nil, err
	}
	if err := j.promise(rep, appRep, usedBy); err != nil {
		return nil, err
	}
	sortErrors(rep.Errors)
	return rep, nil
}

// user is the app class or composable a reference's place belongs to: "field app.H.v" → app.H.
func user(by string) string {
	switch {
	case strings.HasPrefix(by, "composable "):
		name, _, _ := strings.Cut(strings.TrimPrefix(by, "composable "), ",")
		return "composable " + name
	case strings.Contains(by, "field "):
		f := by[strings.Index(by, "field ")+len("field "):]
		if i := strings.LastIndexByte(f, '.'); i >= 0 {
			f = f[:i]
		}
		return "class " + f
	}
	return by
}

// job is one Build's scans of the dependencies.
type job struct {
	ctx      context.Context
	app      scan.Options
	depFiles []string
	// dep is the scan of the used dependencies with the app's configuration (verdicts), on whose
	// models the lines are judged; open until Build returns.
	dep *scan.Report
}

// close closes the dependencies' scan.
func (j *job) close() {
	if j.dep != nil {
		j.dep.Close()
	}
}

// depOptions are the options of a scan of the used dependencies' files as inputs, the app and
// the rest of the classpath behind them, with the app's configuration files and extra lines.
func (j *job) depOptions(configs ...string) scan.Options {
	o := j.app
	o.Composables, o.CallSites, o.SuggestConfig = false, false, false
	o.Inputs = j.depFiles
	inDeps := map[string]bool{}
	for _, f := range j.depFiles {
		inDeps[f] = true
	}
	o.Classpath = append([]string{}, j.app.Inputs...)
	for _, p := range j.app.Classpath {
		if !inDeps[p] {
			o.Classpath = append(o.Classpath, p)
		}
	}
	o.Problems = nil // the app scan reported them
	o.IncludeNonPublic, o.IncludeSynthetic = true, false
	o.Package, o.Only, o.DriftOnly = "", "", false
	o.Configs = append(append([]string{}, j.app.Configs...), configs...)
	o.CheckConfig = len(configs) > 0
	return o
}

// verdicts fills each use with what an app sees of its class, from a scan of the used
// dependencies with the app's configuration only.
func (j *job) verdicts(rep *Report, uses map[string]*Use) error {
	dep, err := scan.Scan(j.ctx, j.depOptions())
	if err != nil {
		return err
	}
	j.dep = dep
	rep.Errors = append(rep.Errors, newErrors(rep.Errors, dep.Errors)...)
	byName := map[string]*scan.Class{}
	for _, c := range dep.Classes {
		byName[c.JVMName] = c
	}
	for _, card := range rep.Cards {
		for _, u := range card.Uses {
			c := byName[u.JVMName]
			if c == nil {
				card.Notes = append(card.Notes, u.Class+": the dependency's scan does not report it (synthetic, or unreadable: see the errors); no verdict and no line")
				continue
			}
			u.Class, u.Kind, u.Visibility = c.Name, c.Kind.String(), c.Visibility.String()
			u.Verdict, u.Stability, u.Reasons = c.Verdict, c.Stability, append([]string{}, c.Reasons...)
			u.Seen = seen(c, rep.StrongSkipping)
			card.Counts[c.Verdict]++
			if c.Verdict != stability.VerdictStable {
				if _, err := stability.ParseConfig("", []byte(c.Name)); err != nil || strings.ContainsAny(c.Name, "\r\n") {
					card.Notes = append(card.Notes, c.Name+": no configuration line can name it (the compiler would reject the line)")
					continue
				}
				u.Line = c.Name
			}
		}
	}
	return nil
}

// seen says how a composable compares a parameter of a class with this verdict.
func seen(c *scan.Class, strong bool) string {
	switch c.Verdict {
	case stability.VerdictStable:
		return "stable: compared with equals(); an equal value lets the composable skip"
	case stability.VerdictUnstable:
		if strong {
			return "unstable: compared by === (strong skipping); a new instance runs the composable again"
		}
		return "unstable: a composable taking it never skips (strong skipping is off)"
	case stability.VerdictRuntime:
		if strings.Contains(c.Stability, "Parameter(") {
			return "runtime: as stable as its type arguments (" + c.Stability + "): each use's arguments decide"
		}
		return "runtime: decided when the app runs, by " + c.Stability
	case evaluate.VerdictUncertain:
		return "uncertain: " + c.Stability + " is an interface or open type; each call site's argument decides"
	}
	return string(c.Verdict) + ": " + c.Stability
}

// newErrors are the errors of more not already in have (the scans share inputs).
func newErrors(have, more []*scan.Error) []*scan.Error {
	seen := map[string]bool{}
	for _, e := range have {
		seen[string(e.Kind)+"\x00"+e.Error()] = true
	}
	var out []*scan.Error
	for _, e := range more {
		if k := string(e.Kind) + "\x00" + e.Error(); !seen[k] {
			seen[k] = true
			out = append(out, e)
		}
	}
	return out
}

func sortErrors(errs []*scan.Error) {
	sort.SliceStable(errs, func(i, j int) bool {
		if errs[i].Input != errs[j].Input {
			return errs[i].Input < errs[j].Input
		}
		return errs[i].Error() < errs[j].Error()
	})
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// writeConfig writes lines to a new temporary configuration file and returns its path and a
// function that removes it. The scans read it as they read any configuration file.
func writeConfig(lines []string) (string, func(), error) {
	f, err := os.CreateTemp("", "composestab-cards-*.conf")
	if err != nil {
		return "", nil, err
	}
	_, werr := f.WriteString(strings.Join(lines, "\n") + "\n")
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	remove := func() { os.Remove(f.Name()) }
	if werr != nil {
		remove()
		return "", nil, werr
	}
	return f.Name(), remove, nil
}
