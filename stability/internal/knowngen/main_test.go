package main

import (
	"os"
	"path/filepath"
	"testing"
)

// The committed file is what the generator reads from the plugin jars, when they are cached
// (they are fetched by hand, see the package doc; without them the test is skipped).
func TestGeneratedFileUpToDate(t *testing.T) {
	home, err := os.UserHomeDir()
	if err != nil {
		t.Skip(err)
	}
	dir := filepath.Join(home, ".cache", "composestab", "plugins")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("no plugin jars in", dir)
	}
	got, err := generate(dir)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../knownstable_releases.txt")
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Error("stability/knownstable_releases.txt is stale: run go generate ./stability")
	}
}

func TestQualifiedName(t *testing.T) {
	for in, want := range map[string]string{"java/util/Comparator": "java.util.Comparator", "kotlin/Pair": "kotlin.Pair",
		"java/lang/Integer": "kotlin.Int", "java/util/Map$Entry": "kotlin.collections.Map.Entry"} {
		if got, err := qualifiedName(in); err != nil || got != want {
			t.Errorf("qualifiedName(%s) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := qualifiedName("a/B$C"); err == nil {
		t.Error("a nested class is named without being loaded")
	}
}
