package archive

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/composestab/composestab/classfile"
)

// TestDeferred checks that a classpath opened with ValidateDeferred resolves
// and, once settled, lists, counts and reports exactly what eager opening
// does, and that a broken entry loses to the next definition of its class.
func TestDeferred(t *testing.T) {
	dir := t.TempDir()
	good := minimalClass()
	a := makeZip(t,
		zipFile{"p/Min.class", good[:len(good)-3]}, // truncated
		zipFile{"q/Other.class", good},             // defines p/Min
		zipFile{"r/Unused.class", []byte("not a class")},
	)
	b := makeZip(t, zipFile{"p/Min.class", good})
	pa, pb := filepath.Join(dir, "a.jar"), filepath.Join(dir, "b.jar")
	if err := os.WriteFile(pa, a, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pb, b, 0o644); err != nil {
		t.Fatal(err)
	}
	paths := []string{pa, pb}
	eager, eagerErr := OpenClasspath(paths)
	if eagerErr == nil {
		t.Fatal("eager open found nothing wrong")
	}
	defer eager.Close()
	lazy, openErr := InputOptions{Validation: ValidateDeferred}.OpenClasspath(paths)
	if openErr != nil {
		t.Fatalf("deferred open reported %v", openErr)
	}
	defer lazy.Close()
	if e := lazy.Lookup("p/Min"); e == nil || e.Input != pb {
		t.Fatalf("Lookup(p/Min) = %+v, want b.jar's", e)
	}
	if c, err := lazy.Class("p/Min"); err != nil || c.Name() != "p/Min" {
		t.Fatalf("Class(p/Min) = %v, %v", c, err)
	}
	if _, err := lazy.Check(lazy.inputs[0].Entries[1]); err == nil {
		t.Error("Check(q/Other) passed a class that defines p/Min")
	}
	settleErr := lazy.Settle()
	if settleErr == nil || settleErr.Error() != eagerErr.Error() {
		t.Errorf("Settle = %v\nopen  = %v", settleErr, eagerErr)
	}
	for i, in := range lazy.Inputs() {
		want := eager.Inputs()[i]
		if !reflect.DeepEqual(classNames(in.Entries), classNames(want.Entries)) || !reflect.DeepEqual(in.Stats, want.Stats) {
			t.Errorf("%s: entries %q stats %+v, want %q %+v", in.Path, classNames(in.Entries), in.Stats, classNames(want.Entries), want.Stats)
		}
	}
	if len(lazy.shadowed) != len(eager.shadowed) || len(lazy.index) != len(eager.index) {
		t.Errorf("shadowed %d classes %d, want %d %d", len(lazy.shadowed), len(lazy.index), len(eager.shadowed), len(eager.index))
	}
	if err := lazy.Settle(); err != nil {
		t.Errorf("second Settle = %v", err)
	}
	var fe *classfile.FormatError
	if !errors.As(settleErr, &fe) || fe.Path != pa {
		t.Errorf("error %v does not name a.jar", settleErr)
	}
}
