package classfile

import "testing"

func TestTypeNesting(t *testing.T) {
	for s, want := range map[string]int{"I": 0, "[I": 1, "([I[I[I)V": 1, "[[Ljava/lang/String;": 2, "Ljava/util/List<[[Ljava/lang/String;>;": 3,
		"[Lfoo<[I>;": 3, "Ljava/util/Map<TK;Ljava/util/List<TV;>;>;": 2, "<T:Ljava/lang/Object;>(TT;)V": 0, "La<TT;>.Inner<TU;>;": 1} {
		if got := typeNesting([]byte(s)); got != want {
			t.Errorf("%s: %d want %d", s, got, want)
		}
	}
}
