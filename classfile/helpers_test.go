package classfile

import (
	"archive/zip"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/composestab/composestab/internal/par"
)

// Conveniences only the tests use.

// classFile is one class file of a folder or jar that a test reads.
type classFile struct {
	name string // the path in the folder or the jar entry's name
	data []byte
}

// classFiles reads the class files of a folder (recursively, in path order) or of a jar (every
// entry whose name ends in ".class", in archive order, with archive/zip: opening inputs is
// package archive's job, tested there).
func classFiles(tb testing.TB, path string) []classFile {
	tb.Helper()
	var out []classFile
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		err := filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".class") {
				return err
			}
			data, err := os.ReadFile(p)
			out = append(out, classFile{p, data})
			return err
		})
		if err != nil {
			tb.Fatal(err)
		}
		return out
	}
	zr, err := zip.OpenReader(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer zr.Close()
	for _, f := range zr.File {
		if !strings.HasSuffix(f.Name, ".class") {
			continue
		}
		r, err := f.Open()
		if err != nil {
			tb.Fatal(err)
		}
		data, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			tb.Fatalf("%s!%s: %v", path, f.Name, err)
		}
		out = append(out, classFile{f.Name, data})
	}
	return out
}

// scan parses files on GOMAXPROCS goroutines and calls fn for each one, with either the class
// or its error. fn may be called concurrently and in any order; scan returns when every call
// has returned.
func scan(files []classFile, opts ParseOptions, fn func(f classFile, c *Class, err error)) {
	par.For(len(files), func(i int) {
		c, err := ParseWithOptions(files[i].data, opts)
		fn(files[i], c, err)
	})
}

// annotation returns the class annotation with the given type descriptor
// (e.g. "Lkotlin/Metadata;"), or nil.
func (c *Class) annotation(descriptor string) *Annotation {
	return findAnnotation(c.Annotations(), descriptor)
}

// strings returns the values of an array of s elements, as AnnotationStrings
// does without building the ElementValue: its reference.
func (v ElementValue) strings() ([]string, bool) {
	if v.Tag != '[' {
		return nil, false
	}
	out := make([]string, len(v.Array))
	for i, e := range v.Array {
		s, ok := e.String()
		if !ok {
			return nil, false
		}
		out[i] = s
	}
	return out, true
}

// parseFiles reads and parses the class files patterns match, failing the test on any error.
func parseFiles(t *testing.T, patterns ...string) []*Class {
	t.Helper()
	var classes []*Class
	for _, pat := range patterns {
		files, _ := filepath.Glob(pat)
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			c, err := Parse(data)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			classes = append(classes, c)
		}
	}
	return classes
}
