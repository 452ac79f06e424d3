// Package maventest builds two small repositories on disk from the compiled fixture jars of
// testdata/golden — one in Maven layout (like ~/.m2/repository) and one Gradle user home whose
// download cache (caches/modules-2/files-2.1, a folder per file named by its SHA-1) holds the
// rest — with .pom and .module files written as Maven and Gradle publish them. Tests of
// package maven and of the composestab CLI resolve coordinates against them without network.
//
// The modules (group com.example unless noted; M: Maven layout, G: Gradle cache):
//
//	parent:1                  M  POM only: property compose.version=1.0, dependencyManagement for runtime
//	com.example.compose:runtime:1.0  M  runtime-stub.jar
//	lib1:1.0                  M  lib1.jar; parent:1; runtime (version managed by the parent); a test,
//	                             a provided and an optional dependency, none of which resolve
//	lib1:1.1                  G  lib1.jar; .module (Kotlin/JVM); runtime:1.0 and absent:1.2
//	lib2:1.0                  G  lib2.jar; .module; lib1:1.0 and runtime:1.0-beta01 (both upgraded)
//	kmp:1.0                   G  Kotlin Multiplatform root: android (release and debug) and jvm
//	                             variants available at kmp-android and kmp-jvm
//	kmp-android:1.0           G  an AAR holding plainkt.jar; lib2:1.0, lib1:1.1, absent:1.2
//	kmp-jvm:1.0               G  plainkt.jar; lib1:1.0 and org.example:javalib:1.0
//	org.example:javalib:1.0   G  POM only; javalib.jar
//	libv:1.0                  M  libv1.jar; dep:${project.version}, runtime:1.0
//	dep:1.0                   M  depv1.jar
//	dep:2.0                   M  depv2.jar; .module and POM
//	libv:2.0                  G  libv2.jar; .module: dep:2.0, plain:2.0, runtime:1.0
//	plain:2.0                 G  POM only; plainv2.jar
//
// com.example:absent:1.2 is in neither.
package maventest

import (
	"archive/zip"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"

	"github.com/composestab/composestab/internal/fixtures"
)

// Repos are the folders Build wrote.
type Repos struct {
	Maven      string // a Maven-layout repository
	GradleHome string // a Gradle user home: its cache is GradleHome/caches/modules-2/files-2.1
}

// GradleCache returns the Gradle download cache folder inside GradleHome.
func (r *Repos) GradleCache() string {
	return filepath.Join(r.GradleHome, "caches", "modules-2", "files-2.1")
}

// Build writes the repositories under dir (dir/m2 and dir/gradle), replacing what was there.
func Build(dir string) (*Repos, error) {
	golden := fixtures.Root()
	if golden == "" {
		return nil, fixtures.ErrNoGolden
	}
	r := &Repos{Maven: filepath.Join(dir, "m2"), GradleHome: filepath.Join(dir, "gradle")}
	for _, d := range []string{r.Maven, r.GradleHome} {
		if err := os.RemoveAll(d); err != nil {
			return nil, err
		}
	}
	b := &builder{repos: r}
	jar := func(module string) []byte { return b.read(filepath.Join(golden, module, module+".jar")) }
	stub := b.read(fixtures.RuntimeStubJar())
	plainkt := jar("plainkt")
	aar := b.aar(plainkt)
	if b.err != nil {
		return nil, b.err
	}

	// Maven layout.
	b.pom(maven, "com.example", "parent", "1", "pom", `
  <properties>
    <compose.version>1.0</compose.version>
  </properties>
  <dependencyManagement>
    <dependencies>
      <dependency>
        <groupId>com.example.compose</groupId>
        <artifactId>runtime</artifactId>
        <version>${compose.version}</version>
      </dependency>
    </dependencies>
  </dependencyManagement>`)
	b.jarPOM(maven, "com.example.compose", "runtime", "1.0", stub, "")
	b.write(maven, "com.example", "lib1", "1.0", "lib1-1.0.jar", jar("lib1"))
	b.write(maven, "com.example", "lib1", "1.0", "lib1-1.0.pom", []byte(`<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <parent>
    <groupId>com.example</groupId>
    <artifactId>parent</artifactId>
    <version>1</version>
  </parent>
  <artifactId>lib1</artifactId>
  <version>1.0</version>
  <dependencies>
    <dependency>
      <groupId>com.example.compose</groupId>
      <artifactId>runtime</artifactId>
    </dependency>
    <dependency>
      <groupId>junit</groupId>
      <artifactId>junit</artifactId>
      <version>4.13.2</version>
      <scope>test</scope>
    </dependency>
    <dependency>
      <groupId>com.example</groupId>
      <artifactId>annotations-provided</artifactId>
      <version>1.0</version>
      <scope>provided</scope>
    </dependency>
    <dependency>
      <groupId>com.example</groupId>
      <artifactId>optional-extra</artifactId>
      <version>1.0</version>
      <optional>true</optional>
    </dependency>
  </dependencies>
</project>
`))
	b.jarPOM(maven, "com.example", "libv", "1.0", jar("libv1"), pomDeps(
		pomDep{"com.example", "dep", "${project.version}", ""},
		pomDep{"com.example.compose", "runtime", "1.0", "runtime"}))
	b.jarPOM(maven, "com.example", "dep", "1.0", jar("depv1"), pomDeps(pomDep{"com.example.compose", "runtime", "1.0", ""}))
	b.library(maven, "com.example", "dep", "2.0", jar("depv2"), "jvm", []dependency{dependsOn("com.example.compose", "runtime", "1.0")})

	// Gradle's cache.
	b.library(gradle, "com.example", "lib1", "1.1", jar("lib1"), "jvm",
		[]dependency{dependsOn("com.example.compose", "runtime", "1.0"), dependsOn("com.example", "absent", "1.2")})
	b.library(gradle, "com.example", "lib2", "1.0", jar("lib2"), "jvm",
		[]dependency{dependsOn("com.example", "lib1", "1.0"), dependsOn("com.example.compose", "runtime", "1.0-beta01")})
	b.jarPOM(gradle, "org.example", "javalib", "1.0", jar("javalib"), "")
	b.jarPOM(gradle, "com.example", "plain", "2.0", jar("plainv2"), "")
	b.library(gradle, "com.example", "libv", "2.0", jar("libv2"), "jvm", []dependency{
		dependsOn("com.example", "dep", "2.0"), dependsOn("com.example", "plain", "2.0"), dependsOn("com.example.compose", "runtime", "1.0")})
	b.kmp(gradle, "com.example", "kmp", "1.0", aar, plainkt,
		[]dependency{dependsOn("com.example", "lib2", "1.0"), dependsOn("com.example", "lib1", "1.1"), dependsOn("com.example", "absent", "1.2")},
		[]dependency{dependsOn("com.example", "lib1", "1.0"), dependsOn("org.example", "javalib", "1.0")})
	if b.err != nil {
		return nil, b.err
	}
	return r, nil
}

type layout int

const (
	maven layout = iota
	gradle
)

type builder struct {
	repos *Repos
	err   error
}

func (b *builder) read(path string) []byte {
	if b.err != nil {
		return nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		b.err = err
	}
	return data
}

// aar wraps a jar as an Android library: AndroidManifest.xml and classes.jar.
func (b *builder) aar(classes []byte) []byte {
	var buf strings.Builder
	zw := zip.NewWriter(&buf)
	for _, f := range []struct {
		name string
		data []byte
	}{
		{"AndroidManifest.xml", []byte(`<?xml version="1.0" encoding="utf-8"?>` + "\n" + `<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.kmp" />` + "\n")},
		{"classes.jar", classes},
		{"R.txt", nil},
	} {
		w, err := zw.Create(f.name)
		if err == nil {
			_, err = w.Write(f.data)
		}
		if err != nil && b.err == nil {
			b.err = err
		}
	}
	if err := zw.Close(); err != nil && b.err == nil {
		b.err = err
	}
	return []byte(buf.String())
}

// write puts a file of group:artifact:version into the repository of layout l.
func (b *builder) write(l layout, group, artifact, version, name string, data []byte) {
	if b.err != nil {
		return
	}
	var dir string
	if l == maven {
		dir = filepath.Join(b.repos.Maven, filepath.FromSlash(strings.ReplaceAll(group, ".", "/")), artifact, version)
	} else {
		// Gradle names the folder by the file's SHA-1, as a number: no leading zeros.
		sum := sha1.Sum(data)
		dir = filepath.Join(b.repos.GradleCache(), group, artifact, version, new(big.Int).SetBytes(sum[:]).Text(16))
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.err = err
		return
	}
	b.err = os.WriteFile(filepath.Join(dir, name), data, 0o644)
}

const pomHead = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
`

// gradleMarker is what Gradle writes into the POM of a module it also published a .module for.
const gradleMarker = `  <!-- This module was also published with a richer model, Gradle metadata,  -->
  <!-- which should be used instead. Do not delete the following line which  -->
  <!-- is to indicate to Gradle or any Gradle module metadata file consumer  -->
  <!-- that they should prefer consuming it instead. -->
  <!-- do_not_remove: published-with-gradle-metadata -->
`

// pom writes a POM with the given packaging and body (dependencies, properties…).
func (b *builder) pom(l layout, group, artifact, version, packaging, body string) {
	b.pomWith(l, group, artifact, version, packaging, "", body)
}

func (b *builder) pomWith(l layout, group, artifact, version, packaging, marker, body string) {
	var s strings.Builder
	s.WriteString(pomHead)
	s.WriteString(marker)
	fmt.Fprintf(&s, "  <modelVersion>4.0.0</modelVersion>\n  <groupId>%s</groupId>\n  <artifactId>%s</artifactId>\n  <version>%s</version>\n", group, artifact, version)
	if packaging != "" {
		fmt.Fprintf(&s, "  <packaging>%s</packaging>\n", packaging)
	}
	if body != "" {
		s.WriteString(strings.TrimPrefix(body, "\n") + "\n")
	}
	s.WriteString("</project>\n")
	b.write(l, group, artifact, version, artifact+"-"+version+".pom", []byte(s.String()))
}

// jarPOM writes a jar and a POM-only description of it.
func (b *builder) jarPOM(l layout, group, artifact, version string, jar []byte, deps string) {
	b.write(l, group, artifact, version, artifact+"-"+version+".jar", jar)
	b.pom(l, group, artifact, version, "", deps)
}

type pomDep struct{ group, artifact, version, scope string }

func pomDeps(ds ...pomDep) string {
	var s strings.Builder
	s.WriteString("  <dependencies>\n")
	for _, d := range ds {
		fmt.Fprintf(&s, "    <dependency>\n      <groupId>%s</groupId>\n      <artifactId>%s</artifactId>\n      <version>%s</version>\n", d.group, d.artifact, d.version)
		if d.scope != "" {
			fmt.Fprintf(&s, "      <scope>%s</scope>\n", d.scope)
		}
		s.WriteString("    </dependency>\n")
	}
	s.WriteString("  </dependencies>")
	return s.String()
}

// The .module JSON, in the field order Gradle writes.
type moduleFile struct {
	FormatVersion string    `json:"formatVersion"`
	Component     component `json:"component"`
	CreatedBy     createdBy `json:"createdBy"`
	Variants      []variant `json:"variants"`
}

type component struct {
	URL        string            `json:"url,omitempty"`
	Group      string            `json:"group"`
	Module     string            `json:"module"`
	Version    string            `json:"version"`
	Attributes map[string]string `json:"attributes"`
}

type createdBy struct {
	Gradle struct {
		Version string `json:"version"`
	} `json:"gradle"`
}

type variant struct {
	Name         string         `json:"name"`
	Attributes   map[string]any `json:"attributes"`
	AvailableAt  *availableAt   `json:"available-at,omitempty"`
	Dependencies []dependency   `json:"dependencies,omitempty"`
	Files        []fileEntry    `json:"files,omitempty"`
}

type availableAt struct {
	URL     string `json:"url"`
	Group   string `json:"group"`
	Module  string `json:"module"`
	Version string `json:"version"`
}

type dependency struct {
	Group   string `json:"group"`
	Module  string `json:"module"`
	Version struct {
		Requires string `json:"requires"`
	} `json:"version"`
}

func dependsOn(group, module, version string) dependency {
	d := dependency{Group: group, Module: module}
	d.Version.Requires = version
	return d
}

type fileEntry struct {
	Name   string `json:"name"`
	URL    string `json:"url"`
	Size   int    `json:"size"`
	SHA512 string `json:"sha512"`
	SHA256 string `json:"sha256"`
	SHA1   string `json:"sha1"`
	MD5    string `json:"md5"`
}

func describe(name string, data []byte) fileEntry {
	s512, s256, s1, m5 := sha512.Sum512(data), sha256.Sum256(data), sha1.Sum(data), md5.Sum(data)
	return fileEntry{Name: name, URL: name, Size: len(data), SHA512: hex.EncodeToString(s512[:]),
		SHA256: hex.EncodeToString(s256[:]), SHA1: hex.EncodeToString(s1[:]), MD5: hex.EncodeToString(m5[:])}
}

// gradleVersion is the Gradle the .module files say wrote them.
const gradleVersion = "8.11.1"

func newModule(group, artifact, version string) *moduleFile {
	m := &moduleFile{FormatVersion: "1.1", Component: component{Group: group, Module: artifact, Version: version,
		Attributes: map[string]string{"org.gradle.status": "release"}}}
	m.CreatedBy.Gradle.Version = gradleVersion
	return m
}

// writeModule writes the .module and its POM (with Gradle's marker and the runtime
// dependencies, as Gradle maps them).
func (b *builder) writeModule(l layout, m *moduleFile, packaging string, pomDependencies []dependency) {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		b.err = err
		return
	}
	c := m.Component
	b.write(l, c.Group, c.Module, c.Version, c.Module+"-"+c.Version+".module", append(data, '\n'))
	var ds []pomDep
	for _, d := range pomDependencies {
		ds = append(ds, pomDep{d.Group, d.Module, d.Version.Requires, "runtime"})
	}
	body := ""
	if len(ds) > 0 {
		body = pomDeps(ds...)
	}
	b.pomWith(l, c.Group, c.Module, c.Version, packaging, gradleMarker, body)
}

// jvmAttributes are a Kotlin/JVM (or, with platform "", a Java) library's variant attributes.
func jvmAttributes(usage, platform string) map[string]any {
	a := map[string]any{
		"org.gradle.category": "library", "org.gradle.dependency.bundling": "external",
		"org.gradle.jvm.version": 8, "org.gradle.libraryelements": "jar", "org.gradle.usage": usage,
	}
	if platform != "" {
		a["org.jetbrains.kotlin.platform.type"] = platform
		a["org.gradle.jvm.environment"] = "standard-jvm"
	}
	return a
}

// library writes a JVM library published by Gradle: a jar, a .module with apiElements and
// runtimeElements variants, and a POM.
func (b *builder) library(l layout, group, artifact, version string, jar []byte, platform string, deps []dependency) {
	name := artifact + "-" + version + ".jar"
	b.write(l, group, artifact, version, name, jar)
	m := newModule(group, artifact, version)
	f := describe(name, jar)
	m.Variants = []variant{
		{Name: "apiElements", Attributes: jvmAttributes("java-api", platform), Dependencies: deps, Files: []fileEntry{f}},
		{Name: "runtimeElements", Attributes: jvmAttributes("java-runtime", platform), Dependencies: deps, Files: []fileEntry{f}},
	}
	b.writeModule(l, m, "", deps)
}

func androidAttributes(usage, buildType string) map[string]any {
	return map[string]any{
		"com.android.build.api.attributes.BuildTypeAttr": buildType, "org.gradle.category": "library",
		"org.gradle.jvm.environment": "android", "org.gradle.usage": usage, "org.jetbrains.kotlin.platform.type": "androidJvm",
	}
}

// kmp writes a Kotlin Multiplatform library: the root module, whose variants are available at
// NAME-android (an AAR) and NAME-jvm (a jar), and those two modules.
func (b *builder) kmp(l layout, group, artifact, version string, aar, jar []byte, androidDeps, jvmDeps []dependency) {
	at := func(suffix string) *availableAt {
		mod := artifact + "-" + suffix
		return &availableAt{URL: "../../" + mod + "/" + version + "/" + mod + "-" + version + ".module", Group: group, Module: mod, Version: version}
	}
	root := newModule(group, artifact, version)
	metadata := map[string]any{"org.gradle.category": "library", "org.gradle.jvm.environment": "non-jvm",
		"org.gradle.usage": "kotlin-metadata", "org.jetbrains.kotlin.platform.type": "common"}
	root.Variants = []variant{
		{Name: "metadataApiElements", Attributes: metadata, Files: []fileEntry{describe(artifact+"-metadata-"+version+".jar", []byte("not shipped"))}},
		{Name: "androidDebugApiElements-published", Attributes: androidAttributes("java-api", "debug"), AvailableAt: at("android-debug")},
		{Name: "androidDebugRuntimeElements-published", Attributes: androidAttributes("java-runtime", "debug"), AvailableAt: at("android-debug")},
		{Name: "androidReleaseApiElements-published", Attributes: androidAttributes("java-api", "release"), AvailableAt: at("android")},
		{Name: "androidReleaseRuntimeElements-published", Attributes: androidAttributes("java-runtime", "release"), AvailableAt: at("android")},
		{Name: "jvmApiElements-published", Attributes: jvmAttributes("java-api", "jvm"), AvailableAt: at("jvm")},
		{Name: "jvmRuntimeElements-published", Attributes: jvmAttributes("java-runtime", "jvm"), AvailableAt: at("jvm")},
	}
	b.writeModule(l, root, "", nil)

	back := "../../" + artifact + "/" + version + "/" + artifact + "-" + version + ".module"
	b.platformModule(l, group, artifact+"-android", version, back, "aar", aar, "androidRelease", androidDeps,
		func(usage string) map[string]any { return androidAttributes(usage, "release") })
	b.platformModule(l, group, artifact+"-jvm", version, back, "jar", jar, "jvm", jvmDeps,
		func(usage string) map[string]any { return jvmAttributes(usage, "jvm") })
}

// platformModule writes one platform module of a Kotlin Multiplatform library: its artefact
// (a jar or an AAR), a .module whose component points back to the root, and a POM.
func (b *builder) platformModule(l layout, group, module, version, root, ext string, data []byte, prefix string, deps []dependency, attrs func(usage string) map[string]any) {
	name := module + "-" + version + "." + ext
	b.write(l, group, module, version, name, data)
	m := newModule(group, module, version)
	m.Component.URL = root
	f := describe(name, data)
	m.Variants = []variant{
		{Name: prefix + "ApiElements-published", Attributes: attrs("java-api"), Dependencies: deps, Files: []fileEntry{f}},
		{Name: prefix + "RuntimeElements-published", Attributes: attrs("java-runtime"), Dependencies: deps, Files: []fileEntry{f}},
	}
	packaging := ""
	if ext == "aar" {
		packaging = "aar"
	}
	b.writeModule(l, m, packaging, deps)
}
