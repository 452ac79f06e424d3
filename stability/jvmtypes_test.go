package stability

import (
	"strings"
	"testing"

	"github.com/composestab/composestab/classfile"
)

// TestSignatureNesting: types nested up to the JVM's 255 array dimensions are read, deeper ones
// are an error rather than a recursion as deep as the signature is long.
func TestSignatureNesting(t *testing.T) {
	limit := classfile.DefaultMaxNesting
	args := func(n int) string { // n types: La<La<...La;...>;>;
		return strings.Repeat("La<", n-1) + "La;" + strings.Repeat(">;", n-1)
	}
	tests := []struct {
		name, sig string
		ok        bool
	}{
		{"arrays at the limit", strings.Repeat("[", limit-1) + "Ljava/lang/String;", true},
		{"arrays past the limit", strings.Repeat("[", limit) + "Ljava/lang/String;", false},
		{"type arguments at the limit", args(limit), true},
		{"type arguments past the limit", args(limit + 1), false},
		{"a long signature", strings.Repeat("[", 60000) + "I", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := NewUniverse(classfile.NewClasspath())
			p := &sigParser{u: u, s: tt.sig, owner: NewClass("x/Owner", nil)}
			typ := p.fieldType()
			if ok := p.err == nil && typ != nil; ok != tt.ok {
				t.Fatalf("ok = %v (err %v), want %v", ok, p.err, tt.ok)
			}
			if !tt.ok && !strings.Contains(p.err.Error(), "nested more than 255 deep") {
				t.Errorf("err = %v", p.err)
			}
		})
	}
}
