package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/composestab/composestab/maven/maventest"
)

// Tests of group:artifact:version arguments, against the repositories package maventest builds
// from the golden jars: a Maven-layout folder and a Gradle user home with its download cache.

// coordRepos builds the test repositories and returns the flags that select only them, and a
// function finding a file in them (the Gradle cache's hash folders make paths long).
func coordRepos(t *testing.T) (flags []string, file func(group, artifact, version, name string) string) {
	t.Helper()
	r, err := maventest.Build(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	file = func(group, artifact, version, name string) string {
		t.Helper()
		for _, pattern := range []string{
			filepath.Join(r.Maven, strings.ReplaceAll(group, ".", "/"), artifact, version, name),
			filepath.Join(r.GradleCache(), group, artifact, version, "*", name),
		} {
			if m, _ := filepath.Glob(pattern); len(m) == 1 {
				return m[0]
			}
		}
		t.Fatalf("%s:%s:%s has no %s", group, artifact, version, name)
		return ""
	}
	return []string{"--no-default-repos", "--repo", r.Maven, "--repo", r.GradleHome}, file
}

// TestCoordinateAudit checks that auditing coordinates prints exactly what auditing the files
// they resolve to, with a hand-written --classpath, prints.
func TestCoordinateAudit(t *testing.T) {
	repos, file := coordRepos(t)
	lib2 := file("com.example", "lib2", "1.0", "lib2-1.0.jar")
	lib1 := file("com.example", "lib1", "1.0", "lib1-1.0.jar")
	lib11 := file("com.example", "lib1", "1.1", "lib1-1.1.jar")
	runtime := file("com.example.compose", "runtime", "1.0", "runtime-1.0.jar")
	aar := file("com.example", "kmp-android", "1.0", "kmp-android-1.0.aar")
	kmpJVM := file("com.example", "kmp-jvm", "1.0", "kmp-jvm-1.0.jar")
	javalib := file("org.example", "javalib", "1.0", "javalib-1.0.jar")
	// A dependency no repository holds is an error of the report (exit 3); the rest is as with
	// the files.
	missing := "unreadable: com.example:absent:1.2: not in any repository (needed by 2 artefacts)\ncomposestab: 1 input or entry could not be read (see above)\n"
	for _, tc := range []struct {
		name       string
		coords     []string // arguments after audit --format json and the repository flags
		hand       []string // the same audit with paths
		wantStderr string   // what the coordinate audit says on stderr
	}{
		{"library", []string{"com.example:lib2:1.0"}, []string{"--classpath", joinPaths(lib1, runtime), lib2},
			"com.example:lib2:1.0: " + lib2 + "\nclasspath: 2 artefacts resolved from their dependencies (composestab deps shows the tree)\n"},
		{"kmp android", []string{"com.example:kmp:1.0"}, []string{"--classpath", joinPaths(lib2, lib11, runtime), aar},
			"com.example:kmp:1.0: " + aar + "\nclasspath: 3 artefacts resolved from their dependencies (composestab deps shows the tree)\n" + missing},
		{"kmp jvm", []string{"--platform", "jvm", "com.example:kmp:1.0"}, []string{"--classpath", joinPaths(lib1, javalib, runtime), kmpJVM},
			"com.example:kmp:1.0: " + kmpJVM + "\nclasspath: 3 artefacts resolved from their dependencies (composestab deps shows the tree)\n"},
		{"no deps", []string{"--no-deps", "com.example:kmp:1.0"}, []string{aar}, "com.example:kmp:1.0: " + aar + "\n"},
		{"two modules", []string{"com.example:lib1:1.0", "com.example:lib2:1.0"}, []string{"--classpath", runtime, lib1, lib2},
			"com.example:lib1:1.0: " + lib1 + "\ncom.example:lib2:1.0: " + lib2 + "\nclasspath: 1 artefact resolved from their dependencies (composestab deps shows the tree)\n"},
		{"coordinate in a --classpath list", []string{"--classpath", joinPaths(runtime, "com.example:lib1:1.0"), lib2}, []string{"--classpath", joinPaths(runtime, lib1), lib2},
			"com.example:lib1:1.0: " + lib1 + "\nclasspath: 1 artefact resolved from their dependencies (composestab deps shows the tree)\n"},
		{"path input, quiet", []string{"--quiet", "--classpath", "com.example:lib1:1.0", lib2}, []string{"--classpath", joinPaths(lib1, runtime), lib2}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append(append([]string{"audit", "--format", "json"}, repos...), tc.coords...)
			code, out, errOut := runCLI(t, args...)
			hcode, hout, herr := runCLI(t, append([]string{"audit", "--format", "json"}, tc.hand...)...)
			wantCode := exitOK
			if strings.Contains(tc.wantStderr, "unreadable: ") {
				wantCode = exitUnreadable
				// The same report but for the error, and the summary that counts it.
				var a, b map[string]json.RawMessage
				json.Unmarshal([]byte(out), &a)
				json.Unmarshal([]byte(hout), &b)
				if want := `[{"kind":"unreadable","input":"com.example:absent:1.2","entry":"","class":"","message":"not in any repository (needed by 2 artefacts)"}]`; compactJSON(a["errors"]) != want {
					t.Errorf("errors %s, want %s", a["errors"], want)
				}
				for _, k := range []string{"classes", "inputs"} {
					if string(a[k]) != string(b[k]) {
						t.Errorf("%s differ", k)
					}
				}
				out, hout = string(a["classes"]), string(b["classes"])
			}
			if code != wantCode || hcode != exitOK {
				t.Fatalf("exit %d and %d\n%s\n%s", code, hcode, errOut, herr)
			}
			if out != hout {
				t.Errorf("coordinate audit differs from the hand-written one\n--- coordinates\n%s\n--- paths\n%s", out, hout)
			}
			if !strings.Contains(out, `"jvmName"`) {
				t.Errorf("no classes reported:\n%s", out)
			}
			if errOut != tc.wantStderr {
				t.Errorf("stderr:\n%s\nwant:\n%s", errOut, tc.wantStderr)
			}
		})
	}
}

func TestCoordinateDiffAndExplain(t *testing.T) {
	repos, file := coordRepos(t)
	runtime := file("com.example.compose", "runtime", "1.0", "runtime-1.0.jar")
	oldCP := joinPaths(file("com.example", "dep", "1.0", "dep-1.0.jar"), runtime)
	newCP := joinPaths(file("com.example", "dep", "2.0", "dep-2.0.jar"), file("com.example", "plain", "2.0", "plain-2.0.jar"), runtime)
	libv1, libv2 := file("com.example", "libv", "1.0", "libv-1.0.jar"), file("com.example", "libv", "2.0", "libv-2.0.jar")
	args := append(append([]string{"diff", "--quiet"}, repos...), "com.example:libv:1.0", "com.example:libv:2.0")
	code, out, errOut := runCLI(t, args...)
	hcode, hout, _ := runCLI(t, "diff", "--old-classpath", oldCP, "--new-classpath", newCP, libv1, libv2)
	if code != exitFindings || hcode != exitFindings || out != hout {
		t.Errorf("exit %d and %d; coordinates:\n%s\npaths:\n%s", code, hcode, out, hout)
	}
	if want := "composestab: 9 stability regressions\n"; errOut != want {
		t.Errorf("stderr %q, want %q", errOut, want)
	}
	if !strings.Contains(out, "evo.lib.DependsOnDep: stable → unstable: dependency `evo.dep.Dep` became unstable (`$stable` 0 → 8 in dep-2.0.jar)") {
		t.Errorf("diff:\n%s", out)
	}

	args = append(append([]string{"explain", "--quiet"}, repos...), "--classpath", "com.example:lib1:1.0", "lib1.LBox<lib1.LStable>")
	code, out, errOut = runCLI(t, args...)
	hcode, hout, _ = runCLI(t, "explain", "--classpath", joinPaths(file("com.example", "lib1", "1.0", "lib1-1.0.jar"), runtime), "lib1.LBox<lib1.LStable>")
	if code != exitOK || hcode != exitOK || out != hout || !strings.Contains(out, "expression: LBox.$stable | LStable.$stable") {
		t.Errorf("explain: exit %d and %d %s\n%s\n%s", code, hcode, errOut, out, hout)
	}
}

func TestDeps(t *testing.T) {
	repos, _ := coordRepos(t)
	// The Gradle cache's SHA-1 folders vary with the golden jars.
	hash := regexp.MustCompile(`(files-2\.1/[^/]+/[^/]+/[^/]+/)[0-9a-f]+/`)
	clean := func(s string) string {
		s = strings.ReplaceAll(strings.ReplaceAll(s, repos[4], "$GRADLE"), repos[2], "$M2")
		return hash.ReplaceAllString(s, "${1}HASH/")
	}
	code, out, errOut := runCLI(t, append(append([]string{"deps"}, repos...), "com.example:kmp:1.0")...)
	// com.example:absent:1.2 is in no repository: the tree is printed, and the exit code says so.
	if wantErr := "not in any repository: com.example:absent:1.2 (needed by 2 artefacts)\ncomposestab: 1 dependency could not be resolved (see above)\n"; code != exitUnreadable || errOut != wantErr {
		t.Fatalf("exit %d: %q", code, errOut)
	}
	out = clean(out)
	want := `com.example:kmp:1.0
\--- com.example:kmp-android:1.0
     +--- com.example:lib2:1.0
     |    +--- com.example:lib1:1.0 -> 1.1
     |    |    +--- com.example.compose:runtime:1.0
     |    |    \--- com.example:absent:1.2 (n)
     |    \--- com.example.compose:runtime:1.0-beta01 -> 1.0
     +--- com.example:lib1:1.1 (*)
     \--- com.example:absent:1.2 (n)

(*) - dependencies omitted (listed previously)
(n) - not in any repository

Files (android; searched $M2 (maven), $GRADLE/caches/modules-2/files-2.1 (gradle-cache)):
  com.example:kmp-android:1.0 (root)
    $GRADLE/caches/modules-2/files-2.1/com.example/kmp-android/1.0/HASH/kmp-android-1.0.aar
    variant androidReleaseRuntimeElements-published of $GRADLE/caches/modules-2/files-2.1/com.example/kmp-android/1.0/HASH/kmp-android-1.0.module
  com.example:lib2:1.0 (classpath)
    $GRADLE/caches/modules-2/files-2.1/com.example/lib2/1.0/HASH/lib2-1.0.jar
    variant runtimeElements of $GRADLE/caches/modules-2/files-2.1/com.example/lib2/1.0/HASH/lib2-1.0.module
  com.example:lib1:1.1 (classpath)
    $GRADLE/caches/modules-2/files-2.1/com.example/lib1/1.1/HASH/lib1-1.1.jar
    variant runtimeElements of $GRADLE/caches/modules-2/files-2.1/com.example/lib1/1.1/HASH/lib1-1.1.module
  com.example.compose:runtime:1.0 (classpath)
    $M2/com/example/compose/runtime/1.0/runtime-1.0.jar
    from $M2/com/example/compose/runtime/1.0/runtime-1.0.pom
`
	if out != want {
		t.Errorf("deps:\n%s\nwant:\n%s", out, want)
	}

	// JSON: the same resolution, typed.
	code, out, _ = runCLI(t, append(append([]string{"deps", "--format", "json", "--platform", "jvm", "--quiet"}, repos...), "com.example:kmp:1.0")...)
	for _, s := range []string{"{\n  \"schemaVersion\": 1,\n", `"platform": "jvm"`, `"variant": "jvmRuntimeElements-published"`, `"missing": []`, `"selected": "1.0"`, `"problems": []`} {
		if code != exitOK || !strings.Contains(out, s) {
			t.Errorf("exit %d; JSON lacks %s:\n%s", code, s, out)
		}
	}
}

func TestCoordinateErrors(t *testing.T) {
	repos, _ := coordRepos(t)
	for _, tc := range []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"unknown coordinate", []string{"audit", "com.example:nope:1.0"}, exitUnreadable,
			"composestab: com.example:nope:1.0: not in any repository (searched " + repos[2] + " (maven), " + filepath.Join(repos[4], "caches", "modules-2", "files-2.1") + " (gradle-cache))\n"},
		{"platform", []string{"audit", "--platform", "ios", "com.example:lib2:1.0"}, exitUsage, "composestab: --platform \"ios\": choose one of android, jvm\n"},
		{"deps of a path", []string{"deps", "lib.jar"}, exitUsage, "composestab: deps: \"lib.jar\" is not group:artifact:version\n"},
		{"deps without argument", []string{"deps"}, exitUsage, "composestab: deps needs at least one coordinate, such as androidx.compose.ui:ui:1.7.0\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append(append([]string{tc.args[0]}, repos...), tc.args[1:]...)
			code, _, errOut := runCLI(t, args...)
			if code != tc.code || errOut != tc.msg {
				t.Errorf("exit %d, stderr %q; want %d, %q", code, errOut, tc.code, tc.msg)
			}
		})
	}
	code, _, errOut := runCLI(t, "deps", "--no-default-repos", "--repo", filepath.Join(t.TempDir(), "none"), "a:b:1")
	if code != exitUnreadable || !strings.Contains(errOut, "--repo: repository ") {
		t.Errorf("missing --repo folder: exit %d, %q", code, errOut)
	}
}

func TestSplitList(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "a:b:1") // a file whose name looks like a coordinate stays a path
	if err := os.WriteFile(existing, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		in   []string
		want []string
	}{
		{[]string{"x.jar:g.h:a:1.0:y.jar"}, []string{"x.jar", "g.h:a:1.0", "y.jar"}},
		{[]string{"g:a:1", "x.jar::y.jar"}, []string{"g:a:1", "x.jar", "y.jar"}},
		{[]string{"g:a:1:h:b:2"}, []string{"g:a:1", "h:b:2"}},
		{[]string{"out:g:a:1"}, []string{"out", "g:a:1"}},
		{[]string{existing}, []string{dir + "/a", "b", "1"}},
		{[]string{"a/b:c:1.0"}, []string{"a/b", "c", "1.0"}},
	} {
		if got := splitList(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("splitList(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestCoordinateLibraryBump is the library bump's what-if by coordinates: the same app (libv 1.0)
// against two versions of its dependency, named as group:artifact:version on each side's
// classpath, prints what the resolved files print, every change with the dependency as its cause.
func TestCoordinateLibraryBump(t *testing.T) {
	repos, file := coordRepos(t)
	runtime := file("com.example.compose", "runtime", "1.0", "runtime-1.0.jar")
	app := file("com.example", "libv", "1.0", "libv-1.0.jar")
	args := append(append([]string{"diff", "--quiet", "--format", "json"}, repos...),
		"--old-classpath", "com.example:dep:1.0", "--new-classpath", "com.example:dep:2.0", "--classpath", runtime, app, app)
	code, out, errOut := runCLI(t, args...)
	hcode, hout, _ := runCLI(t, "diff", "--quiet", "--format", "json", "--old-classpath", joinPaths(file("com.example", "dep", "1.0", "dep-1.0.jar"), runtime),
		"--new-classpath", joinPaths(file("com.example", "dep", "2.0", "dep-2.0.jar"), runtime), app, app)
	if code != exitFindings || hcode != exitFindings || out != hout {
		t.Fatalf("exit %d and %d (%s); coordinates:\n%s\npaths:\n%s", code, hcode, errOut, out, hout)
	}
	for _, want := range []string{`"class": "evo.lib.DependsOnDep"`, `"kind": "dependency"`, `"class": "evo.dep.Dep"`} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %s in\n%s", want, out)
		}
	}
}

func compactJSON(raw json.RawMessage) string {
	var b bytes.Buffer
	json.Compact(&b, raw)
	return b.String()
}
