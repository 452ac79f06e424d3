package stability

import "testing"

func TestLattice(t *testing.T) {
	box := &Class{Name: "com/example/Box"}
	foo := &Class{Name: "com/example/Foo"}
	shape := NewClass("com/example/Shape", ClassDetails{Kind: KindInterface})
	a := &TypeParameter{Owner: "X", Name: "A"}
	b := &TypeParameter{Owner: "X", Name: "B"}
	pa, pb := Parameter{Param: a}, Parameter{Param: b}
	rBox, rFoo, uShape := Runtime{Class: box}, Runtime{Class: foo}, Unknown{Class: shape}

	tests := []struct {
		name       string
		in         Stability
		normalized string
		verdict    Verdict
	}{
		// spec §0: the LIFO flattening reverses the order.
		{"params reversed", Combined{[]Stability{pa, pb}}, "Parameter(B),Parameter(A)", VerdictRuntime},
		{"nested runtime", Combined{[]Stability{rBox, Combined{[]Stability{rFoo}}}}, "Runtime(Foo),Runtime(Box)", VerdictRuntime},
		// spec §0: a single Unknown stays; two Unknowns normalize to an empty, stable Combined.
		{"one interface", uShape, "Uncertain(Shape)", VerdictRuntime},
		{"two interfaces", Combined{[]Stability{uShape, uShape}}, "", VerdictStable},
		{"interface and runtime", Combined{[]Stability{uShape, rFoo}}, "Runtime(Foo)", VerdictRuntime},
		{"unstable wins", Combined{[]Stability{rFoo, Unstable, pa}}, "Unstable", VerdictUnstable},
		{"params deduplicated", Combined{[]Stability{pa, Combined{[]Stability{pa, Stable}}}}, "Parameter(A)", VerdictRuntime},
		{"runtime kept twice", Combined{[]Stability{rFoo, rFoo}}, "Runtime(Foo),Runtime(Foo)", VerdictRuntime},
		{"certain", Stable, "Stable", VerdictStable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := Normalize(tt.in)
			if got := n.String(); got != tt.normalized {
				t.Errorf("Normalize = %q, want %q", got, tt.normalized)
			}
			if got := VerdictOf(n); got != tt.verdict {
				t.Errorf("verdict = %s, want %s", got, tt.verdict)
			}
		})
	}
}

func TestPlus(t *testing.T) {
	foo := Runtime{Class: &Class{Name: "a/Foo"}}
	tests := []struct {
		a, b Stability
		want string
	}{
		{Stable, foo, "Runtime(Foo)"},
		{foo, Stable, "Runtime(Foo)"},
		{foo, Unstable, "Unstable"},
		{Unstable, foo, "Unstable"},
		{foo, foo, "Runtime(Foo),Runtime(Foo)"},
		{Stable, Combined{}, ""},
	}
	for _, tt := range tests {
		if got := Plus(tt.a, tt.b).String(); got != tt.want {
			t.Errorf("%v + %v = %q, want %q", tt.a, tt.b, got, tt.want)
		}
	}
	if !KnownStable(Combined{}) || KnownUnstable(Combined{}) || isUncertain(Combined{}) {
		t.Error("an empty Combined must be known stable and certain")
	}
	if IsExpressible(Combined{[]Stability{foo, Unknown{Class: &Class{Name: "a/I"}}}}) {
		t.Error("a Combined with an Unknown is not expressible")
	}
}
