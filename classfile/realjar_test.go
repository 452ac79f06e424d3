package classfile

import (
	"sync"
	"sync/atomic"
	"testing"

	"github.com/composestab/composestab/internal/fixtures"
)

// kotlinLib returns lib/name of the Kotlin distribution, skipping the test when it is not
// installed (CI has only committed files).
func kotlinLib(tb testing.TB, name string) string { return fixtures.KotlinLib(tb, name) }

// kotlinHome is the Kotlin distribution's folder, which may not exist.
func kotlinHome() string { home, _ := fixtures.KotlinHome(); return home }

// TestRealJars parses every class of the big Kotlin jars, including the
// decoded instructions of every method.
func TestRealJars(t *testing.T) {
	fixtures.SkipUnlessLong(t, "parses every class and instruction of three Kotlin jars")
	for _, jar := range []string{"kotlin-stdlib.jar", "kotlinx-coroutines-core-jvm.jar", "kotlin-compiler.jar"} {
		t.Run(jar, func(t *testing.T) {
			files := classFiles(t, kotlinLib(t, jar))
			var classes, methods, insns atomic.Int64
			var mu sync.Mutex
			var failures []string
			scan(files, ParseOptions{}, func(f classFile, c *Class, err error) {
				if err == nil {
					err = exercise(c, &methods, &insns)
				}
				if err != nil {
					mu.Lock()
					failures = append(failures, err.Error())
					mu.Unlock()
					return
				}
				classes.Add(1)
			})
			for i, f := range failures {
				if i == 10 {
					break
				}
				t.Error(f)
			}
			if len(failures) > 0 {
				t.Fatalf("%d of %d class files failed", len(failures), len(files))
			}
			t.Logf("%s: %d class files, %d classes, %d methods, %d instructions", jar, len(files), classes.Load(), methods.Load(), insns.Load())
		})
	}
}

// exercise calls every accessor and decodes all code.
func exercise(c *Class, methods, insns *atomic.Int64) error {
	_ = c.Name()
	_ = c.SuperName()
	_ = c.Interfaces()
	_ = c.SourceFile()
	_ = c.Signature()
	_ = c.Fields()
	for _, a := range c.Annotations() {
		_ = c.AnnotationTypes()
		for _, el := range a.Elements {
			_, _ = c.AnnotationValue(a.Type, el.Name)
			_, _ = c.AnnotationStrings(a.Type, el.Name)
		}
	}
	_ = c.Mentions("androidx/compose/runtime/Composer;")
	_ = c.InnerClasses()
	for i := 1; i < c.Pool().Len(); i++ {
		if c.Pool().Tag(uint16(i)) != TagUtf8 && c.Pool().Tag(uint16(i)) != TagNone {
			if _, err := c.Pool().Constant(uint16(i)); err != nil {
				return err
			}
		}
	}
	for _, m := range c.Methods() {
		if methods != nil {
			methods.Add(1)
		}
		if m.Code == nil {
			continue
		}
		ins, err := m.Code.Instructions()
		if err != nil {
			return err
		}
		if insns != nil {
			insns.Add(int64(len(ins)))
		}
	}
	return nil
}
