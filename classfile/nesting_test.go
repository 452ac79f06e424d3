package classfile

import (
	"strconv"
	"strings"
	"testing"
)

func TestTypeNesting(t *testing.T) {
	for s, want := range map[string]int{"I": 0, "[I": 1, "([I[I[I)V": 1, "[[Ljava/lang/String;": 2, "Ljava/util/List<[[Ljava/lang/String;>;": 3,
		"[Lfoo<[I>;": 3, "Ljava/util/Map<TK;Ljava/util/List<TV;>;>;": 2, "<T:Ljava/lang/Object;>(TT;)V": 0, "La<TT;>.Inner<TU;>;": 1} {
		if got := typeNesting([]byte(s)); got != want {
			t.Errorf("%s: %d want %d", s, got, want)
		}
	}
}

// sharedDescriptorClass has thousands of methods sharing one long
// descriptor: checking the descriptor once per member made validation
// quadratic (found by FuzzScan, a mutated jar took minutes).
func sharedDescriptorClass() []byte {
	b := newBuilder()
	desc := "(" + strings.Repeat("I", 60000) + ")V"
	var methods [][]byte
	for i := range 20000 {
		methods = append(methods, b.member(0x0001, "m"+strconv.Itoa(i), desc))
	}
	return b.build(0x21, "A", "java/lang/Object", nil, methods, nil)
}

func TestSharedDescriptor(t *testing.T) {
	if _, err := ParseWithOptions(sharedDescriptorClass(), ParseOptions{SkipCode: true}); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkSharedDescriptor: about 1 ms; 20000 × 60000 steps without the
// per-constant memo.
func BenchmarkSharedDescriptor(b *testing.B) {
	data := sharedDescriptorClass()
	for b.Loop() {
		if _, err := ParseWithOptions(data, ParseOptions{SkipCode: true}); err != nil {
			b.Fatal(err)
		}
	}
}
