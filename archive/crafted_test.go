package archive

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/composestab/composestab/classfile"
)

// issue26Class is a 734-byte class (found by fuzzing the audit) whose field
// carries a Signature attribute of length 0. Parse used to accept it and
// Class.Fields then read constant-pool index 0 as a Utf8: "slice bounds out
// of range [:51968] with capacity 735" in ConstantPool.utf8.
const issue26Class = "../classfile/testdata/crafted/issue26-field-signature-length0.class"

// issue26Error is what every way of opening it must report: the field, the
// attribute, the class and the attribute's offset.
func checkIssue26Error(t *testing.T, err error, path, entry string) {
	t.Helper()
	var fe *classfile.FormatError
	if !errors.As(err, &fe) {
		t.Fatalf("error %T %v, want a *classfile.FormatError", err, err)
	}
	want := classfile.FormatError{Path: path, Entry: entry, Class: "0000000000", Offset: 715,
		Msg: `field "0000000000 0000000000": Signature attribute: unexpected end of data`}
	if fe.Path != want.Path || fe.Entry != want.Entry || fe.Class != want.Class || fe.Offset != want.Offset || fe.Msg != want.Msg {
		t.Errorf("got  %+v\nwant %+v", *fe, want)
	}
}

// TestIssue26PanicInput opens the crafted class of classfile's TestIssue26Parse as a bare class
// file, as a jar entry and in a class folder, eagerly and lazily: each is an error naming it, and
// no accessor is ever reached on it.
func TestIssue26PanicInput(t *testing.T) {
	data, err := os.ReadFile(issue26Class)
	if err != nil {
		t.Fatal(err)
	}
	in, err := openInput(issue26Class)
	checkIssue26Error(t, err, issue26Class, "")
	if len(in.Entries) != 0 || in.Stats.Failed != 1 {
		t.Errorf("bare class: %d entries, %d failed", len(in.Entries), in.Stats.Failed)
	}

	dir := t.TempDir()
	jar := filepath.Join(dir, "crafted.jar")
	if err := os.WriteFile(jar, makeZip(t, zipFile{"0000000000.class", data}, zipFile{"p/Min.class", minimalClass()}), 0o644); err != nil {
		t.Fatal(err)
	}
	folder := filepath.Join(dir, "classes")
	if err := os.MkdirAll(filepath.Join(folder, "p"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(folder, "0000000000.class"), data, 0o644)
	os.WriteFile(filepath.Join(folder, "p", "Min.class"), minimalClass(), 0o644)

	for _, path := range []string{jar, folder} {
		in, err := openInput(path)
		checkIssue26Error(t, err, path, "0000000000.class")
		if got := classNames(in.Entries); len(got) != 1 || got[0] != "p/Min" {
			t.Errorf("%s: entries %q", path, got)
		}
		statsAddUp(t, in)
		in.Close()

		// Opened lazily, the entry is listed and fails when parsed.
		in, err = InputOptions{Validation: ValidateNone}.Open(path)
		if err != nil || len(in.Entries) != 2 {
			t.Fatalf("%s lazily: %v, %d entries", path, err, len(in.Entries))
		}
		for _, e := range in.Entries {
			c, err := e.Parse(classfile.ParseOptions{})
			if e.ClassName == "p/Min" {
				if err != nil || c.Name() != "p/Min" {
					t.Error(c, err)
				}
				continue
			}
			checkIssue26Error(t, err, path, "0000000000.class")
		}
		in.Close()
	}
}
