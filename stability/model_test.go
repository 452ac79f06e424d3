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

func TestTypeRendering(t *testing.T) {
	cls := func(n string) *Class { return NewClass(n, ClassDetails{}) }
	param := &TypeParameter{Name: "T"}
	typ := &Type{Class: cls("kotlin/collections/Map"), Nullable: true, Args: []TypeArg{
		{Type: &Type{Class: cls("com/example/Outer.Inner")}},
		{Variance: Out, Type: &Type{Class: cls("kotlin/collections/List"), Args: []TypeArg{{Star: true}}}},
	}}
	gen := &Type{Class: cls("com/example/Box"), Args: []TypeArg{{Variance: In, Type: &Type{Param: param, Nullable: true}}}}
	tests := []struct {
		t                 *Type
		simple, qualified string
	}{
		{typ, "Map<Inner, out List<*>>?", "kotlin.collections.Map<com.example.Outer.Inner, out kotlin.collections.List<*>>?"},
		{gen, "Box<in T?>", "com.example.Box<in T?>"},
	}
	for _, tt := range tests {
		if got := tt.t.String(); got != tt.simple {
			t.Errorf("String() = %q, want %q", got, tt.simple)
		}
		if got := tt.t.QualifiedString(); got != tt.qualified {
			t.Errorf("QualifiedString() = %q, want %q", got, tt.qualified)
		}
	}
}
