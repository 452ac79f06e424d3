package evaluate

import (
	"sort"
	"strings"
	"testing"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/internal/fixtures"
)

// TestStableMatchesJVM simulates $stable for every fixture class that has the field and compares
// it with the value the JVM computed by reflection, each class initialized first in a fresh class
// loader. A class whose initialization failed in the JVM must fail here too.
func TestStableMatchesJVM(t *testing.T) {
	mods, err := fixtures.Modules()
	if err != nil {
		t.Fatal(err)
	}
	total, same := 0, 0
	for _, m := range mods {
		truth, err := fixtures.StableValues(m.Name)
		if err != nil {
			t.Fatal(err)
		}
		if len(truth) == 0 {
			continue
		}
		cp, err := archive.OpenClasspath(append([]string{m.Jar()}, m.Classpath()...))
		if err != nil {
			t.Fatal(err)
		}
		ev := New(cp)
		names := make([]string, 0, len(truth))
		for n := range truth {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			want := truth[n]
			got := ev.Stable(n)
			total++
			switch {
			case want.Err != "" && got.Err != nil:
				same++
			case want.Err != "":
				t.Errorf("%s: %s: we computed %d, the JVM threw %s", m.Name, n, got.Value, want.Err)
			case got.Err != nil:
				t.Errorf("%s: %s: %v; the JVM computed %d", m.Name, n, got.Err, want.Value)
			case int(got.Value) != want.Value:
				t.Errorf("%s: %s: $stable = %d (%v), the JVM computed %d", m.Name, n, got.Value, got.Expr, want.Value)
			default:
				same++
			}
		}
		cp.Close()
	}
	t.Logf("%d/%d $stable values equal the JVM's", same, total)
	if total < 200 {
		t.Errorf("only %d fixture classes with $stable", total)
	}
}

// TestInitOrderMatchesJVM replays every initialization sequence the JVM recorded: after
// initializing First in a fresh class loader, every class initialized with it holds the value
// the JVM read, including the classes of a $stable initialization cycle.
func TestInitOrderMatchesJVM(t *testing.T) {
	mods, err := fixtures.Modules()
	if err != nil {
		t.Fatal(err)
	}
	rows, cycles := 0, 0
	for _, m := range mods {
		order, err := fixtures.InitOrder(m.Name)
		if err != nil {
			t.Fatal(err)
		}
		if len(order) == 0 {
			continue
		}
		cp, err := archive.OpenClasspath(append([]string{m.Jar()}, m.Classpath()...))
		if err != nil {
			t.Fatal(err)
		}
		ev := New(cp)
		runs := map[string]map[string]*Value{}
		for _, r := range order {
			state, ok := runs[r.First]
			if !ok {
				state = ev.Initialize(r.First)
				runs[r.First] = state
			}
			rows++
			v, ok := state[r.Class]
			if !ok {
				// Classes initialized for other reasons (a companion's class) hold no $stable we model.
				if strings.Contains(r.Class, "$") {
					continue
				}
				t.Errorf("%s: initializing %s first: we never initialize %s (JVM: %d)", m.Name, r.First, r.Class, r.Value)
				continue
			}
			if v.orderDependent {
				cycles++
			}
			if v.Err == nil && int(v.Value) != r.Value {
				t.Errorf("%s: initializing %s first: %s = %d, the JVM read %d", m.Name, r.First, r.Class, v.Value, r.Value)
			}
		}
		cp.Close()
	}
	t.Logf("%d initialization rows checked, %d order-dependent", rows, cycles)
}
