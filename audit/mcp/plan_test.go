package mcp

import (
	"strings"
	"testing"
)

// TestPlan: the plan tool answers as composestab plan does, best fix first, proven, and
// refuses a path outside the roots.
func TestPlan(t *testing.T) {
	cs := connect(t, newServer(t, Options{Roots: []string{testdata(t)}}))
	var out struct {
		Version  int
		Findings []struct{ Key, Kind string }
		Fixes    []struct {
			Kind       string
			Target     struct{ Class, Caller string }
			Clears     []string
			Introduces []string
			Risk       string
		}
		Covered   int
		Uncovered []string
	}
	args := map[string]any{"paths": []string{"golden/cchurn/cchurn.jar"}, "classpath": []string{"golden/clibv1/clibv1.jar", "golden/cplain/cplain.jar", stub}, "top": 3}
	if msg := call(t, cs, "plan", args, &out); msg != "" {
		t.Fatal(msg)
	}
	if out.Version != 1 || len(out.Findings) != 33 || len(out.Fixes) != 3 || out.Covered != 31 || len(out.Uncovered) != 2 {
		t.Fatalf("version %d, %d findings, %d fixes, %d covered, %d uncovered", out.Version, len(out.Findings), len(out.Fixes), out.Covered, len(out.Uncovered))
	}
	if f := out.Fixes[0]; f.Kind != "add-equals" || f.Target.Class != "cchurn.Token" || len(f.Clears) != 10 || len(f.Introduces) != 0 || f.Risk != "" {
		t.Errorf("first fix %+v", f)
	}
	if msg := call(t, cs, "plan", map[string]any{"paths": []string{"/etc"}}, nil); !strings.Contains(msg, "root") {
		t.Errorf("a path outside the roots: %q", msg)
	}
}
