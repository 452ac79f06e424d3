package evaluate

import (
	"reflect"
	"strings"
	"testing"

	"github.com/composestab/composestab/classfile"
)

// clinitRefs are the constant-pool entries a test <clinit> uses.
type clinitRefs struct {
	self, x, long, call uint16 // t/C.$stable, t/X.$stable (4), t/X.L (a long), t/X.run()V
	eight               uint16 // the Integer 8 (FuzzClinit only)
}

// evalClinit builds t/C with the <clinit> that code writes and t/X (whose $stable is the
// constant 4), and returns t/C's $stable.
func evalClinit(t testing.TB, code func(a *asm, r clinitRefs), handlers ...handler) *Value {
	t.Helper()
	b := newClassBuilder()
	r := clinitRefs{self: b.field("t/C", StableField, "I"), x: b.field("t/X", StableField, "I"),
		long: b.field("t/X", "L", "J"), call: b.method("t/X", "run", "()V")}
	a := &asm{}
	code(a, r)
	four := int32(4)
	cp, err := openTestClasspath(map[string][]byte{
		"t/C": b.build("t/C", nil, a.bytes(t), handlers...),
		"t/X": newClassBuilder().build("t/X", &four, nil),
	})
	if err != nil {
		// A class file the classfile package rejects, such as code over 65 535 bytes.
		return &Value{Class: "t/C", Err: err}
	}
	t.Cleanup(func() { cp.Close() })
	return New(cp).Stable("t/C")
}

// TestClinitControlFlow: the simulated $stable follows the JVM's control flow through <clinit>:
// only the stores on the paths taken count, the last store wins, and paths that store different
// values on a condition the simulation cannot decide make the value not simulable.
func TestClinitControlFlow(t *testing.T) {
	const (
		get, put = classfile.OpGetstatic, classfile.OpPutstatic
		ret      = classfile.OpReturn
	)
	tests := []struct {
		name string
		code func(a *asm, r clinitRefs)
		hs   []handler
		// want is the value and wantExpr its rendering ("" for the default 0); with wantErr set,
		// the error's type and a part of its message instead.
		want     int32
		wantExpr string
		wantErr  error
		wantMsg  string
	}{
		{name: "goto over the store", code: func(a *asm, r clinitRefs) {
			a.jump(classfile.OpGoto, "end").bipush(8).idx(put, r.self).label("end").op(ret)
		}},
		{name: "store after return", code: func(a *asm, r clinitRefs) {
			a.op(ret).bipush(8).idx(put, r.self).op(ret)
		}},
		{name: "both branches store the same value", code: func(a *asm, r clinitRefs) {
			a.idx(get, r.x).jump(classfile.OpIfeq, "else").bipush(8).idx(put, r.self).jump(classfile.OpGoto, "end").
				label("else").bipush(8).idx(put, r.self).label("end").op(ret)
		}, want: 8, wantExpr: "8"},
		{name: "branches store different values", code: func(a *asm, r clinitRefs) {
			a.idx(get, r.x).jump(classfile.OpIfeq, "else").bipush(8).idx(put, r.self).jump(classfile.OpGoto, "end").
				label("else").op(classfile.OpIconst0).idx(put, r.self).label("end").op(ret)
		}, wantErr: &NotSimulableError{}, wantMsg: "$stable depends on the path <clinit> takes: 8 is stored at offset 8; on another path 0 is stored at offset 15"},
		{name: "one branch returns before the store", code: func(a *asm, r clinitRefs) {
			a.idx(get, r.x).jump(classfile.OpIfne, "end").bipush(8).idx(put, r.self).label("end").op(ret)
		}, wantErr: &NotSimulableError{}, wantMsg: "nothing is stored (the default 0); on another path 8 is stored at offset 8"},
		{name: "a known condition takes one branch", code: func(a *asm, r clinitRefs) {
			a.op(classfile.OpIconst0).jump(classfile.OpIfeq, "four").bipush(8).idx(put, r.self).op(ret).
				label("four").op(classfile.OpIconst4).idx(put, r.self).op(ret)
		}, want: 4, wantExpr: "4"},
		{name: "a comparison of constants", code: func(a *asm, r clinitRefs) {
			a.op(classfile.OpIconst2, classfile.OpIconst3).jump(classfile.OpIfIcmplt, "four").bipush(8).idx(put, r.self).op(ret).
				label("four").op(classfile.OpIconst4).idx(put, r.self).op(ret)
		}, want: 4, wantExpr: "4"},
		{name: "a switch on a known key", code: func(a *asm, r clinitRefs) {
			a.op(classfile.OpIconst1).tableswitch(0, "d", "zero", "one").
				label("zero").op(classfile.OpIconst2).idx(put, r.self).op(ret).
				label("one").op(classfile.OpIconst4).idx(put, r.self).op(ret).
				label("d").bipush(8).idx(put, r.self).op(ret)
		}, want: 4, wantExpr: "4"},
		{name: "a switch on an unknown key", code: func(a *asm, r clinitRefs) {
			a.idx(get, r.x).tableswitch(0, "d", "zero").
				label("zero").op(classfile.OpIconst2).idx(put, r.self).op(ret).
				label("d").bipush(8).idx(put, r.self).op(ret)
		}, wantErr: &NotSimulableError{}, wantMsg: "$stable depends on the path <clinit> takes"},
		{name: "an endless backward goto", code: func(a *asm, r clinitRefs) {
			a.bipush(8).idx(put, r.self).label("loop").jump(classfile.OpGoto, "loop")
		}, wantErr: &NotSimulableError{}, wantMsg: "no path through <clinit> returns: it loops forever"},
		{name: "a loop that stores the same value each time", code: func(a *asm, r clinitRefs) {
			a.label("loop").bipush(8).idx(put, r.self).idx(get, r.x).jump(classfile.OpIfne, "loop").op(ret)
		}, want: 8, wantExpr: "8"},
		{name: "a loop that accumulates", code: func(a *asm, r clinitRefs) {
			a.op(classfile.OpIconst0).label("loop").op(classfile.OpIconst1, classfile.OpIor, classfile.OpDup).idx(put, r.self).
				idx(get, r.x).jump(classfile.OpIfne, "loop").op(classfile.OpPop, ret)
		}, wantErr: &NotSimulableError{}, wantMsg: "paths that join at offset 1 hold different values"},
		{name: "values that differ where paths join", code: func(a *asm, r clinitRefs) {
			a.idx(get, r.x).jump(classfile.OpIfeq, "eight").op(classfile.OpIconst4).jump(classfile.OpGoto, "store").
				label("eight").bipush(8).label("store").idx(put, r.self).op(ret)
		}, wantErr: &NotSimulableError{}, wantMsg: "paths that join at offset 12 hold different values"},
		{name: "a later store replaces an earlier one", code: func(a *asm, r clinitRefs) {
			a.bipush(8).idx(put, r.self).op(classfile.OpIconst4).idx(put, r.self).op(ret)
		}, want: 4, wantExpr: "4"},
		{name: "reads back its own $stable", code: func(a *asm, r clinitRefs) {
			a.bipush(8).idx(put, r.self).idx(get, r.self).idx(get, r.x).op(classfile.OpIor).idx(put, r.self).op(ret)
		}, want: 12, wantExpr: "8 | X.$stable"},
		{name: "always throws", code: func(a *asm, r clinitRefs) {
			a.bipush(8).idx(put, r.self).op(classfile.OpAconstNull, classfile.OpAthrow)
		}, wantErr: &InitFailsError{}, wantMsg: "athrow at offset 6"},
		{name: "throws on one path", code: func(a *asm, r clinitRefs) {
			a.idx(get, r.x).jump(classfile.OpIfne, "ok").op(classfile.OpAconstNull, classfile.OpAthrow).
				label("ok").bipush(8).idx(put, r.self).op(ret)
		}, want: 8, wantExpr: "8"},
		{name: "an exception path that skips the store", code: func(a *asm, r clinitRefs) {
			// try { X.run() } catch (Throwable) { return }; $stable = 8
			a.idx(classfile.OpInvokestatic, r.call).bipush(8).idx(put, r.self).op(ret).
				label("catch").op(classfile.OpPop, ret)
		}, hs: []handler{{start: 0, end: 3, pc: 9}}, wantErr: &NotSimulableError{}, wantMsg: "nothing is stored (the default 0); on another path 8 is stored at offset 5"},
		{name: "an exception path that rethrows", code: func(a *asm, r clinitRefs) {
			a.idx(classfile.OpInvokestatic, r.call).bipush(8).idx(put, r.self).op(ret).
				label("catch").op(classfile.OpAthrow)
		}, hs: []handler{{start: 0, end: 3, pc: 9}}, want: 8, wantExpr: "8"},
		{name: "a handler range without a throwing instruction", code: func(a *asm, r clinitRefs) {
			a.op(classfile.OpIconst4).idx(put, r.self).op(ret).label("catch").op(classfile.OpPop, ret)
		}, hs: []handler{{start: 0, end: 1, pc: 5}}, want: 4, wantExpr: "4"},
		{name: "a value from a call", code: func(a *asm, r clinitRefs) {
			a.idx(classfile.OpInvokestatic, r.call).idx(get, r.x).idx(classfile.OpInvokestatic, r.call).op(classfile.OpPop).
				idx(get, r.x).idx(put, r.self).op(ret)
		}, want: 4, wantExpr: "X.$stable"},
		{name: "a non-int value is stored", code: func(a *asm, r clinitRefs) {
			a.op(classfile.OpAconstNull).idx(put, r.self).op(ret)
		}, wantErr: &NotSimulableError{}, wantMsg: "at offset 0: instruction aconst_null computes $stable"},
		{name: "longs and the dup2 family", code: func(a *asm, r clinitRefs) {
			a.idx(get, r.long).op(classfile.OpDup2, classfile.OpPop2, classfile.OpPop2).
				op(classfile.OpIconst1, classfile.OpIconst2, classfile.OpDup2, classfile.OpIor, classfile.OpIor, classfile.OpIor).
				op(classfile.OpLconst1, classfile.OpDup2X1, classfile.OpPop2, classfile.OpDupX2, classfile.OpPop, classfile.OpPop2).idx(put, r.self).op(ret)
		}, want: 3, wantExpr: "1 | (2 | (1 | 2))"},
		{name: "pop of half a long", code: func(a *asm, r clinitRefs) {
			a.op(classfile.OpLconst0, classfile.OpPop, classfile.OpIconst1).idx(put, r.self).op(ret)
		}, wantErr: &NotSimulableError{}, wantMsg: "pop on a long or double"},
		{name: "a subroutine", code: func(a *asm, r clinitRefs) {
			a.jump(classfile.OpJsr, "sub").op(classfile.OpIconst1).idx(put, r.self).op(ret).label("sub").op(ret)
		}, wantErr: &NotSimulableError{}, wantMsg: "a subroutine (jsr)"},
		{name: "no store, but a subroutine", code: func(a *asm, r clinitRefs) {
			a.jump(classfile.OpJsr, "sub").op(ret).label("sub").op(ret)
		}},
		{name: "a dup chain doubling the expression", code: func(a *asm, r clinitRefs) {
			a.op(classfile.OpIconst1)
			for range 40 {
				a.op(classfile.OpDup, classfile.OpIor)
			}
			a.idx(put, r.self).op(ret)
		}, wantErr: &NotSimulableError{}, wantMsg: "the $stable expression has more than 65536 nodes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := evalClinit(t, tt.code, tt.hs...)
			if tt.wantErr != nil {
				if v.Err == nil || reflect.TypeOf(v.Err) != reflect.TypeOf(tt.wantErr) || !strings.Contains(v.Err.Error(), tt.wantMsg) {
					t.Fatalf("got %d (%v), error %v; want a %T saying %q", v.Value, v.Expr, v.Err, tt.wantErr, tt.wantMsg)
				}
				return
			}
			if v.Err != nil {
				t.Fatalf("error %v; want %d", v.Err, tt.want)
			}
			got := ""
			if v.Expr != nil {
				got = v.Expr.String()
			}
			wantSource := SourceClinit
			if tt.wantExpr == "" {
				wantSource = SourceDefault
			}
			if v.Value != tt.want || got != tt.wantExpr || v.Source != wantSource {
				t.Errorf("$stable = %d (%q, %s); want %d (%q, %s)", v.Value, got, v.Source, tt.want, tt.wantExpr, wantSource)
			}
		})
	}
}

// orChain is X.$stable read n times and ORed, as an initializer with n runtime dependencies is
// compiled: getstatic; (getstatic; ior)*; putstatic; return.
func orChain(n int) func(a *asm, r clinitRefs) {
	return func(a *asm, r clinitRefs) {
		a.idx(classfile.OpGetstatic, r.x)
		for i := 1; i < n; i++ {
			a.idx(classfile.OpGetstatic, r.x).op(classfile.OpIor)
		}
		a.idx(classfile.OpPutstatic, r.self).op(classfile.OpReturn)
	}
}

// TestClinitHuge: initializers as large as legal code allows evaluate in linear time and render
// within bounds. Code over the JVM's 65 535 bytes is an error, whoever finds it first.
func TestClinitHuge(t *testing.T) {
	const maxReads = 16383 // 3 + 4*(n-1) + 4 bytes ≤ 65 535
	tests := []struct {
		name     string
		code     func(a *asm, r clinitRefs)
		want     int32
		deps     int
		prefix   string
		suffix   string
		wantFail bool
	}{
		{name: "16 383 $stable reads", code: orChain(maxReads), want: 4, deps: maxReads,
			prefix: "X.$stable | X.$stable | ", suffix: " | X.$stable | …(16319 more)"},
		{name: "32 764 iconst_0; pop", code: func(a *asm, r clinitRefs) {
			for range 32764 {
				a.op(classfile.OpIconst0, classfile.OpPop)
			}
			a.op(classfile.OpIconst4).idx(classfile.OpPutstatic, r.self).op(classfile.OpReturn)
		}, want: 4, prefix: "4", suffix: "4"},
		{name: "21 000 reads: more code than the JVM allows", code: orChain(21000), wantFail: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := evalClinit(t, tt.code)
			if tt.wantFail {
				if v.Err == nil {
					t.Fatalf("$stable = %d; want an error", v.Value)
				}
				return
			}
			if v.Err != nil {
				t.Fatal(v.Err)
			}
			s := v.Expr.String()
			if v.Value != tt.want || len(v.Deps) != tt.deps || !strings.HasPrefix(s, tt.prefix) || !strings.HasSuffix(s, tt.suffix) || len(s) > maxRenderedBytes+64 {
				t.Errorf("$stable = %d with %d deps, rendered in %d bytes as %.60q…%q; want %d, %d deps, %q…%q",
					v.Value, len(v.Deps), len(s), s, s[max(0, len(s)-40):], tt.want, tt.deps, tt.prefix, tt.suffix)
			}
		})
	}
}

// TestExprString: expressions render exactly as before up to maxRenderedTerms operands; longer
// ones flatten associative chains and stop with the count left out, whatever their shape.
func TestExprString(t *testing.T) {
	ref := func(c string) Expr { return Ref{Class: "p/" + c, Field: StableField} }
	or := func(x, y Expr) Expr { return Op{Op: "|", X: x, Y: y} }
	chain := func(n int) Expr {
		x := ref("A")
		for range n - 1 {
			x = or(x, ref("B"))
		}
		return x
	}
	dag := Expr(Const{Value: 1})
	for range 60 { // 2^60 operands, 60 distinct nodes
		dag = or(dag, dag)
	}
	tests := []struct {
		name           string
		x              Expr
		prefix, suffix string
	}{
		{name: "three operands", x: or(or(ref("A"), ref("B")), ref("C")), prefix: "(A.$stable | B.$stable) | C.$stable", suffix: "C.$stable"},
		{name: "mixed operators", x: Op{Op: "<<", X: Op{Op: "&", X: ref("A"), Y: Const{Value: 14}}, Y: Const{Value: 3}}, prefix: "(A.$stable & 14) << 3", suffix: "3"},
		{name: "64 operands keep their parentheses", x: chain(64), prefix: strings.Repeat("(", 62) + "A.$stable | B.$stable)", suffix: " | B.$stable"},
		{name: "65 operands", x: chain(65), prefix: "A.$stable | B.$stable | B.$stable", suffix: " | B.$stable | …(1 more)"},
		{name: "21 000 operands", x: chain(21000), prefix: "A.$stable | B.$stable", suffix: " | B.$stable | …(20936 more)"},
		{name: "120 000 operands", x: chain(120000), prefix: "A.$stable | B.$stable", suffix: " | B.$stable | …(119936 more)"},
		{name: "a shared subexpression 2^60 times", x: dag, prefix: "1 | 1 | 1", suffix: "+ more)"},
		{name: "long class names", x: or(Ref{Class: strings.Repeat("n", 3000), Field: "f"}, or(ref("A"), Ref{Class: strings.Repeat("m", 3000), Field: "f"})),
			prefix: strings.Repeat("n", 3000) + ".f | (A.$stable | " + strings.Repeat("m", 3000), suffix: ".f)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.x.String()
			if !strings.HasPrefix(s, tt.prefix) || !strings.HasSuffix(s, tt.suffix) || len(s) > 8000 {
				t.Errorf("rendered in %d bytes as %.80q…%q; want %.80q…%q", len(s), s, s[max(0, len(s)-40):], tt.prefix, tt.suffix)
			}
		})
	}
}

// BenchmarkClinitHuge evaluates and renders the largest legal $stable initializer, 16 383 reads
// ORed together: quadratic before (5.8 s and 3.9 GB per op for rendering it), linear now.
func BenchmarkClinitHuge(b *testing.B) {
	bld := newClassBuilder()
	r := clinitRefs{self: bld.field("t/C", StableField, "I"), x: bld.field("t/X", StableField, "I")}
	a := &asm{}
	orChain(16383)(a, r)
	four := int32(4)
	cp := testClasspath(b, map[string][]byte{"t/C": bld.build("t/C", nil, a.bytes(b)), "t/X": newClassBuilder().build("t/X", &four, nil)})
	defer cp.Close()
	b.ReportAllocs()
	for b.Loop() {
		v := New(cp).Stable("t/C")
		if v.Err != nil || v.Value != 4 || len(v.Expr.String()) > maxRenderedBytes+64 {
			b.Fatal(v.Err)
		}
	}
}
