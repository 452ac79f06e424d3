package maven

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// POM is a Maven POM, as written: properties are not yet substituted and nothing is inherited
// from the parent (whose <relativePath> is never followed: parents are looked up by coordinate).
// Only what resolution uses is kept.
type POM struct {
	Parent                  *Coordinate // the <parent>, if any
	GroupID, ArtifactID     string
	Version, Packaging      string
	Properties              map[string]string
	Dependencies            []POMDependency
	DependencyManagement    []POMDependency
	PublishedWithGradleMeta bool // carries Gradle's "published-with-gradle-metadata" marker
}

// POMDependency is a <dependency> of a POM's dependencies or dependencyManagement.
type POMDependency struct {
	GroupID, ArtifactID, Version string
	Type, Classifier, Scope      string
	Optional                     string // "true" when optional; kept as text, it may be a ${property}
	Exclusions                   []Module
}

type xmlPOM struct {
	Parent *struct {
		GroupID    string `xml:"groupId"`
		ArtifactID string `xml:"artifactId"`
		Version    string `xml:"version"`
	} `xml:"parent"`
	GroupID    string `xml:"groupId"`
	ArtifactID string `xml:"artifactId"`
	Version    string `xml:"version"`
	Packaging  string `xml:"packaging"`
	Properties struct {
		Entries []struct {
			XMLName xml.Name
			Value   string `xml:",chardata"`
		} `xml:",any"`
	} `xml:"properties"`
	Dependencies         []xmlDependency `xml:"dependencies>dependency"`
	DependencyManagement []xmlDependency `xml:"dependencyManagement>dependencies>dependency"`
}

type xmlDependency struct {
	GroupID    string `xml:"groupId"`
	ArtifactID string `xml:"artifactId"`
	Version    string `xml:"version"`
	Type       string `xml:"type"`
	Classifier string `xml:"classifier"`
	Scope      string `xml:"scope"`
	Optional   string `xml:"optional"`
	Exclusions []struct {
		GroupID    string `xml:"groupId"`
		ArtifactID string `xml:"artifactId"`
	} `xml:"exclusions>exclusion"`
}

// gradleMetadataMarker is the comment Gradle writes into the POMs of modules it published with
// a .module file.
const gradleMetadataMarker = "published-with-gradle-metadata"

// ParsePOM reads a POM. It fails, without panicking, on input that is not a <project> document.
// Encodings other than UTF-8 are read as ISO-8859-1.
func ParsePOM(data []byte) (*POM, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = false
	dec.Entity = xml.HTMLEntity
	dec.CharsetReader = func(charset string, in io.Reader) (io.Reader, error) {
		switch strings.ToLower(charset) {
		case "utf-8", "utf8", "us-ascii", "ascii":
			return in, nil
		}
		return latin1Reader{bufio.NewReader(in)}, nil
	}
	var root xmlPOM
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("not a POM: %w", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			if se.Name.Local != "project" {
				return nil, fmt.Errorf("not a POM: root element <%s>, want <project>", se.Name.Local)
			}
			if err := dec.DecodeElement(&root, &se); err != nil {
				return nil, fmt.Errorf("not a POM: %w", err)
			}
			break
		}
	}
	p := &POM{
		GroupID: trim(root.GroupID), ArtifactID: trim(root.ArtifactID), Version: trim(root.Version),
		Packaging: trim(root.Packaging), Properties: map[string]string{},
		PublishedWithGradleMeta: bytes.Contains(data, []byte(gradleMetadataMarker)),
	}
	if root.Parent != nil {
		p.Parent = &Coordinate{Group: trim(root.Parent.GroupID), Artifact: trim(root.Parent.ArtifactID), Version: trim(root.Parent.Version)}
	}
	for _, e := range root.Properties.Entries {
		p.Properties[e.XMLName.Local] = trim(e.Value)
	}
	p.Dependencies = pomDependencies(root.Dependencies)
	p.DependencyManagement = pomDependencies(root.DependencyManagement)
	return p, nil
}

func trim(s string) string { return strings.TrimSpace(s) }

func pomDependencies(xs []xmlDependency) []POMDependency {
	out := make([]POMDependency, 0, len(xs))
	for _, x := range xs {
		d := POMDependency{
			GroupID: trim(x.GroupID), ArtifactID: trim(x.ArtifactID), Version: trim(x.Version),
			Type: trim(x.Type), Classifier: trim(x.Classifier), Scope: trim(x.Scope), Optional: trim(x.Optional),
		}
		for _, e := range x.Exclusions {
			d.Exclusions = append(d.Exclusions, Module{Group: trim(e.GroupID), Artifact: trim(e.ArtifactID)})
		}
		out = append(out, d)
	}
	return out
}

// latin1Reader decodes ISO-8859-1 into UTF-8.
type latin1Reader struct{ r *bufio.Reader }

func (l latin1Reader) Read(p []byte) (int, error) {
	n := 0
	for n+utf8.UTFMax <= len(p) {
		b, err := l.r.ReadByte()
		if err != nil {
			if n > 0 {
				return n, nil
			}
			return 0, err
		}
		n += utf8.EncodeRune(p[n:], rune(b))
	}
	if n == 0 && len(p) > 0 {
		return 0, io.ErrShortBuffer
	}
	return n, nil
}

// maxInterpolated caps the length of a value after ${property} substitution, so that
// self-multiplying properties cannot blow up.
const maxInterpolated = 4096

// interpolate substitutes ${name} references from props, repeatedly (a property may refer to
// others), at most 10 levels deep. Unknown references are left as they are.
func interpolate(s string, props map[string]string) string {
	for depth := 0; depth < 10 && strings.Contains(s, "${"); depth++ {
		var b strings.Builder
		rest := s
		changed := false
		for {
			i := strings.Index(rest, "${")
			if i < 0 {
				b.WriteString(rest)
				break
			}
			j := strings.IndexByte(rest[i:], '}')
			if j < 0 {
				b.WriteString(rest)
				break
			}
			name := rest[i+2 : i+j]
			b.WriteString(rest[:i])
			if v, ok := props[name]; ok {
				b.WriteString(v)
				changed = true
			} else {
				b.WriteString(rest[i : i+j+1])
			}
			rest = rest[i+j+1:]
			if b.Len() > maxInterpolated {
				return s
			}
		}
		if !changed {
			break
		}
		s = b.String()
	}
	return s
}
