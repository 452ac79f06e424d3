// Package audittest holds what the tests of the audit packages share: the fixture jars and the
// scans of the two releases of the evolving library (libv1, libv2) that baselines, diffs,
// verification and the output formats are tested on.
package audittest

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/fixtures"
)

// Jar is the compiled jar of a fixture module.
func Jar(t testing.TB, module string) string {
	t.Helper()
	m, err := fixtures.Get(module)
	if err != nil {
		t.Fatal(err)
	}
	return m.Jar()
}

// V1Options scan libv1 against its own dependencies.
func V1Options(t testing.TB) scan.Options {
	return scan.Options{Inputs: []string{Jar(t, "libv1")}, Classpath: []string{Jar(t, "depv1"), fixtures.RuntimeStubJar()}, IncludeNonPublic: true}
}

// V2Options scan libv2 against its own dependencies. plainv2 is an input too, so that
// evo.lib.Moving is seen losing Compose rather than disappearing.
func V2Options(t testing.TB) scan.Options {
	return scan.Options{Inputs: []string{Jar(t, "libv2"), Jar(t, "plainv2")}, Classpath: []string{Jar(t, "depv2"), fixtures.RuntimeStubJar()}, IncludeNonPublic: true}
}

// Scan scans with o and fails the test on any error.
func Scan(t testing.TB, o scan.Options) *scan.Report {
	t.Helper()
	rep, err := scan.Scan(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Errors) > 0 {
		t.Fatalf("scan errors: %v", rep.Errors)
	}
	return rep
}

// ScanV1 is the scan of libv1.
func ScanV1(t testing.TB) *scan.Report { t.Helper(); return Scan(t, V1Options(t)) }

// ScanV2 is the scan of libv2.
func ScanV2(t testing.TB) *scan.Report { t.Helper(); return Scan(t, V2Options(t)) }

// PverifyJars are the fixture library of verify's rules as built by one release: pverify.jar
// (Compose) and pverify-nocompose.jar (the same library's part built without the plugin).
func PverifyJars(release string) []string {
	dir := filepath.Join(fixtures.Root(), "compilers", release, "pverify")
	return []string{filepath.Join(dir, "pverify.jar"), filepath.Join(dir, "pverify-nocompose.jar")}
}

// SyntheticBaselineText is a baseline (dump's text format) of a library of n classes, each with
// three fields and a dependency read; in version 2 every seventh class has turned unstable.
func SyntheticBaselineText(n, version int) string {
	var b strings.Builder
	b.WriteString("composestab-baseline 2\n")
	for i := range n {
		verdict, stab, stable, kw := "runtime", "Runtime(Dep)", "0 = Dep.$stable", "val"
		if version == 2 && i%7 == 0 {
			verdict, stab, stable, kw = "unstable", "Unstable", "8 = 8", "var"
		}
		fmt.Fprintf(&b, "\npublic class com.example.pkg%d.Class%05d\n  verdict %s\n  stability %s\n  mask 0\n  $stable %s\n"+
			"  reads com.example.dep.Dep = 0\n  field stable %s id: Int = Stable\n  field stable val name: String = Stable\n"+
			"  field runtime val dep: Dep = Runtime(Dep)\n", i%50, i, verdict, stab, stable, kw)
	}
	fmt.Fprintf(&b, "\nend %d classes\n", n)
	return b.String()
}
