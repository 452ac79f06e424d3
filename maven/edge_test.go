package maven_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/composestab/composestab/maven"
)

// writeRepo writes files into a Maven-layout folder: keys are "group:artifact:version/file".
func writeRepo(t *testing.T, files map[string]string) maven.Repo {
	t.Helper()
	dir := t.TempDir()
	for key, content := range files {
		c, name, _ := strings.Cut(key, "/")
		parts := strings.Split(c, ":")
		p := filepath.Join(dir, strings.ReplaceAll(parts[0], ".", "/"), parts[1], parts[2], name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return maven.Repo{Dir: dir, Layout: maven.MavenLayout}
}

func pom(g, a, v, body string) string {
	return "<project><groupId>" + g + "</groupId><artifactId>" + a + "</artifactId><version>" + v + "</version>" + body + "</project>"
}

func TestResolveEdgeCases(t *testing.T) {
	repo := writeRepo(t, map[string]string{
		"g:bom:1/bom-1.pom": pom("g", "bom", "1", `<packaging>pom</packaging><dependencyManagement><dependencies>
			<dependency><groupId>g</groupId><artifactId>x</artifactId><version>1.5</version></dependency>
			</dependencies></dependencyManagement>`),
		"g:app:1/app-1.pom": pom("g", "app", "1", `<dependencyManagement><dependencies>
			<dependency><groupId>g</groupId><artifactId>bom</artifactId><version>1</version><type>pom</type><scope>import</scope></dependency>
			</dependencies></dependencyManagement><dependencies>
			<dependency><groupId>g</groupId><artifactId>x</artifactId>
			  <exclusions><exclusion><groupId>g</groupId><artifactId>y</artifactId></exclusion></exclusions></dependency>
			<dependency><groupId>g</groupId><artifactId>z</artifactId><version>[1.0,2.0)</version></dependency>
			<dependency><groupId>g</groupId><artifactId>broken</artifactId><version>1</version></dependency>
			<dependency><groupId>g</groupId><artifactId>badmodule</artifactId><version>1</version></dependency>
			</dependencies>`),
		"g:app:1/app-1.jar":                "jar",
		"g:x:1.5/x-1.5.pom":                pom("g", "x", "1.5", `<dependencies><dependency><groupId>g</groupId><artifactId>y</artifactId><version>1</version></dependency></dependencies>`),
		"g:x:1.5/x-1.5.jar":                "jar",
		"g:z:1.0/z-1.0.jar":                "jar",
		"g:z:1.2/z-1.2.jar":                "jar",
		"g:z:2.0/z-2.0.jar":                "jar",
		"g:broken:1/broken-1.pom":          "<project><dependencies><dependency>",
		"g:broken:1/broken-1.jar":          "jar",
		"g:badmodule:1/badmodule-1.module": `{"formatVersion": "1.1", "variants": [{"name": "only-js", "attributes": {"org.gradle.usage": "kotlin-runtime", "org.jetbrains.kotlin.platform.type": "js"}}]}`,
		"g:badmodule:1/badmodule-1.pom":    pom("g", "badmodule", "1", `<packaging>aar</packaging>`),
		"g:badmodule:1/badmodule-1.aar":    "aar",
		"g:nofile:1/nofile-1.pom":          pom("g", "nofile", "1", ""),
		"g:selfparent:1/selfparent-1.pom":  `<project><parent><groupId>g</groupId><artifactId>selfparent</artifactId><version>1</version></parent><artifactId>selfparent</artifactId></project>`,
		"g:selfparent:1/selfparent-1.jar":  "jar",
	})
	r := &maven.Resolver{Repos: []maven.Repo{repo}}
	res, err := r.Resolve(context.Background(), maven.Coordinate{Group: "g", Artifact: "app", Version: "1"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"g:x:1.5=x-1.5.jar", "g:z:1.2=z-1.2.jar", "g:broken:1=broken-1.jar", "g:badmodule:1=badmodule-1.aar"}
	if got := rel(res.Classpath); !reflect.DeepEqual(got, want) {
		t.Errorf("classpath %q, want %q", got, want)
	}
	if len(res.Missing) != 0 {
		t.Errorf("missing %v", res.Missing)
	}
	// The broken POM and the .module without a usable variant are reported, naming the
	// coordinate and the file, and resolution went on from what remained.
	if len(res.Problems) != 2 {
		t.Fatalf("problems %v", res.Problems)
	}
	for i, want := range []string{"g:broken:1: ", "g:badmodule:1: "} {
		var me *maven.MetadataError
		if !errors.As(res.Problems[i], &me) || !strings.HasPrefix(me.Error(), want) || !strings.HasPrefix(me.File, repo.Dir) {
			t.Errorf("problem %d: %v", i, res.Problems[i])
		}
	}
	if !strings.Contains(res.Problems[1].Error(), "no library variant for android among 1 (only-js)") {
		t.Errorf("problem: %v", res.Problems[1])
	}

	// A POM whose artefact is not there: the root fails, naming the file.
	_, err = r.Resolve(context.Background(), maven.Coordinate{Group: "g", Artifact: "nofile", Version: "1"})
	var me *maven.MetadataError
	if !errors.As(err, &me) || !strings.Contains(err.Error(), "names nofile-1.jar, which no repository holds") {
		t.Errorf("nofile: %v", err)
	}
	// A POM that is its own parent does not loop.
	if res, err := r.Resolve(context.Background(), maven.Coordinate{Group: "g", Artifact: "selfparent", Version: "1"}); err != nil || len(res.Roots[0].Files) != 1 {
		t.Errorf("selfparent: %v", err)
	}
}
