package verify

import (
	"archive/zip"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/maven"
	"github.com/composestab/composestab/maven/maventest"
	"github.com/composestab/composestab/stability"
)

// TestParseProvenAt: the comment cards --format stability-config writes, with a coordinate or
// a jar's path, and the lines that are no such comment.
func TestParseProvenAt(t *testing.T) {
	for _, tt := range []struct {
		line string
		want provenAt
		ok   bool
	}{
		{"// proven at com.example:clib@1.0: clib.WrapsPlain is Unstable without it; final; every field is final and stable: p: PlainPoint",
			provenAt{Text: "com.example:clib@1.0", Module: maven.Module{Group: "com.example", Artifact: "clib"}, Version: "1.0"}, true},
		{"  // proven at androidx.compose.ui:ui-graphics-android@1.7.0-beta01: x", provenAt{Text: "androidx.compose.ui:ui-graphics-android@1.7.0-beta01",
			Module: maven.Module{Group: "androidx.compose.ui", Artifact: "ui-graphics-android"}, Version: "1.7.0-beta01"}, true},
		{"// proven at golden/cfgdomain/cfgdomain.jar: cfgdomain.Money is Unstable without it",
			provenAt{Text: "golden/cfgdomain/cfgdomain.jar", File: "golden/cfgdomain/cfgdomain.jar"}, true},
		{"// proven at /home/me/libs/v@2/lib.jar: p", provenAt{Text: "/home/me/libs/v@2/lib.jar", File: "/home/me/libs/v@2/lib.jar"}, true},
		{"// proven at com.example:clib@1.0", provenAt{Text: "com.example:clib@1.0", Module: maven.Module{Group: "com.example", Artifact: "clib"}, Version: "1.0"}, true},
		{"// proven at : nothing", provenAt{}, false},
		{"// Only proven lines: every class each applies to is final", provenAt{}, false},
		{"clib.WrapsPlain", provenAt{}, false},
	} {
		got, ok := parseProvenAt(tt.line)
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseProvenAt(%q) = %+v, %v; want %+v, %v", tt.line, got, ok, tt.want, tt.ok)
		}
	}
}

// TestProvenComments: a line takes the nearest "proven at" comment of the comment lines right
// above it (the merged file adds its own between them); a blank line or another line ends them.
func TestProvenComments(t *testing.T) {
	text := strings.Join([]string{
		"// Stability configuration written by composestab cards for app.jar.", // 1
		"",                                      // 2
		"// proven at com.example:a@1.0: proof", // 3
		"a.A",                                   // 4
		"",                                      // 5
		"// proven at com.example:b@2.0: proof", // 6
		"// composestab config-unproven: declares stable b.B; …", // 7
		"b.B",                                   // 8
		"// proven at com.example:c@3.0: proof", // 9
		"",                                      // 10
		"c.C",                                   // 11
		"d.D",                                   // 12
		"// proven at libs/e.jar: proof\r",      // 13
		"e.E\r",                                 // 14
	}, "\n")
	got := provenComments([]stability.ConfigText{{Path: "s.conf", Data: []byte(text)}})
	want := map[string]string{"s.conf:4": "com.example:a@1.0", "s.conf:8": "com.example:b@2.0", "s.conf:14": "libs/e.jar"}
	if len(got) != len(want) {
		t.Errorf("got %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k].Text != v {
			t.Errorf("%s: %q, want %q", k, got[k].Text, v)
		}
	}
}

// TestLayoutVersion: the version of a module a file's path names, in a Maven repository's
// layout and in Gradle's cache, and the paths that name another module or none.
func TestLayoutVersion(t *testing.T) {
	m := maven.Module{Group: "com.example", Artifact: "clib"}
	for _, tt := range []struct {
		path, version string
	}{
		{"/home/me/.m2/repository/com/example/clib/1.0/clib-1.0.jar", "1.0"},
		{"/r/com/example/clib/2.0-SNAPSHOT/clib-2.0-20240101.120000-3.jar", "2.0-SNAPSHOT"},
		{"/r/com/example/clib/1.1/clib-1.1.aar", "1.1"},
		{"/g/caches/modules-2/files-2.1/com.example/clib/2.0/483be20c5ef741125d676008434fa961084b480d/clib-2.0.jar", "2.0"},
		{"/r/org/example/clib/1.0/clib-1.0.jar", ""},               // another group
		{"/r/com/example/clibx/1.0/clibx-1.0.jar", ""},             // another artifact
		{"/r/com/example/clib/1.0/other-1.0.jar", ""},              // not the artifact's file
		{"testdata/golden/clibv1/clibv1.jar", ""},                  // no layout
		{"/g/files-2.1/org.example/clib/2.0/abc/clib-2.0.jar", ""}, // another group, Gradle
	} {
		v, ok := layoutVersion(filepath.FromSlash(tt.path), m)
		if v != tt.version || ok != (tt.version != "") {
			t.Errorf("layoutVersion(%s) = %q, %v; want %q", tt.path, v, ok, tt.version)
		}
	}
}

// TestPOMVersions: a jar Maven built names its module and version in
// META-INF/maven/GROUP/ARTIFACT/pom.properties; one whose properties disagree with the folder,
// a malformed one and a file that is no jar name nothing.
func TestPOMVersions(t *testing.T) {
	dir := t.TempDir()
	jar := filepath.Join(dir, "shaded.jar")
	writeZip(t, jar, map[string]string{
		"META-INF/maven/com.example/clib/pom.properties":  "#Generated by Maven\n#Tue Jan 02 2024\nversion=1.4.2\ngroupId=com.example\nartifactId=clib\n",
		"META-INF/maven/org.other/dep/pom.properties":     "groupId=org.other\r\nartifactId=dep\r\nversion = 3.0\r\n",
		"META-INF/maven/org.liar/lie/pom.properties":      "groupId=org.truth\nartifactId=lie\nversion=1\n",
		"META-INF/maven/org.broken/broken/pom.properties": "version=1:2\ngroupId=org.broken\nartifactId=broken\n",
		"META-INF/maven/too/deep/x/pom.properties":        "groupId=too\nartifactId=deep\nversion=1\n",
		"clib/WrapsPlain.class":                           "\xca\xfe\xba\xbe",
	})
	notJar := filepath.Join(dir, "notes.jar")
	if err := os.WriteFile(notJar, []byte("not a zip"), 0o644); err != nil {
		t.Fatal(err)
	}
	sc := &staleCheck{poms: map[string]map[maven.Module]string{}}
	got := sc.pomVersions(jar)
	want := map[maven.Module]string{{Group: "com.example", Artifact: "clib"}: "1.4.2", {Group: "org.other", Artifact: "dep"}: "3.0"}
	if len(got) != len(want) {
		t.Errorf("pom.properties of %s: %v, want %v", jar, got, want)
	}
	for m, v := range want {
		if got[m] != v {
			t.Errorf("%s: %q, want %q", m, got[m], v)
		}
	}
	for _, p := range []string{notJar, dir, filepath.Join(dir, "missing.jar")} {
		if got := sc.pomVersions(p); len(got) != 0 {
			t.Errorf("%s: %v", p, got)
		}
	}
	sc.files = []string{notJar, jar}
	if v, files := sc.versions(maven.Module{Group: "com.example", Artifact: "clib"}); strings.Join(v, ",") != "1.4.2" || strings.Join(files, ",") != jar {
		t.Errorf("versions of com.example:clib: %v in %v", v, files)
	}
}

func writeZip(t *testing.T, path string, entries map[string]string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for name, data := range entries {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(data)); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestConfigStaleDep: libv 1.0 and 2.0 of the test repositories depend on dep 1.0 and 2.0,
// whose evo.dep.Dep holds a val in 1.0 and a var in 2.0. A line for it said proven at dep 1.0
// is stale against dep 2.0 — named with both versions, and false there — and not against 1.0;
// a line said proven at an artefact the classpath lacks is stale, and one without the comment
// never is.
func TestConfigStaleDep(t *testing.T) {
	r, err := maventest.Build(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	m2 := func(parts ...string) string {
		return filepath.Join(append([]string{r.Maven, "com", "example"}, parts...)...)
	}
	app := m2("libv", "1.0", "libv-1.0.jar")
	runtime := filepath.Join(r.Maven, "com", "example", "compose", "runtime", "1.0", "runtime-1.0.jar")
	conf := filepath.Join(t.TempDir(), "stability.conf")
	if err := os.WriteFile(conf, []byte(strings.Join([]string{
		"// proven at com.example:dep@1.0: evo.dep.Dep is Stable without it", // 1
		"evo.dep.Dep", // 2
		"",            // 3
		"// proven at com.example:gone@1.0: proof", // 4
		"evo.dep.DepGeneric",                       // 5
		"",                                         // 6
		"evo.dep.DepUnchanged",                     // 7
	}, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	gone := "proven at com.example:gone@1.0, but com.example:gone is no longer on the classpath, as far as its files tell (none is laid out as a Maven repository or Gradle's cache lays out its files, nor names it in its pom.properties)"
	goneFix := "run composestab cards again against the classpath of today (if those files are com.example:gone's, pass it as com.example:gone:VERSION with --classpath so that its version is known)"
	for _, tt := range []struct {
		dep  string
		want map[string]string // "line N" → the config-stale message's parts
	}{
		{"1.0", map[string]string{
			"line 5": gone + "; the classes it applies to now come from " + m2("dep", "1.0", "dep-1.0.jar") +
				": the line is not needed on the classpath of today: evo.dep.DepGeneric is Parameter(T) without it. Fix: " + goneFix,
		}},
		{"2.0", map[string]string{
			"line 2": "proven at com.example:dep@1.0, but the classpath now has com.example:dep 2.0 (" + m2("dep", "2.0", "dep-2.0.jar") +
				"): the line is no longer proven on 2.0, it is false: evo.dep.Dep, whose var `x` is reassigned (in setX). Fix: run composestab cards against com.example:dep:2.0 and replace the line and its comment with what it writes",
			"line 5": gone + "; the classes it applies to now come from " + m2("dep", "2.0", "dep-2.0.jar") +
				": the line is not needed on the classpath of today: evo.dep.DepGeneric is Parameter(T) without it. Fix: " + goneFix,
		}},
	} {
		t.Run(tt.dep, func(t *testing.T) {
			dep := m2("dep", tt.dep, "dep-"+tt.dep+".jar")
			rep, err := scan.Scan(context.Background(), scan.Options{Inputs: []string{app}, Classpath: []string{dep, runtime},
				Configs: []string{conf}, CheckConfig: true, IncludeNonPublic: true})
			if err != nil {
				t.Fatal(err)
			}
			defer rep.Close()
			v, err := Verify(rep, Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for _, x := range v.Violations {
				if x.Rule != RuleConfigStale {
					continue
				}
				if x.Severity != SeverityWarning || x.Input != conf || x.Part != "line "+strconv.Itoa(x.Line) {
					t.Errorf("%+v", x)
				}
				got[x.Part] = x.Message
			}
			for part, msg := range tt.want {
				if got[part] != msg {
					t.Errorf("%s:\n got %q\nwant %q", part, got[part], msg)
				}
			}
			if len(got) != len(tt.want) {
				t.Errorf("config-stale findings: %v", got)
			}
		})
	}
}
