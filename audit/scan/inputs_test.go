package scan

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/internal/fixtures"
)

// layout builds a folder tree under root for a discovery test.
type layout func(t *testing.T, root string)

// jarAt copies a fixture module's jar to rel under the layout's root.
func jarAt(module, rel string) layout {
	return func(t *testing.T, root string) {
		data, err := os.ReadFile(fixtureModuleJar(t, module))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(root, rel), data)
	}
}

// classesAt unpacks a fixture module's jar (its class files and META-INF) into the folder rel, as
// the compiler writes a class folder.
func classesAt(module, rel string) layout {
	return func(t *testing.T, root string) {
		for name, data := range jarEntries(t, fixtureModuleJar(t, module)) {
			writeFile(t, filepath.Join(root, rel, filepath.FromSlash(name)), data)
		}
	}
}

// aarAt writes an AAR at rel whose classes.jar is a fixture module's jar.
func aarAt(module, rel string) layout {
	return func(t *testing.T, root string) {
		jar, err := os.ReadFile(fixtureModuleJar(t, module))
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		for name, data := range map[string][]byte{"AndroidManifest.xml": []byte("<manifest/>"), "classes.jar": jar} {
			w, err := zw.Create(name)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := w.Write(data); err != nil {
				t.Fatal(err)
			}
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(root, rel), buf.Bytes())
	}
}

// fileAt writes a file with the given content.
func fileAt(rel, content string) layout {
	return func(t *testing.T, root string) { writeFile(t, filepath.Join(root, rel), []byte(content)) }
}

// copyAt copies the file from (an earlier layout's) to rel.
func copyAt(from, rel string) layout {
	return func(t *testing.T, root string) {
		data, err := os.ReadFile(filepath.Join(root, from))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(root, rel), data)
	}
}

// linkAt makes rel a symbolic link to target (relative to the link's folder, as ln -s).
func linkAt(target, rel string) layout {
	return func(t *testing.T, root string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, p); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
}

// dirAt makes an empty folder.
func dirAt(rel string) layout {
	return func(t *testing.T, root string) {
		if err := os.MkdirAll(filepath.Join(root, rel), 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

func writeFile(t *testing.T, p string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func fixtureModuleJar(t *testing.T, module string) string {
	t.Helper()
	if module == "runtime-stub" {
		return fixtures.RuntimeStubJar()
	}
	m, err := fixtures.Get(module)
	if err != nil {
		t.Fatal(err)
	}
	return m.Jar()
}

func jarEntries(t *testing.T, jar string) map[string][]byte {
	t.Helper()
	zr, err := zip.OpenReader(jar)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	out := map[string][]byte{}
	for _, f := range zr.File {
		if strings.HasSuffix(f.Name, "/") {
			continue
		}
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name] = data
	}
	return out
}

func build(t *testing.T, parts ...layout) string {
	t.Helper()
	root := t.TempDir()
	for _, p := range parts {
		p(t, root)
	}
	return root
}

// rel turns Discover's paths under root into slash paths relative to it (a trailing separator,
// which marks a root reached through a link, kept as "/").
func rel(root string, paths []string) []string {
	out := []string{}
	for _, p := range paths {
		r := strings.TrimPrefix(p, root+string(filepath.Separator))
		if p == root {
			r = "."
		}
		out = append(out, filepath.ToSlash(r))
	}
	return out
}

// gradleJVM is a built Gradle JVM module: two source sets, the jar task's output (packaged from
// them), kapt's stub classes and Gradle's own folders, none of which is read.
var gradleJVM = []layout{
	classesAt("lib2", "app/build/classes/kotlin/main"),
	classesAt("javalib", "app/build/classes/java/main"),
	classesAt("plainkt", "app/build/classes/kotlin/test"),
	jarAt("lib2", "app/build/libs/app.jar"),
	classesAt("lib2", "app/build/tmp/kapt3/incrementalData/main"),
	fileAt("app/build/tmp/jar/MANIFEST.MF", "Manifest-Version: 1.0\n"),
	jarAt("lib1", "libs/lib1.jar"),
	jarAt("runtime-stub", "gradle/wrapper/gradle-wrapper.jar"),
	jarAt("kinds", ".git/objects/kinds.jar"),
	jarAt("kinds", "node_modules/kinds/kinds.jar"),
	fileAt("settings.gradle.kts", "include(\":app\")\n"),
}

// gradleAndroid is a built Android library module: Kotlin and Java class folders, the jars made
// from them in intermediates (R.jar included) and the AAR.
var gradleAndroid = []layout{
	classesAt("lib2", "lib/build/tmp/kotlin-classes/debug"),
	classesAt("javalib", "lib/build/intermediates/javac/debug/compileDebugJavaWithJavac/classes"),
	jarAt("lib2", "lib/build/intermediates/compile_library_classes_jar/debug/classes.jar"),
	jarAt("javalib", "lib/build/intermediates/compile_r_class_jar/debug/R.jar"),
	aarAt("lib2", "lib/build/outputs/aar/lib-debug.aar"),
}

func TestDiscover(t *testing.T) {
	tests := []struct {
		name       string
		layout     []layout
		paths      []string // relative to the layout's root; none: the root
		want       []string
		superseded []string
		leftOut    []string // "path: reason"
		empty      []string
		wantErr    error // errors.Is target of the *InputError
		errPath    string
		problem    error // errors.Is target of the one Discovery.Problems entry
		probPath   string
	}{
		{
			name:       "gradle JVM project",
			layout:     gradleJVM,
			want:       []string{"app/build/classes/java/main", "app/build/classes/kotlin/main", "libs/lib1.jar"},
			superseded: []string{"app/build/libs/app.jar"},
			leftOut:    []string{"app/build/classes/kotlin/test: tests"},
		},
		{
			name:       "gradle Android library",
			layout:     gradleAndroid,
			want:       []string{"lib/build/tmp/kotlin-classes/debug", "lib/build/intermediates/javac/debug/compileDebugJavaWithJavac/classes"},
			superseded: []string{"lib/build/outputs/aar/lib-debug.aar", "lib/build/intermediates/compile_library_classes_jar/debug/classes.jar", "lib/build/intermediates/compile_r_class_jar/debug/R.jar"},
		},
		{
			name:       "gradle build folder with only packaged outputs",
			layout:     []layout{aarAt("lib1", "lib/build/outputs/aar/lib-release.aar"), jarAt("lib1", "lib/build/intermediates/aar_main_jar/release/classes.jar")},
			want:       []string{"lib/build/outputs/aar/lib-release.aar"},
			superseded: []string{"lib/build/intermediates/aar_main_jar/release/classes.jar"},
		},
		{
			name:   "gradle build folder with only intermediate jars",
			layout: []layout{jarAt("lib1", "lib/build/intermediates/aar_main_jar/release/classes.jar"), dirAt("lib/build/outputs/logs")},
			want:   []string{"lib/build/intermediates/aar_main_jar/release/classes.jar"},
		},
		{
			name:   "gradle build folder given as PATH",
			layout: gradleJVM,
			paths:  []string{"app/build"},
			want:   []string{"app/build/classes/java/main", "app/build/classes/kotlin/main"},
			// The note is the caller's to print for every PATH.
			superseded: []string{"app/build/libs/app.jar"},
			leftOut:    []string{"app/build/classes/kotlin/test: tests"},
		},
		{
			name:    "kotlin multiplatform target folders",
			layout:  []layout{classesAt("lib1", "shared/build/classes/kotlin/jvm/main"), classesAt("lib2", "shared/build/classes/kotlin/jvm/test")},
			want:    []string{"shared/build/classes/kotlin/jvm/main"},
			leftOut: []string{"shared/build/classes/kotlin/jvm/test: tests"},
		},
		{
			// Both build types define the same classes: the release ones ship, and the debug
			// ones read beside them would only be shadowed. Tests are not the app; buildSrc is
			// the build's own logic.
			name: "gradle Android app with variants, tests and buildSrc",
			layout: []layout{classesAt("lib1", "app/build/tmp/kotlin-classes/debug"), classesAt("lib1", "app/build/tmp/kotlin-classes/release"),
				classesAt("lib2", "app/build/tmp/kotlin-classes/debugUnitTest"), classesAt("lib2", "app/build/tmp/kotlin-classes/releaseAndroidTest"),
				classesAt("javalib", "app/build/intermediates/javac/freeDebug/compileFreeDebugJavaWithJavac/classes"),
				classesAt("javalib", "app/build/intermediates/javac/freeRelease/compileFreeReleaseJavaWithJavac/classes"),
				classesAt("kinds", "buildSrc/build/classes/kotlin/main"), classesAt("plainkt", "app/build/tmp/kotlin-classes/latest")},
			want: []string{"app/build/tmp/kotlin-classes/latest", "app/build/tmp/kotlin-classes/release",
				"app/build/intermediates/javac/freeRelease/compileFreeReleaseJavaWithJavac/classes"},
			leftOut: []string{"buildSrc: build logic", "app/build/tmp/kotlin-classes/debug: debug variant",
				"app/build/tmp/kotlin-classes/debugUnitTest: tests", "app/build/tmp/kotlin-classes/releaseAndroidTest: tests",
				"app/build/intermediates/javac/freeDebug/compileFreeDebugJavaWithJavac/classes: debug variant"},
		},
		{
			name:   "plain class folder given",
			layout: []layout{classesAt("lib2", "out")},
			paths:  []string{"out"},
			want:   []string{"out"},
		},
		{
			name:   "plain class folder named build (javac -d build)",
			layout: []layout{classesAt("lib2", "build")},
			want:   []string{"build"},
		},
		{
			name:   "plain class folder found in a tree is not searched further",
			layout: []layout{classesAt("lib2", "x/out"), jarAt("lib1", "x/out/lib2/inside.jar"), jarAt("lib1", "x/lib1.jar")},
			want:   []string{"x/lib1.jar", "x/out"},
		},
		{
			name: "multi-release class folder is one root",
			layout: []layout{classesAt("lib2", "mr"), fileAt("mr/META-INF/MANIFEST.MF", "Multi-Release: true\n"),
				copyAt("mr/lib2/L2Box.class", "mr/META-INF/versions/11/lib2/L2Box.class")},
			want: []string{"mr"},
		},
		{
			name:   "a class file outside its package's folder is read on its own",
			layout: []layout{copyAt0("lib2", "lib2/L2Box.class", "stray/L2Box.class")},
			want:   []string{"stray/L2Box.class"},
		},
		{
			name:   "folder of jars",
			layout: []layout{jarAt("lib1", "jars/lib1.jar"), jarAt("lib2", "jars/lib2.jar"), aarAt("javalib", "jars/javalib.aar"), fileAt("jars/README", "not a jar")},
			paths:  []string{"jars"},
			want:   []string{"jars/javalib.aar", "jars/lib1.jar", "jars/lib2.jar"},
		},
		{
			name:   "symbolic link to a class folder given",
			layout: []layout{classesAt("lib2", "real/out"), linkAt("real/out", "link"), jarAt("lib1", "lib1.jar")},
			paths:  []string{"link", "lib1.jar"},
			want:   []string{"link/", "lib1.jar"},
		},
		{
			name: "symbolic links in a tree are followed, each target read once",
			layout: []layout{jarAt("lib1", "store/lib1.jar"), classesAt("lib2", "store/classes"),
				linkAt("../store/lib1.jar", "tree/a.jar"), linkAt("../store/classes", "tree/classes"),
				linkAt("../store", "tree/store1"), linkAt("../store", "tree/store2")},
			paths: []string{"tree"},
			want:  []string{"tree/a.jar", "tree/classes/"},
		},
		{
			name:   "the same input from two PATHs is listed once",
			layout: []layout{classesAt("lib2", "out"), jarAt("lib1", "libs/lib1.jar")},
			paths:  []string{"out/lib2/L2Box.class", ".", "libs/lib1.jar", "out"},
			want:   []string{"libs/lib1.jar", "out"},
		},
		{
			name:   "empty folder",
			layout: []layout{dirAt("empty"), jarAt("lib1", "lib1.jar"), fileAt("empty/notes.txt", "x")},
			paths:  []string{"empty", "lib1.jar"},
			want:   []string{"lib1.jar"},
			empty:  []string{"empty"},
		},
		{
			name:     "link loop",
			layout:   []layout{jarAt("lib1", "tree/sub/lib1.jar"), linkAt("..", "tree/sub/up")},
			paths:    []string{"tree"},
			want:     []string{"tree/sub/lib1.jar"},
			problem:  ErrLinkLoop,
			probPath: "tree/sub/up",
		},
		{
			name:     "link chain that never ends",
			layout:   []layout{jarAt("lib1", "tree/lib1.jar"), linkAt("b", "tree/a"), linkAt("a", "tree/b")},
			paths:    []string{"tree"},
			want:     []string{"tree/lib1.jar"},
			problem:  ErrLinkLoop,
			probPath: "tree/a",
		},
		{
			name:     "broken link",
			layout:   []layout{jarAt("lib1", "tree/lib1.jar"), linkAt("gone.jar", "tree/lib2.jar")},
			paths:    []string{"tree"},
			want:     []string{"tree/lib1.jar"},
			problem:  ErrBrokenLink,
			probPath: "tree/lib2.jar",
		},
		{
			name:    "broken link given",
			layout:  []layout{linkAt("gone", "link")},
			paths:   []string{"link"},
			want:    []string{},
			wantErr: ErrBrokenLink,
			errPath: "link",
		},
		{
			name:    "missing path",
			layout:  []layout{jarAt("lib1", "lib1.jar")},
			paths:   []string{"lib1.jar", "nothere"},
			want:    []string{"lib1.jar"},
			wantErr: ErrInputMissing,
			errPath: "nothere",
		},
		{
			name:   "hidden broken links and loops are not searched",
			layout: []layout{jarAt("lib1", "lib1.jar"), linkAt("..", ".hidden/up"), linkAt("gone", ".dangling")},
			want:   []string{"lib1.jar"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := build(t, tt.layout...)
			paths := []string{root}
			if tt.paths != nil {
				paths = nil
				for _, p := range tt.paths {
					paths = append(paths, filepath.Join(root, filepath.FromSlash(p)))
				}
			}
			d, err := Discover(paths, archive.Limits{})
			if got := rel(root, d.Inputs); !slices.Equal(got, tt.want) {
				t.Errorf("inputs %q, want %q", got, tt.want)
			}
			var sup []string
			for _, s := range d.Superseded {
				sup = append(sup, s.Path)
			}
			if got := rel(root, sup); !slices.Equal(got, append([]string{}, tt.superseded...)) {
				t.Errorf("superseded %q, want %q", got, tt.superseded)
			}
			var lo []string
			for _, l := range d.LeftOut {
				lo = append(lo, rel(root, []string{l.Path})[0]+": "+string(l.Why))
			}
			if !slices.Equal(lo, append([]string{}, tt.leftOut...)) {
				t.Errorf("left out %q, want %q", lo, tt.leftOut)
			}
			if got := rel(root, d.Empty); !slices.Equal(got, append([]string{}, tt.empty...)) {
				t.Errorf("empty %q, want %q", got, tt.empty)
			}
			switch {
			case tt.problem == nil && len(d.Problems) > 0:
				t.Errorf("problems %v", d.Problems)
			case tt.problem != nil:
				var ie *InputError
				if len(d.Problems) == 0 || !errors.As(d.Problems[0], &ie) || !errors.Is(d.Problems[0], tt.problem) {
					t.Fatalf("problems %v, want *InputErrors wrapping %v", d.Problems, tt.problem)
				}
				if got := rel(root, []string{ie.Path})[0]; got != tt.probPath {
					t.Errorf("problem names %q, want %q", got, tt.probPath)
				}
			}
			if tt.wantErr == nil {
				if err != nil {
					t.Fatalf("error %v", err)
				}
				return
			}
			var ie *InputError
			if !errors.As(err, &ie) || !errors.Is(err, tt.wantErr) {
				t.Fatalf("error %v, want an *InputError wrapping %v", err, tt.wantErr)
			}
			if got := rel(root, []string{ie.Path})[0]; got != tt.errPath {
				t.Errorf("error names %q, want %q", got, tt.errPath)
			}
			if _, ferr := findInputs(paths, archive.Limits{}); ferr == nil {
				t.Errorf("findInputs: no error")
			}
		})
	}
}

// copyAt0 copies one entry of a fixture module's jar to rel.
func copyAt0(module, entry, rel string) layout {
	return func(t *testing.T, root string) {
		data, ok := jarEntries(t, fixtureModuleJar(t, module))[entry]
		if !ok {
			t.Fatalf("%s has no %s", module, entry)
		}
		writeFile(t, filepath.Join(root, rel), data)
	}
}

// TestFindInputsIdempotent checks that the inputs findInputs returns expand to themselves: the
// CLI expands PATHs and Scan expands them again.
func TestFindInputsIdempotent(t *testing.T) {
	layouts := map[string][]layout{
		"gradle JVM":     gradleJVM,
		"gradle Android": gradleAndroid,
		// .real is hidden, so the links are what finds its contents.
		"links": {classesAt("lib2", ".real/out"), linkAt(".real/out", "link"), jarAt("lib1", ".real/lib1.jar"),
			linkAt(".real/lib1.jar", "lib1.jar"), copyAt0("lib2", "lib2/L2Box.class", "stray/L2Box.class")},
	}
	for name, parts := range layouts {
		t.Run(name, func(t *testing.T) {
			root := build(t, parts...)
			first, err := findInputs([]string{root}, archive.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if len(first) == 0 {
				t.Fatal("nothing found")
			}
			again, err := findInputs(first, archive.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(again, first) {
				t.Errorf("again %q, first %q", rel(root, again), rel(root, first))
			}
		})
	}
}

// TestDiscoverProblemsBelowAPath: a folder that cannot be read below a searched PATH is a
// problem, and the rest of the PATH is still found; the PATH itself unreadable stops it. A link
// loop inside a class folder is no problem: the class folder's reader skips it.
func TestDiscoverProblemsBelowAPath(t *testing.T) {
	root := build(t, jarAt("lib1", "tree/lib1.jar"), jarAt("lib2", "tree/locked/lib2.jar"),
		classesAt("lib1", "classes"), linkAt("..", "classes/lib1/up"))
	locked := filepath.Join(root, "tree", "locked")
	defer func(r func(string) ([]os.DirEntry, error)) { readDir = r }(readDir)
	readDir = func(dir string) ([]os.DirEntry, error) {
		if dir == locked {
			return nil, &fs.PathError{Op: "open", Path: dir, Err: fs.ErrPermission}
		}
		return os.ReadDir(dir)
	}
	d, err := Discover([]string{filepath.Join(root, "tree"), filepath.Join(root, "classes")}, archive.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if got := rel(root, d.Inputs); !slices.Equal(got, []string{"tree/lib1.jar", "classes"}) {
		t.Errorf("inputs %q", got)
	}
	var ie *InputError
	if len(d.Problems) != 1 || !errors.As(d.Problems[0], &ie) || ie.Path != locked || !errors.Is(d.Problems[0], fs.ErrPermission) {
		t.Errorf("problems %v", d.Problems)
	}
	// The same folder named as the PATH: nothing to read, an error.
	if _, err := Discover([]string{locked}, archive.Limits{}); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("locked PATH: %v", err)
	}
}
