package classfile

import (
	"errors"
	"runtime"
	"strings"
	"testing"
)

// render prints a parsed signature back in the JVM's syntax, for comparison.
func render(t *TypeSignature) string {
	switch t.Kind {
	case SigBase:
		return string(t.Base)
	case SigTypeVar:
		return "T" + t.Var + ";"
	case SigArray:
		return "[" + render(t.Elem)
	}
	var b strings.Builder
	if t.Outer != nil {
		o := render(t.Outer)
		b.WriteString(o[:len(o)-1])
		b.WriteString(".")
		b.WriteString(t.Class[len(t.Outer.Class)+1:])
	} else {
		b.WriteString("L" + t.Class)
	}
	if len(t.Args) > 0 {
		b.WriteByte('<')
		for _, a := range t.Args {
			switch a.Wildcard {
			case '*':
				b.WriteByte('*')
				continue
			case '+', '-':
				b.WriteByte(a.Wildcard)
			}
			b.WriteString(render(a.Type))
		}
		b.WriteByte('>')
	}
	b.WriteByte(';')
	return b.String()
}

func TestParseFieldSignature(t *testing.T) {
	limit := DefaultMaxNesting
	nested := func(n int) string { // n types: La<La<...La;...>;>;
		return strings.Repeat("La<", n-1) + "La;" + strings.Repeat(">;", n-1)
	}
	tests := []struct {
		sig, err string
	}{
		{sig: "I"},
		{sig: "[[J"},
		{sig: "Ljava/lang/String;"},
		{sig: "TT;"},
		{sig: "Ljava/util/Map<TK;+Ljava/util/List<*>;>;"},
		{sig: "Ljava/util/Comparator<-Ljava/lang/Integer;>;"},
		{sig: "La/Outer<TT;>.Inner<-TU;>.Deep;"},
		{sig: strings.Repeat("[", limit-1) + "Ljava/lang/String;"},
		{sig: nested(limit)},
		{sig: strings.Repeat("[", limit) + "Ljava/lang/String;", err: "at 255: types nested more than 255 deep"},
		{sig: nested(limit + 1), err: "types nested more than 255 deep"},
		{sig: strings.Repeat("[", 60000) + "I", err: "types nested more than 255 deep"},
		{sig: "V", err: "at 0: unexpected character"},
		{sig: "Ljava/lang/String", err: "missing ;"},
		{sig: "Ljava/util/List<", err: "unterminated type arguments"},
		{sig: "II", err: "at 1: unexpected characters after the type"},
		{sig: "", err: "unexpected character"},
	}
	for _, tt := range tests {
		name := tt.sig
		if len(name) > 40 {
			name = name[:40] + "…"
		}
		t.Run(name, func(t *testing.T) {
			got, err := ParseFieldSignature(tt.sig)
			if tt.err != "" {
				var se *SignatureError
				if !errors.As(err, &se) || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r := render(got); r != tt.sig {
				t.Errorf("parsed back as %q", r)
			}
		})
	}
}

func TestParseClassSignature(t *testing.T) {
	params, supers, err := ParseClassSignature("<K::Ljava/lang/Comparable<TK;>;V:Ljava/lang/Object;>Ljava/util/AbstractMap<TK;TV;>;Ljava/io/Serializable;")
	if err != nil {
		t.Fatal(err)
	}
	if len(params) != 2 || params[0].Name != "K" || len(params[0].Bounds) != 1 || render(params[0].Bounds[0]) != "Ljava/lang/Comparable<TK;>;" ||
		params[1].Name != "V" || len(params[1].Bounds) != 1 {
		t.Errorf("params = %+v", params)
	}
	if len(supers) != 2 || render(supers[0]) != "Ljava/util/AbstractMap<TK;TV;>;" || render(supers[1]) != "Ljava/io/Serializable;" {
		t.Errorf("supers = %+v", supers)
	}
	if _, _, err := ParseClassSignature("<T>Ljava/lang/Object;"); err == nil || !strings.Contains(err.Error(), "bad type parameter") {
		t.Errorf("err = %v", err)
	}
}

// TestSignaturesOfRealClasses parses every class and field signature of the fixture jars and
// prints each back unchanged.
func TestSignaturesOfRealClasses(t *testing.T) {
	n := 0
	for _, jar := range []string{"lib1/lib1.jar", "app/app.jar", "javalib/javalib.jar", "kinds/kinds.jar"} {
		for _, f := range classFiles(t, "../testdata/golden/"+jar) {
			c, err := ParseWithOptions(f.data, ParseOptions{SkipCode: true})
			if err != nil {
				t.Fatal(err)
			}
			if s := c.Signature(); s != "" {
				if _, _, err := ParseClassSignature(s); err != nil {
					t.Errorf("%s: %v", c.Name(), err)
				}
				n++
			}
			for _, f := range c.Fields() {
				for _, s := range []string{f.Signature, f.Descriptor} {
					if s == "" {
						continue
					}
					st, err := ParseFieldSignature(s)
					if err != nil {
						t.Errorf("%s.%s: %v", c.Name(), f.Name, err)
						continue
					}
					if r := render(st); r != s {
						t.Errorf("%s.%s: %q parsed back as %q", c.Name(), f.Name, s, r)
					}
					n++
				}
			}
		}
	}
	if n < 500 {
		t.Errorf("only %d signatures", n)
	}
}

// FuzzSignature parses arbitrary strings as field and class signatures.
func FuzzSignature(f *testing.F) {
	for _, s := range []string{"Ljava/util/List<Ljava/lang/String;>;", "<T:Ljava/lang/Object;>Lexp/Base<TT;>;",
		"[[I", "Lexp/Base<*>;", "Lexp/Base<+Ljava/lang/String;>;", "La/Outer<TT;>.Inner<-TU;>;", "TT;"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, sig string) {
		if st, err := ParseFieldSignature(sig); err == nil {
			if r := render(st); r != sig {
				t.Fatalf("%q parsed back as %q", sig, r)
			}
		}
		if _, supers, err := ParseClassSignature(sig); err == nil {
			for _, s := range supers {
				_ = render(s)
			}
		}
	})
}

// TestSignatureInnerClassChain: each inner class of a parameterized outer one
// is a level of nesting, and the names are built once: a 64 KiB chain of
// one-letter inner classes used to allocate a gigabyte.
func TestSignatureInnerClassChain(t *testing.T) {
	for _, tc := range []struct {
		levels int
		ok     bool
	}{{1, true}, {200, true}, {254, true}, {255, false}, {32000, false}} {
		sig := "La" + strings.Repeat(".b", tc.levels) + ";"
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		st, err := ParseFieldSignature(sig)
		runtime.ReadMemStats(&after)
		if (err == nil) != tc.ok {
			t.Fatalf("%d levels: err %v", tc.levels, err)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
			t.Errorf("%d levels: %d bytes allocated", tc.levels, n)
		}
		if !tc.ok {
			continue
		}
		depth := 0
		for s := st; s != nil; s = s.Outer {
			if want := "a" + strings.Repeat("$b", tc.levels-depth); s.Class != want {
				t.Fatalf("%d levels, outer %d: class %q", tc.levels, depth, s.Class)
			}
			depth++
		}
		if depth != tc.levels+1 || render(st) != sig {
			t.Errorf("%d levels: %d types, rendered %q", tc.levels, depth, render(st))
		}
	}
}
