package maven

import "testing"

func TestCompareVersions(t *testing.T) {
	// Each row is lower than the next, as Gradle orders them.
	ordered := []string{
		"1.0-dev01", "1.0-alpha01", "1.0-alpha02", "1.0-alpha10", "1.0-beta01", "1.0-rc01", "1.0-SNAPSHOT",
		"1.0", "1.0.1", "1.1", "1.2-alpha", "1.2", "1.10", "2", "2.0.0", "10.0",
	}
	for i := range ordered {
		for j := range ordered {
			want := 0
			switch {
			case i < j:
				want = -1
			case i > j:
				want = 1
			}
			if got := CompareVersions(ordered[i], ordered[j]); got != want {
				t.Errorf("CompareVersions(%q, %q) = %d, want %d", ordered[i], ordered[j], got, want)
			}
		}
	}
	for _, eq := range [][2]string{{"1.a.1", "1a1"}, {"1-a+1", "1.a_1"}, {"1.0-RC1", "1.0.rc.1"}, {"01.2", "1.2"}} {
		if CompareVersions(eq[0], eq[1]) != 0 {
			t.Errorf("%q and %q should be equal", eq[0], eq[1])
		}
	}
	if CompareVersions("1.0-alpha", "1.0-Beta") <= 0 { // case-sensitive for ordinary words: "B" < "a"
		t.Error("alpha should be higher than Beta (case-sensitive words)")
	}
	if CompareVersions("99999999999999999999999", "1") <= 0 {
		t.Error("long numbers")
	}
}

func TestSelectors(t *testing.T) {
	avail := []string{"0.9", "1.0", "1.5", "2.0-dev1", "2.0", "2.1"}
	for _, tc := range []struct{ sel, want string }{
		{"[1.0,2.0)", "1.5"},
		{"[1.0,2.0]", "2.0"},
		{"(1.0,1.5)", ""},
		{"[1.0,)", "2.1"},
		{"(,1.0]", "1.0"},
		{"]1.0,2.0[", "1.5"},
		{"[1.5]", "1.5"},
		{"(,0.9],[2.0,2.0]", "2.0"},
		{"1.+", "1.5"},
		{"+", "2.1"},
		{"latest.release", "2.1"},
		{"[1.0", ""},
	} {
		s := parseSelector(tc.sel)
		if got := s.pick(avail); got != tc.want {
			t.Errorf("%s picks %q, want %q", tc.sel, got, tc.want)
		}
	}
	if parseSelector("1.0").dynamic() || !parseSelector("[1,2)").dynamic() {
		t.Error("dynamic")
	}
}

func TestParseCoordinate(t *testing.T) {
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{"androidx.compose.ui:ui:1.7.0", true},
		{"com.example:lib-1_x:1.0-rc01+build.2", true},
		{"a:b", false},
		{"a:b:c:d", false},
		{"a/b:c:1.0", false},
		{"a:b:../1", false},
		{"a::1.0", false},
		{"a:b:${v}", false},
		{"lib.jar:other.jar:x/y", false},
	} {
		c, ok := ParseCoordinate(tc.in)
		if ok != tc.ok || ok && c.String() != tc.in {
			t.Errorf("ParseCoordinate(%q) = %v, %v", tc.in, c, ok)
		}
	}
}

func TestInterpolate(t *testing.T) {
	props := map[string]string{"a": "${b}.1", "b": "2", "loop": "${loop}${loop}", "x": "y"}
	for in, want := range map[string]string{
		"${a}":           "2.1",
		"v${x}-${x}":     "vy-y",
		"${missing}":     "${missing}",
		"${unterminated": "${unterminated",
	} {
		if got := interpolate(in, props); got != want {
			t.Errorf("interpolate(%q) = %q, want %q", in, got, want)
		}
	}
	if got := interpolate("${loop}", props); len(got) > maxInterpolated {
		t.Errorf("self-referencing property grew to %d bytes", len(got))
	}
}
