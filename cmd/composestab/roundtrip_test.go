package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/composestab/composestab/audit/baseline"
	"github.com/composestab/composestab/internal/fixtures"
)

// roundTripInput is one dump-then-check case: a jar and the classpath it is dumped and checked
// with.
type roundTripInput struct {
	name, jar string
	classpath []string
}

// roundTripInputs is every fixture jar, each module with and without its classpath; in the long
// loop also each module compiled by each of the 17 releases and the Kotlin distribution's jars.
func roundTripInputs(t *testing.T) []roundTripInput {
	t.Helper()
	mods, err := fixtures.Modules()
	if err != nil {
		t.Fatal(err)
	}
	var out []roundTripInput
	for _, m := range mods {
		out = append(out,
			roundTripInput{m.Name, m.Jar(), m.Classpath()},
			roundTripInput{m.Name + "/alone", m.Jar(), nil})
	}
	if !fixtures.Long() {
		return out
	}
	versions, err := fixtures.CompilerVersions()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range versions {
		jars, _ := filepath.Glob(filepath.Join(fixtures.Root(), "compilers", v, "*", "*.jar"))
		for _, j := range jars {
			out = append(out, roundTripInput{v + "/" + filepath.Base(j), j, append(jars, fixtures.RuntimeStubJar())})
		}
	}
	for _, name := range []string{"kotlin-stdlib.jar", "kotlinx-coroutines-core-jvm.jar", "kotlin-reflect.jar"} {
		out = append(out, roundTripInput{name, fixtures.KotlinLib(t, name), nil})
	}
	return out
}

// regexpInputs is the comment naming the inputs, which a baseline read back does not keep.
var regexpInputs = regexp.MustCompile(`(?m)^# Inputs: .*\n`)

// TestDumpCheckRoundTrip is the property the README's CI workflow stands on: for every input,
// `dump > FILE` then `check --baseline FILE` on the same inputs exits 0 with no change at all,
// nothing on stderr but what dump printed too, and the baseline reads back class for class.
func TestDumpCheckRoundTrip(t *testing.T) {
	testDumpCheckRoundTrip(t, nil)
}

// TestDumpCheckRoundTripComposables is the same property for dump --composables: the baseline
// reads back composable for composable, and check (which then reads the composables too) is clean.
func TestDumpCheckRoundTripComposables(t *testing.T) {
	testDumpCheckRoundTrip(t, []string{"--composables"})
}

func testDumpCheckRoundTrip(t *testing.T, flags []string) {
	dir := t.TempDir()
	for i, in := range roundTripInputs(t) {
		t.Run(in.name, func(t *testing.T) {
			var args []string
			if len(in.classpath) > 0 {
				args = append(args, "--classpath", strings.Join(in.classpath, string(os.PathListSeparator)))
			}
			var out, errb bytes.Buffer
			dumpCode := run(append(append(append([]string{"dump"}, flags...), args...), in.jar), &out, &errb)
			if dumpCode != exitOK {
				t.Fatalf("dump: exit %d: %s", dumpCode, errb.String())
			}
			base, err := baseline.Read(bytes.NewReader(out.Bytes()))
			if err != nil {
				t.Fatalf("the dump does not read back: %v", err)
			}
			if want := strings.Count(out.String(), "\n  verdict "); len(base.Classes) != want {
				t.Errorf("read %d classes, the dump has %d blocks", len(base.Classes), want)
			}
			if want := strings.Count(out.String(), "\ncomposable "); len(base.Composables) != want {
				t.Errorf("read %d composables, the dump has %d blocks", len(base.Composables), want)
			}
			var again bytes.Buffer
			if err := base.WriteText(&again); err != nil {
				t.Fatal(err)
			}
			if strip := func(s string) string { return regexpInputs.ReplaceAllString(s, "") }; strip(again.String()) != strip(out.String()) {
				t.Errorf("the baseline read back writes differently")
			}
			file := filepath.Join(dir, strings.NewReplacer("/", "_").Replace(in.name)+"-"+string(rune('a'+i%26))+".stab")
			if err := os.WriteFile(file, out.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			dumpErr := errb.String()
			out.Reset()
			errb.Reset()
			code := run(append(append([]string{"check", "--strict", "--baseline", file}, args...), in.jar), &out, &errb)
			if code != exitOK || errb.String() != dumpErr {
				t.Errorf("check: exit %d\n%s%s\nwant the diagnostics of dump:\n%s", code, out.String(), errb.String(), dumpErr)
			}
			if got := out.String(); !strings.HasPrefix(got, "0 regressions, 0 improvements, 0 neutral changes; ") {
				t.Errorf("check printed %q", got)
			}
		})
	}
}
