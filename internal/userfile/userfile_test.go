package userfile_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/composestab/composestab/internal/fixtures"
	"github.com/composestab/composestab/internal/userfile"
)

// TestReadFile: a regular file within the limit is read; a larger one, a named pipe (without a
// writer: it must not block), a device and a folder are refused with typed errors naming the
// path; a missing file is the system's error.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "baseline.json")
	os.WriteFile(small, []byte(`{"x":1}`), 0o644)
	crlf := filepath.Join(dir, "crlf.conf")
	os.WriteFile(crlf, []byte("a.B\r\n"), 0o644)
	pipe := filepath.Join(dir, "pipe.json")
	pipeErr := fixtures.MakeFIFO(pipe)

	for _, tc := range []struct {
		name, path string
		max        int64
		want       string // the content, or "" for an error
		is         error
		msg        string
	}{
		{"within the limit", small, 7, `{"x":1}`, nil, ""},
		{"bytes as they are", crlf, 5, "a.B\r\n", nil, ""},
		{"device", os.DevNull, 0, "", userfile.ErrNotRegular, "a device"},
		{"one byte over", small, 6, "", userfile.ErrTooLarge, "larger than the limit of 6 bytes"},
		{"folder", dir, 1 << 20, "", userfile.ErrNotRegular, "not a regular file"},
		{"named pipe", pipe, 1 << 20, "", userfile.ErrNotRegular, "a named pipe"},
		{"missing", filepath.Join(dir, "none"), 1 << 20, "", fs.ErrNotExist, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.path == pipe && pipeErr != nil {
				t.Skip(pipeErr)
			}
			if tc.path == os.DevNull && runtime.GOOS == "windows" {
				t.Skip("NUL has no file mode on Windows")
			}
			data, err := readWithin(t, tc.path, tc.max)
			if tc.is == nil {
				if err != nil || string(data) != tc.want {
					t.Fatalf("%q, %v", data, err)
				}
				return
			}
			if data != nil || !errors.Is(err, tc.is) || !strings.Contains(err.Error(), tc.path) || !strings.Contains(err.Error(), tc.msg) {
				t.Fatalf("%q, %v; want %v mentioning %q", data, err, tc.is, tc.msg)
			}
			var ue *userfile.Error
			if tc.is != fs.ErrNotExist && (!errors.As(err, &ue) || ue.Path != tc.path) {
				t.Errorf("%#v, want a *userfile.Error for %s", err, tc.path)
			}
		})
	}
}

// readWithin is ReadFile, failing the test if it blocks.
func readWithin(t *testing.T, path string, max int64) ([]byte, error) {
	t.Helper()
	done := make(chan struct{})
	var data []byte
	var err error
	go func() { data, err = userfile.ReadFile(path, max); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("blocked")
	}
	return data, err
}

// TestOpenFollowsLinks: a symbolic link to a regular file opens the file; one to a folder is
// refused as the folder is.
func TestOpenFollowsLinks(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.jar")
	os.WriteFile(file, []byte("PK"), 0o644)
	link, dirLink := filepath.Join(dir, "link.jar"), filepath.Join(dir, "dir.jar")
	if err := os.Symlink(file, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	os.Symlink(dir, dirLink)
	f, st, err := userfile.Open(link)
	if err != nil || st.Size() != 2 {
		t.Fatalf("%v, %v", st, err)
	}
	f.Close()
	if _, _, err := userfile.Open(dirLink); !errors.Is(err, userfile.ErrNotRegular) {
		t.Errorf("link to a folder: %v", err)
	}
}
