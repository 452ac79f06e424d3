package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/internal/fixtures"
)

// explained is the part of explain's JSON the tests look at.
type explained struct {
	Type                  string   `json:"type"`
	Stability             string   `json:"stability"`
	Verdict               string   `json:"verdict"`
	Expression            string   `json:"expression"`
	Value                 *int32   `json:"value"`
	ValueNoStrongSkipping *int32   `json:"valueNoStrongSkipping"`
	StrongSkipping        string   `json:"strongSkipping"`
	NoStrongSkipping      string   `json:"noStrongSkipping"`
	Reasons               []string `json:"reasons"`
	Missing               []string `json:"missing"`
}

// explainJSON runs explain --format json as a user would and decodes its answer.
func explainJSON(t *testing.T, classpath []string, typ string) (explained, string) {
	t.Helper()
	args := []string{"explain", "--format", "json"}
	if len(classpath) > 0 {
		args = append(args, "--classpath", joinPaths(classpath...))
	}
	code, out, errOut := runCLI(t, append(args, typ)...)
	if code != exitOK {
		t.Fatalf("explain %q: exit %d; stderr:\n%s", typ, code, errOut)
	}
	var x explained
	if err := json.Unmarshal([]byte(out), &x); err != nil {
		t.Fatalf("explain %q: %v\n%s", typ, err, out)
	}
	return x, errOut
}

func i32(v int32) *int32 { return &v }

func valueString(v *int32) string {
	if v == nil {
		return "null"
	}
	return strconv.Itoa(int(*v))
}

// TestExplainWithoutClasspath: Kotlin's built-ins, its standard library and the JDK need no
// --classpath. Expected values are the compiler's rules as the spec records them (§1.1, §1.2, §2,
// §7): built-ins and KnownStableConstructs stable, interfaces uncertain (nothing passed), Java
// and non-Compose classes unstable (nothing passed with strong skipping, 8 without).
func TestExplainWithoutClasspath(t *testing.T) {
	tests := []struct {
		typ, verdict, stability string
		value, noStrong         *int32
	}{
		{"kotlin.Int", "stable", "Stable", i32(0), i32(0)},
		{"String", "stable", "Stable", i32(0), i32(0)},
		{"Unit", "stable", "Stable", i32(0), i32(0)},
		{"String?", "stable", "Stable", i32(0), i32(0)},
		{"kotlin.collections.List<kotlin.String>", "uncertain", "Uncertain(List)", i32(0), i32(0)},
		{"Map<String, Int>", "uncertain", "Uncertain(Map)", i32(0), i32(0)},
		{"kotlin.Lazy<Int>", "uncertain", "Uncertain(Lazy)", i32(0), i32(0)},
		{"kotlin.Pair<Int, String>", "stable", "Stable,Stable", i32(0), i32(0)},
		{"kotlin.Pair<Int, java.util.Date>", "unstable", "Stable,Unstable", i32(0), i32(8)},
		{"kotlin.time.Duration", "stable", "Stable", i32(0), i32(0)},
		{"kotlin.Result<Int>", "unstable", "Unstable", i32(0), i32(8)},
		{"IntArray", "unstable", "Unstable", i32(0), i32(8)},
		{"java.math.BigDecimal", "stable", "Stable", i32(0), i32(0)},
		{"java.util.Locale", "stable", "Stable", i32(0), i32(0)},
		{"java.util.Comparator<Int>", "stable", "Stable", i32(0), i32(0)},
		{"java.util.Date", "unstable", "Unstable", i32(0), i32(8)},
		{"kotlin.collections.Map.Entry<String, Int>", "uncertain", "Uncertain(Entry)", i32(0), i32(0)},
	}
	for _, tt := range tests {
		t.Run(tt.typ, func(t *testing.T) {
			x, errOut := explainJSON(t, nil, tt.typ)
			if x.Verdict != tt.verdict || x.Stability != tt.stability {
				t.Errorf("verdict %s, stability %s; want %s, %s", x.Verdict, x.Stability, tt.verdict, tt.stability)
			}
			if !sameValue(x.Value, tt.value) || !sameValue(x.ValueNoStrongSkipping, tt.noStrong) {
				t.Errorf("value %s / %s without strong skipping; want %s / %s", valueString(x.Value), valueString(x.ValueNoStrongSkipping), valueString(tt.value), valueString(tt.noStrong))
			}
			if errOut != "" || len(x.Missing) != 0 {
				t.Errorf("stderr %q, missing %v; want none", errOut, x.Missing)
			}
		})
	}
}

func sameValue(a, b *int32) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}

// TestExplainFunctionTypes checks each written form of a function type against the compiler's
// own reports: for a field or parameter declared with that very type in a fixture, the report
// prints the IR type explain must show and the stability word its verdict must map to.
func TestExplainFunctionTypes(t *testing.T) {
	tests := []struct {
		typ    string
		module string // the fixture whose report declares it
		line   string // the report line, with %s for the word and %t for the type
	}{
		{"() -> Unit", "app", "  %s val f0: %t"},
		{"(Int) -> String", "app", "  %s val f1: %t"},
		{"(Int, String) -> Boolean", "app", "  %s val f2: %t"},
		{"(() -> Unit)?", "app", "  %s val f: %t"},
		{"Int.(String) -> Unit", "app", "  %s val f: %t"},
		{"suspend () -> Unit", "app", "  %s val f: %t"},
		{"suspend (Int) -> String", "app", "  %s val g: %t"},
		{"() -> Int", "kinds", "  %s a: %t"},
		{"(x: String) -> Unit", "kinds", "  %s b: %t"},
		{"@Composable () -> Unit", "kinds", "  %s c: %t"},
		{"@androidx.compose.runtime.Composable (Int) -> Unit", "kinds", "  %s d: %t"},
		{"@Composable (String) -> Unit", "kinds", "  %s content: %t"},
	}
	for _, tt := range tests {
		t.Run(tt.typ, func(t *testing.T) {
			m, err := fixtures.Get(tt.module)
			if err != nil {
				t.Fatal(err)
			}
			suffix := "-classes.txt"
			if !strings.Contains(tt.line, " val ") {
				suffix = "-composables.txt"
			}
			report, err := os.ReadFile(m.Report(suffix))
			if err != nil {
				t.Fatal(err)
			}
			x, _ := explainJSON(t, nil, tt.typ)
			word := map[string]string{"stable": "stable", "unstable": "unstable", "uncertain": "runtime", "runtime": "runtime"}[x.Verdict]
			if suffix == "-composables.txt" && word == "runtime" {
				word = "" // parameters have no runtime word
			}
			want := strings.NewReplacer("%s", word, "%t", x.Type).Replace(tt.line)
			want = strings.Replace(want, "   ", "  ", 1)
			if !strings.Contains(string(report), want+"\n") {
				t.Errorf("explain says %s %s; %s has no line %q", x.Verdict, x.Type, filepath.Base(m.Report(suffix)), want)
			}
		})
	}
}

// TestExplainFunctionTypesNested: function types as type arguments, with a receiver whose class
// is not on the classpath (it does not matter: function types are stable whatever they take).
func TestExplainFunctionTypesNested(t *testing.T) {
	cp := []string{fixtureJar(t, "lib1"), fixtures.RuntimeStubJar()}
	tests := []struct {
		typ, irType, verdict, expr, stderr string
	}{
		{"lib1.LBox<() -> Unit>", "LBox<Function0<Unit>>", "stable", "LBox.$stable", ""},
		{"LBox<@Composable () -> Unit>", "LBox<Function2<Composer, Int, Unit>>", "stable", "LBox.$stable", ""},
		{"LBox<suspend () -> Unit>", "LBox<SuspendFunction0<Unit>>", "uncertain", "", ""},
		{"() -> () -> Unit", "Function0<Function0<Unit>>", "stable", "0", ""},
		{"@Composable foo.RowScope.() -> Unit", "@[ExtensionFunctionType] Function3<RowScope, Composer, Int, Unit>", "stable", "0",
			"missing: foo.RowScope (not on the classpath; the answer does not depend on it)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.typ, func(t *testing.T) {
			x, errOut := explainJSON(t, cp, tt.typ)
			if x.Type != tt.irType || x.Verdict != tt.verdict || x.Expression != tt.expr {
				t.Errorf("type %q, verdict %s, expression %q; want %q, %s, %q", x.Type, x.Verdict, x.Expression, tt.irType, tt.verdict, tt.expr)
			}
			if errOut != tt.stderr {
				t.Errorf("stderr %q, want %q", errOut, tt.stderr)
			}
		})
	}
}

// TestExplainMissingClass: a class found nowhere is named on stderr and makes the answer
// unknown, never "unstable"; with the jar that has it, the answer is the bytes'.
func TestExplainMissingClass(t *testing.T) {
	lib1, lib2, stub := fixtureJar(t, "lib1"), fixtureJar(t, "lib2"), fixtures.RuntimeStubJar()
	tests := []struct {
		name      string
		classpath []string
		typ       string
		verdict   string
		value     *int32
		missing   []string
	}{
		{"no classpath", nil, "lib1.LBox<lib1.LStable>", "runtime", nil, []string{"lib1.LBox", "lib1.LStable"}},
		{"argument missing", []string{lib1, stub}, "lib1.LBox<lib1.Nope>", "runtime", nil, []string{"lib1.Nope"}},
		{"short name", []string{lib1, stub}, "LBox<Nope>", "runtime", nil, []string{"Nope"}},
		{"read by $stable", []string{lib2, stub}, "lib2.L2Wrap", "runtime", nil, []string{"lib1.LStable"}},
		{"on the classpath", []string{lib1, stub}, "lib1.LBox<lib1.LStable>", "stable", i32(0), nil},
		{"on the classpath too", []string{lib2, lib1, stub}, "lib2.L2Wrap", "stable", i32(0), nil},
		{"unstable once found", []string{lib1, stub}, "lib1.LBox<lib1.LUnstable>", "unstable", i32(8), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, errOut := explainJSON(t, tt.classpath, tt.typ)
			if x.Verdict != tt.verdict || !sameValue(x.Value, tt.value) {
				t.Errorf("verdict %s, value %s; want %s, %s", x.Verdict, valueString(x.Value), tt.verdict, valueString(tt.value))
			}
			if strings.Join(x.Missing, ",") != strings.Join(tt.missing, ",") {
				t.Errorf("missing %v, want %v", x.Missing, tt.missing)
			}
			for _, m := range tt.missing {
				if want := "missing: " + m + " (not on the classpath: add the jar that declares it with --classpath)\n"; !strings.Contains(errOut, want) {
					t.Errorf("stderr %q lacks %q", errOut, want)
				}
			}
			if len(tt.missing) == 0 {
				return
			}
			if x.Stability == "Unstable" || !strings.Contains(x.StrongSkipping, "unknown until") {
				t.Errorf("stability %q, strong skipping %q: the answer must be unknown", x.Stability, x.StrongSkipping)
			}
			said := false
			for _, r := range x.Reasons {
				said = said || strings.Contains(r, "not on the classpath")
				if strings.HasSuffix(r, "⇒ Unstable") {
					t.Errorf("reason %q calls a missing class unstable", r)
				}
			}
			if !said && !strings.Contains(strings.Join(x.Reasons, "\n"), "cannot be computed") {
				t.Errorf("no reason says what is missing: %q", x.Reasons)
			}
		})
	}
}

// TestExplainUsageErrors: bad TYPE syntax, type-argument counts and bounds are usage errors
// (exit 2) that say what is wrong; an unreadable --classpath entry is exit 3.
func TestExplainUsageErrors(t *testing.T) {
	cp := joinPaths(fixtureJar(t, "lib1"), fixtures.RuntimeStubJar())
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"too few arguments", []string{"--classpath", cp, "lib1.LPair<lib1.LStable>"}, exitUsage,
			"composestab: lib1.LPair takes 2 type arguments <A, B>, 1 given\n"},
		{"raw generic class", []string{"--classpath", cp, "lib1.LBox"}, exitUsage,
			"composestab: lib1.LBox takes 1 type argument <T>, 0 given\n"},
		{"too many arguments", []string{"kotlin.collections.List<Int, Int>"}, exitUsage,
			"composestab: kotlin.collections.List takes 1 type argument <E>, 2 given\n"},
		{"arguments to a plain class", []string{"kotlin.Int<String>"}, exitUsage,
			"composestab: kotlin.Int takes no type arguments, 1 given\n"},
		{"nested arity", []string{"--classpath", cp, "LBox<Pair<Int>>"}, exitUsage,
			"composestab: kotlin.Pair takes 2 type arguments <A, B>, 1 given\n"},
		{"outside the bound", []string{"--classpath", cp, "lib1.LBounded<lib1.LStable>"}, exitUsage,
			"composestab: type argument lib1.LStable of lib1.LBounded is not within its bound: T : kotlin.CharSequence\n"},
		{"nullable for a non-null bound", []string{"--classpath", cp, "lib1.LBounded<String?>"}, exitUsage,
			"composestab: type argument kotlin.String? of lib1.LBounded is not within its bound: T : kotlin.CharSequence\n"},
		{"function outside the bound", []string{"--classpath", cp, "lib1.LBounded<() -> Unit>"}, exitUsage,
			"not within its bound"},
		{"unclosed arguments", []string{"kotlin.collections.List<Int"}, exitUsage, "expected , or > in the type arguments of kotlin.collections.List"},
		{"trailing text", []string{"Int>"}, exitUsage, `unexpected ">"`},
		{"no arrow", []string{"(Int, String)"}, exitUsage, "expected -> after the parameters of a function type"},
		{"unknown annotation", []string{"@Foo () -> Unit"}, exitUsage, "unsupported annotation @Foo"},
		{"composable on a class", []string{"@Composable Int"}, exitUsage, "apply to function types only"},
		{"composable suspend", []string{"@Composable suspend () -> Unit"}, exitUsage, "cannot be suspend"},
		{"empty", []string{""}, exitUsage, "expected a type name"},
		{"two types", []string{"Int", "String"}, exitUsage, "explain takes one TYPE"},
		{"ambiguous short name", []string{"--classpath", joinPaths(fixtureJar(t, "kinds"), fixtureJar(t, "kindsns")), "KBox<Int>"}, exitUsage,
			"composestab: KBox is ambiguous: kinds/KBox, kindsns/KBox\n"},
		{"unreadable classpath", []string{"--classpath", "/nonexistent/lib.jar", "kotlin.Int"}, exitUnreadable, "/nonexistent/lib.jar"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := runCLI(t, append([]string{"explain"}, tt.args...)...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, tt.code, errOut)
			}
			if strings.HasSuffix(tt.stderr, "\n") && errOut != tt.stderr || !strings.Contains(errOut, tt.stderr) {
				t.Errorf("stderr %q, want %q", errOut, tt.stderr)
			}
		})
	}
}

// TestExplainSaysOneThing: verdict, value and the two skipping sentences agree, for every kind
// of answer. lib1.LPair<LUnstable, LIface> is the case that used to say "unstable" and "the call
// can skip" at once: the interface part leaves the call site nothing to pass (spec §7), so the
// unstable LUnstable.$stable is never read.
func TestExplainSaysOneThing(t *testing.T) {
	cp := []string{fixtureJar(t, "lib1"), fixtures.RuntimeStubJar()}
	tests := []struct {
		typ              string
		verdict          string
		value, noStrong  *int32
		strong, noStrSub string // substrings of the two sentences
	}{
		{"lib1.LStable", "stable", i32(0), i32(0), "compared with equals (changed): the call site passes 0", "skips when the argument equals"},
		{"lib1.LUnstable", "unstable", i32(8), i32(8), "compared by identity (changedInstance): the call site passes the unstable bit", "never skips"},
		{"java.util.Date", "unstable", i32(0), i32(8), "compared by identity (changedInstance): the type is known unstable", "never skips"},
		{"lib1.LIface", "uncertain", i32(0), i32(0), "nothing is passed, so the unstable bit is 0", "skips when the argument equals"},
		{"lib1.LPair<lib1.LUnstable, lib1.LIface>", "uncertain", i32(0), i32(0), "nothing is passed, so the unstable bit is 0", "skips when the argument equals"},
		{"lib1.LBox<kotlin.collections.List<lib1.LUnstable>>", "uncertain", i32(0), i32(0), "nothing is passed", "skips when the argument equals"},
		{"lib1.LBox<lib1.LUnstable>", "unstable", i32(8), i32(8), "changedInstance", "never skips"},
		{"lib1.LPhantom<lib1.LUnstable>", "unstable", i32(8), i32(8), "changedInstance", "never skips"},
		{"lib1.LBox<lib1.Nope>", "runtime", nil, nil, "unknown until lib1.Nope is on the classpath", "unknown until"},
	}
	for _, tt := range tests {
		t.Run(tt.typ, func(t *testing.T) {
			x, _ := explainJSON(t, cp, tt.typ)
			if x.Verdict != tt.verdict || !sameValue(x.Value, tt.value) || !sameValue(x.ValueNoStrongSkipping, tt.noStrong) {
				t.Errorf("verdict %s, value %s/%s; want %s, %s/%s", x.Verdict, valueString(x.Value), valueString(x.ValueNoStrongSkipping),
					tt.verdict, valueString(tt.value), valueString(tt.noStrong))
			}
			if !strings.Contains(x.StrongSkipping, tt.strong) || !strings.Contains(x.NoStrongSkipping, tt.noStrSub) {
				t.Errorf("strong skipping %q, no strong skipping %q; want %q, %q", x.StrongSkipping, x.NoStrongSkipping, tt.strong, tt.noStrSub)
			}
			// The words of one answer never contradict each other.
			all := x.StrongSkipping + " " + x.NoStrongSkipping
			switch x.Verdict {
			case "stable", "uncertain":
				if strings.Contains(all, "never skips") || strings.Contains(all, "identity") {
					t.Errorf("%s, but: %s", x.Verdict, all)
				}
			case "unstable":
				if strings.Contains(x.NoStrongSkipping, "skips when") {
					t.Errorf("unstable, but: %s", x.NoStrongSkipping)
				}
			}
		})
	}
}

func TestExplainHelp(t *testing.T) {
	code, errOut, out := runCLI(t, "explain", "--help") // help goes to stdout
	if code != exitOK || out != "" {
		t.Fatalf("exit %d, stderr %q", code, out)
	}
	for _, want := range []string{"TYPE is written as in Kotlin", "@Composable () -> Unit", "suspend () -> Unit",
		"String.() -> Unit", "(() -> Unit)?", "kotlin.collections.List<String>", "Examples:", "--classpath"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("explain --help does not mention %q", want)
		}
	}
}

// TestExplainEqualsConsumerCallSites holds explain to what apps compiled by the real 2.4.20
// compiler pass. The consumer fixture calls ShowAny(make<T>()) for each of ~70 types T of
// producer libraries; each call's $changed is built from constants and $stable reads only, and
// the JVM's values of those reads are in the goldens (stable-values.tsv). explain's value must be
// what the call passes, with strong skipping (the consumer's default). The nostrong fixture does
// the same without strong skipping.
func TestExplainEqualsConsumerCallSites(t *testing.T) {
	dir := filepath.Join(fixtures.Root(), "compilers", "2.4.20")
	jar := func(m string) string { return filepath.Join(dir, m, m+".jar") }
	cp := []string{jar("consumer"), jar("producers"), jar("pdep"), fixtures.RuntimeStubJar()}
	jvm := jvmStableValues(t, "compilers/2.4.20/consumer", "compilers/2.4.20/producers", "compilers/2.4.20/pdep")
	passed := changedAtCalls(t, jar("consumer"), "consumer/CallsKt", "CallAll", "ShowAny", jvm)
	types := consumerTypes(t)
	if len(passed) != len(types) {
		t.Fatalf("%d ShowAny calls in the bytecode, %d in Calls.kt", len(passed), len(types))
	}
	for i, typ := range types {
		t.Run(typ, func(t *testing.T) {
			if passed[i] == nil {
				t.Fatalf("the call's $changed is not built from constants and $stable reads")
			}
			x, _ := explainJSON(t, cp, typ)
			if !sameValue(x.Value, passed[i]) {
				t.Errorf("explain: value %s (%s, %s); the compiled call passes %d", valueString(x.Value), x.Verdict, x.Expression, *passed[i])
			}
		})
	}

	m, err := fixtures.Get("nostrong")
	if err != nil {
		t.Fatal(err)
	}
	nsJVM := jvmStableValues(t, "nostrong", "lib1")
	calls := map[string][]*int32{}
	for _, callee := range []string{"NsShowStable", "NsShowUnstable", "NsShowNoCompose", "NsShowBox"} {
		calls[callee] = changedAtCalls(t, m.Jar(), "nostrong/CallersKt", "NsCallAll", callee, nsJVM)
	}
	nsCP := append([]string{m.Jar()}, m.Classpath()...)
	for _, tt := range []struct {
		callee string
		nth    int // which call of callee in NsCallAll, from 0 (Callers.kt)
		typ    string
	}{
		{"NsShowStable", 0, "nostrong.NsStable"},
		{"NsShowUnstable", 0, "nostrong.NsUnstable"},
		{"NsShowNoCompose", 0, "plainkt.NoCompose"},
		{"NsShowBox", 0, "nostrong.NsBox<nostrong.NsStable>"},
		{"NsShowBox", 1, "nostrong.NsBox<nostrong.NsUnstable>"},
		{"NsShowBox", 2, "nostrong.NsBox<plainkt.NoCompose>"},
	} {
		t.Run("no strong skipping/"+tt.typ, func(t *testing.T) {
			got := calls[tt.callee]
			if tt.nth >= len(got) || got[tt.nth] == nil {
				t.Fatalf("call %d of %s not decoded (%d calls)", tt.nth, tt.callee, len(got))
			}
			x, _ := explainJSON(t, nsCP, tt.typ)
			if !sameValue(x.ValueNoStrongSkipping, got[tt.nth]) {
				t.Errorf("explain: %s without strong skipping (%s); the compiled call passes %d", valueString(x.ValueNoStrongSkipping), x.Verdict, *got[tt.nth])
			}
		})
	}
}

// consumerTypes reads the type arguments of the ShowAny(make<T>()) calls in the consumer
// fixture's source, in call order, qualified.
func consumerTypes(t *testing.T) []string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(fixtures.Root(), "..", "src", "compilers", "consumer", "consumer", "Calls.kt"))
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, line := range strings.Split(string(src), "\n") {
		if arg, ok := strings.CutPrefix(strings.TrimSpace(line), "ShowAny(make<"); ok {
			types = append(types, fixtures.QualifyConsumerType(strings.TrimSuffix(arg, ">())")))
		}
	}
	if len(types) < 60 {
		t.Fatalf("only %d ShowAny(make<T>()) calls in Calls.kt", len(types))
	}
	return types
}

// jvmStableValues merges the JVM-reflected $stable of the modules' classes.
func jvmStableValues(t *testing.T, modules ...string) map[string]int32 {
	t.Helper()
	out := map[string]int32{}
	for _, m := range modules {
		vals, err := fixtures.StableValues(m)
		if err != nil {
			t.Fatal(err)
		}
		for c, v := range vals {
			if v.Err == "" {
				out[c] = int32(v.Value)
			}
		}
	}
	return out
}

// intOps are the JVM's int arithmetic instructions a $changed int is built with.
var intOps = map[classfile.Opcode]func(a, b int32) int32{
	classfile.OpIor:   func(a, b int32) int32 { return a | b },
	classfile.OpIand:  func(a, b int32) int32 { return a & b },
	classfile.OpIxor:  func(a, b int32) int32 { return a ^ b },
	classfile.OpIshl:  func(a, b int32) int32 { return a << (b & 31) },
	classfile.OpIshr:  func(a, b int32) int32 { return a >> (b & 31) },
	classfile.OpIushr: func(a, b int32) int32 { return int32(uint32(a) >> (b & 31)) },
	classfile.OpIadd:  func(a, b int32) int32 { return a + b },
	classfile.OpIsub:  func(a, b int32) int32 { return a - b },
	classfile.OpImul:  func(a, b int32) int32 { return a * b },
}

// changedAtCalls returns, for each call of callee in method of class, the $changed int it
// passes, computed with the JVM's $stable values; nil for a call whose $changed is built from
// anything but int constants, $stable reads and bitwise operators (the caller's own bits).
func changedAtCalls(t *testing.T, jar, class, method, callee string, jvm map[string]int32) []*int32 {
	t.Helper()
	cp, err := archive.OpenClasspath([]string{jar})
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	cf, err := cp.Class(class)
	if err != nil {
		t.Fatal(err)
	}
	var code *classfile.Code
	for _, m := range cf.Methods() {
		if m.Name == method {
			code = m.Code
		}
	}
	if code == nil {
		t.Fatalf("%s.%s has no code", class, method)
	}
	pool := cf.Pool()
	var out []*int32
	var stack []int32
	tainted := false
	// drop ends an expression: what was on the stack belongs to something else.
	drop := func() { tainted, stack = len(stack) > 0, nil }
	err = code.Walk(func(in *classfile.Instruction) bool {
		switch op := in.Opcode; {
		case op >= classfile.OpIconstM1 && op <= classfile.OpIconst5:
			stack = append(stack, int32(op)-int32(classfile.OpIconst0))
		case op == classfile.OpBipush || op == classfile.OpSipush:
			stack = append(stack, in.Int)
		case op == classfile.OpLdc || op == classfile.OpLdcW:
			if c, err := pool.Constant(in.Index); err == nil {
				if v, ok := c.(int32); ok {
					stack = append(stack, v)
					return true
				}
			}
			drop()
		case op == classfile.OpGetstatic:
			ref, err := pool.MemberRef(in.Index)
			if err != nil || ref.Name != evaluate.StableField {
				drop()
				return true
			}
			v, ok := jvm[ref.Owner]
			if !ok {
				t.Fatalf("no JVM $stable for %s", ref.Owner)
			}
			stack = append(stack, v)
		case intOps[op] != nil:
			if len(stack) < 2 {
				tainted, stack = true, nil
				return true
			}
			a, b := stack[len(stack)-2], stack[len(stack)-1]
			stack = append(stack[:len(stack)-2], intOps[op](a, b))
		case op == classfile.OpInvokestatic:
			if ref, err := pool.MemberRef(in.Index); err == nil && ref.Name == callee {
				if !tainted && len(stack) == 1 {
					out = append(out, i32(stack[0]))
				} else {
					out = append(out, nil)
				}
			}
			drop()
		default:
			drop()
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestExplainComposable: explain --composable shows a fixture composable's anatomy as its
// bytecode has it, refuses a name no input defines (exit 2), and decodes a call site.
func TestExplainComposable(t *testing.T) {
	cp := strings.Join([]string{fixtureJar(t, "clibv1"), fixtureJar(t, "cplain"), fixtures.RuntimeStubJar()}, string(os.PathListSeparator))
	app := fixtureJar(t, "capp")
	code, out, errOut := runCLI(t, "explain", "--composable", "capp.ShowCounter", "--classpath", cp, app)
	for _, want := range []string{
		"compiled:   static void ShowCounter(clib.Counter c, androidx.compose.runtime.Composer $composer, int $changed)\n",
		"  bit 1-3   0b1110 ",
		"    from another module: identity (clib.Counter.$stable = 8)\n",
		"skip decision: shouldExecute(parametersChanged = ($dirty & 0b11) != 0b10, flags = $dirty & 0b1)\n",
		"  restart key -849578791  (line 52)\n",
	} {
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("exit %d, no %q in\n%s%s", code, want, out, errOut)
		}
	}
	if code, _, errOut := runCLI(t, "explain", "--composable", "capp.Nope", app); code != exitUsage || !strings.Contains(errOut, "no composable function capp.Nope in the inputs") {
		t.Errorf("unknown name: exit %d, %s", code, errOut)
	}
	code, out, _ = runCLI(t, "explain", "--composable", "capp.ShowLabel", "--call-site", "capp/Callers.kt:42", "--classpath", cp, app)
	if code != exitOK || !strings.Contains(out, "call site capp/Callers.kt:42 in capp/CallersKt.Call_ShowLabel") {
		t.Errorf("call site: exit %d\n%s", code, out)
	}
}

// TestComposableAnatomyInPage: the page of audit --composables opens a composable's anatomy
// from its row (the reasons a click on its name shows).
func TestComposableAnatomyInPage(t *testing.T) {
	cp := strings.Join([]string{fixtureJar(t, "clibv1"), fixtureJar(t, "cplain"), fixtures.RuntimeStubJar()}, string(os.PathListSeparator))
	code, out, _ := runCLI(t, "audit", "--composables", "--format", "html", "--classpath", cp, fixtureJar(t, "capp"))
	for _, want := range []string{`"explain --composable capp.ShowLabel:"`, `"skip decision: shouldExecute(parametersChanged = ($dirty \u0026 0b11) != 0b10, flags = $dirty \u0026 0b1)"`} {
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("exit %d; the page lacks %s", code, want)
		}
	}
}
