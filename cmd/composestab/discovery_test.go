package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
)

// tree builds folder layouts for the discovery tests: each method adds one thing under root.
type tree struct {
	t    *testing.T
	root string
}

func newTree(t *testing.T) *tree { return &tree{t: t, root: t.TempDir()} }

func (tr *tree) path(rel string) string { return filepath.Join(tr.root, filepath.FromSlash(rel)) }

func (tr *tree) write(rel string, data []byte) *tree {
	tr.t.Helper()
	p := tr.path(rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		tr.t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		tr.t.Fatal(err)
	}
	return tr
}

// jar copies a fixture module's jar ("runtime-stub" for the runtime stub) to rel.
func (tr *tree) jar(module, rel string) *tree {
	tr.t.Helper()
	return tr.write(rel, readFixture(tr.t, module))
}

// classes unpacks a fixture module's jar into the class folder rel, as the compiler writes one.
func (tr *tree) classes(module, rel string) *tree {
	tr.t.Helper()
	jar := readFixture(tr.t, module)
	zr, err := zip.NewReader(bytes.NewReader(jar), int64(len(jar)))
	if err != nil {
		tr.t.Fatal(err)
	}
	for _, f := range zr.File {
		if strings.HasSuffix(f.Name, "/") {
			continue
		}
		r, err := f.Open()
		if err != nil {
			tr.t.Fatal(err)
		}
		data, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			tr.t.Fatal(err)
		}
		tr.write(rel+"/"+f.Name, data)
	}
	return tr
}

// aar writes an AAR at rel whose classes.jar is a fixture module's jar.
func (tr *tree) aar(module, rel string) *tree {
	tr.t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range []struct {
		name string
		data []byte
	}{{"AndroidManifest.xml", []byte("<manifest/>")}, {"classes.jar", readFixture(tr.t, module)}} {
		w, err := zw.Create(e.name)
		if err == nil {
			_, err = w.Write(e.data)
		}
		if err != nil {
			tr.t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		tr.t.Fatal(err)
	}
	return tr.write(rel, buf.Bytes())
}

// link makes rel a symbolic link to target, as ln -s target rel.
func (tr *tree) link(target, rel string) *tree {
	tr.t.Helper()
	p := tr.path(rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		tr.t.Fatal(err)
	}
	if err := os.Symlink(target, p); err != nil {
		tr.t.Skipf("no symbolic links here: %v", err)
	}
	return tr
}

func (tr *tree) dir(rel string) *tree {
	tr.t.Helper()
	if err := os.MkdirAll(tr.path(rel), 0o755); err != nil {
		tr.t.Fatal(err)
	}
	return tr
}

func readFixture(t *testing.T, module string) []byte {
	t.Helper()
	p := fixtures.RuntimeStubJar()
	if module != "runtime-stub" {
		p = fixtureJar(t, module)
	}
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// auditResult is what the discovery tests read of audit --format json.
type auditResult struct {
	Inputs  []string `json:"inputs"`
	Classes []struct {
		JVMName     string `json:"jvmName"`
		Input       string `json:"input"`
		Verdict     string `json:"verdict"`
		Stability   string `json:"stability"`
		StableValue *int32 `json:"stableValue"`
	} `json:"classes"`
	Errors []struct {
		Kind    string `json:"kind"`
		Message string `json:"message"`
	} `json:"errors"`
}

// discoveryAudit runs audit --format json; a run that prints no report leaves the result empty.
func discoveryAudit(t *testing.T, args ...string) (int, auditResult, string) {
	t.Helper()
	code, out, errOut := runCLI(t, append([]string{"audit", "--format", "json"}, args...)...)
	var res auditResult
	if out != "" {
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatalf("exit %d, not JSON: %v\n%s\nstderr: %s", code, err, out, errOut)
		}
	}
	return code, res, errOut
}

// verdicts is class → "verdict stability $stable" of a result, the input left out.
func (r auditResult) verdicts() map[string]string {
	out := map[string]string{}
	for _, c := range r.Classes {
		v := "-"
		if c.StableValue != nil {
			v = strconv.Itoa(int(*c.StableValue))
		}
		out[c.JVMName] = c.Verdict + " " + c.Stability + " $stable=" + v
	}
	return out
}

// perInput counts the reported classes of each input.
func (r auditResult) perInput() map[string]int {
	out := map[string]int{}
	for _, c := range r.Classes {
		out[c.Input]++
	}
	return out
}

// explicitRun audits the fixture jars named directly, the reference a discovered tree must equal.
func explicitRun(t *testing.T, modules ...string) auditResult {
	t.Helper()
	args := []string{"--classpath", fixtures.RuntimeStubJar()}
	for _, m := range modules {
		args = append(args, fixtureJar(t, m))
	}
	code, res, errOut := discoveryAudit(t, args...)
	if code != exitOK {
		t.Fatalf("reference run: exit %d: %s", code, errOut)
	}
	return res
}

// TestDiscoveryGradleProject runs audit with no PATH in a built multi-module Gradle project, as a
// user does: app's class folder, lib's AAR and libs/*.jar are the modules, app's own AAR is left
// out with a note (its class folder holds the same classes), and every verdict equals auditing
// the jars by name. The runtime comes from a --classpath folder.
func TestDiscoveryGradleProject(t *testing.T) {
	cp := newTree(t).jar("runtime-stub", "runtime-stub.jar")
	proj := newTree(t).
		classes("lib2", "app/build/classes/kotlin/main").
		write("app/build/tmp/jar/MANIFEST.MF", []byte("Manifest-Version: 1.0\n")).
		aar("lib2", "app/build/outputs/aar/app-debug.aar").
		classes("lib2", "app/build/tmp/kapt3/incrementalData/main").
		aar("lib1", "lib/build/outputs/aar/lib-release.aar").
		jar("javalib", "libs/javalib.jar").
		jar("runtime-stub", "gradle/wrapper/gradle-wrapper.jar").
		jar("kinds", ".gradle/caches/kinds.jar")
	t.Chdir(proj.root)
	code, got, errOut := discoveryAudit(t, "--classpath", cp.root)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	wantInputs := []string{"app/build/classes/kotlin/main", "lib/build/outputs/aar/lib-release.aar", "libs/javalib.jar"}
	if !slices.Equal(got.Inputs, wantInputs) {
		t.Errorf("inputs %q, want %q", got.Inputs, wantInputs)
	}
	ref := explicitRun(t, "lib2", "lib1", "javalib")
	wantCounts := map[string]int{"app/build/classes/kotlin/main": 10, "lib/build/outputs/aar/lib-release.aar": 26, "libs/javalib.jar": ref.perInput()["$GOLDEN/javalib/javalib.jar"]}
	if c := got.perInput(); !maps.Equal(c, wantCounts) {
		t.Errorf("classes per input %v, want %v", c, wantCounts)
	}
	if g, w := got.verdicts(), ref.verdicts(); !maps.Equal(g, w) {
		t.Errorf("verdicts differ from auditing the jars by name:\n got %v\nwant %v", g, w)
	}
	wantNote := "note: left out 1 jar or AAR packaged from the class folders of app/build, which are read instead"
	if !strings.Contains(errOut, wantNote) {
		t.Errorf("stderr lacks %q:\n%s", wantNote, errOut)
	}
	if len(got.Errors) != 0 || strings.Contains(errOut, "unreadable") || strings.Contains(errOut, "missing") {
		t.Errorf("errors %v; stderr:\n%s", got.Errors, errOut)
	}
	// --quiet keeps the note off stderr too.
	if code, _, errOut := discoveryAudit(t, "--quiet", "--classpath", cp.root); code != exitOK || errOut != "" {
		t.Errorf("--quiet: exit %d, stderr %q", code, errOut)
	}
}

// TestDiscoveryVariants: in an Android app's build folder the release classes are read, not the
// debug ones beside them (which they would only shadow), tests are not the app and buildSrc is
// the build's logic; each folder left out is said on stderr, and naming one reads it.
func TestDiscoveryVariants(t *testing.T) {
	cp := newTree(t).jar("runtime-stub", "runtime-stub.jar")
	proj := newTree(t).
		classes("lib1", "app/build/tmp/kotlin-classes/debug").
		classes("lib1", "app/build/tmp/kotlin-classes/release").
		classes("lib2", "app/build/tmp/kotlin-classes/debugUnitTest").
		classes("kinds", "buildSrc/build/classes/kotlin/main")
	t.Chdir(proj.root)
	code, got, errOut := discoveryAudit(t, "--classpath", cp.root)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if want := []string{"app/build/tmp/kotlin-classes/release"}; !slices.Equal(got.Inputs, want) {
		t.Errorf("inputs %q, want %q", got.Inputs, want)
	}
	for _, note := range []string{
		"note: left out test class folder app/build/tmp/kotlin-classes/debugUnitTest (name one as a PATH to read it)\n",
		"note: left out debug class folder app/build/tmp/kotlin-classes/debug: the release variant beside each is read (name one as a PATH to read it)\n",
		"note: left out Gradle build logic folder buildSrc (name one as a PATH to read it)\n",
	} {
		if !strings.Contains(errOut, note) {
			t.Errorf("stderr lacks %q:\n%s", note, errOut)
		}
	}
	if c := got.perInput(); c["app/build/tmp/kotlin-classes/release"] != 26 || strings.Contains(errOut, "shadowed") {
		t.Errorf("classes per input %v", c)
	}
	code, got, _ = discoveryAudit(t, "--classpath", cp.root, "app/build/tmp/kotlin-classes/debug")
	if want := []string{"app/build/tmp/kotlin-classes/debug"}; code != exitOK || !slices.Equal(got.Inputs, want) {
		t.Errorf("named: exit %d, inputs %q", code, got.Inputs)
	}
}

// TestDiscoveryClasspath checks that a --classpath entry follows PATH's discovery rules: lib2
// audited with lib1 and the runtime found in a folder of jars, an AAR, a Gradle tree or through a
// link gives exactly the verdicts of naming the jars, and nothing is missing.
func TestDiscoveryClasspath(t *testing.T) {
	lib2 := fixtureJar(t, "lib2")
	code, refCP, errOut := discoveryAudit(t, "--classpath", fixtures.RuntimeStubJar(), "--classpath", fixtureJar(t, "lib1"), lib2)
	if code != exitOK || len(refCP.Classes) != 10 || errOut != "" {
		t.Fatalf("reference: exit %d, %d classes, want 10; stderr:\n%s", code, len(refCP.Classes), errOut)
	}
	// Without lib1 the classpath matters: lib2's classes that read lib1's $stable change.
	if _, alone, _ := discoveryAudit(t, "--quiet", "--classpath", fixtures.RuntimeStubJar(), lib2); maps.Equal(alone.verdicts(), refCP.verdicts()) {
		t.Fatal("lib2's verdicts do not depend on lib1: the test proves nothing")
	}
	tests := []struct {
		name string
		make func(tr *tree) []string // the --classpath values
	}{
		{"folder of jars", func(tr *tree) []string {
			tr.jar("lib1", "jars/lib1.jar").jar("runtime-stub", "jars/runtime-stub.jar")
			return []string{tr.path("jars")}
		}},
		{"folder with an AAR, joined with ':'", func(tr *tree) []string {
			tr.aar("lib1", "aars/lib1.aar")
			return []string{tr.path("aars") + string(os.PathListSeparator) + fixtures.RuntimeStubJar()}
		}},
		{"gradle project", func(tr *tree) []string {
			tr.classes("lib1", "proj/lib1/build/classes/kotlin/main").jar("runtime-stub", "proj/libs/runtime.jar")
			return []string{tr.path("proj")}
		}},
		{"symbolic link to a folder of jars", func(tr *tree) []string {
			tr.jar("lib1", "real/lib1.jar").jar("runtime-stub", "real/runtime-stub.jar").link("real", "cp")
			return []string{tr.path("cp")}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var args []string
			for _, v := range tt.make(newTree(t)) {
				args = append(args, "--classpath", v)
			}
			code, got, errOut := discoveryAudit(t, append(args, lib2)...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if g, w := got.verdicts(), refCP.verdicts(); !maps.Equal(g, w) {
				t.Errorf("verdicts differ from naming the jars:\n got %v\nwant %v", g, w)
			}
			if errOut != "" {
				t.Errorf("stderr:\n%s", errOut)
			}
		})
	}
}

// TestDiscoveryFolders checks plain class folders, folders of jars and links: a link to a class
// folder given as a PATH beside a jar (it used to be dropped, exit 0), and links to a jar and to
// a folder of jars inside a searched tree, each target read once.
func TestDiscoveryFolders(t *testing.T) {
	tr := newTree(t).
		classes("lib2", "real/out").link("real/out", "classes").
		jar("lib1", "store/lib1.jar").jar("javalib", "store/more/javalib.jar").
		link("../store/lib1.jar", "tree/lib1.jar").link("../store/more", "tree/more").link("../store/more", "tree/again")
	tests := []struct {
		name   string
		paths  []string
		inputs []string
		counts []int // classes reported per input
	}{
		{"link to a class folder beside a jar", []string{"classes", "store/lib1.jar"}, []string{"classes/", "store/lib1.jar"}, []int{10, 26}},
		{"links in a tree", []string{"tree"}, []string{"tree/lib1.jar", "tree/again/javalib.jar"}, []int{26, 17}},
		{"plain class folder", []string{"real/out"}, []string{"real/out"}, []int{10}},
		{"folder of jars", []string{"store"}, []string{"store/lib1.jar", "store/more/javalib.jar"}, []int{26, 17}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := []string{"--classpath", fixtures.RuntimeStubJar()}
			for _, p := range tt.paths {
				args = append(args, tr.path(p))
			}
			code, got, errOut := discoveryAudit(t, args...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var want []string
			for _, p := range tt.inputs {
				want = append(want, tr.path(p))
				if strings.HasSuffix(p, "/") {
					want[len(want)-1] += string(filepath.Separator)
				}
			}
			if !slices.Equal(got.Inputs, want) {
				t.Errorf("inputs %q, want %q", got.Inputs, want)
			}
			for i, n := range tt.counts {
				if c := got.perInput()[want[i]]; c != n {
					t.Errorf("%s: %d classes, want %d", tt.inputs[i], c, n)
				}
			}
		})
	}
}

// TestDiscoveryErrors checks that what discovery cannot use is said: a missing PATH or
// --classpath entry, a link loop or broken link in a searched folder stop with exit 3 naming the
// path; a PATH that holds nothing is a warning beside other inputs, and a usage error alone.
func TestDiscoveryErrors(t *testing.T) {
	tr := newTree(t).
		jar("lib1", "ok/lib1.jar").
		jar("lib1", "loop/sub/lib1.jar").link("..", "loop/sub/up").
		jar("lib1", "broken/lib1.jar").link("gone.jar", "broken/lib2.jar").
		link("nowhere", "dangling").
		classes("lib1", "proj/classes").link("..", "proj/classes/lib1/up").
		dir("empty")
	lib1 := tr.path("ok/lib1.jar")
	stub := fixtures.RuntimeStubJar()
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
		report bool // a report is printed
	}{
		{"missing PATH", []string{tr.path("nothere"), lib1}, exitUnreadable, "composestab: " + tr.path("nothere") + ": no such file or folder", false},
		{"missing --classpath entry", []string{"--classpath", tr.path("nocp"), lib1}, exitUnreadable, "composestab: --classpath: " + tr.path("nocp") + ": no such file or folder", false},
		// What cannot be searched below a PATH is an error of the report; the rest is read.
		{"link loop", []string{tr.path("loop")}, exitUnreadable, "unreadable: " + tr.path("loop/sub/up") + ": symbolic link loop: it leads back to ", true},
		{"broken link in a tree", []string{tr.path("broken")}, exitUnreadable, "unreadable: " + tr.path("broken/lib2.jar") + ": broken symbolic link to gone.jar", true},
		{"broken link given", []string{tr.path("dangling"), lib1}, exitUnreadable, "composestab: " + tr.path("dangling") + ": broken symbolic link to nowhere", false},
		// The class folder's reader skips a link back into itself, as the JVM's does not loop.
		{"link loop inside a class folder", []string{tr.path("proj")}, exitOK, "", true},
		{"empty folder beside an input", []string{tr.path("empty"), lib1}, exitOK, "warning: " + tr.path("empty") + ": no jar, AAR or class file found", true},
		{"empty folder alone", []string{tr.path("empty")}, exitUnreadable, "no jar, AAR or class folder found", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, got, errOut := discoveryAudit(t, append([]string{"--classpath", stub}, tt.args...)...)
			if code != tt.code {
				t.Errorf("exit %d, want %d", code, tt.code)
			}
			if !strings.Contains(errOut, tt.stderr) {
				t.Errorf("stderr lacks %q:\n%s", tt.stderr, errOut)
			}
			if tt.report != (got.Inputs != nil) {
				t.Errorf("report printed: %v, want %v (inputs %q)", got.Inputs != nil, tt.report, got.Inputs)
			}
			// lib1's classes are read, whichever copy holds them.
			if n := 0; tt.report {
				for _, c := range got.perInput() {
					n += c
				}
				if n != 26 {
					t.Errorf("%d classes, want lib1's 26", n)
				}
			}
		})
	}
}

// TestReportDistinctNames runs report over a Gradle transform cache, where every AAR's jar is a
// classes.jar, and over two modules' build/classes/kotlin/main: each input gets its own files,
// named after the folders that tell them apart, and each file equals the compiler's for its
// module (nothing is overwritten).
func TestReportDistinctNames(t *testing.T) {
	tr := newTree(t).
		jar("lib1", "transforms/0a1b/transformed/lib1-1.0/jars/classes.jar").
		jar("lib2", "transforms/9f8e/transformed/lib2-2.0/jars/classes.jar").
		classes("lib1", "proj/app/build/classes/kotlin/main").
		classes("lib2", "proj/lib/build/classes/kotlin/main")
	tests := []struct {
		name  string
		path  string
		files map[string]string // prefix → the fixture module whose reports it must equal
	}{
		{"transform cache", "transforms", map[string]string{"lib1-1_0-classes": "lib1", "lib2-2_0-classes": "lib2"}},
		{"gradle modules", "proj", map[string]string{"app-main": "lib1", "lib-main": "lib2"}},
	}
	suffixes := []string{"classes.txt", "composables.csv", "composables.txt", "module.json"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := t.TempDir()
			code, _, errOut := runCLI(t, "report", "--out", out, "--classpath", fixtures.RuntimeStubJar(), tr.path(tt.path))
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var want []string
			for prefix := range tt.files {
				for _, s := range suffixes {
					want = append(want, prefix+"-"+s)
				}
			}
			slices.Sort(want)
			entries, err := os.ReadDir(out)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			if !slices.Equal(names, want) {
				t.Fatalf("files %v, want %v", names, want)
			}
			for prefix, module := range tt.files {
				m, err := fixtures.Get(module)
				if err != nil {
					t.Fatal(err)
				}
				for _, s := range suffixes {
					got, err := os.ReadFile(filepath.Join(out, prefix+"-"+s))
					if err != nil {
						t.Fatal(err)
					}
					wantData, err := os.ReadFile(m.Report(s))
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(got, wantData) {
						t.Errorf("%s-%s differs from %s's compiler report", prefix, s, module)
					}
				}
			}
		})
	}
}

func TestReportPrefixes(t *testing.T) {
	tests := []struct {
		name   string
		inputs []string
		want   []string
	}{
		{"distinct base names", []string{"a/lib1.jar", "b/lib2.aar", "c/classes"}, []string{"lib1", "lib2", "classes"}},
		{"transform cache", []string{"/g/t/1/transformed/core-1.12.0/jars/classes.jar", "/g/t/2/transformed/ui-1.6.0/jars/classes.jar", "x/lib.jar"},
			[]string{"core-1_12_0-classes", "ui-1_6_0-classes", "lib"}},
		{"source sets of modules", []string{"app/build/classes/kotlin/main", "lib/build/classes/kotlin/main", "app/build/classes/kotlin/test"},
			[]string{"app-main", "lib-main", "test"}},
		{"differ two levels up", []string{"a/x/v/lib.jar", "b/x/v/lib.jar", "a/y/v/lib.jar"}, []string{"a-x-lib", "b-x-lib", "a-y-lib"}},
		{"same folder: the extension", []string{"d/lib.jar", "d/lib.aar"}, []string{"lib-jar", "lib-aar"}},
		{"link root's trailing separator", []string{"classes/", "other/classes"}, []string{"classes", "other-classes"}},
		{"a made-up name taken: numbered", []string{"a/main", "b/main", "x/a-main.jar"}, []string{"a-main", "b-main", "a-main-2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var in []string
			for _, p := range tt.inputs {
				in = append(in, filepath.FromSlash(p))
			}
			if got := reportPrefixes(in); !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
