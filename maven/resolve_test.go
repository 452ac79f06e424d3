package maven_test

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/composestab/composestab/maven"
	"github.com/composestab/composestab/maven/maventest"
)

var (
	reposOnce sync.Once
	repos     *maventest.Repos
	reposDir  string
	reposErr  error
)

// testRepos builds the test repositories once per test binary.
func testRepos(t *testing.T) (*maventest.Repos, []maven.Repo) {
	t.Helper()
	reposOnce.Do(func() {
		reposDir, reposErr = makeTemp()
		if reposErr == nil {
			repos, reposErr = maventest.Build(reposDir)
		}
	})
	if reposErr != nil {
		t.Fatal(reposErr)
	}
	m2, err := maven.OpenRepo(repos.Maven)
	if err != nil {
		t.Fatal(err)
	}
	gradle, err := maven.OpenRepo(repos.GradleHome)
	if err != nil {
		t.Fatal(err)
	}
	if gradle.Layout != maven.GradleCacheLayout || m2.Layout != maven.MavenLayout {
		t.Fatalf("layouts: %v %v", m2, gradle)
	}
	return repos, []maven.Repo{m2, gradle}
}

func coord(t *testing.T, s string) maven.Coordinate {
	t.Helper()
	c, ok := maven.ParseCoordinate(s)
	if !ok {
		t.Fatalf("ParseCoordinate(%q) failed", s)
	}
	return c
}

// rel names each artefact by coordinate and file name: "com.example:lib1:1.1=lib1-1.1.jar".
func rel(as []maven.Artifact) []string {
	out := []string{}
	for _, a := range as {
		out = append(out, a.Coordinate.String()+"="+filepath.Base(a.File))
	}
	return out
}

func missingText(ms []maven.Missing) []string {
	out := []string{}
	for _, m := range ms {
		out = append(out, m.String())
	}
	return out
}

func TestResolve(t *testing.T) {
	for _, tc := range []struct {
		name, root, platform string
		noDeps               bool
		rootFiles, classpath []string
		missing              []string
	}{
		{
			name: "POM with parent, dependencyManagement and skipped scopes", root: "com.example:lib1:1.0",
			rootFiles: []string{"com.example:lib1:1.0=lib1-1.0.jar"},
			classpath: []string{"com.example.compose:runtime:1.0=runtime-1.0.jar"},
		},
		{
			name: ".module, a qualifier lower than the release", root: "com.example:lib2:1.0",
			rootFiles: []string{"com.example:lib2:1.0=lib2-1.0.jar"},
			classpath: []string{"com.example:lib1:1.0=lib1-1.0.jar", "com.example.compose:runtime:1.0=runtime-1.0.jar"},
		},
		{
			name: "KMP root, android: available-at an AAR, lib1 1.0 -> 1.1, one missing", root: "com.example:kmp:1.0",
			rootFiles: []string{"com.example:kmp-android:1.0=kmp-android-1.0.aar"},
			classpath: []string{"com.example:lib2:1.0=lib2-1.0.jar", "com.example:lib1:1.1=lib1-1.1.jar", "com.example.compose:runtime:1.0=runtime-1.0.jar"},
			missing:   []string{"not in any repository: com.example:absent:1.2 (needed by 2 artefacts)"},
		},
		{
			name: "KMP root, explicit android", root: "com.example:kmp:1.0", platform: maven.PlatformAndroid,
			rootFiles: []string{"com.example:kmp-android:1.0=kmp-android-1.0.aar"},
			classpath: []string{"com.example:lib2:1.0=lib2-1.0.jar", "com.example:lib1:1.1=lib1-1.1.jar", "com.example.compose:runtime:1.0=runtime-1.0.jar"},
			missing:   []string{"not in any repository: com.example:absent:1.2 (needed by 2 artefacts)"},
		},
		{
			name: "KMP root, jvm", root: "com.example:kmp:1.0", platform: maven.PlatformJVM,
			rootFiles: []string{"com.example:kmp-jvm:1.0=kmp-jvm-1.0.jar"},
			classpath: []string{"com.example:lib1:1.0=lib1-1.0.jar", "org.example:javalib:1.0=javalib-1.0.jar", "com.example.compose:runtime:1.0=runtime-1.0.jar"},
		},
		{
			name: "KMP root without dependencies", root: "com.example:kmp:1.0", noDeps: true,
			rootFiles: []string{"com.example:kmp-android:1.0=kmp-android-1.0.aar"},
		},
		{
			name: "${project.version}", root: "com.example:libv:1.0",
			rootFiles: []string{"com.example:libv:1.0=libv-1.0.jar"},
			classpath: []string{"com.example:dep:1.0=dep-1.0.jar", "com.example.compose:runtime:1.0=runtime-1.0.jar"},
		},
		{
			name: "across both repositories", root: "com.example:libv:2.0",
			rootFiles: []string{"com.example:libv:2.0=libv-2.0.jar"},
			classpath: []string{"com.example:dep:2.0=dep-2.0.jar", "com.example:plain:2.0=plain-2.0.jar", "com.example.compose:runtime:1.0=runtime-1.0.jar"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, rs := testRepos(t)
			r := &maven.Resolver{Repos: rs, Platform: tc.platform, NoDependencies: tc.noDeps}
			res, err := r.Resolve(context.Background(), coord(t, tc.root))
			if err != nil {
				t.Fatal(err)
			}
			if tc.classpath == nil {
				tc.classpath = []string{}
			}
			if tc.missing == nil {
				tc.missing = []string{}
			}
			if got := rel(res.RootFiles()); !reflect.DeepEqual(got, tc.rootFiles) {
				t.Errorf("root files %q, want %q", got, tc.rootFiles)
			}
			if got := rel(res.Classpath); !reflect.DeepEqual(got, tc.classpath) {
				t.Errorf("classpath %q, want %q", got, tc.classpath)
			}
			if got := missingText(res.Missing); !reflect.DeepEqual(got, tc.missing) {
				t.Errorf("missing %q, want %q", got, tc.missing)
			}
			if len(res.Problems) > 0 {
				t.Errorf("problems: %v", res.Problems)
			}
		})
	}
}

func TestResolveTree(t *testing.T) {
	_, rs := testRepos(t)
	r := &maven.Resolver{Repos: rs}
	res, err := r.ResolveAll(context.Background(), []maven.Coordinate{coord(t, "com.example:kmp:1.0"), coord(t, "com.example:lib1:1.0")})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := res.WriteTree(&b); err != nil {
		t.Fatal(err)
	}
	// lib1 is a root: it keeps 1.0 although kmp-android asks for 1.1.
	want := `com.example:kmp:1.0
\--- com.example:kmp-android:1.0
     +--- com.example:lib2:1.0
     |    +--- com.example:lib1:1.0
     |    |    \--- com.example.compose:runtime:1.0
     |    \--- com.example.compose:runtime:1.0-beta01 -> 1.0
     +--- com.example:lib1:1.1 -> 1.0 (*)
     \--- com.example:absent:1.2 (n)

com.example:lib1:1.0 (*)

(*) - dependencies omitted (listed previously)
(n) - not in any repository
`
	if b.String() != want {
		t.Errorf("tree:\n%s\nwant:\n%s", b.String(), want)
	}
	if got := missingText(res.Missing); !reflect.DeepEqual(got, []string{"not in any repository: com.example:absent:1.2 (needed by com.example:kmp-android:1.0)"}) {
		t.Errorf("missing %q", got)
	}
}

func TestResolveErrors(t *testing.T) {
	_, rs := testRepos(t)
	r := &maven.Resolver{Repos: rs}
	_, err := r.Resolve(context.Background(), coord(t, "com.example:absent:1.2"))
	var nf *maven.NotFoundError
	if !errors.As(err, &nf) || nf.Coordinate.String() != "com.example:absent:1.2" || !strings.Contains(err.Error(), "not in any repository") {
		t.Errorf("err = %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (&maven.Resolver{Repos: rs}).Resolve(ctx, coord(t, "com.example:lib2:1.0")); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v", err)
	}
	if _, err := (&maven.Resolver{Repos: rs, Platform: "ios"}).Resolve(context.Background(), coord(t, "com.example:lib2:1.0")); err == nil {
		t.Error("platform ios accepted")
	}
}
