package scan

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
)

// TestReportClose checks that Close releases the classpath and the models and leaves the data.
func TestReportClose(t *testing.T) {
	rep, err := Scan(context.Background(), Options{Inputs: []string{fixtureModuleJar(t, "libv1")},
		Classpath: []string{fixtureModuleJar(t, "depv1"), fixtures.RuntimeStubJar()}, IncludeNonPublic: true})
	if err != nil {
		t.Fatal(err)
	}
	before, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	if rep.cp == nil {
		t.Fatal("a finished scan holds no classpath")
	}
	if err := rep.Close(); err != nil {
		t.Fatal(err)
	}
	if err := rep.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	for _, c := range rep.Classes {
		if c.Result() != nil || c.asCompiled != nil {
			t.Fatalf("%s keeps its model after Close", c.Name)
		}
	}
	after, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Error("Close changed the report's data")
	}
}
