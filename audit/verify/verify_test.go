package verify

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/internal/audittest"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/stability"
)

func verifyModules(t *testing.T, opts Options, modules ...string) *Report {
	t.Helper()
	var inputs, classpath []string
	seen := map[string]bool{}
	for _, m := range modules {
		mod, err := fixtures.Get(m)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, mod.Jar())
		seen[mod.Jar()] = true
	}
	for _, m := range modules {
		mod, _ := fixtures.Get(m)
		for _, p := range mod.Classpath() {
			if !seen[p] {
				seen[p] = true
				classpath = append(classpath, p)
			}
		}
	}
	return verifyJars(t, opts, inputs, classpath)
}

// verifyJars scans like the CLI does (non-public classes included, so that Verify sees outer
// classes) and verifies.
func verifyJars(t *testing.T, opts Options, inputs, classpath []string) *Report {
	t.Helper()
	rep, err := scan.Scan(context.Background(), scan.Options{Inputs: inputs, Classpath: classpath, IncludeNonPublic: true})
	if err != nil {
		t.Fatal(err)
	}
	v, err := Verify(rep, opts)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func violationLines(v *Report) []string {
	var out []string
	for _, x := range v.Violations {
		out = append(out, x.Rule+" "+x.Class+" "+x.Part)
	}
	return out
}

func TestVerify(t *testing.T) {
	tests := []struct {
		name    string
		modules []string
		expect  []string
		want    []string // "rule class part"
	}{
		{"evolved library", []string{"libv2", "plainv2"}, []string{"evo.lib.*"}, []string{
			"expect-stable evo.lib.AddedUnstable ",
			"expect-stable evo.lib.DependsOnDep ", // runtime, and Dep became unstable: $stable 8
			"expect-stable evo.lib.FieldTypeChange ",
			"expect-stable evo.lib.Helper ",
			"expect-stable evo.lib.Moving ",
			"not-compose evo.lib.Moving ",
			"expect-stable evo.lib.RuntimeRefToUnstable ",
			"expect-stable evo.lib.RuntimeToUnstable ",
			"expect-stable evo.lib.StableToUnstable ",
			"expect-stable evo.lib.TypeParamParticipates ", // T takes part
			"expect-stable evo.lib.UsesMoving ",
		}},
		// In v1, DependsOnDep and RuntimeRefToUnstable are runtime with $stable 0 and no type
		// parameter: stable for every consumer.
		{"first release", []string{"libv1"}, []string{"evo.lib.*"}, []string{
			"expect-stable evo.lib.FieldTypeChange ",
			"expect-stable evo.lib.RuntimeToUnstable ",
			"expect-stable evo.lib.UnstableToStable ",
		}},
		{"no policy", []string{"libv1"}, nil, nil},
		{"patterns that match nothing", []string{"libv1"}, []string{"com.other.**", "evo.lib.Unchanged"}, nil},
		{"stable through a marked interface", []string{"lib1"}, nil, []string{"stable-claim-mutable lib1.LImplStable field x"}},
		// Without Compose anywhere, only claims count; NoComposeImplStable is analysed by
		// re-reading the jar.
		{"plain library", []string{"plainkt"}, nil, []string{"stable-claim-mutable plainkt.NoComposeImplStable field x"}},
		// MarkedGeneric (a T) and HoldsMarked are fine; MarkedObject's var is a claim an object
		// cannot keep either.
		{"markers", []string{"app"}, nil, []string{
			"stable-claim-mutable app.ExtendsJavaStable field k",
			"stable-claim-mutable app.ExtendsStableOpen field c",
			"stable-claim-mutable app.ImplementsIndirectly field id",
			"stable-claim-mutable app.ImplementsIndirectly field other",
			"stable-claim-mutable app.ImplementsNoComposeStable field q",
			"stable-claim-mutable app.ImplementsStable field id",
			"stable-claim-mutable app.MarkedCustom field y",
			"stable-claim-mutable app.MarkedErrorprone field z",
			"stable-claim-mutable app.MarkedImmutable field list",
			"stable-claim-mutable app.MarkedObject field x",
			"stable-claim-mutable app.MarkedStable field x",
			"stable-claim-mutable app.MarkedWithUnstableField field u",
			"stable-claim-mutable app.StableOpenBase field base",
			"stable-claim-mutable app.StableWrapped field list",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := verifyModules(t, Options{ExpectStable: tt.expect}, tt.modules...)
			got := violationLines(v)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestVerifyNotCompose: plainkt and lib1 verified as one library, where lib1 uses Compose and
// plainkt does not. Only classes that the plugin would not have made unstable anyway, and
// that consumers see unstable, are findings: not the object, the marked class, the open and
// sealed classes (2.4.20 writes 8 for them), the class with a var, nor the kinds the plugin
// skips (interfaces, enums, value classes).
func TestVerifyNotCompose(t *testing.T) {
	v := verifyModules(t, Options{}, "lib1", "plainkt")
	var got []string
	for _, x := range v.Violations {
		if x.Rule == RuleNotCompose {
			got = append(got, x.Class)
		}
	}
	want := []string{"plainkt.NoCompose", "plainkt.NoComposeBox", "plainkt.NoComposeData", "plainkt.NoComposeSealed.A"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("got  %v\nwant %v", got, want)
	}
}

// pverifyWant are the findings on the 2.4.20 build, by class: "rule part". Every class of the
// fixture is listed, so that a class without findings says so.
var pverifyWant = map[string][]string{
	// Lies.
	"pverify.StablePublicVar":         {"stable-claim-mutable field count"},
	"pverify.StablePrivateVarWritten": {"stable-claim-mutable field n"},
	"pverify.StableMutableList":       {"stable-claim-mutable field items"},
	"pverify.StableArray":             {"stable-claim-mutable field data"},
	"pverify.StableStateReassigned":   {"stable-claim-mutable field state"},
	"pverify.StableObservable":        {"stable-claim-mutable field x$delegate"},
	"pverify.StableHoldsCounter":      {"stable-claim-mutable field counter"},
	"pverify.StableHoldsNcCounter":    {"stable-claim-mutable field counter"},
	"pverify.ImmutableDelegatedState": {"stable-claim-mutable field x$delegate"},
	"pverify.ImmutableValState":       {"stable-claim-mutable field s"},
	"pverify.ImplementsStableIface":   {"stable-claim-mutable field id"},
	"pverify.PublishedStableVar":      {"stable-claim-mutable field x"},
	// Unproven.
	"pverify.ImmutableRange":     {"stable-claim-unproven field range"},
	"pverify.StableList":         {"stable-claim-unproven field items"},
	"pverify.StableHoldsNcPoint": {"stable-claim-unproven field p"},
	// Not lies: snapshot state, vals of MutableState, a var set only while constructing.
	"pverify.Counter": nil, "pverify.StableDelegatedState": nil, "pverify.StableValState": nil,
	"pverify.StableReadOnlyState": nil, "pverify.StableStateNeverReassigned": nil, "pverify.StableVarSetOnce": nil,
	"pverify.ImmutableClean": nil, "pverify.StableIface": nil,
	// Not public API (reported with IncludeNonPublic, see pverifyNonPublic).
	"pverify.InternalStableVar": nil, "pverify.InternalOuter": nil, "pverify.InternalOuter.NestedStableVar": nil,
	"pverify.PrivateStableVar": nil, "pverify.InternalObject": nil,
	// Objects and the kinds the plugin skips.
	"pverify.PublicObject": nil, "pverify.PlainIface": nil, "pverify.Mode": nil, "pverify.Id": nil, "pverify.Tag": nil,
	"pverify.Outer": nil, "pverify.Outer.Inner": nil, "pverify.Outer.Companion": nil,
	// Drift only on older builds (pverifyDrift).
	"pverify.OpenHolder": nil, "pverify.HoldsObject": nil,
	// The non-Compose part: not-compose where the plugin would make a difference.
	"pverify.nc.NcPoint": {"not-compose "}, "pverify.nc.NcGeneric": {"not-compose "},
	"pverify.nc.NcPublished": {"not-compose "}, "pverify.nc.NcOuter": {"not-compose "},
	"pverify.nc.NcOuter.Nested": {"not-compose "},
	"pverify.nc.NcCounter":      nil, "pverify.nc.NcOpen": nil, "pverify.nc.NcObject": nil, "pverify.nc.NcInternalObject": nil,
	"pverify.nc.NcInternal": nil, "pverify.nc.NcMarked": nil, "pverify.nc.NcIface": nil, "pverify.nc.NcEnum": nil,
	"pverify.nc.NcId": nil, "pverify.nc.NcAnnotation": nil, "pverify.nc.NcOuter.Inner": nil, "pverify.nc.NcOuter.Companion": nil,
	// --expect-stable pverify.model.** (all tests pass it).
	"pverify.model.ModelOk": nil, "pverify.model.ModelVar": {"expect-stable "}, "pverify.model.ModelInternal": nil,
}

// pverifyNonPublic are the findings IncludeNonPublic adds.
var pverifyNonPublic = map[string][]string{
	"pverify.InternalStableVar":             {"stable-claim-mutable field x"},
	"pverify.InternalOuter.NestedStableVar": {"stable-claim-mutable field x"},
	"pverify.PrivateStableVar":              {"stable-claim-mutable field x"},
	"pverify.nc.NcInternal":                 {"not-compose "},
	"pverify.model.ModelInternal":           {"expect-stable "},
}

// pverifyDrift are the drift findings of the builds before Kotlin 2.4 (with Drift): 2.1 to 2.3
// write 0 for an open class, which 2.4.20's rules write 8 for, and 8 for a class holding an
// object with a var, which 2.4.20 calls stable. 2.4.x builds have none.
var pverifyDrift = map[string][]string{
	"pverify.OpenHolder":  {"drift "},
	"pverify.HoldsObject": {"drift-stabler "},
}

// TestVerifyPverify asserts every finding on every class of the pverify fixture, for each
// release that built it: the same for all, but for drift before Kotlin 2.4.
func TestVerifyPverify(t *testing.T) {
	versions, err := fixtures.CompilerVersions()
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, ver := range versions {
		jars := audittest.PverifyJars(ver)
		if _, err := os.Stat(jars[0]); err != nil {
			continue
		}
		found = true
		old := ver < "2.4"
		for _, nonPublic := range []bool{false, true} {
			opts := Options{ExpectStable: []string{"pverify.model.**"}, Drift: true, IncludeNonPublic: nonPublic}
			rep, err := scan.Scan(context.Background(), scan.Options{Inputs: jars, Classpath: []string{fixtures.RuntimeStubJar()}, IncludeNonPublic: true})
			if err != nil {
				t.Fatal(err)
			}
			v, err := Verify(rep, opts)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string][]string{}
			for _, x := range v.Violations {
				got[x.Class] = append(got[x.Class], x.Rule+" "+x.Part)
				// A private or internal var ranks below the rule's error: others do not read it.
				wantSeverity := ruleSeverity(x.Rule)
				if strings.Contains(x.Message, "the private var") || strings.Contains(x.Message, "the internal var") {
					wantSeverity = SeverityWarning
				}
				if x.Severity != wantSeverity || !strings.Contains(x.Message, "Fix") {
					t.Errorf("%s %s: severity %q, message %q", ver, x.Class, x.Severity, x.Message)
				}
			}
			for _, c := range rep.Classes {
				if _, ok := pverifyWant[c.Name]; !ok {
					t.Errorf("%s: class %s is not in the table", ver, c.Name)
				}
			}
			for class, w := range pverifyWant {
				want := append([]string(nil), w...)
				if nonPublic {
					want = append(want, pverifyNonPublic[class]...)
				}
				if old {
					want = append(pverifyDrift[class], want...)
				}
				if strings.Join(got[class], "|") != strings.Join(want, "|") {
					t.Errorf("%s (nonpublic %v) %s: got %q, want %q", ver, nonPublic, class, got[class], want)
				}
			}
		}
	}
	if !found {
		t.Fatal("no pverify build under golden/compilers (testdata/generate-compilers)")
	}
}

// TestVerifyPverifyMessages pins the message of each kind of finding on the 2.4.20 build.
func TestVerifyPverifyMessages(t *testing.T) {
	v := verifyJars(t, Options{ExpectStable: []string{"pverify.model.**"}}, audittest.PverifyJars("2.4.20"), []string{fixtures.RuntimeStubJar()})
	want := map[string]string{
		"pverify.StablePublicVar":         "claims stable (@Stable), but `count` is a plain var, reassigned (in setCount): the runtime cannot observe the change. Fix: make `count` a val, or snapshot state (`var count by mutableStateOf(…)`)",
		"pverify.StablePrivateVarWritten": "claims stable (@Stable), but the private var `n` is reassigned (in bump): no other module reads it, but what the class computes from it changes unobserved. Fix: make `n` a val, or snapshot state (`var n by mutableStateOf(…)`)",
		"pverify.StableMutableList":       "claims stable (@Stable), but `items: MutableList<String>` is a mutable collection, whose contents can change unobserved. Fix: hold an immutable or read-only collection, or snapshot state (mutableStateListOf, mutableStateMapOf)",
		"pverify.StableArray":             "claims stable (@Stable), but `data: IntArray` is an array, whose contents can change unobserved. Fix: hold an immutable or read-only collection, or snapshot state (mutableStateListOf, mutableStateMapOf)",
		"pverify.StableStateReassigned":   "claims stable (@Stable), but var `state: MutableState<Int>` holds snapshot state and is reassigned (in reset): readers of the old state never see the new one. Fix: make `state` a val and assign its `.value`",
		"pverify.StableObservable":        "claims stable (@Stable), but var `x` is delegated to ReadWriteProperty<Any?, Int>, which is not snapshot state: the runtime cannot observe the change. Fix: delegate it to snapshot state (`var x by mutableStateOf(…)`)",
		"pverify.StableHoldsNcCounter":    "claims stable (@Stable), but `counter: NcCounter` holds pverify.nc.NcCounter, whose var `n` is reassigned (in setN). Fix: make pverify.nc.NcCounter immutable or back its state with snapshot state",
		"pverify.ImmutableDelegatedState": "claims stable (@Immutable), but var `x` is delegated to snapshot state, so it changes. Fix: mark the class @Stable (changes are observed) instead of @Immutable",
		"pverify.ImmutableValState":       "claims stable (@Immutable), but `s: MutableState<Int>` holds snapshot state, whose value changes. Fix: mark the class @Stable (changes are observed) instead of @Immutable",
		"pverify.ImplementsStableIface":   "claims stable through a supertype's stable marker, but `id` is a plain var, reassigned (in setId): the runtime cannot observe the change. Fix: make `id` a val, or snapshot state (`var id by mutableStateOf(…)`)",
		"pverify.ImmutableRange":          "claims stable (@Immutable); field `range: IntRange` is not provably stable: kotlin.ranges.IntRange comes from a dependency not compiled with Compose (no @StabilityInferred); nothing shows it changes. Fix, if it never changes: an entry `kotlin.ranges.IntRange` in the stability configuration file (stabilityConfigurationPath) of the module that builds this class would prove it",
		"pverify.StableList":              "claims stable (@Stable); field `items: List<String>` is not provably stable: kotlin.collections.List is an interface: its implementations are unknown; nothing shows it changes. Fix, if it never changes: an entry `kotlin.collections.List` in the stability configuration file (stabilityConfigurationPath) of the module that builds this class would prove it",
		"pverify.StableHoldsNcPoint":      "claims stable (@Stable); field `p: NcPoint` is not provably stable: pverify.nc.NcPoint comes from a dependency not compiled with Compose (no @StabilityInferred); nothing shows it changes. Fix, if it never changes: an entry `pverify.nc.NcPoint` in the stability configuration file (stabilityConfigurationPath) of the module that builds this class, or @Immutable or @Stable on pverify.nc.NcPoint, would prove it",
		"pverify.nc.NcGeneric":            "built without the Compose compiler (no $stable, no @StabilityInferred) in a library that otherwise uses it, so consumers see it as unstable; with the plugin it would be Parameter(T). Fix: apply the Compose compiler plugin to the module that builds it",
		"pverify.model.ModelVar":          "expected stable (--expect-stable pverify.model.**) but is unstable: field `x` is a var. Fix: make the var a val, or back it with snapshot state (`by mutableStateOf(…)`) and mark the class @Stable",
	}
	checkMessages(t, v, want)
	old := verifyJars(t, Options{Drift: true}, audittest.PverifyJars("2.1.0"), []string{fixtures.RuntimeStubJar()})
	wantDrift := map[string]string{
		"pverify.OpenHolder":  "$stable written stable (0) by the Compose compiler of Kotlin 2.1; Kotlin 2.4.20's rules infer Uncertain(OpenHolder), which would write 8: apps see it stable today and unstable once the library is rebuilt. Fix: make it stable under the new rules (pverify.OpenHolder is not final: subclasses could add state), or mark it @Stable or @Immutable if it is",
		"pverify.HoldsObject": "$stable written unstable (8) by the Compose compiler of Kotlin 2.1; Kotlin 2.4.20's rules infer Stable, which would write 0: apps built against a rebuild would see it stable. Fix: rebuild the library with that compiler",
	}
	checkMessages(t, old, wantDrift)
}

// checkMessages checks the message of the one finding on each class of want.
func checkMessages(t *testing.T, v *Report, want map[string]string) {
	t.Helper()
	for _, x := range v.Violations {
		if w, ok := want[x.Class]; ok {
			if x.Message != w {
				t.Errorf("%s:\n got %s\nwant %s", x.Class, x.Message, w)
			}
			delete(want, x.Class)
		}
	}
	for k := range want {
		t.Errorf("no finding on %s", k)
	}
}

// TestVerifyDriftProducers: on the producers fixture built by Kotlin 2.2, drift is reported
// only where apps read the class's own $stable and its unstable bit would flip: not for the
// object (decided stable at compile time), nor for masks alone (JVM consumers ignore them).
func TestVerifyDriftProducers(t *testing.T) {
	v := verifyJars(t, Options{Drift: true}, []string{fixtures.CompilerJar("2.2.0", "producers"), fixtures.CompilerJar("2.2.0", "pdep")},
		[]string{fixtures.RuntimeStubJar()})
	var got []string
	for _, x := range v.Violations {
		if x.Rule == RuleDrift || x.Rule == RuleDriftStabler {
			got = append(got, x.Severity+" "+x.Rule+" "+x.Class)
		}
	}
	want := []string{"warning drift pdep.DepAbstract", "warning drift pdep.DepOpen", "warning drift producers.AbstractVal", "info drift-stabler producers.ErrorProneHolder", "warning drift producers.HasAnnotationField", "info drift-stabler producers.HasObject",
		"warning drift producers.HoldsSameFileAnn",
		// Written unstable by 2.2.0 (an interface of another module, or Box<Box<…>> keeping Box's
		// Parameter(T)), 0 in the 2.4.20 build of the same sources.
		"info drift-stabler producers.NestBoxBox", "info drift-stabler producers.NestBoxBoxInt", "info drift-stabler producers.NestBoxList",
		"info drift-stabler producers.NestPairFixedMutable",
		"warning drift producers.OpenVal", "warning drift producers.Shape", "warning drift producers.StableBase"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestVerifySuppress(t *testing.T) {
	jars := audittest.PverifyJars("2.4.20")
	cp := []string{fixtures.RuntimeStubJar()}
	all := verifyJars(t, Options{}, jars, cp)
	dir := t.TempDir()
	file := filepath.Join(dir, "suppressions.txt")
	if err := os.WriteFile(file, []byte("// reviewed\nstable-claim-unproven:pverify.**   // immutable in practice\n\n# not ours\nnot-compose:pverify.nc.NcOuter\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sups, err := ReadSuppressions(file)
	if err != nil {
		t.Fatal(err)
	}
	one, err := ParseSuppression("--suppress", "*:pverify.StableArray")
	if err != nil {
		t.Fatal(err)
	}
	v := verifyJars(t, Options{Suppress: append(sups, one)}, jars, cp)
	var gone []string
	kept := map[string]bool{}
	for _, x := range v.Violations {
		kept[x.Rule+" "+x.Class] = true
	}
	for _, x := range all.Violations {
		if !kept[x.Rule+" "+x.Class] {
			gone = append(gone, x.Rule+" "+x.Class)
		}
	}
	// An exact name: NcOuter.Nested stays.
	want := []string{"stable-claim-unproven pverify.ImmutableRange", "stable-claim-mutable pverify.StableArray",
		"stable-claim-unproven pverify.StableHoldsNcPoint", "stable-claim-unproven pverify.StableList", "not-compose pverify.nc.NcOuter"}
	if strings.Join(gone, "\n") != strings.Join(want, "\n") || v.Suppressed != len(want) {
		t.Errorf("suppressed %d:\n%s\nwant\n%s", v.Suppressed, strings.Join(gone, "\n"), strings.Join(want, "\n"))
	}
	if all.AtLeast(SeverityError) != 16 || all.AtLeast(SeverityWarning) != 17 || all.AtLeast(SeverityInfo) != 20 {
		t.Errorf("AtLeast: %d %d %d", all.AtLeast(SeverityError), all.AtLeast(SeverityWarning), all.AtLeast(SeverityInfo))
	}
	for _, bad := range []string{"stable-claim", "nope:a.B", "stable-claim:", ":a.B", "drift:a.<"} {
		if _, err := ParseSuppression("--suppress", bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	if err := os.WriteFile(file, []byte("drift:ok.**\nbad line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadSuppressions(file); err == nil || !strings.Contains(err.Error(), "suppressions.txt:2") {
		t.Errorf("bad file: %v", err)
	}
	// A file saved on Windows reads the same: CRLF line ends are line ends, not pattern text.
	if err := os.WriteFile(file, []byte("// reviewed\r\nstable-claim-unproven:pverify.**   // immutable in practice\r\n\r\nnot-compose:pverify.nc.NcOuter\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if crlf, err := ReadSuppressions(file); err != nil || len(crlf) != 2 || crlf[0].Pattern != "pverify.**" || crlf[1].Pattern != "pverify.nc.NcOuter" {
		t.Errorf("CRLF file: %+v, %v", crlf, err)
	}
	if _, err := Verify(&scan.Report{}, Options{Suppress: []Suppression{{Rule: "nope", Pattern: "a.B", Source: "x"}}}); err == nil {
		t.Error("unknown rule accepted")
	}
}

func TestVerifyMessages(t *testing.T) {
	v := verifyModules(t, Options{ExpectStable: []string{"evo.lib.*"}}, "libv2", "plainv2")
	want := map[string]string{
		"not-compose evo.lib.Moving":                  "built without the Compose compiler (no $stable, no @StabilityInferred) in a library that otherwise uses it, so consumers see it as unstable; with the plugin it would be Stable. Fix: apply the Compose compiler plugin to the module that builds it",
		"expect-stable evo.lib.DependsOnDep":          "expected stable (--expect-stable evo.lib.*) but is unstable: field `d: Dep` is Runtime(Dep); reads `evo.dep.Dep.$stable` = 8. Fix: make its fields vals of stable types, or mark it @Immutable if it never changes",
		"expect-stable evo.lib.StableToUnstable":      "expected stable (--expect-stable evo.lib.*) but is unstable: field `x` is a var. Fix: make the var a val, or back it with snapshot state (`by mutableStateOf(…)`) and mark the class @Stable",
		"expect-stable evo.lib.Moving":                "expected stable (--expect-stable evo.lib.*) but is unstable: not compiled with Compose. Fix: apply the Compose compiler plugin to the module that builds it",
		"expect-stable evo.lib.TypeParamParticipates": "expected stable (--expect-stable evo.lib.*) but is runtime with `$stable` = 0: type parameter T participates. Fix: it is stable only for stable type arguments; mark it @Stable if it is stable whatever they are, or leave it out of the pattern",
	}
	for _, x := range v.Violations {
		if w, ok := want[x.Rule+" "+x.Class]; ok {
			if x.Message != w {
				t.Errorf("%s %s:\n got %s\nwant %s", x.Rule, x.Class, x.Message, w)
			}
			if !strings.HasSuffix(x.Input, ".jar") {
				t.Errorf("%s: input %q", x.Class, x.Input)
			}
			delete(want, x.Rule+" "+x.Class)
		}
	}
	for k := range want {
		t.Errorf("no violation %s", k)
	}
	m := verifyModules(t, Options{}, "app")
	for _, x := range m.Violations {
		if x.Class == "app.MarkedWithUnstableField" && x.Message != "claims stable (@Stable), but `u: OneVar` holds app.OneVar, whose var `x` is reassigned (in setX). Fix: make app.OneVar immutable or back its state with snapshot state" {
			t.Errorf("MarkedWithUnstableField: %s", x.Message)
		}
		if x.Class == "app.MarkedErrorprone" && x.Message != "claims stable (@Immutable), but `z` is a plain var, reassigned (in setZ): the runtime cannot observe the change. Fix: make `z` a val" {
			t.Errorf("MarkedErrorprone: %s", x.Message)
		}
	}
}

func TestVerifyBadPattern(t *testing.T) {
	_, err := Verify(&scan.Report{}, Options{ExpectStable: []string{"com.*<*>"}})
	var ce *stability.ConfigError
	if !errors.As(err, &ce) {
		t.Errorf("got %v, want a *stability.ConfigError", err)
	}
}

// TestClaimUnreadable: a var of a class whose class file cannot be read again counts as
// reassigned; a bare field (interface delegation) is a val.
func TestClaimUnreadable(t *testing.T) {
	marker := func(name string) []*stability.Class {
		return []*stability.Class{{Name: name, JVMName: name}}
	}
	field := func(name string, isVar, bare bool, s stability.Stability) stability.FieldResult {
		return stability.FieldResult{Field: &stability.Field{Name: name, Var: isVar, Bare: bare,
			Type: &stability.Type{Class: stability.NewClass("kotlin/Int", stability.ClassDetails{})}}, Stability: s}
	}
	class := stability.NewClass("a/B", stability.ClassDetails{Annotations: marker("androidx/compose/runtime/Stable")})
	class.JVMName = "a/B"
	r := &stability.ClassResult{Marked: true, Class: class,
		Fields: []stability.FieldResult{field("plain", true, false, stability.Stable), field("$$delegate_0", true, true, stability.Stable)}}
	vf := newVerifier(&scan.Report{})
	var got []string
	for _, f := range vf.claimFindings(r) {
		got = append(got, f.rule+"|"+f.part+"|"+f.msg)
	}
	want := "stable-claim-mutable|field plain|claims stable (@Stable), but `plain` is a plain var, reassigned: the runtime cannot observe the change. Fix: make `plain` a val, or snapshot state (`var plain by mutableStateOf(…)`)"
	if strings.Join(got, "\n") != want {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), want)
	}
	if f := vf.claimFindings(&stability.ClassResult{Fields: r.Fields}); f != nil {
		t.Errorf("no class: %v", f)
	}
}

// TestVerifyReadsTheScansClasspath: Verify reads the bytecode it needs from the scan's open
// classpath, not by opening the jars again (with other limits, or after they changed): with
// the jars deleted after the scan, the findings are the same.
func TestVerifyReadsTheScansClasspath(t *testing.T) {
	dir := t.TempDir()
	var inputs []string
	for _, p := range audittest.PverifyJars("2.4.20") {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		q := filepath.Join(dir, filepath.Base(p))
		if err := os.WriteFile(q, data, 0o644); err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, q)
	}
	run := func(remove bool) []string {
		rep := audittest.Scan(t, scan.Options{Inputs: inputs, Classpath: []string{fixtures.RuntimeStubJar()}, IncludeNonPublic: true})
		defer rep.Close()
		if remove {
			for _, p := range inputs {
				os.Remove(p)
			}
		}
		v, err := Verify(rep, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, x := range v.Violations {
			out = append(out, x.Rule+" "+x.Class+" "+x.Part+": "+x.Message)
		}
		return out
	}
	want, got := run(false), run(true)
	if strings.Join(got, "\n") != strings.Join(want, "\n") || !strings.Contains(strings.Join(want, "\n"), "reassigned (in set") {
		t.Errorf("with the jars gone:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestVerifyLastResort: a class whose name has no package (FuzzAuditScan's crasher) is public
// API like any top-level class, and a bug in a check becomes an internal error of that class
// instead of ending the run.
func TestVerifyLastResort(t *testing.T) {
	vf := newVerifier(&scan.Report{})
	c := &scan.Class{Name: "X", JVMName: "X", Input: "x.jar", Visibility: stability.Public}
	if !vf.publicAPI(c) {
		t.Error("a top-level class without a package is not public API")
	}
	err := vf.checkGuarded(c, func() { panic("boom") })
	if err == nil || err.Kind != scan.ErrInternal || err.Class != "X" || err.Input != "x.jar" || !strings.Contains(err.Message, "this class is not verified: boom") {
		t.Errorf("got %+v", err)
	}
}
