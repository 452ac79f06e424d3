package scan

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
)

// TestComposablesMatchCompilerReport: for each fixture module, strong skipping on (kinds) and off
// (kindsns, nostrong), every composable's skippable and restartable flags are the ones in the
// compiler's own -composables.txt, and a composable the compiler made not skippable because of
// unstable parameters names exactly the parameters the compiler printed unstable.
func TestComposablesMatchCompilerReport(t *testing.T) {
	header := regexp.MustCompile(`^((?:\w+ )*)fun (?:\[.*\] )?([\w.$<>]+)\($`)
	param := regexp.MustCompile(`^  ((?:unused |stable |unstable )*)(\S+): (.+?)(?: = .*)?$`)
	for _, name := range []string{"kinds", "kindsns", "nostrong"} {
		t.Run(name, func(t *testing.T) {
			m, err := fixtures.Get(name)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := Scan(context.Background(), Options{Inputs: []string{m.Jar()}, Classpath: m.Classpath(), Composables: true, IncludeNonPublic: true})
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Composables) != 1 {
				t.Fatalf("%d inputs with composables", len(rep.Composables))
			}
			ic := rep.Composables[0]
			got := map[string]*Composable{}
			for _, c := range ic.Composables {
				got[c.Name] = c
			}
			src, err := os.ReadFile(m.Report("-composables.txt"))
			if err != nil {
				t.Fatal(err)
			}
			type want struct {
				flags    string
				unstable []string
			}
			var order []string
			wants := map[string]*want{}
			var cur *want
			for _, line := range strings.Split(string(src), "\n") {
				if h := header.FindStringSubmatch(line); h != nil {
					cur = &want{flags: h[1]}
					if _, dup := wants[h[2]]; !dup {
						order = append(order, h[2])
						wants[h[2]] = cur
					}
					continue
				}
				if p := param.FindStringSubmatch(line); p != nil && cur != nil && strings.Contains(p[1], "unstable") && !strings.Contains(p[1], "unused") {
					cur.unstable = append(cur.unstable, p[2]+": "+p[3])
				}
			}
			if len(order) < 10 {
				t.Fatalf("read %d composables from the compiler's report", len(order))
			}
			whys := 0
			for _, n := range order {
				w, c := wants[n], got[n]
				if c == nil {
					t.Errorf("%s: in the compiler's report, not in ours", n)
					continue
				}
				if c.Skippable != strings.Contains(w.flags, "skippable ") || c.Restartable != strings.Contains(w.flags, "restartable ") {
					t.Errorf("%s: skippable=%t restartable=%t, the compiler says %q", n, c.Skippable, c.Restartable, w.flags)
				}
				if c.Restartable && !c.Skippable && !ic.StrongSkipping && len(w.unstable) > 0 {
					whys++
					if wantWhy := "unstable parameters: " + strings.Join(w.unstable, ", "); c.Why != wantWhy {
						t.Errorf("%s: why %q, want %q", n, c.Why, wantWhy)
					}
				}
				if c.Skippable && c.Why != "" {
					t.Errorf("%s: skippable, yet why %q", n, c.Why)
				}
			}
			if !ic.StrongSkipping && whys == 0 {
				t.Error("no composable left unskippable by unstable parameters to check")
			}
			if strong := name == "kinds"; ic.StrongSkipping != strong {
				t.Errorf("strong skipping %t, want %t", ic.StrongSkipping, strong)
			}
		})
	}
}
