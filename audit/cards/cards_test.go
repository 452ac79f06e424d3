package cards_test

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/audit/cards"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/fixtures"
)

// build draws the cards of a fixture app, each module it was compiled against one dependency
// (a jar given as a file).
func build(t *testing.T, app string) (*cards.Report, fixtures.Module) {
	t.Helper()
	m, err := fixtures.Get(app)
	if err != nil {
		t.Fatal(err)
	}
	var deps []cards.Dependency
	for _, f := range m.Classpath() {
		deps = append(deps, cards.Dependency{Name: f, Files: []string{f}})
	}
	rep, err := cards.Build(context.Background(), cards.Options{
		App: scan.Options{Inputs: []string{m.Jar()}, Classpath: m.Classpath()}, Dependencies: deps})
	if err != nil {
		t.Fatal(err)
	}
	return rep, m
}

// TestCardsUses: the classes each card lists are exactly the dependency's classes the app
// names, held to the real compiler's own reading of the app: the field types of its
// -classes.txt and the parameter types of its -composables.txt (simple names, so each card's
// classes are compared by simple name; a type parameter is no class).
func TestCardsUses(t *testing.T) {
	for _, app := range []string{"cfgappnc", "usesdep", "app", "capp"} {
		t.Run(app, func(t *testing.T) {
			rep, m := build(t, app)
			if len(rep.Errors) > 0 && app != "app" { // app has classes whose <clinit> always throws
				t.Errorf("errors: %v", rep.Errors)
			}
			depOf, depSimple := dependencyClasses(t, m)
			fieldsIn, fieldTypes := reportTypes(t, m.Report("classes.txt"), "class ")
			_, paramTypes := reportTypes(t, m.Report("composables.txt"), "fun ")
			want := func(types []string) []string {
				set := map[string]bool{}
				for _, ty := range types {
					for _, word := range strings.FieldsFunc(ty, func(r rune) bool {
						return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
					}) {
						// One letter is a type parameter's name as often as a class's (T, A, B); Composer
						// is a composable lambda's lowered type.
						if depSimple[word] && len(word) > 1 && word != "Composer" {
							set[word] = true
						}
					}
				}
				return keys(set)
			}
			gotFields, gotParams := map[string]bool{}, map[string]bool{}
			for _, c := range rep.Cards {
				for _, use := range c.Uses {
					if !slices.Contains(c.Files, use.Input) || depOf[use.JVMName] != use.Input {
						t.Errorf("%s: on the card of %s, defined by %s", use.Class, c.Name, depOf[use.JVMName])
					}
					simple := use.JVMName[strings.LastIndexAny(use.JVMName, "/$")+1:]
					if len(simple) == 1 {
						continue
					}
					for _, by := range use.By {
						if strings.HasPrefix(by, "composable ") {
							gotParams[simple] = true
						} else if owner := by[strings.Index(by, "field ")+6 : strings.LastIndexByte(by, '.')]; fieldsIn[owner] {
							gotFields[simple] = true
						}
					}
				}
			}
			if a, b := keys(gotFields), want(fieldTypes); !slices.Equal(a, b) {
				t.Errorf("classes named by the fields of the classes in %s-classes.txt:\n got %v\nwant %v", app, a, b)
			}
			if a, b := keys(gotParams), want(paramTypes); !slices.Equal(a, b) {
				t.Errorf("classes named by composable parameters:\n got %v\nwant %v (%s-composables.txt)", a, b, app)
			}
			if len(gotFields)+len(gotParams) == 0 {
				t.Error("no use found")
			}
		})
	}
}

// dependencyClasses maps every class of the app's dependencies to the jar defining it, and
// lists their simple names.
func dependencyClasses(t *testing.T, m fixtures.Module) (map[string]string, map[string]bool) {
	t.Helper()
	cp, err := archive.OpenClasspath(append([]string{m.Jar()}, m.Classpath()...))
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	depOf, simple := map[string]string{}, map[string]bool{}
	for _, e := range cp.Entries() {
		if e.Input != m.Jar() {
			depOf[e.ClassName] = e.Input
			simple[e.ClassName[strings.LastIndexAny(e.ClassName, "/$")+1:]] = true
		}
	}
	return depOf, simple
}

// reportTypes reads a compiler report: the names of its blocks (after head: "class " or
// "fun ") and the types of their member lines ("  stable val v: Money", "  u: KUnstable").
func reportTypes(t *testing.T, path, head string) (map[string]bool, []string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	blocks := map[string]bool{}
	var types []string
	for _, line := range strings.Split(string(data), "\n") {
		if i := strings.Index(line, head); i >= 0 && !strings.HasPrefix(line, " ") {
			name := strings.Fields(line[i+len(head):])[0]
			blocks[strings.TrimRight(strings.SplitN(name, "(", 2)[0], " {")] = true
			continue
		}
		if strings.HasPrefix(line, "  ") && !strings.HasPrefix(line, "  <runtime stability>") {
			if _, ty, ok := strings.Cut(line, ": "); ok {
				types = append(types, strings.Split(ty, " = ")[0])
			}
		}
	}
	return blocks, types
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestCardsLines: cfgappnc is cfgapp compiled without its configuration file. Each line the
// cards label is held to what the JVM showed of its class (golden/cfgapp/mutations.tsv, the
// mutation probes run by testdata/generate): a false line's class changes through its own API,
// a proven line's class has no API that changes it, and an unproven one's own API changes
// nothing. The classes the app's compiler reports stable without any line (cfgappnc's
// -classes.txt) are the promise's starting point.
func TestCardsLines(t *testing.T) {
	rep, m := build(t, "cfgappnc")
	probes := readTSV(t, filepath.Join(fixtures.Root(), "cfgapp", "mutations.tsv"))
	labels := map[string]string{}
	for _, c := range rep.Cards {
		for _, l := range c.Lines {
			labels[l.Pattern] = l.Label
			if l.Version != c.Version || l.Coordinate != c.Coordinate {
				t.Errorf("%s: judged at %s %s, its card is %s", l.Pattern, l.Coordinate, l.Version, c.Name)
			}
			switch l.Label {
			case cards.False:
				if probes[l.Pattern] != "own" {
					t.Errorf("%s: false, but the JVM saw no change through its own API (%q)", l.Pattern, probes[l.Pattern])
				}
			case cards.Proven:
				if probes[l.Pattern] != "" {
					t.Errorf("%s: proven, but the JVM saw it change (%s)", l.Pattern, probes[l.Pattern])
				}
			case cards.Unproven:
				if probes[l.Pattern] == "own" {
					t.Errorf("%s: unproven, but the JVM saw it change through its own API", l.Pattern)
				}
			}
		}
	}
	for class, how := range probes {
		if how == "own" && strings.HasPrefix(class, "cfgdomain.") && labels[class] != cards.False {
			t.Errorf("%s changes through its own API (JVM); its line is %q", class, labels[class])
		}
	}
	var proven []string
	for p, l := range labels {
		if l == cards.Proven {
			proven = append(proven, p)
		}
	}
	sort.Strings(proven)
	if !slices.Equal(proven, rep.Promise.Lines) {
		t.Errorf("promise lines %v, proven %v", rep.Promise.Lines, proven)
	}
	if len(proven) == 0 {
		t.Error("no proven line")
	}
	compiled := stableInReport(t, m.Report("classes.txt"))
	if !slices.Equal(rep.Promise.Stable, compiled) {
		t.Errorf("stable without lines: %v; the compiler's cfgappnc-classes.txt: %v", rep.Promise.Stable, compiled)
	}
}

// stableInReport lists the classes a -classes.txt reports stable, sorted.
func stableInReport(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, line := range strings.Split(string(data), "\n") {
		if name, ok := strings.CutPrefix(line, "stable class "); ok {
			out = append(out, strings.TrimSuffix(name, " {"))
		}
	}
	sort.Strings(out)
	return out
}

func readTSV(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), "\t"); ok {
			out[k] = v
		}
	}
	return out
}
