package explain

import (
	"context"
	"errors"
	"testing"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/fixtures"
)

func TestComposableAnatomy(t *testing.T) {
	m, err := fixtures.Get("capp")
	if err != nil {
		t.Fatal(err)
	}
	opts := scan.Options{Inputs: []string{m.Jar()}, Classpath: m.Classpath()}
	x, err := Composable(context.Background(), opts, "capp.ShowLabel", "Callers.kt:42")
	if err != nil {
		t.Fatal(err)
	}
	a := x.Anatomy
	if a.Source != "@Composable fun ShowLabel(l: Label)" || a.Decision == nil || a.Decision.Call != "shouldExecute" || len(a.Params) != 1 {
		t.Fatalf("anatomy %+v", a)
	}
	if p := a.Params[0]; p.Compiled != "by-unstable-bit" || len(p.Calls) != 2 || p.Guard != "($changed & 0b110) == 0" {
		t.Errorf("param %+v", p)
	}
	if len(x.CallSites) != 1 || len(x.CallSites[0].Slots) != 1 || x.CallSites[0].Slots[0].State != "Uncertain" || x.CallSites[0].Ints[0].Expr != "Label.$stable" {
		t.Errorf("call sites %+v", x.CallSites)
	}
	x, err = Composable(context.Background(), opts, "Defaults", "Callers.kt:152")
	if err != nil {
		t.Fatal(err)
	}
	if s := x.CallSites[0].Slots; len(s) != 3 || s[1].State != "Default" || s[2].State != "Default" {
		t.Errorf("Defaults call: %+v", s)
	}
	var nf *NotFoundError
	if _, err := Composable(context.Background(), opts, "NoSuchComposable", ""); !errors.As(err, &nf) {
		t.Errorf("want NotFoundError, got %v", err)
	}
	if _, err := Composable(context.Background(), opts, "capp.ShowLabel", "Callers.kt"); err == nil {
		t.Error("a --call-site without a line was accepted")
	}
}
