package main

import (
	"runtime/debug"
	"strings"
)

// The release build sets these with the linker (GoReleaser's ldflags, see .goreleaser.yaml):
//
//	-X main.version=1.2.0 -X main.commit=<full hash> -X main.date=<commit time, RFC 3339>
//
// Left empty, as by go build and go install, each is read from the build information instead.
var (
	version string
	commit  string
	date    string
)

// readBuildInfo is debug.ReadBuildInfo; tests replace it.
var readBuildInfo = debug.ReadBuildInfo

// buildStamp is what "composestab version" says about the binary itself.
type buildStamp struct {
	version string // "1.2.0", "v1.2.0", a pseudo-version, or "(devel)"
	commit  string // full hash, "-dirty" when built from a modified tree; "" if unknown
	date    string // the commit's time; "" if unknown
}

// currentBuild is this binary's stamp: each of version, commit and date from the linker flags
// when set, else from the build information Go records (the module version when installed with
// go install module@version; vcs.revision, vcs.time and vcs.modified when built in a checkout).
func currentBuild() buildStamp {
	b := buildStamp{version: version, commit: commit, date: date}
	bi, ok := readBuildInfo()
	if !ok || bi == nil {
		bi = &debug.BuildInfo{}
	}
	if b.version == "" {
		b.version = bi.Main.Version
		if b.version == "" {
			b.version = "(devel)"
		}
	}
	var revision, vcsTime string
	var modified bool
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.time":
			vcsTime = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if b.commit == "" && revision != "" {
		b.commit = revision
		if modified {
			b.commit += "-dirty"
		}
	}
	if b.date == "" {
		b.date = vcsTime
	}
	return b
}

// String is the first line of "composestab version":
//
//	composestab 1.2.0 (commit 0123456789abcdef0123456789abcdef01234567, 2025-11-28T13:59:00Z)
func (b buildStamp) String() string {
	var sb strings.Builder
	sb.WriteString("composestab ")
	sb.WriteString(b.version)
	sb.WriteString(" (commit ")
	if b.commit == "" {
		sb.WriteString("unknown")
	} else {
		sb.WriteString(b.commit)
	}
	if b.date != "" {
		sb.WriteString(", ")
		sb.WriteString(b.date)
	}
	sb.WriteString(")")
	return sb.String()
}
