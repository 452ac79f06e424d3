package verify

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/fixtures"
)

// checkConfigOf scans module's jar with its classpath and configuration files, checking them.
func checkConfigOf(t *testing.T, module string, configs ...string) (*scan.Report, []*LineCheck) {
	t.Helper()
	mod, err := fixtures.Get(module)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := scan.Scan(context.Background(), scan.Options{Inputs: []string{mod.Jar()}, Classpath: mod.Classpath(),
		Configs: configs, CheckConfig: true, IncludeNonPublic: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rep.Close() })
	return rep, CheckConfig(rep)
}

// holderVerdicts reads `class cfgapp.HoldsX` verdicts from a module's -classes.txt: X → verdict.
func holderVerdicts(t *testing.T, module string) map[string]string {
	t.Helper()
	mod, err := fixtures.Get(module)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(mod.Report("classes.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	re := regexp.MustCompile(`(?m)^(\w+) class cfgapp\.Holds(\w+) `)
	for _, m := range re.FindAllStringSubmatch(string(data), -1) {
		out[m[2]] = m[1]
	}
	return out
}

// TestCheckConfigGroundTruth checks every class each line of the cfgapp fixture's configuration
// applies to against what the real compiler did with the line (the holder of the class in
// cfgapp-classes.txt, built with the file, and cfgappnc-classes.txt, built without) and what the
// JVM shows of the class (mutations.tsv: its own API changes it, a subtype or a held value does,
// or nothing does).
func TestCheckConfigGroundTruth(t *testing.T) {
	conf := filepath.Join(fixtures.Root(), "..", "src", "cfgapp", "stability.conf")
	_, checks := checkConfigOf(t, "cfgapp", conf)
	with, without := holderVerdicts(t, "cfgapp"), holderVerdicts(t, "cfgappnc")
	mutations := map[string]string{}
	f, err := os.Open(filepath.Join(fixtures.Root(), "cfgapp", "mutations.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for sc := bufio.NewScanner(f); sc.Scan(); {
		if name, how, ok := strings.Cut(sc.Text(), "\t"); ok {
			mutations[name] = how
		}
	}
	if len(mutations) != 21 {
		t.Fatalf("mutations.tsv: %d probes, want 21", len(mutations))
	}

	compiler, jvm, total := 0, 0, 0
	probed := map[string]bool{}
	for _, lc := range checks {
		for kind, notes := range lc.Classes {
			for _, n := range notes {
				total++
				simple := n.Class[strings.LastIndexByte(n.Class, '.')+1:]
				// The compiler: a holder of the class is stable with the file; without it, only
				// when the line is redundant.
				if v, ok := with[simple]; ok {
					wantWithout := "stable"
					if kind != KindRedundant {
						wantWithout = "not stable"
					}
					gotWithout := without[simple]
					if gotWithout != "stable" {
						gotWithout = "not stable"
					}
					if v != "stable" || gotWithout != wantWithout {
						t.Errorf("line %d %s: %s is %s; Holds%s is %s with the file and %s without, want stable and %s",
							lc.Line.Line, lc.Line.Pattern, n.Class, kind, simple, v, without[simple], wantWithout)
					} else {
						compiler++
					}
				}
				// The JVM: false exactly when its own API changes it; a subtype or a held value
				// changing it leaves it unproven; needed and redundant classes never change.
				how := mutations[n.Class]
				if how == "" {
					how = "none"
				}
				probed[n.Class] = true
				ok := map[ClassKind]bool{KindFalse: how == "own", KindUnproven: how != "own", KindRedundant: how == "none", KindNeeded: how == "none"}[kind]
				if !ok {
					t.Errorf("line %d %s: %s is %s but the JVM says %q", lc.Line.Line, lc.Line.Pattern, n.Class, kind, how)
				} else if how != "none" || kind == KindNeeded || kind == KindRedundant {
					jvm++
				}
			}
		}
	}
	for name := range mutations {
		if !probed[name] {
			t.Errorf("%s has a mutation probe but no line applies to it", name)
		}
	}
	holders := 0
	for range with {
		holders++
	}
	t.Logf("%d classes applied; %d agree with the compiler's holders (of %d holders), %d with the JVM", total, compiler, holders, jvm)

	// The findings of each line.
	want := []string{
		"5 cfgdomain.Money:", "6 javalib.JavaPoint:",
		"8 cfgdomain.Counter: config-false", "9 cfgdomain.Basket: config-false", "10 cfgdomain.Grid: config-false",
		"11 cfgdomain.Wrapper: config-false", "12 cfgdomain.Cache: config-false", "13 javalib.JavaMutable: config-false",
		"15 cfgdomain.Shape: config-false config-unproven", "16 cfgdomain.Base: config-false config-unproven", "17 cfgdomain.Tagged: config-unproven",
		"18 cfgdomain.Settled: config-unproven",
		"20 cfgdomain.Kind: config-redundant", "21 cfgapp.Local: config-redundant", "22 cfgdomain.Money: config-redundant",
		"23 cfgdomain.orders.Order: config-redundant",
		"25 cfgdomain.orders.*: config-false config-broad",
		"27 cfgdomain.Mony: config-unused", "28 cfgdomain.legacy.**: config-unused",
		"30 java.util.Date: config-false",
		"32 kotlin.collections.*: config-false config-unproven config-broad",
	}
	var got []string
	for _, lc := range checks {
		s := strconv.Itoa(lc.Line.Line) + " " + lc.Line.Pattern + ":"
		for _, x := range lc.Findings {
			s += " " + x.Rule
		}
		got = append(got, s)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings per line:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestCheckConfigSyntax checks every malformed-line form against what the real compiler did with
// it (golden/configlines: its exit code and the line it names): a config-syntax finding exactly
// where the compiler fails the build, on its line.
func TestCheckConfigSyntax(t *testing.T) {
	dir := filepath.Join(fixtures.Root(), "configlines")
	f, err := os.Open(filepath.Join(dir, "results.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	onLine := regexp.MustCompile(`on line (\d+)`)
	n := 0
	for sc := bufio.NewScanner(f); sc.Scan(); {
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) < 4 {
			t.Fatalf("results.tsv: %q", sc.Text())
		}
		name, rc, diag := fields[0], fields[1], fields[3]
		t.Run(name, func(t *testing.T) {
			_, checks := checkConfigOf(t, "cfgapp", filepath.Join(dir, name+".conf"))
			var lines []int
			for _, lc := range checks {
				for _, x := range lc.Findings {
					if x.Rule == RuleConfigSyntax {
						lines = append(lines, x.Line)
					}
				}
			}
			switch rc {
			case "0":
				if len(lines) > 0 {
					t.Errorf("the compiler accepts the file; config-syntax on lines %v", lines)
				}
			default:
				m := onLine.FindStringSubmatch(diag)
				want := 1 // a message without a line is about the first pattern line of these files
				if m != nil {
					want, _ = strconv.Atoi(m[1])
					want++ // the compiler counts from 0
				}
				if len(lines) == 0 || lines[0] != want {
					t.Errorf("the compiler fails on line %d (%s); config-syntax on lines %v", want, diag, lines)
				}
			}
		})
		n++
	}
	if n != 24 {
		t.Errorf("%d forms, want 24", n)
	}
}

// TestConfigMutableViews: a class that implements a mutable collection interface (a view or a
// wrapper: put, remove and add change what it holds) is false for a configuration line even
// where nothing else in its own bytes shows a change.
func TestConfigMutableViews(t *testing.T) {
	fixtures.SkipUnlessLong(t, "reads kotlin-stdlib.jar")
	stdlib := fixtures.KotlinLib(t, "kotlin-stdlib.jar")
	conf := filepath.Join(t.TempDir(), "views.conf")
	os.WriteFile(conf, []byte("kotlin.collections.AbstractMutableList\nkotlin.collections.AbstractMutableMap\n"), 0o644)
	rep, err := scan.Scan(context.Background(), scan.Options{Inputs: []string{stdlib}, Configs: []string{conf}, CheckConfig: true})
	if err != nil {
		t.Fatal(err)
	}
	defer rep.Close()
	for _, lc := range CheckConfig(rep) {
		var notes []string
		for _, n := range lc.Classes[KindFalse] {
			notes = append(notes, n.Why)
		}
		want := lc.Line.Pattern + ", which implements kotlin.collections.Mutable"
		if !slices.ContainsFunc(notes, func(s string) bool { return strings.HasPrefix(s, want) }) {
			t.Errorf("%s: false notes %q, want one starting %q", lc.Line.Pattern, notes, want)
		}
	}
}
