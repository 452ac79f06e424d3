package diff

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/internal/audittest"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/fixtures"
)

// classBytes reads every class entry of the jars, by JVM name.
func classBytes(t *testing.T, jars ...string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, jar := range jars {
		zr, err := zip.OpenReader(jar)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range zr.File {
			name, ok := strings.CutSuffix(f.Name, ".class")
			if !ok {
				continue
			}
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			data, err := io.ReadAll(rc)
			rc.Close()
			if err != nil {
				t.Fatal(err)
			}
			out[name] = data
		}
		zr.Close()
	}
	return out
}

// TestCausesAgainstBytes checks the typed causes of the libv1 → libv2 diff (dependencies depv1 →
// depv2) against a byte comparison of the jars: a dependency cause names a class whose class file
// differs between the two sides (the dependency itself, or a class its $stable reads), and a code
// cause is given only to a class whose own class file differs.
func TestCausesAgainstBytes(t *testing.T) {
	old := classBytes(t, audittest.Jar(t, "libv1"), audittest.Jar(t, "depv1"))
	new := classBytes(t, audittest.Jar(t, "libv2"), audittest.Jar(t, "plainv2"), audittest.Jar(t, "depv2"))
	d := Diff(audittest.ScanV1(t), audittest.ScanV2(t))
	deps, codes := 0, 0
	for _, c := range d.Changes {
		jvm := strings.ReplaceAll(c.Class, ".", "/")
		for _, cause := range c.Causes {
			switch cause.Kind {
			case CauseDependency:
				dep := strings.ReplaceAll(cause.Class, ".", "/")
				o, n := old[dep], new[dep]
				if o == nil || n == nil || bytes.Equal(o, n) {
					t.Errorf("%s: dependency cause %s, whose class file did not change (old %d bytes, new %d)", c.Class, cause.Class, len(o), len(n))
				}
				if cause.Detail == "" && (cause.Old == nil || cause.New == nil || *cause.Old == *cause.New || cause.Input == "") {
					t.Errorf("%s: dependency cause %+v without both values and a jar, or what it did", c.Class, cause)
				}
				deps++
			case CauseCode:
				if c.Action == Changed && bytes.Equal(old[jvm], new[jvm]) {
					t.Errorf("%s: code cause %q, but its class file did not change", c.Class, cause.Detail)
				}
				codes++
			default:
				t.Errorf("%s: cause %+v in a diff of two builds", c.Class, cause)
			}
		}
		if c.Action == Changed && len(c.Causes) == 0 {
			t.Errorf("%s %s: no cause: %s", c.Class, c.Part, c.Message)
		}
	}
	if deps == 0 || codes == 0 {
		t.Errorf("%d dependency and %d code causes; the fixtures have both", deps, codes)
	}
	t.Logf("%d dependency causes and %d code causes, each on a class whose bytes changed", deps, codes)
}

// TestConfigCausesAgainstCompiler diffs the cfgapp sources' jar against itself, the new side with
// the fixture's configuration file: the classes whose change names a configuration line must be
// exactly those whose verdict the real compiler changed when given the file (cfgappnc-classes.txt
// without it, cfgapp-classes.txt with it), and each must name the line that decides its field.
func TestConfigCausesAgainstCompiler(t *testing.T) {
	jar := audittest.Jar(t, "cfgappnc")
	cp := []string{audittest.Jar(t, "cfgdomain"), audittest.Jar(t, "javalib"), fixtures.RuntimeStubJar()}
	conf := filepath.Join(fixtures.Root(), "..", "src", "cfgapp", "stability.conf")
	old := audittest.Scan(t, scan.Options{Inputs: []string{jar}, Classpath: cp})
	new := audittest.Scan(t, scan.Options{Inputs: []string{jar}, Classpath: cp, Configs: []string{conf}})
	d := Diff(old, new)
	var predicted []string
	for _, c := range d.Changes {
		for _, cause := range c.Causes {
			if cause.Kind == CauseConfig {
				if cause.Detail != "now matches" || !strings.Contains(cause.Line, "stability.conf:") {
					t.Errorf("%s: cause %+v", c.Class, cause)
				}
				predicted = append(predicted, c.Class)
				break
			}
		}
	}
	verdicts := func(module string) map[string]string {
		m, err := fixtures.Get(module)
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(m.Report("classes.txt"))
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, line := range strings.Split(string(data), "\n") {
			if f := strings.Fields(line); len(f) == 4 && f[1] == "class" {
				out[f[2]] = f[0]
			}
		}
		return out
	}
	without, with := verdicts("cfgappnc"), verdicts("cfgapp")
	var real []string
	for name, v := range with {
		if without[name] != v {
			real = append(real, name)
		}
	}
	sort.Strings(real)
	sort.Strings(predicted)
	if strings.Join(real, " ") != strings.Join(predicted, " ") {
		t.Errorf("configuration causes on %v\nthe compiler changed %v", predicted, real)
	}
	t.Logf("%d/%d classes the file changes for the compiler carry its line as their cause, 0 extra", len(predicted), len(real))
}
