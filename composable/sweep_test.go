package composable

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

// sweepForms are the declaration forms of the type-sweep modules (testdata/tools/typesweep), by
// the first letter of their names.
var sweepForms = map[byte]string{
	'F': "field X<*>", 'G': "field X<String>", 'S': "supertype (subclass or abstract implementation)",
	'Z': "supertype (final implementation)", 'P': "parameter X<*>", 'Q': "parameter X<String>",
}

// sweepCount is one form's tally: equal units out of the compiler's.
type sweepCount struct{ equal, total int }

// TestTypeSweepMatchesCompiler is the differential test over every public type of java.lang,
// java.util, java.time, java.math, java.io, java.net and java.util.concurrent (module sweepjdk)
// and of kotlin-stdlib, kotlinx-coroutines-core-jvm and Kotlin's built-ins (sweepkt), each used as
// a field, a supertype and a composable parameter and compiled by Kotlin 2.4.20 with strong
// skipping off (testdata/tools/typesweep): every -classes.txt block, every -composables.txt block
// and every $stable must equal the compiler's and the JVM's. The JDK and the Kotlin jars are not on
// the classpath: composestab knows them from its embedded facts, as an audit without them does.
func TestTypeSweepMatchesCompiler(t *testing.T) {
	for _, name := range []string{"sweepjdk", "sweepkt"} {
		t.Run(name, func(t *testing.T) {
			m, err := fixtures.Get(name)
			if err != nil {
				t.Fatal(err)
			}
			types, compiled := sweepTypes(t, name)
			cp, err := archive.OpenClasspath(append([]string{m.Jar()}, m.Classpath()...))
			if err != nil {
				t.Fatal(err)
			}
			defer cp.Close()
			u := stability.NewUniverse(cp)
			classes := stability.AnalyzeModule(u, m.Jar(), stability.Options{})
			ours := writeReports(t, Analyze(Config{Classpath: cp, Universe: u, Input: m.Jar(), Classes: classes}), classes)
			ev := evaluate.New(cp)
			counts := map[string]map[byte]*sweepCount{}
			tally := func(what string, form byte, equal bool) {
				if counts[what] == nil {
					counts[what] = map[byte]*sweepCount{}
				}
				c := counts[what][form]
				if c == nil {
					c = &sweepCount{}
					counts[what][form] = c
				}
				c.total++
				if equal {
					c.equal++
				}
			}
			for _, file := range []string{"classes.txt", "composables.txt"} {
				data, err := os.ReadFile(m.Report(file))
				if err != nil {
					t.Fatal(err)
				}
				var want, got map[string]string
				if file == "classes.txt" {
					want, got = blocksByName(splitBlocks(string(data))), blocksByName(splitBlocks(ours[file]))
				} else {
					want, got = blocksByName(composableBlocks(string(data))), blocksByName(composableBlocks(ours[file]))
				}
				for _, n := range sortedKeys(want) {
					equal := got[n] == want[n]
					tally(file, sweepForm(n), equal)
					if !equal {
						t.Errorf("%s %s differs\n--- ours\n%s--- compiler\n%s", file, n, got[n], want[n])
					}
				}
				for n := range got {
					if _, ok := want[n]; !ok {
						t.Errorf("%s: we report %s, the compiler does not", file, n)
					}
				}
			}
			// $stable: the value our inference says the compiler writes (the initializer it
			// builds, evaluated), and the mask, against the JVM's value and the jar's
			// @StabilityInferred.
			truth, err := fixtures.StableValues(name)
			if err != nil {
				t.Fatal(err)
			}
			byName := map[string]*stability.ClassResult{}
			for _, r := range classes {
				byName[r.Class.JVMName] = r
			}
			for _, n := range sortedKeys(truth) {
				want, r := truth[n], byName[n]
				form := sweepForm(n[strings.LastIndexByte(n, '/')+1:])
				if r == nil || !r.Processed {
					tally("$stable", form, false)
					tally("mask", form, false)
					t.Errorf("%s: the JVM read $stable = %d, we do not process the class", n, want.Value)
					continue
				}
				v, ok := inferredStable(ev, r)
				equal := want.Err == "" && ok && int(v) == want.Value
				tally("$stable", form, equal)
				if !equal {
					t.Errorf("%s: we infer %v, $stable = %d (%v), the JVM computed %d %s", n, r.Stability, v, r.Expr, want.Value, want.Err)
				}
				d := r.Class.Ensure()
				equal = d.Inferred != nil && *d.Inferred == r.Mask
				tally("mask", form, equal)
				if !equal {
					t.Errorf("%s: mask %d, the jar's @StabilityInferred %s", n, r.Mask, maskText(d.Inferred))
				}
			}
			t.Logf("%s: %d types listed, %d declarations compiled", name, types, compiled)
			for _, file := range []string{"classes.txt", "composables.txt", "$stable", "mask"} {
				var parts []string
				all := sweepCount{}
				for _, f := range []byte("FGSZPQ") {
					if c := counts[file][f]; c != nil {
						parts = append(parts, sweepForms[f]+" "+strconv.Itoa(c.equal)+"/"+strconv.Itoa(c.total))
						all.equal += c.equal
						all.total += c.total
					}
				}
				t.Logf("%s %s: %d/%d equal (%s)", name, file, all.equal, all.total, strings.Join(parts, ", "))
			}
		})
	}
}

// inferredStable evaluates the $stable initializer our inference builds for the class, with
// the $stable the other classes' bytes hold; ok is false when one of them cannot be evaluated.
func inferredStable(ev *evaluate.Evaluator, r *stability.ClassResult) (v int32, ok bool) {
	if r.Expr.Unstable {
		v = evaluate.UnstableBit
	}
	for _, ref := range r.Expr.Refs {
		d := ev.Stable(ref.JVMName)
		if d.Err != nil {
			return 0, false
		}
		v |= d.Value
	}
	return v, true
}

// sweepTypes reads the module's types.tsv: how many types were listed and how many declarations
// the compiler accepted.
func sweepTypes(t *testing.T, module string) (types, compiled int) {
	f, err := os.Open(filepath.Join(fixtures.Root(), "..", "src", module, "types.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		types++
		for _, col := range strings.Split(sc.Text(), "\t")[6:] {
			if col == "ok" {
				compiled++
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return types, compiled
}

// sweepForm is the form of a declaration from its simple or qualified name: F1_X gives 'F'.
func sweepForm(name string) byte {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	if name == "" {
		return '?'
	}
	return name[0]
}

// composableBlocks splits a composables.txt into its functions' blocks.
func composableBlocks(s string) []string {
	var out []string
	var cur strings.Builder
	for _, line := range strings.SplitAfter(s, "\n") {
		if line == "" {
			continue
		}
		if !strings.HasPrefix(line, " ") && !strings.HasPrefix(line, ")") && cur.Len() > 0 {
			out = append(out, cur.String())
			cur.Reset()
		}
		cur.WriteString(line)
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

// blocksByName keys report blocks by the declaration they describe: the word before the first
// '(' or ' {' of the header, the class or function name.
func blocksByName(blocks []string) map[string]string {
	out := map[string]string{}
	for _, b := range blocks {
		head, _, _ := strings.Cut(b, "\n")
		head, _, _ = strings.Cut(head, "(")
		head = strings.TrimSuffix(head, " {")
		f := strings.Fields(head)
		if len(f) == 0 {
			continue
		}
		out[f[len(f)-1]] = b
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func maskText(m *int32) string {
	if m == nil {
		return "absent"
	}
	return strconv.Itoa(int(*m))
}
