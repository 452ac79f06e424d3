package escape

import (
	"testing"
	"unicode/utf8"
)

func TestText(t *testing.T) {
	for _, tc := range []struct{ in, text, rev string }{
		{"com.example.Foo", "com.example.Foo", "com.example.Foo"},
		{"Straße.Ünïcödé", "Straße.Ünïcödé", "Straße.Ünïcödé"},
		{"a\nverdict stable", `a\nverdict stable`, `a\nverdict stable`},
		{"\x1b[31mred", `\x1b[31mred`, `\x1b[31mred`},
		{"bell\a", `bell\x07`, `bell\x07`},
		{"cr\rx", `cr\rx`, `cr\rx`},
		{"tab\tx", `tab\tx`, `tab\tx`},
		{"del\x7f", `del\x7f`, `del\x7f`},
		{"c1\u0085", `c1\u0085`, `c1\u0085`},
		{"evil\u202etxt.exe", `evil\u202etxt.exe`, `evil\u202etxt.exe`},
		{"iso\u2066x\u2069", `iso\u2066x\u2069`, `iso\u2066x\u2069`},
		{"ls\u2028x", `ls\u2028x`, `ls\u2028x`},
		{"bad\xffutf8", `bad\xffutf8`, `bad\xffutf8`},
		{`back\slash`, `back\slash`, `back\\slash`},
		{`\x1b`, `\x1b`, `\\x1b`},
	} {
		if got := Text(tc.in); got != tc.text {
			t.Errorf("Text(%q) = %q, want %q", tc.in, got, tc.text)
		}
		if got := Reversible(tc.in); got != tc.rev {
			t.Errorf("Reversible(%q) = %q, want %q", tc.in, got, tc.rev)
		}
		if back, err := Unescape(tc.rev); err != nil || back != tc.in {
			t.Errorf("Unescape(%q) = %q, %v; want %q", tc.rev, back, err, tc.in)
		}
	}
}

func TestUnescapeErrors(t *testing.T) {
	for _, s := range []string{`\`, `\q`, `\x1`, `\u12`} {
		if _, err := Unescape(s); err == nil {
			t.Errorf("Unescape(%q): no error", s)
		}
	}
}

func FuzzReversible(f *testing.F) {
	for _, s := range []string{"", "a.B", "\x1b\n\\", "\u202e", "\xff\xfe", "\\u202e"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := Reversible(s)
		for _, c := range r {
			if c < 0x20 || c == 0x7f || unsafeRune(c) {
				t.Fatalf("Reversible(%q) = %q keeps %U", s, r, c)
			}
		}
		if !utf8.ValidString(r) {
			t.Fatalf("Reversible(%q) = %q is not UTF-8", s, r)
		}
		back, err := Unescape(r)
		if err != nil || back != s {
			t.Fatalf("Unescape(Reversible(%q)) = %q, %v", s, back, err)
		}
		if x := Text(s); !utf8.ValidString(x) {
			t.Fatalf("Text(%q) = %q is not UTF-8", s, x)
		}
	})
}
