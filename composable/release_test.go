package composable

import (
	"testing"

	"github.com/composestab/composestab/stability"
)

// release is the supported release of that name.
func release(t testing.TB, name string) stability.Release {
	t.Helper()
	r, ok := stability.ParseRelease(name)
	if !ok {
		t.Fatalf("release %q is not supported", name)
	}
	return r
}

// TestDefaultFeaturesFor: each release's defaults, as its module.json in the fixture matrix
// reports them for code that does not show them.
func TestDefaultFeaturesFor(t *testing.T) {
	tests := []struct {
		release string
		want    Features
	}{
		{"2.0.20", Features{StrongSkipping: true, IntrinsicRemember: true, noPausableFlag: true}},
		{"2.0.21", Features{StrongSkipping: true, IntrinsicRemember: true, noPausableFlag: true}},
		{"2.1.0", Features{StrongSkipping: true, IntrinsicRemember: true}},
		{"2.1.21", Features{StrongSkipping: true, IntrinsicRemember: true}},
		{"2.2.0", DefaultFeatures},
		{"2.4.20", DefaultFeatures},
		{"2.5.0-Beta1", DefaultFeatures},
	}
	for _, tt := range tests {
		if got := DefaultFeaturesFor(release(t, tt.release)); got != tt.want {
			t.Errorf("DefaultFeaturesFor(%s) = %+v, want %+v", tt.release, got, tt.want)
		}
	}
	if DefaultFeaturesFor(stability.DefaultRelease()) != DefaultFeatures {
		t.Errorf("the default release's defaults are not DefaultFeatures")
	}
}
