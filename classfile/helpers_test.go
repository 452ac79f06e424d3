package classfile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/composestab/composestab/internal/par"
)

// Conveniences only the tests use.

// openInput opens path with the default options.
func openInput(path string) (*Input, error) { return InputOptions{}.Open(path) }

// scan reads and parses entries on GOMAXPROCS goroutines and calls fn for
// each one, with either the class or its error. fn may be called
// concurrently and in any order; scan returns when every call has returned.
func scan(entries []*Entry, opts ParseOptions, fn func(e *Entry, c *Class, err error)) {
	par.For(len(entries), func(i int) {
		e := entries[i]
		c, err := e.Parse(opts)
		fn(e, c, err)
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
