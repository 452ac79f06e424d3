package stability

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/internal/fixtures"
)

// fixtureModule opens a compose fixture module with its compile classpath and the options its
// compiler flags imply.
func fixtureModule(t testing.TB, m fixtures.Module) (*Universe, Options, func()) {
	t.Helper()
	cp, err := archive.OpenClasspath(append([]string{m.Jar()}, m.Classpath()...))
	if err != nil {
		t.Fatalf("%s: %v", m.Name, err)
	}
	var opts Options
	for _, f := range m.Flags {
		if _, conf, ok := strings.Cut(f, "stabilityConfigurationPath="); ok {
			cfg, err := LoadConfig(filepath.Join(fixtures.Root(), "..", conf))
			if err != nil {
				t.Fatalf("%s: %v", m.Name, err)
			}
			opts.Config = cfg
		}
	}
	return NewUniverse(cp), opts, func() { cp.Close() }
}

// splitReport cuts a -classes.txt into blocks keyed by their header line's class name.
func splitReport(text string) (names []string, blocks map[string]string) {
	blocks = map[string]string{}
	var cur strings.Builder
	name := ""
	for _, line := range strings.SplitAfter(text, "\n") {
		if line == "" {
			continue
		}
		if name == "" {
			f := strings.Fields(line)
			if len(f) >= 3 {
				name = f[2]
			}
		}
		cur.WriteString(line)
		if line == "}\n" {
			names = append(names, name)
			blocks[name] = cur.String()
			cur.Reset()
			name = ""
		}
	}
	return names, blocks
}

// TestClassesReportMatchesCompiler re-runs the inference on every Compose fixture module and
// compares each block of our -classes.txt with the compiler's, and each recomputed mask with the
// @StabilityInferred value in the jar.
func TestClassesReportMatchesCompiler(t *testing.T) {
	mods, err := fixtures.Modules()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mods {
		if m.Kind != fixtures.KindCompose {
			continue
		}
		t.Run(m.Name, func(t *testing.T) {
			u, opts, done := fixtureModule(t, m)
			defer done()
			compareClassesReport(t, u, m.Jar(), opts, m.Report("-classes.txt"))
		})
	}
}

// compareClassesReport re-runs the inference on one jar and compares each block of our
// -classes.txt with the compiler's report file, and each recomputed mask with the jar's
// @StabilityInferred; it logs the match counts.
func compareClassesReport(t *testing.T, u *Universe, jar string, opts Options, report string) {
	t.Helper()
	want, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	results := AnalyzeModule(u, jar, opts)
	var got bytes.Buffer
	if err := WriteClassesReport(&got, results); err != nil {
		t.Fatal(err)
	}
	wantNames, wantBlocks := splitReport(string(want))
	gotNames, gotBlocks := splitReport(got.String())
	same := 0
	for _, n := range wantNames {
		switch g, ok := gotBlocks[n]; {
		case !ok:
			t.Errorf("missing block for %s; compiler wrote:\n%s", n, wantBlocks[n])
		case g != wantBlocks[n]:
			t.Errorf("block %s differs\n--- ours\n%s--- compiler\n%s", n, g, wantBlocks[n])
		default:
			same++
		}
	}
	for _, n := range gotNames {
		if _, ok := wantBlocks[n]; !ok {
			t.Errorf("extra block for %s:\n%s", n, gotBlocks[n])
		}
	}
	if strings.Join(gotNames, "\n") != strings.Join(wantNames, "\n") && same == len(wantNames) {
		t.Errorf("block order differs:\nours:     %v\ncompiler: %v", gotNames, wantNames)
	}
	masks, maskSame := 0, 0
	for _, r := range results {
		inferred := r.Class.Ensure().Inferred
		if !r.Processed || r.Marked {
			if inferred != nil {
				t.Errorf("%s: the jar has @StabilityInferred(%d) but we say the compiler skips it", r.Class.Name, *inferred)
			}
			continue
		}
		masks++
		switch {
		case inferred == nil:
			t.Errorf("%s: no @StabilityInferred in the jar, but we process it", r.Class.Name)
		case *inferred != r.Mask:
			t.Errorf("%s: mask %d, compiler wrote %d", r.Class.Name, r.Mask, *inferred)
		default:
			maskSame++
		}
	}
	t.Logf("%s: %d/%d report blocks identical, %d/%d masks identical", filepath.Base(jar), same, len(wantNames), maskSame, masks)
}
