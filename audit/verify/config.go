package verify

import (
	"fmt"
	"strings"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/stability"
)

// ClassKind sorts a class a configuration line applies to by what the line does for it.
type ClassKind string

// What a line does for a class it applies to.
const (
	// KindFalse is a class whose bytes show state that changes unobserved: the line is false.
	KindFalse ClassKind = "false"
	// KindUnproven is a class that cannot be proven stable, where nothing shows it changes.
	KindUnproven ClassKind = "unproven"
	// KindRedundant is a class that is stable without the line.
	KindRedundant ClassKind = "redundant"
	// KindNeeded is a class the line makes stable, rightly as far as its bytes show.
	KindNeeded ClassKind = "needed"
)

// kindOrder is the order kinds are listed in, the most serious first.
var kindOrder = []ClassKind{KindFalse, KindUnproven, KindRedundant, KindNeeded}

// LineCheck is the verdict on one configuration line.
type LineCheck struct {
	Line *scan.ConfigLine
	// Classes lists, by kind, the classes the line applies to (those another line wins for are
	// left out), each with why it is of that kind.
	Classes map[ClassKind][]ClassNote
	// Findings are the line's violations, before suppressions.
	Findings []Violation
	// Remove tells whether the merged configuration file drops the line; Replace lists the exact
	// lines that take a too-broad wildcard's place (the classes it needs, safe).
	Remove  bool
	Replace []string
}

// Verdict is the kind that decides a line as a whole: false when it applies to a class whose
// bytes show change, else unproven, else needed (the line is proven), else redundant; "" for a
// line that applies to no class of its own (unused, rejected, or won by another line).
func (lc *LineCheck) Verdict() ClassKind {
	for _, k := range []ClassKind{KindFalse, KindUnproven, KindNeeded, KindRedundant} {
		if len(lc.Classes[k]) > 0 {
			return k
		}
	}
	return ""
}

// ClassNote is one class of a line and why it is of its kind.
type ClassNote struct {
	Class, Why string
}

// CheckConfig judges every line of the scan's configuration files (scan.Options.CheckConfig):
// the classes each applies to, sorted by kind, and its findings.
func CheckConfig(rep *scan.Report) []*LineCheck {
	if len(rep.ConfigLines) == 0 {
		return nil
	}
	return newVerifier(rep).checkConfig(rep)
}

// MergeConfig judges the lines of the scan's configuration files as the merged file
// (audit --format stability-config) keeps them: as a whole. CheckConfig judges each line of the
// files as they are, where the classes another line wins are not the line's; once the merge
// removes lines (false, too broad, unused), the classes they won go to the lines that remain —
// the first matching one along the name, as the compiler takes it — and each line whose classes
// changed is judged again, round after round until nothing changes, so that verify --config of
// the merged file finds nothing to remove (TestMergedConfigClean).
//
// It also returns the safe suggestions (scan.Report.Suggestions) the merged file adds: those no
// kept line already matches. Exact lines that take a removed wildcard's place are likewise only
// those no kept line matches.
func MergeConfig(rep *scan.Report) ([]*LineCheck, []*scan.Suggestion) {
	checks := CheckConfig(rep)
	var added []*scan.Suggestion
	if len(checks) == 0 {
		for _, sg := range rep.Suggestions {
			if sg.Safe {
				added = append(added, sg)
			}
		}
		return checks, added
	}
	vf := newVerifier(rep)
	texts := rep.ConfigTexts()
	source := func(l *scan.ConfigLine) string { return fmt.Sprintf("%s:%d", l.Path, l.Line) }
	pairs := map[[2]string]*stability.Config{}
	for range len(checks) + 1 {
		removed := map[string]bool{}
		for _, lc := range checks {
			if lc.Remove {
				removed[source(lc.Line)] = true
			}
		}
		// The file as the merge writes it: a file the compiler rejected applied no line at all,
		// and applies its kept lines once the rejected ones are gone; the exact lines written in
		// a too-broad wildcard's place apply too.
		kept := configWithout(texts, removed, replacements(checks))
		// winner is the line the compiler applies to the match's class in the merged file, ""
		// when it is l (were l kept).
		winner := func(l *scan.ConfigLine, m *scan.ConfigMatch) string {
			model := m.Model()
			if model == nil {
				return m.WonBy
			}
			own := source(l)
			w := stability.ConfigLineFor(kept, model)
			switch {
			case w == nil || w.Source == own:
				return ""
			case !removed[own]:
				return w.Source
			}
			// l is not in the file: it would win unless w comes first along the name.
			key := [2]string{w.Pattern, l.Pattern}
			cfg, ok := pairs[key]
			if !ok {
				cfg, _ = stability.ParseConfig("", []byte(w.Pattern+"\n"+l.Pattern))
				pairs[key] = cfg
			}
			if x := stability.ConfigLineFor(cfg, model); x != nil && x.Pattern == l.Pattern {
				return ""
			}
			return w.Source
		}
		changed := false
		for i, lc := range checks {
			l := lc.Line
			if l.Fault != "" || l.Duplicate != "" || len(l.Matches) == 0 {
				continue
			}
			matches := make([]*scan.ConfigMatch, len(l.Matches))
			moved := false
			for j, m := range l.Matches {
				matches[j] = m
				if won := winner(l, m); won != m.WonBy {
					cm := *m
					cm.WonBy = won
					matches[j], moved = &cm, true
				}
			}
			if !moved {
				continue
			}
			nl := *l
			nl.Matches = matches
			again := &LineCheck{Line: &nl, Classes: map[ClassKind][]ClassNote{}}
			vf.judgeLine(again)
			checks[i], changed = again, true
		}
		if !changed {
			break
		}
	}
	removed := map[string]bool{}
	for _, lc := range checks {
		if lc.Remove {
			removed[source(lc.Line)] = true
		}
	}
	kept := configWithout(texts, removed, nil)
	for _, lc := range checks {
		var keep []string
		for _, r := range lc.Replace {
			if kept.Match(r) == nil {
				keep = append(keep, r)
			}
		}
		lc.Replace = keep
	}
	kept = configWithout(texts, removed, replacements(checks))
	for _, sg := range rep.Suggestions {
		if sg.Safe && kept.Match(sg.Class) == nil {
			added = append(added, sg)
		}
	}
	return checks, added
}

// replacements are the exact lines the merge writes in place of removed wildcards.
func replacements(checks []*LineCheck) []string {
	var out []string
	for _, lc := range checks {
		if lc.Remove {
			out = append(out, lc.Replace...)
		}
	}
	return out
}

// configWithout is the configuration of the files' texts with the removed lines ("path:line")
// blanked — the lines keep their numbers, so each matcher its source — and the extra lines.
func configWithout(texts []stability.ConfigText, removed map[string]bool, extra []string) *stability.Config {
	var cfg *stability.Config
	for _, t := range texts {
		lines := strings.Split(strings.ReplaceAll(string(t.Data), "\r\n", "\n"), "\n")
		for i := range lines {
			if removed[fmt.Sprintf("%s:%d", t.Path, i+1)] {
				lines[i] = ""
			}
		}
		next, err := cfg.With(t.Path, []byte(strings.Join(lines, "\n")))
		if err != nil {
			continue // a file the compiler rejects applies no line
		}
		cfg = next
	}
	if len(extra) > 0 {
		if next, err := cfg.With("(replacing a wildcard)", []byte(strings.Join(extra, "\n"))); err == nil {
			cfg = next
		}
	}
	return cfg
}

func (vf *verifier) checkConfig(rep *scan.Report) []*LineCheck {
	var out []*LineCheck
	for _, l := range rep.ConfigLines {
		lc := &LineCheck{Line: l, Classes: map[ClassKind][]ClassNote{}}
		vf.judgeLine(lc)
		out = append(out, lc)
	}
	return out
}

// judgeLine sorts the classes of one line and writes its findings, config-stale last: it says
// what the others found.
func (vf *verifier) judgeLine(lc *LineCheck) {
	vf.judgeClasses(lc)
	if x, ok := vf.stale.finding(lc); ok {
		lc.Findings = append(lc.Findings, x)
	}
}

// judgeClasses sorts the classes of one line and writes the findings they make.
func (vf *verifier) judgeClasses(lc *LineCheck) {
	l := lc.Line
	add := func(rule, msg string) {
		lc.Findings = append(lc.Findings, Violation{Class: l.Pattern, Rule: rule, Severity: ruleSeverity(rule),
			Part: fmt.Sprintf("line %d", l.Line), Message: msg, Input: l.Path, Line: l.Line})
	}
	switch {
	case l.Fault != "":
		lc.Remove = true
		add(RuleConfigSyntax, "the compiler rejects this line, and with it the whole file (the build fails): "+l.Fault+
			". Fix: write one fully qualified class name per line, `*` for one name segment, `**` for any, an optional <*,_> mask, and comments only on lines of their own")
		return
	case l.Duplicate != "":
		lc.Remove = true
		add(RuleConfigRedundant, "repeats "+l.Duplicate+"; the compiler keeps the first. Fix: remove this line")
		return
	case len(l.Matches) == 0:
		if l.Unseen {
			return // a JDK or Android class: not read, so not judged
		}
		lc.Remove = true
		add(RuleConfigUnused, fmt.Sprintf("matches no class among the %d searched (the inputs, the classpath, and the Kotlin and JDK classes composestab knows).%s Fix: correct the name if the class was renamed or moved, remove the line if it is gone, or pass the jar that defines it with --classpath",
			l.Searched, nearText(l)))
		return
	}
	var wonBy []string
	for _, m := range l.Matches {
		if m.WonBy != "" {
			wonBy = appendOnce(wonBy, m.WonBy)
			continue
		}
		kind, why := vf.classKind(m)
		if m.Via != "" {
			why = m.Class + " (through its direct supertype " + m.Via + ": the compiler applies a line to direct subtypes too)" + strings.TrimPrefix(why, m.Class)
		}
		lc.Classes[kind] = append(lc.Classes[kind], ClassNote{m.Class, why})
	}
	applied := 0
	for _, k := range kindOrder {
		applied += len(lc.Classes[k])
	}
	if applied == 0 {
		lc.Remove = true
		add(RuleConfigRedundant, fmt.Sprintf("every class it matches is matched first by %s, which the compiler applies instead (it takes the first matching line along the name, whatever the order of the lines). Fix: remove this line",
			strings.Join(wonBy, ", ")))
		return
	}
	if notes := lc.Classes[KindFalse]; len(notes) > 0 {
		add(RuleConfigFalse, fmt.Sprintf("declares stable %s: Compose will skip over changes the UI then never shows. Fix: remove the line%s, or make the class immutable or back its state with snapshot state",
			notesText(notes), narrowHint(lc)))
	}
	if notes := lc.Classes[KindUnproven]; len(notes) > 0 {
		add(RuleConfigUnproven, fmt.Sprintf("declares stable %s; nothing in the bytes shows it changes. Keep the line only if you know every instance is immutable",
			notesText(notes)))
	}
	if len(lc.Classes[KindRedundant]) == applied {
		lc.Remove = true
		add(RuleConfigRedundant, fmt.Sprintf("every class it applies to is stable without it: %s. Fix: remove this line", notesText(lc.Classes[KindRedundant])))
		return
	}
	kinds := 0
	var parts []string
	for _, k := range kindOrder {
		if n := len(lc.Classes[k]); n > 0 {
			kinds++
			parts = append(parts, fmt.Sprintf("%d %s (%s)", n, k, namesText(lc.Classes[k])))
		}
	}
	if l.Wildcard && kinds > 1 {
		for _, n := range lc.Classes[KindNeeded] {
			// A name the compiler cannot read as a line (from crafted bytes) is never written.
			if _, err := stability.ParseConfig("", []byte(n.Class)); err == nil && !strings.ContainsAny(n.Class, "\r\n") {
				lc.Replace = append(lc.Replace, n.Class)
			}
		}
		lc.Remove = true
		fix := "replace it with exact lines for the classes that need it: " + strings.Join(lc.Replace, ", ")
		if len(lc.Replace) == 0 {
			fix = "remove it: no class it matches needs it and is safe"
		}
		add(RuleConfigBroad, fmt.Sprintf("matches classes of %d kinds: %s. Fix: %s", kinds, strings.Join(parts, "; "), fix))
		return
	}
	if len(lc.Classes[KindFalse]) > 0 {
		lc.Remove = true
	}
}

// classKind decides what the line does for one class it applies to, and why.
func (vf *verifier) classKind(m *scan.ConfigMatch) (ClassKind, string) {
	if kind, why, ok := jdkClassKind(m); ok {
		return kind, why
	}
	asType := ""
	if c := m.Model(); c != nil {
		asType = mutableType(&stability.Type{Class: c}) // MutableList itself, say
		if cause := vf.mutableCause(c, 0); cause != "" {
			return KindFalse, m.Class + ", " + cause
		}
		d := c.Ensure()
		for _, f := range d.Fields {
			if what := mutableType(f.Type); what != "" && !f.Var && !vf.snapshotBacked(c, f.Name) {
				return KindFalse, fmt.Sprintf("%s, whose field `%s: %s` is %s", m.Class, f.Name, f.Type, what)
			}
		}
	}
	switch {
	case m.Redundant:
		return KindRedundant, fmt.Sprintf("%s is %s without it", m.Class, m.Without)
	case asType != "":
		return KindFalse, m.Class + ", " + asType
	case m.Input == "":
		why := "its class file is not on the classpath, so its state cannot be read"
		if m.Model() != nil && m.Model().Ensure().Kind == stability.KindInterface {
			why = "an interface: its implementations are unknown, and may hold mutable state"
		}
		return KindUnproven, m.Class + ": " + why + " (" + proof(why) + ")"
	case !m.Safe:
		var parts []string
		for _, w := range m.Why {
			parts = append(parts, w+" ("+proof(w)+")")
		}
		return KindUnproven, m.Class + ": " + strings.Join(parts, "; ")
	}
	return KindNeeded, fmt.Sprintf("%s is %s without it; %s", m.Class, m.Without, strings.Join(m.Why, "; "))
}

// --- JDK classes (issue 42) ---

// jdkClassKind judges a public class of JDK 17's java.base, which is never on the classpath, by
// the facts read from its bytes when composestab was built (stability.JDKMutableCause): false
// when they show an instance change after construction, redundant when the class is stable
// without the line (an enum, a class the compiler knows stable, or String and the boxed
// primitives, which Kotlin code sees as its own built-ins), and otherwise unproven: an interface
// or an open class whatever its bytes, and a final class whose bytes show no change but whose
// field types are not proven. ok is false for any other class.
func jdkClassKind(m *scan.ConfigMatch) (kind ClassKind, why string, ok bool) {
	c := m.Model()
	if c == nil || m.Input != "" {
		return "", "", false
	}
	cause, known := stability.JDKMutableCause(c.JVMName)
	if !known {
		return "", "", false
	}
	builtin, builtinStable, mapped := stability.JDKKotlinBuiltin(c.JVMName)
	builtin = strings.ReplaceAll(builtin, "/", ".")
	seen := ""
	if mapped {
		seen = " (Kotlin code sees " + builtin + " instead: the line applies only where code names " + m.Class + " itself)"
	}
	d := c.Ensure()
	switch {
	case mapped && builtinStable:
		return KindRedundant, fmt.Sprintf("%s, which Kotlin code sees as %s, stable without it (the line applies only where code names %s itself, which Kotlin warns against)",
			m.Class, builtin, m.Class), true
	case cause != "":
		return KindFalse, m.Class + ": " + cause + " (read from JDK 17's java.base)" + seen, true
	case mutableType(&stability.Type{Class: c}) != "":
		return KindFalse, m.Class + ", " + mutableType(&stability.Type{Class: c}) + seen, true
	case m.Redundant:
		return KindRedundant, fmt.Sprintf("%s is %s without it", m.Class, m.Without), true
	case d.Kind == stability.KindInterface:
		why = "an interface: its implementations are unknown, and may hold mutable state"
		return KindUnproven, m.Class + ": " + why + " (" + proof(why) + ")" + seen, true
	case d.Modality != stability.Final:
		return KindUnproven, m.Class + ": not final, so a subclass may add state; JDK 17's java.base shows no change to its own instances (keep the line only if every subclass the app uses is immutable)" + seen, true
	}
	return KindUnproven, m.Class + ": JDK 17's java.base shows no change to its instances after construction, but composestab does not prove the types of a JDK class's fields (keep the line if what they hold never changes either)" + seen, true
}

// --- end of JDK classes ---

// proof says what would prove a class stable, given what stands in the way (a reason of the
// suggestions' judge).
func proof(why string) string {
	switch {
	case strings.HasPrefix(why, "an interface"):
		return "nothing in the bytes can prove an interface: keep the line only if every implementation is immutable"
	case strings.HasPrefix(why, "not final"):
		return "a final class would be proven by its fields"
	case strings.HasPrefix(why, "field ") && strings.HasSuffix(why, " is not final"):
		name := strings.TrimSuffix(strings.TrimPrefix(why, "field "), " is not final")
		return "a val `" + name + "` would prove it, if its type is stable"
	case strings.HasPrefix(why, "field "):
		return "a stable field type would prove it: an immutable class, or one a proven line declares stable"
	case strings.Contains(why, "not on the classpath"):
		return "pass the jar that defines it with --classpath so that its fields can be read"
	}
	return "nothing the bytes show proves it"
}

// notesText lists up to three classes with why, and how many more.
func notesText(notes []ClassNote) string {
	return listNotes(notes, 3, "and %d more", "; ", func(n ClassNote) string { return n.Why })
}

// namesText lists up to five class names, and how many more.
func namesText(notes []ClassNote) string {
	return listNotes(notes, 5, "%d more", ", ", func(n ClassNote) string { return n.Class })
}

func listNotes(notes []ClassNote, most int, more, sep string, text func(ClassNote) string) string {
	var parts []string
	for i, n := range notes {
		if i == most {
			parts = append(parts, fmt.Sprintf(more, len(notes)-most))
			break
		}
		parts = append(parts, text(n))
	}
	return strings.Join(parts, sep)
}

// narrowHint suggests, for a wildcard with false classes, keeping exact lines for the others.
func narrowHint(lc *LineCheck) string {
	if !lc.Line.Wildcard {
		return ""
	}
	return " (or narrow it to the classes that need it)"
}

// nearText names the classes an unused exact pattern may have meant.
func nearText(l *scan.ConfigLine) string {
	if len(l.Near) == 0 {
		return ""
	}
	return " Did you mean " + strings.Join(l.Near, " or ") + "?"
}

func appendOnce(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}
