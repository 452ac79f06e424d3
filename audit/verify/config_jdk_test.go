package verify

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCheckConfigJDK: a line naming a public class of JDK 17's java.base is judged from the
// facts read from its bytes (issue 42): false when they show an instance change after
// construction, redundant when the class is stable without the line, unproven otherwise. A
// name in a java.base package that names no public class is unused; one in another JDK
// module's package is not judged.
func TestCheckConfigJDK(t *testing.T) {
	tests := []struct {
		line  string
		rules string    // the line's findings
		kind  ClassKind // what the line does for the class, "" for none
		why   []string  // the class's note holds each
	}{
		{"java.util.Date", "config-false", KindFalse, []string{"java.util.Date: non-final field `fastTime` written in setTime", "JDK 17's java.base"}},
		{"java.lang.StringBuilder", "config-false", KindFalse, []string{"(of java.lang.AbstractStringBuilder)", "AbstractStringBuilder.append"}},
		{"java.util.concurrent.atomic.AtomicInteger", "config-false", KindFalse, []string{"non-final field `value` written in set"}},
		{"java.util.ArrayList", "config-false", KindFalse, []string{"java.util.ArrayList: non-final field"}},
		{"java.util.HashSet", "config-false", KindFalse, []string{"a mutable collection"}}, // no cause of its own: its map changes
		// Kotlin code sees kotlin.String, stable whatever the configuration.
		{"java.lang.String", "config-redundant", KindRedundant, []string{"kotlin.String"}},
		{"java.time.DayOfWeek", "config-redundant", KindRedundant, []string{"Stable without it"}},  // an enum
		{"java.math.BigDecimal", "config-redundant", KindRedundant, []string{"Stable without it"}}, // known stable
		// Final, and its bytes show no change, but its field types are not proven.
		{"java.time.LocalDate", "config-unproven", KindUnproven, []string{"shows no change", "does not prove"}},
		{"java.lang.Runnable", "config-unproven", KindUnproven, []string{"an interface"}},
		{"java.io.File", "config-unproven", KindUnproven, []string{"not final"}},
		{"java.util.List", "config-unproven", KindUnproven, []string{"an interface", "Kotlin code sees kotlin.collections.List instead"}},
		{"java.util.Dat", "config-unused", "", nil},
		{"java.util.logging.Logger", "", "", nil}, // java.logging: not read
		{"java.sql.Timestamp", "", "", nil},       // java.sql: not read
	}
	dir := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			conf := filepath.Join(dir, strings.ReplaceAll(tt.line, ".", "_")+".conf")
			if err := os.WriteFile(conf, []byte(tt.line+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			_, checks := checkConfigOf(t, "cfgapp", conf)
			if len(checks) != 1 {
				t.Fatalf("%d lines checked", len(checks))
			}
			lc := checks[0]
			var rules []string
			for _, x := range lc.Findings {
				rules = append(rules, x.Rule)
			}
			if got := strings.Join(rules, " "); got != tt.rules {
				t.Errorf("findings %q, want %q: %+v", got, tt.rules, lc.Findings)
			}
			if tt.kind == "" {
				return
			}
			notes := lc.Classes[tt.kind]
			if len(notes) != 1 || notes[0].Class != tt.line {
				t.Fatalf("%s classes %+v, want %s", tt.kind, lc.Classes, tt.line)
			}
			for _, w := range tt.why {
				if !strings.Contains(notes[0].Why, w) {
					t.Errorf("why %q without %q", notes[0].Why, w)
				}
			}
		})
	}

	// A wildcard over a java.base package judges the classes java.base lists under it, and its
	// messages name a few of each kind and count the rest.
	conf := filepath.Join(dir, "wildcard.conf")
	if err := os.WriteFile(conf, []byte("java.util.*\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, checks := checkConfigOf(t, "cfgapp", conf)
	lc := checks[0]
	if lc.Line.Unseen || len(lc.Classes[KindFalse]) < 20 || len(lc.Classes[KindUnproven]) < 10 || len(lc.Classes[KindRedundant]) == 0 {
		t.Fatalf("java.util.*: %d false, %d unproven, %d redundant", len(lc.Classes[KindFalse]), len(lc.Classes[KindUnproven]), len(lc.Classes[KindRedundant]))
	}
	more := regexp.MustCompile(`\d+ more`)
	for _, x := range lc.Findings {
		switch x.Rule {
		case RuleConfigBroad, RuleConfigFalse, RuleConfigUnproven:
			if !more.MatchString(x.Message) {
				t.Errorf("%s: %s counts no rest", x.Rule, x.Message)
			}
		default:
			t.Errorf("java.util.*: %s", x.Rule)
		}
	}
	if len(lc.Findings) != 3 || !lc.Remove {
		t.Errorf("java.util.*: %d findings, remove %v", len(lc.Findings), lc.Remove)
	}
}
