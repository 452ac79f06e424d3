package diff

import (
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/baseline"
)

// TestCausesAttributed: a class change names as causes the fields that account for it, not
// every field that moved: a List field that alone made the class unstable, not the field beside
// it that became runtime (a $stable read at run time does not make a class unstable).
func TestCausesAttributed(t *testing.T) {
	read := func(text string) *baseline.Baseline {
		t.Helper()
		b, err := baseline.Read(strings.NewReader("composestab-baseline 2\n\n" + text + "\nend 1 classes\n"))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, tc := range []struct {
		name, old, new, want string
	}{
		{"regression",
			"public class a.C\n  verdict stable\n  stability Stable\n  field stable val items: ImmutableList<String> = Stable\n  field stable val d: Dep = Stable\n",
			"public class a.C\n  verdict unstable\n  stability Unstable\n  field unstable val items: ImmutableList<String> = Unstable\n  field runtime val d: Dep = Runtime(Dep)\n",
			"stable → unstable: field `items: ImmutableList<String>` became unstable"},
		{"improvement",
			"public class a.C\n  verdict unstable\n  stability Unstable\n  field unstable val items: ImmutableList<String> = Unstable\n  field stable val d: Dep = Stable\n",
			"public class a.C\n  verdict runtime\n  stability Runtime(Dep)\n  field stable val items: ImmutableList<String> = Stable\n  field runtime val d: Dep = Runtime(Dep)\n",
			"unstable → runtime: field `items: ImmutableList<String>` became stable"},
		{"nothing accounts for it: all are said",
			"public class a.C\n  verdict stable\n  stability Stable\n  field runtime val d: Dep = Runtime(Dep)\n",
			"public class a.C\n  verdict unstable\n  stability Unstable\n  field stable val d: Dep = Stable\n",
			"stable → unstable: field `d: Dep` became stable"},
	} {
		d := compareBaselines(read(tc.old), read(tc.new), false)
		if len(d.Changes) != 1 || d.Changes[0].Message != tc.want {
			t.Errorf("%s: %+v, want %q", tc.name, d.Changes, tc.want)
		}
	}
}
