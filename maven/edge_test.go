package maven_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/internal/userfile"
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

// TestMetadataThroughTheGate: a POM or .module file larger than MaxMetadataSize, or a named pipe
// in its place, is a problem of its coordinate, refused at once (never read whole, never waited
// on), and resolution goes on.
func TestMetadataThroughTheGate(t *testing.T) {
	repo := writeRepo(t, map[string]string{
		"g:app:1/app-1.pom": pom("g", "app", "1", `<dependencies>
			<dependency><groupId>g</groupId><artifactId>huge</artifactId><version>1</version></dependency>
			<dependency><groupId>g</groupId><artifactId>hugemodule</artifactId><version>1</version></dependency>
			<dependency><groupId>g</groupId><artifactId>pipe</artifactId><version>1</version></dependency>
			</dependencies>`),
		"g:app:1/app-1.jar":               "jar",
		"g:huge:1/huge-1.jar":             "jar",
		"g:hugemodule:1/hugemodule-1.pom": pom("g", "hugemodule", "1", ""),
		"g:hugemodule:1/hugemodule-1.jar": "jar",
	})
	// Sparse: the size says too large before a byte is read.
	for _, name := range []string{"g/huge/1/huge-1.pom", "g/hugemodule/1/hugemodule-1.module"} {
		f, err := os.Create(filepath.Join(repo.Dir, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		f.Truncate(maven.MaxMetadataSize + 1)
		f.Close()
	}
	// A pipe is no metadata file: the coordinate is missing, as when nothing is there.
	var wantMissing []string
	os.MkdirAll(filepath.Join(repo.Dir, "g", "pipe", "1"), 0o755)
	if err := fixtures.MakeFIFO(filepath.Join(repo.Dir, "g", "pipe", "1", "pipe-1.pom")); err == nil {
		wantMissing = append(wantMissing, "not in any repository: g:pipe:1 (needed by g:app:1)")
	}
	done := make(chan struct{})
	var res *maven.Resolution
	var err error
	go func() {
		res, err = (&maven.Resolver{Repos: []maven.Repo{repo}}).Resolve(context.Background(), maven.Coordinate{Group: "g", Artifact: "app", Version: "1"})
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("resolution blocked")
	}
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range res.Problems {
		var me *maven.MetadataError
		if !errors.As(p, &me) {
			t.Errorf("problem %v", p)
			continue
		}
		got = append(got, p.Error())
		if !errors.Is(p, userfile.ErrTooLarge) {
			t.Errorf("%v is no ErrTooLarge", p)
		}
	}
	want := []string{
		"g:huge:1: " + filepath.Join(repo.Dir, "g", "huge", "1", "huge-1.pom") + ": larger than the limit of 16777216 bytes",
		"g:hugemodule:1: " + filepath.Join(repo.Dir, "g", "hugemodule", "1", "hugemodule-1.module") + ": larger than the limit of 16777216 bytes",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var missing []string
	for _, m := range res.Missing {
		missing = append(missing, m.String())
	}
	if !reflect.DeepEqual(missing, wantMissing) {
		t.Errorf("missing %q, want %q", missing, wantMissing)
	}
}

// TestMissingBOMVersion: a dependency whose version a missing BOM would give is said as such,
// never as "g:x:" with nothing after the colon; the BOM is missing on its own line.
func TestMissingBOMVersion(t *testing.T) {
	repo := writeRepo(t, map[string]string{
		"g:app:1/app-1.pom": pom("g", "app", "1", `<dependencyManagement><dependencies>
			<dependency><groupId>g</groupId><artifactId>bom</artifactId><version>9</version><type>pom</type><scope>import</scope></dependency>
			</dependencies></dependencyManagement><dependencies>
			<dependency><groupId>g</groupId><artifactId>x</artifactId></dependency>
			</dependencies>`),
		"g:app:1/app-1.jar": "jar",
	})
	res, err := (&maven.Resolver{Repos: []maven.Repo{repo}}).Resolve(context.Background(), maven.Coordinate{Group: "g", Artifact: "app", Version: "1"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range res.Missing {
		got = append(got, m.String())
	}
	want := []string{
		"no version for g:x: its POM leaves it to a BOM or parent that gives none (is one of them missing?) (needed by g:app:1)",
		"not in any repository: g:bom:9 (needed by g:app:1)",
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("missing\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
