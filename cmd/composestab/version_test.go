package main

import (
	"bytes"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/composestab/composestab/stability"
)

// withBuild sets the linker-set variables and the build information for one test, restoring
// them afterwards. Tests using it must not run in parallel.
func withBuild(t *testing.T, v, c, d string, bi *debug.BuildInfo) {
	t.Helper()
	oldV, oldC, oldD, oldRead := version, commit, date, readBuildInfo
	t.Cleanup(func() { version, commit, date, readBuildInfo = oldV, oldC, oldD, oldRead })
	version, commit, date = v, c, d
	readBuildInfo = func() (*debug.BuildInfo, bool) { return bi, bi != nil }
}

func TestVersion(t *testing.T) {
	const rev = "0123456789abcdef0123456789abcdef01234567"
	vcs := func(modified string) *debug.BuildInfo {
		return &debug.BuildInfo{
			Main: debug.Module{Path: "github.com/composestab/composestab", Version: "v0.0.0-20251128135900-0123456789ab"},
			Settings: []debug.BuildSetting{
				{Key: "-trimpath", Value: "true"},
				{Key: "vcs", Value: "git"},
				{Key: "vcs.revision", Value: rev},
				{Key: "vcs.time", Value: "2025-11-28T13:59:00Z"},
				{Key: "vcs.modified", Value: modified},
			},
		}
	}
	tests := []struct {
		name          string
		ldV, ldC, ldD string
		bi            *debug.BuildInfo
		want          string
	}{
		{
			name: "release build: ldflags win over build info",
			ldV:  "1.2.0", ldC: rev, ldD: "2025-11-28T13:59:00Z",
			bi:   vcs("true"),
			want: "composestab 1.2.0 (commit " + rev + ", 2025-11-28T13:59:00Z)",
		},
		{
			name: "snapshot build without build info",
			ldV:  "0.0.0-SNAPSHOT-0123456", ldC: rev, ldD: "2025-11-28T13:59:00Z",
			want: "composestab 0.0.0-SNAPSHOT-0123456 (commit " + rev + ", 2025-11-28T13:59:00Z)",
		},
		{
			name: "go install module@version: module version, no vcs",
			bi:   &debug.BuildInfo{Main: debug.Module{Path: "github.com/composestab/composestab", Version: "v1.2.0"}},
			want: "composestab v1.2.0 (commit unknown)",
		},
		{
			name: "go build in a clean checkout",
			bi:   vcs("false"),
			want: "composestab v0.0.0-20251128135900-0123456789ab (commit " + rev + ", 2025-11-28T13:59:00Z)",
		},
		{
			name: "go build in a modified checkout",
			bi:   vcs("true"),
			want: "composestab v0.0.0-20251128135900-0123456789ab (commit " + rev + "-dirty, 2025-11-28T13:59:00Z)",
		},
		{
			name: "only the version set by the linker: commit and date from build info",
			ldV:  "1.2.0",
			bi:   vcs("false"),
			want: "composestab 1.2.0 (commit " + rev + ", 2025-11-28T13:59:00Z)",
		},
		{
			name: "go run, -buildvcs=false",
			bi:   &debug.BuildInfo{Main: debug.Module{Path: "github.com/composestab/composestab", Version: "(devel)"}},
			want: "composestab (devel) (commit unknown)",
		},
		{
			name: "no build info at all",
			want: "composestab (devel) (commit unknown)",
		},
	}
	kotlin := "Compose rules of Kotlin " + strings.Join(stability.SupportedCompilers, ", ") +
		" (default " + stability.DefaultCompiler + ")\n"
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			withBuild(t, tt.ldV, tt.ldC, tt.ldD, tt.bi)
			if got := currentBuild().String(); got != tt.want {
				t.Errorf("currentBuild() = %q\nwant             %q", got, tt.want)
			}
			for _, arg := range []string{"version", "--version"} {
				var stdout, stderr bytes.Buffer
				if code := run([]string{arg}, &stdout, &stderr); code != exitOK {
					t.Errorf("run(%s) = %d, want %d; stderr %q", arg, code, exitOK, stderr.String())
				}
				if want := tt.want + "\n" + kotlin; stdout.String() != want {
					t.Errorf("run(%s) printed %q\nwant %q", arg, stdout.String(), want)
				}
				if stderr.Len() != 0 {
					t.Errorf("run(%s) wrote to stderr: %q", arg, stderr.String())
				}
			}
		})
	}
}
