package classfile

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
)

var javapInsn = regexp.MustCompile(`^\s+(\d+): ([a-z][a-z0-9_]*)`)

// javapListing runs `javap -c -p` on files and returns "offset mnemonic"
// lines for every instruction, in output order.
func javapListing(t *testing.T, files []string) []string {
	t.Helper()
	javap := fixtures.NeedTool(t, "javap")
	out, err := exec.Command(javap, append([]string{"-c", "-p"}, files...)...).Output()
	if err != nil {
		t.Fatalf("javap: %v", err)
	}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if m := javapInsn.FindStringSubmatch(sc.Text()); m != nil {
			lines = append(lines, m[1]+" "+m[2])
		}
	}
	return lines
}

// ourListing is the same listing from our decoder (javap spells a wide
// instruction as "<op>_w").
func ourListing(t *testing.T, classes []*Class) []string {
	t.Helper()
	var lines []string
	for _, c := range classes {
		for _, m := range c.Methods() {
			if m.Code == nil {
				continue
			}
			ins, err := m.Code.Instructions()
			if err != nil {
				t.Fatalf("%s.%s: %v", c.Name(), m.Name, err)
			}
			for _, in := range ins {
				name := in.Opcode.String()
				if in.Wide {
					name += "_w"
				}
				lines = append(lines, fmt.Sprintf("%d %s", in.Offset, name))
			}
		}
	}
	return lines
}

func compareListings(t *testing.T, ours, theirs []string) {
	t.Helper()
	if len(ours) != len(theirs) {
		t.Errorf("%d instructions, javap has %d", len(ours), len(theirs))
	}
	bad := 0
	for i := 0; i < min(len(ours), len(theirs)) && bad < 5; i++ {
		if ours[i] != theirs[i] {
			t.Errorf("instruction %d: ours %q, javap %q", i, ours[i], theirs[i])
			bad++
		}
	}
}

// TestAgainstJavapFixtures cross-checks every instruction offset and
// mnemonic of the committed fixtures with javap.
func TestAgainstJavapFixtures(t *testing.T) {
	files, _ := filepath.Glob("testdata/classes/fixture/*.class")
	more, _ := filepath.Glob("testdata/compose/sample/*.class")
	files = append(files, more...)
	classes := parseFiles(t, files...)
	compareListings(t, ourListing(t, classes), javapListing(t, files))
}

// TestAgainstJavapStdlib does the same for a slice of kotlin-stdlib.jar.
func TestAgainstJavapStdlib(t *testing.T) {
	fixtures.SkipUnlessLong(t, "javap over a slice of kotlin-stdlib.jar")
	dir := t.TempDir()
	var files []string
	var classes []*Class
	for i, cf := range classFiles(t, kotlinLib(t, "kotlin-stdlib.jar")) {
		if i%4 != 0 || strings.HasSuffix(cf.name, "module-info.class") {
			continue
		}
		data := cf.data
		c, err := Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		f := filepath.Join(dir, fmt.Sprintf("c%d.class", i))
		if err := os.WriteFile(f, data, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
		classes = append(classes, c)
	}
	ours := ourListing(t, classes)
	compareListings(t, ours, javapListing(t, files))
	t.Logf("%d classes, %d instructions match javap", len(classes), len(ours))
}
