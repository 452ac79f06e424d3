package stability

import (
	"strings"
	"testing"

	"github.com/composestab/composestab/metadata"
)

// TestMetadataEnumsMapByName: every class kind, modality and visibility metadata decodes maps to
// the model's value of the same name.
func TestMetadataEnumsMapByName(t *testing.T) {
	for k := metadata.ClassKindClass; k <= metadata.ClassKindCompanionObject; k++ {
		if got, want := kindOf(k).String(), strings.ReplaceAll(k.String(), "_", " "); got != want {
			t.Errorf("kind %s → %s", want, got)
		}
	}
	for m := metadata.ModalityFinal; m <= metadata.ModalitySealed; m++ {
		if got, want := modalityOf(m).String(), m.String(); got != want {
			t.Errorf("modality %s → %s", want, got)
		}
	}
	for _, v := range []metadata.Visibility{metadata.VisibilityPublic, metadata.VisibilityInternal, metadata.VisibilityProtected,
		metadata.VisibilityPrivate, metadata.VisibilityPrivateToThis, metadata.VisibilityLocal} {
		want := strings.TrimSuffix(v.String(), "_to_this")
		if got := visibilityOf(v).String(); got != want {
			t.Errorf("visibility %s → %s", v, got)
		}
	}
}
