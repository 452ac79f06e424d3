package maven

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// ModuleMetadata is a Gradle module metadata file (<artifact>-<version>.module), format 1.0 or
// 1.1. Only what resolution uses is kept.
type ModuleMetadata struct {
	FormatVersion string
	Component     ComponentRef // zero when the file has none
	Gradle        string       // the Gradle version that wrote it, if given
	Variants      []Variant
}

// ComponentRef is the component a metadata file describes.
type ComponentRef struct {
	Group, Module, Version string
	URL                    string // set when the component's metadata lives elsewhere
}

// Variant is one published variant of a component.
type Variant struct {
	Name        string
	Attributes  map[string]string // values as text: booleans "true"/"false", numbers in decimal
	AvailableAt *AvailableAt      // the variant lives in another module (Kotlin Multiplatform)
	// Dependencies and Constraints are the variant's dependencies and dependency constraints.
	Dependencies, Constraints []Dependency
	Files                     []File
}

// AvailableAt points a variant to the module that holds it.
type AvailableAt struct {
	URL, Group, Module, Version string
}

// Coordinate returns the module version the variant is available at.
func (a *AvailableAt) Coordinate() Coordinate {
	return Coordinate{Group: a.Group, Artifact: a.Module, Version: a.Version}
}

// Dependency is a dependency or dependency constraint of a variant.
type Dependency struct {
	Group, Module string
	Version       VersionConstraint
	Excludes      []Module          // Group or Artifact may be "*"
	Attributes    map[string]string // attributes the dependency requests, such as a platform category
}

// VersionConstraint is a declared version: Gradle's requires, prefers, strictly and rejects.
type VersionConstraint struct {
	Requires, Prefers, Strictly string
	Rejects                     []string
}

// Selector returns the version to resolve: strictly, else requires, else prefers.
func (v VersionConstraint) Selector() string {
	for _, s := range []string{v.Strictly, v.Requires, v.Prefers} {
		if s != "" {
			return s
		}
	}
	return ""
}

// File is a file of a variant; URL is relative to the module's folder.
type File struct {
	Name, URL string
	Size      int64
	SHA1      string
	SHA256    string
	SHA512    string
	MD5       string
}

// The JSON shapes, before checking; free-typed where the files in the wild vary.
type jsonModule struct {
	FormatVersion *string        `json:"formatVersion"`
	Component     *jsonComponent `json:"component"`
	CreatedBy     *jsonCreatedBy `json:"createdBy"`
	Variants      []jsonVariant  `json:"variants"`
}

type jsonComponent struct {
	Group   string `json:"group"`
	Module  string `json:"module"`
	Version string `json:"version"`
	URL     string `json:"url"`
}

type jsonCreatedBy struct {
	Gradle *struct {
		Version string `json:"version"`
	} `json:"gradle"`
}

type jsonVariant struct {
	Name                  string                     `json:"name"`
	Attributes            map[string]json.RawMessage `json:"attributes"`
	AvailableAt           *jsonComponent             `json:"available-at"`
	Dependencies          []jsonDependency           `json:"dependencies"`
	DependencyConstraints []jsonDependency           `json:"dependencyConstraints"`
	Files                 []jsonFile                 `json:"files"`
}

type jsonDependency struct {
	Group      string                     `json:"group"`
	Module     string                     `json:"module"`
	Version    *jsonVersion               `json:"version"`
	Excludes   []jsonExclude              `json:"excludes"`
	Attributes map[string]json.RawMessage `json:"attributes"`
}

type jsonVersion struct {
	Requires string   `json:"requires"`
	Prefers  string   `json:"prefers"`
	Strictly string   `json:"strictly"`
	Rejects  []string `json:"rejects"`
}

type jsonExclude struct {
	Group  string `json:"group"`
	Module string `json:"module"`
}

type jsonFile struct {
	Name   string          `json:"name"`
	URL    string          `json:"url"`
	Size   json.RawMessage `json:"size"` // a number, though the specification's example writes a string
	SHA1   string          `json:"sha1"`
	SHA256 string          `json:"sha256"`
	SHA512 string          `json:"sha512"`
	MD5    string          `json:"md5"`
}

// ParseModuleMetadata reads a Gradle module metadata file. It accepts format versions 1.x and
// fails, without panicking, on anything that is not such a JSON object.
func ParseModuleMetadata(data []byte) (*ModuleMetadata, error) {
	var j jsonModule
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&j); err != nil {
		return nil, fmt.Errorf("not Gradle module metadata: %w", err)
	}
	if j.FormatVersion == nil {
		return nil, fmt.Errorf("not Gradle module metadata: no formatVersion")
	}
	if major, _, _ := strings.Cut(*j.FormatVersion, "."); major != "1" {
		return nil, fmt.Errorf("unsupported Gradle module metadata formatVersion %q (1.0 and 1.1 are read)", *j.FormatVersion)
	}
	m := &ModuleMetadata{FormatVersion: *j.FormatVersion}
	if c := j.Component; c != nil {
		m.Component = ComponentRef{Group: c.Group, Module: c.Module, Version: c.Version, URL: c.URL}
	}
	if j.CreatedBy != nil && j.CreatedBy.Gradle != nil {
		m.Gradle = j.CreatedBy.Gradle.Version
	}
	for i, jv := range j.Variants {
		v := Variant{Name: jv.Name, Attributes: attributeText(jv.Attributes)}
		if v.Name == "" {
			v.Name = "#" + strconv.Itoa(i)
		}
		if a := jv.AvailableAt; a != nil {
			if a.Group == "" || a.Module == "" || a.Version == "" {
				return nil, fmt.Errorf("variant %s: available-at without group, module and version", v.Name)
			}
			v.AvailableAt = &AvailableAt{URL: a.URL, Group: a.Group, Module: a.Module, Version: a.Version}
		}
		v.Dependencies = dependencies(jv.Dependencies)
		v.Constraints = dependencies(jv.DependencyConstraints)
		for _, f := range jv.Files {
			v.Files = append(v.Files, File{Name: f.Name, URL: f.URL, Size: sizeOf(f.Size), SHA1: f.SHA1, SHA256: f.SHA256, SHA512: f.SHA512, MD5: f.MD5})
		}
		m.Variants = append(m.Variants, v)
	}
	return m, nil
}

func dependencies(js []jsonDependency) []Dependency {
	var out []Dependency
	for _, jd := range js {
		if jd.Group == "" || jd.Module == "" {
			continue
		}
		d := Dependency{Group: jd.Group, Module: jd.Module, Attributes: attributeText(jd.Attributes)}
		if jd.Version != nil {
			d.Version = VersionConstraint{Requires: jd.Version.Requires, Prefers: jd.Version.Prefers, Strictly: jd.Version.Strictly, Rejects: jd.Version.Rejects}
		}
		for _, e := range jd.Excludes {
			d.Excludes = append(d.Excludes, Module{Group: e.Group, Artifact: e.Module})
		}
		out = append(out, d)
	}
	return out
}

// attributeText turns attribute values (strings, booleans, numbers) into text.
func attributeText(raw map[string]json.RawMessage) map[string]string {
	out := make(map[string]string, len(raw))
	for k, v := range raw {
		var s string
		if json.Unmarshal(v, &s) == nil {
			out[k] = s
			continue
		}
		out[k] = strings.TrimSpace(string(v))
	}
	return out
}

func sizeOf(raw json.RawMessage) int64 {
	s := strings.Trim(strings.TrimSpace(string(raw)), `"`)
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return -1
	}
	return n
}
