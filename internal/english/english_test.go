package english

import "testing"

func TestPlural(t *testing.T) {
	for _, c := range []struct {
		n    int
		noun string
		want string
	}{{0, "class", "0 classes"}, {1, "class", "1 class"}, {2, "field", "2 fields"}, {3, "class", "3 classes"}} {
		if got := Plural(c.n, c.noun); got != c.want {
			t.Errorf("Plural(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
	if Choose(1, "is", "are") != "is" || Choose(2, "is", "are") != "are" || Choose(0, "is", "are") != "are" {
		t.Error("Choose")
	}
}
