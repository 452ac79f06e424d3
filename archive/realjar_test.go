package archive

import (
	"path/filepath"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
)

// TestRealJarsValidate: every jar of the Kotlin distribution opens with no error under the
// default limits, and its class entries add up.
func TestRealJarsValidate(t *testing.T) {
	fixtures.SkipUnlessLong(t, "opens every jar of the Kotlin distribution")
	jars, _ := filepath.Glob(filepath.Join(fixtures.NeedKotlin(t), "lib", "*.jar"))
	for _, p := range jars {
		in, err := openInput(p)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		statsAddUp(t, in)
		in.Close()
	}
}
