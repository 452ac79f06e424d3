package maven

import "strings"

// Coordinate names one version of a module: group:artifact:version.
type Coordinate struct {
	Group    string `json:"group"`
	Artifact string `json:"artifact"`
	Version  string `json:"version"`
}

// ParseCoordinate parses "group:artifact:version". It reports false for anything else,
// including strings with a path separator, so that a file path is never taken for a coordinate.
func ParseCoordinate(s string) (Coordinate, bool) {
	parts := strings.Split(s, ":")
	if len(parts) != 3 {
		return Coordinate{}, false
	}
	c := Coordinate{Group: parts[0], Artifact: parts[1], Version: parts[2]}
	if !validName(c.Group) || !validName(c.Artifact) || !validVersion(c.Version) {
		return Coordinate{}, false
	}
	return c, true
}

// validName accepts the characters Maven allows in a group or artifact id.
func validName(s string) bool {
	if s == "" || s == "." || s == ".." {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// validVersion accepts a version without path separators, spaces or colons.
func validVersion(s string) bool {
	if s == "" || s == "." || s == ".." {
		return false
	}
	return !strings.ContainsAny(s, "/\\: \t\n${}")
}

// String returns "group:artifact:version".
func (c Coordinate) String() string { return c.Group + ":" + c.Artifact + ":" + c.Version }

// Module returns the module the coordinate is a version of.
func (c Coordinate) Module() Module { return Module{Group: c.Group, Artifact: c.Artifact} }

// Module names a module without a version: group:artifact.
type Module struct {
	Group    string `json:"group"`
	Artifact string `json:"artifact"`
}

// String returns "group:artifact".
func (m Module) String() string { return m.Group + ":" + m.Artifact }

// At returns the coordinate of version v of the module.
func (m Module) At(v string) Coordinate {
	return Coordinate{Group: m.Group, Artifact: m.Artifact, Version: v}
}
