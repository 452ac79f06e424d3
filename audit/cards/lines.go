package cards

import (
	"sort"
	"strings"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/audit/verify"
	"github.com/composestab/composestab/stability"
)

// labelOrder is the order of a card's lines: what can be written first.
var labelOrder = map[string]int{Proven: 0, Unproven: 1, False: 2, Redundant: 3}

// lines judges a configuration line for every use that is not stable, with audit/verify's
// configuration check over a scan of the used dependencies that applies them all. The proven
// ones are judged again on their own, as --format stability-config writes them — without the
// other lines, a class one of them won may fall to a proven line through its supertype — until
// every line left is proven in the file of proven lines.
func (j *job) lines(rep *Report) error {
	var patterns []string
	card := map[string]*Card{}
	for _, c := range rep.Cards {
		for _, u := range c.Uses {
			if u.Line != "" && card[u.Line] == nil {
				card[u.Line] = c
				patterns = append(patterns, u.Line)
			}
		}
	}
	if len(patterns) == 0 {
		return nil
	}
	judged, err := j.judge(patterns)
	if err != nil {
		return err
	}
	proven := provenOf(patterns, judged)
	for round := 0; len(proven) > 0 && round < len(patterns); round++ {
		again, err := j.judge(proven)
		if err != nil {
			return err
		}
		for p, l := range again {
			if judged[p].Label == Proven && l.Label != Proven {
				l.Proof += " (proven beside the other lines, not in the file of proven lines alone)"
			}
			judged[p] = l
		}
		still := provenOf(proven, judged)
		if len(still) == len(proven) {
			break
		}
		proven = still
	}
	for _, p := range patterns {
		l, c := judged[p], card[p]
		if l == nil {
			c.Notes = append(c.Notes, p+": the configuration check did not judge the line")
			continue
		}
		l.Coordinate, l.Version = c.Coordinate, c.Version
		c.Lines = append(c.Lines, l)
	}
	for _, c := range rep.Cards {
		sort.SliceStable(c.Lines, func(i, j int) bool {
			if a, b := labelOrder[c.Lines[i].Label], labelOrder[c.Lines[j].Label]; a != b {
				return a < b
			}
			return c.Lines[i].Pattern < c.Lines[j].Pattern
		})
	}
	return nil
}

func provenOf(patterns []string, judged map[string]*Line) []string {
	var out []string
	for _, p := range patterns {
		if l := judged[p]; l != nil && l.Label == Proven {
			out = append(out, p)
		}
	}
	return out
}

// judge labels each of patterns from verify.CheckConfig's verdict on the used dependencies with
// the patterns as one more configuration file: judged on the models of their scan (verdicts),
// as a scan with that file would (scan.Report.WithConfig), without scanning again.
func (j *job) judge(patterns []string) (map[string]*Line, error) {
	dep, err := j.dep.WithConfig(proposedPath, []byte(strings.Join(patterns, "\n")+"\n"))
	if err != nil {
		return nil, err
	}
	out := map[string]*Line{}
	for _, lc := range verify.CheckConfig(dep) {
		if lc.Line.Path != proposedPath {
			continue
		}
		out[lc.Line.Pattern] = lineOf(lc)
	}
	return out, nil
}

// proposedPath names the proposed lines' configuration text, which exists only in memory.
const proposedPath = "(the lines cards proposes)"

// lineOf labels one checked line: false if it applies to a class whose bytes show change,
// else unproven if to one nothing proves, else proven if to one that needs it, else redundant.
func lineOf(lc *verify.LineCheck) *Line {
	l := &Line{Pattern: lc.Line.Pattern, Classes: []LineClass{}}
	for _, k := range []verify.ClassKind{verify.KindFalse, verify.KindUnproven, verify.KindNeeded, verify.KindRedundant} {
		for _, n := range lc.Classes[k] {
			l.Classes = append(l.Classes, LineClass{Class: n.Class, Kind: k, Why: n.Why})
		}
	}
	deciding := lc.Verdict()
	switch deciding {
	case verify.KindFalse:
		l.Label = False
	case verify.KindNeeded:
		l.Label = Proven
	case verify.KindRedundant:
		l.Label = Redundant
	default:
		// Unproven, or no class of its own (unused, rejected or won by another line): nothing
		// proves it.
		l.Label = Unproven
	}
	var why []string
	for _, n := range lc.Classes[deciding] {
		why = append(why, n.Why)
	}
	if deciding == "" {
		for _, f := range lc.Findings {
			why = append(why, f.Message)
		}
	}
	l.Proof = strings.Join(why, "; ")
	return l
}

// promise scans the app again with the proven lines as a configuration file, and says which
// of its classes become stable and which of its composables start to skip; each card names
// those that name one of its classes.
func (j *job) promise(rep *Report, appRep *scan.Report, usedBy map[string]map[string]bool) error {
	p := &rep.Promise
	p.Lines, p.Stable, p.StableWith, p.Stabilized, p.Skipping = []string{}, stableClasses(appRep), nil, []string{}, []string{}
	p.Skips = len(skipping(appRep))
	for _, c := range rep.Cards {
		for _, l := range c.Lines {
			if l.Label == Proven {
				p.Lines = append(p.Lines, l.Pattern)
			}
		}
	}
	if len(p.Lines) == 0 {
		p.StableWith, p.SkipsWith = p.Stable, p.Skips
		return nil
	}
	path, remove, err := writeConfig(p.Lines)
	if err != nil {
		return err
	}
	defer remove()
	o := j.app
	o.Configs = append(append([]string{}, j.app.Configs...), path)
	o.Problems = nil
	with, err := scan.Scan(j.ctx, o)
	if err != nil {
		return err
	}
	defer with.Close()
	rep.Errors = append(rep.Errors, newErrors(rep.Errors, with.Errors)...)
	p.StableWith = stableClasses(with)
	before := map[string]bool{}
	for _, n := range p.Stable {
		before[n] = true
	}
	for _, n := range p.StableWith {
		if !before[n] {
			p.Stabilized = append(p.Stabilized, n)
		}
	}
	skipsBefore := skipping(appRep)
	skipsWith := skipping(with)
	p.SkipsWith = len(skipsWith)
	for k, name := range skipsWith {
		if _, ok := skipsBefore[k]; !ok {
			p.Skipping = append(p.Skipping, name)
		}
	}
	sort.Strings(p.Skipping)
	for _, c := range rep.Cards {
		for _, n := range p.Stabilized {
			if namesAny(c, usedBy, "class "+n) {
				c.Stabilized = append(c.Stabilized, n)
			}
		}
		for _, n := range p.Skipping {
			if namesAny(c, usedBy, "composable "+n) {
				c.Skipping = append(c.Skipping, n)
			}
		}
	}
	return nil
}

// namesAny reports whether the app class or composable who names one of the card's classes.
func namesAny(c *Card, usedBy map[string]map[string]bool, who string) bool {
	for _, u := range c.Uses {
		if usedBy[u.JVMName][who] {
			return true
		}
	}
	return false
}

// stableClasses are the names of the app's classes that the compiler, building the app with
// the scan's configuration, reports stable in its -classes.txt (the as-compiled view: what
// rebuilding writes, not the $stable in the bytes), sorted.
func stableClasses(rep *scan.Report) []string {
	out := []string{}
	for _, c := range rep.Classes {
		if r := c.CompiledResult(); r != nil && r.Processed && r.Verdict() == stability.VerdictStable {
			out = append(out, c.Name)
		}
	}
	sort.Strings(out)
	return out
}

// skipping maps each composable of a scan that skips (a call with unchanged arguments skips)
// to its name, keyed by its class and method.
func skipping(rep *scan.Report) map[string]string {
	out := map[string]string{}
	for _, ic := range rep.Composables {
		for _, k := range ic.Composables {
			if k.Skips == "true" {
				out[k.Class+"."+k.Method] = k.Name
			}
		}
	}
	return out
}
