package archive

import (
	"archive/zip"
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/composestab/composestab/classfile"
)

// TestUnreadableFolder: a sub-folder (or the folder itself, or its manifest)
// that cannot be read is an error for the input naming it, never a silent
// loss of its classes. Permission bits do not stop root, so as root the
// error is injected into the walk; otherwise chmod 000 provides it too.
func TestUnreadableFolder(t *testing.T) {
	build := func(t *testing.T) string {
		root := filepath.Join(t.TempDir(), "classes")
		for _, dir := range []string{"p", "p/sub", "META-INF"} {
			if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		os.WriteFile(filepath.Join(root, "p", "Min.class"), minimalClass(), 0o644)
		os.WriteFile(filepath.Join(root, "p", "sub", "Lost.class"), minimalClass(), 0o644)
		os.WriteFile(filepath.Join(root, "META-INF", "MANIFEST.MF"), []byte("Multi-Release: true\n"), 0o644)
		return root
	}
	check := func(t *testing.T, root string, wantEntries []string, want ...string) {
		t.Helper()
		in, err := openInput(root)
		if in == nil {
			t.Fatalf("nil input, %v", err)
		}
		var got []string
		for _, e := range flatten(nil, err) {
			var fe *classfile.FormatError
			if !errors.As(e, &fe) || fe.Path != root || !errors.Is(e, fs.ErrPermission) {
				t.Errorf("error %#v", e)
				continue
			}
			got = append(got, fe.Entry+": "+fe.Msg)
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("errors\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if names := classNames(in.Entries); strings.Join(names, ",") != strings.Join(wantEntries, ",") {
			t.Errorf("entries %q, want %q", names, wantEntries)
		}
	}

	t.Run("injected", func(t *testing.T) {
		root := build(t)
		denied := map[string]bool{filepath.Join(root, "p", "sub"): true}
		defer func(w func(string, fs.WalkDirFunc) error) { walkDir = w }(walkDir)
		walkDir = func(r string, fn fs.WalkDirFunc) error {
			return filepath.WalkDir(r, func(p string, d fs.DirEntry, err error) error {
				if err == nil && d.IsDir() && denied[p] {
					// What WalkDir does when ReadDir fails: a second call with the error.
					if err := fn(p, d, nil); err != nil {
						return err
					}
					if err := fn(p, d, &fs.PathError{Op: "open", Path: p, Err: fs.ErrPermission}); err != nil {
						return err
					}
					return fs.SkipDir // nothing listed to walk

				}
				return fn(p, d, err)
			})
		}
		check(t, root, []string{"p/Min"}, "p/sub: cannot read: open "+filepath.Join(root, "p", "sub")+": permission denied")
		denied = map[string]bool{root: true}
		check(t, root, nil, ": cannot read the folder: open "+root+": permission denied")
	})

	t.Run("chmod", func(t *testing.T) {
		if os.Geteuid() == 0 {
			t.Skip("running as root: permission bits deny nothing")
		}
		root := build(t)
		sub, manifest := filepath.Join(root, "p", "sub"), filepath.Join(root, "META-INF", "MANIFEST.MF")
		os.Chmod(sub, 0)
		os.Chmod(manifest, 0)
		defer os.Chmod(sub, 0o755)
		check(t, root, []string{"p/Min"}, "p/sub: cannot read: open "+sub+": permission denied",
			"META-INF/MANIFEST.MF: cannot read the manifest (multi-release versions are ignored): open "+manifest+": permission denied")
	})
}

// TestUnreadableManifest: a jar whose manifest cannot be read (here a
// checksum error) reports it, instead of silently reading the jar as not
// multi-release.
func TestUnreadableManifest(t *testing.T) {
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, f := range []zipFile{{"META-INF/MANIFEST.MF", []byte("Multi-Release: true\n")}, {"p/Min.class", minimalClass()},
		{"META-INF/versions/9/p/Min.class", minimalClass()}} {
		fw, _ := w.CreateHeader(&zip.FileHeader{Name: f.name, Method: zip.Store})
		fw.Write(f.data)
	}
	w.Close()
	good := buf.Bytes()
	bad := bytes.Replace(bytes.Clone(good), []byte("Multi-Release: true"), []byte("Multi-Release: TRUE"), 1)
	for _, tc := range []struct {
		name    string
		data    []byte
		release int
		err     string
	}{
		{"good", good, 9, ""},
		{"checksum error", bad, 0, "META-INF/MANIFEST.MF: cannot read the manifest (multi-release versions are ignored): cannot read entry: checksum error"},
	} {
		in, err := openBytes("mr.jar", tc.data, InputOptions{})
		var got string
		if err != nil {
			var fe *classfile.FormatError
			if !errors.As(err, &fe) || fe.Path != "mr.jar" {
				t.Fatalf("%s: %#v", tc.name, err)
			}
			got = fe.Entry + ": " + fe.Msg
		}
		if got != tc.err || len(in.Entries) != 1 || in.Entries[0].Release != tc.release {
			t.Errorf("%s: error %q, entries %+v", tc.name, got, in.Entries)
		}
	}
}
