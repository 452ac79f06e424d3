package maven

import (
	"reflect"
	"testing"
)

func TestParseModuleMetadata(t *testing.T) {
	data := []byte(`{
  "formatVersion": "1.1",
  "component": {"group": "g", "module": "m", "version": "1.0", "attributes": {"org.gradle.status": "release"}},
  "createdBy": {"gradle": {"version": "8.11.1"}},
  "variants": [
    {"name": "api", "attributes": {"org.gradle.usage": "java-api", "org.gradle.jvm.version": 8, "flag": true},
     "dependencies": [{"group": "x", "module": "y", "version": {"requires": "[1.0, 2.0)", "prefers": "1.4", "rejects": ["1.3"]},
                       "excludes": [{"group": "*", "module": "z"}], "attributes": {"org.gradle.category": "platform"}},
                      {"group": "", "module": "skipped"}],
     "dependencyConstraints": [{"group": "x", "module": "w", "version": {"strictly": "3"}}],
     "files": [{"name": "m.jar", "url": "m-1.0.jar", "size": "1453", "sha1": "abc"}]},
    {"attributes": {}, "available-at": {"url": "../../m-jvm/1.0/m-jvm-1.0.module", "group": "g", "module": "m-jvm", "version": "1.0"}}
  ]
}`)
	m, err := ParseModuleMetadata(data)
	if err != nil {
		t.Fatal(err)
	}
	want := &ModuleMetadata{
		FormatVersion: "1.1",
		Component:     ComponentRef{Group: "g", Module: "m", Version: "1.0"},
		Gradle:        "8.11.1",
		Variants: []Variant{
			{
				Name:       "api",
				Attributes: map[string]string{"org.gradle.usage": "java-api", "org.gradle.jvm.version": "8", "flag": "true"},
				Dependencies: []Dependency{{Group: "x", Module: "y",
					Version:    VersionConstraint{Requires: "[1.0, 2.0)", Prefers: "1.4", Rejects: []string{"1.3"}},
					Excludes:   []Module{{Group: "*", Artifact: "z"}},
					Attributes: map[string]string{"org.gradle.category": "platform"}}},
				Constraints: []Dependency{{Group: "x", Module: "w", Version: VersionConstraint{Strictly: "3"}, Attributes: map[string]string{}}},
				Files:       []File{{Name: "m.jar", URL: "m-1.0.jar", Size: 1453, SHA1: "abc"}},
			},
			{Name: "#1", Attributes: map[string]string{}, AvailableAt: &AvailableAt{URL: "../../m-jvm/1.0/m-jvm-1.0.module", Group: "g", Module: "m-jvm", Version: "1.0"}},
		},
	}
	if !reflect.DeepEqual(m, want) {
		t.Errorf("got  %+v\nwant %+v", m, want)
	}
	if s := m.Variants[0].Dependencies[0].Version.Selector(); s != "[1.0, 2.0)" {
		t.Errorf("selector %q", s)
	}
	for _, bad := range []string{``, `[]`, `{"variants": []}`, `{"formatVersion": "2.0"}`, `{"formatVersion": "1.1", "variants": "x"}`,
		`{"formatVersion": "1.1", "variants": [{"available-at": {"url": "x"}}]}`} {
		if _, err := ParseModuleMetadata([]byte(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestParsePOM(t *testing.T) {
	data := []byte(`<?xml version="1.0" encoding="ISO-8859-1"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <!-- do_not_remove: published-with-gradle-metadata -->
  <parent><groupId>g</groupId><artifactId>parent</artifactId><version>3</version></parent>
  <artifactId>m</artifactId>
  <version>1.0</version>
  <packaging> aar </packaging>
  <name>caf` + "\xe9" + ` &amp; co</name>
  <properties><dep.version>2.0</dep.version></properties>
  <dependencies>
    <dependency><groupId>x</groupId><artifactId>y</artifactId><version>${dep.version}</version><scope>runtime</scope>
      <exclusions><exclusion><groupId>z</groupId><artifactId>*</artifactId></exclusion></exclusions></dependency>
    <dependency><groupId>x</groupId><artifactId>opt</artifactId><optional>true</optional></dependency>
  </dependencies>
  <dependencyManagement><dependencies>
    <dependency><groupId>b</groupId><artifactId>bom</artifactId><version>1</version><type>pom</type><scope>import</scope></dependency>
  </dependencies></dependencyManagement>
</project>`)
	p, err := ParsePOM(data)
	if err != nil {
		t.Fatal(err)
	}
	want := &POM{
		Parent:  &Coordinate{Group: "g", Artifact: "parent", Version: "3"},
		GroupID: "", ArtifactID: "m", Version: "1.0", Packaging: "aar",
		Properties: map[string]string{"dep.version": "2.0"},
		Dependencies: []POMDependency{
			{GroupID: "x", ArtifactID: "y", Version: "${dep.version}", Scope: "runtime", Exclusions: []Module{{Group: "z", Artifact: "*"}}},
			{GroupID: "x", ArtifactID: "opt", Optional: "true"},
		},
		DependencyManagement:    []POMDependency{{GroupID: "b", ArtifactID: "bom", Version: "1", Type: "pom", Scope: "import"}},
		PublishedWithGradleMeta: true,
	}
	if !reflect.DeepEqual(p, want) {
		t.Errorf("got  %+v\nwant %+v", p, want)
	}
	for _, bad := range []string{``, `<html/>`, `not xml`, `<project><dependencies><dependency>`} {
		if _, err := ParsePOM([]byte(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// The fuzz targets check that no input makes the parsers panic. Their seeds, in
// testdata/fuzz/<target>, are files as Gradle and Maven publish them (from package maventest's
// repositories) and a few broken ones.
func FuzzParseModuleMetadata(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseModuleMetadata(data)
		if err == nil {
			_, _ = selectVariant(m.Variants, PlatformAndroid, false)
			_, _ = selectVariant(m.Variants, PlatformJVM, true)
		}
	})
}

func FuzzParsePOM(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParsePOM(data)
		if err == nil {
			for _, d := range p.Dependencies {
				_ = interpolate(d.Version, p.Properties)
			}
		}
	})
}
