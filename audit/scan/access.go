package scan

import (
	"fmt"
	"strings"

	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/stability"
)

// StableRead is one other class's $stable that a class's own $stable initializer reads, with
// the value the simulation found for it on the scanned classpath.
type StableRead struct {
	// Class is the dependency's name with dots, JVMName its internal name.
	Class   string `json:"class"`
	JVMName string `json:"jvmName"`
	// Input is the jar or folder the dependency was read from, "" when it was not found.
	Input string `json:"input,omitempty"`
	// Value is the dependency's $stable, nil when it cannot be computed; Err then says why.
	Value *int32 `json:"value"`
	Err   string `json:"error,omitempty"`
}

// StableReads lists the $stable fields the class's $stable initializer reads directly, in the
// order it reads them, each once. It is empty for classes without a $stable or whose value was
// not simulated.
func (c *Class) StableReads() []StableRead {
	out := []StableRead{}
	if c.value == nil {
		return out
	}
	names := c.runtimeNames()
	seen := map[string]bool{}
	for _, d := range c.value.Deps {
		if d == nil || seen[d.Class] {
			continue
		}
		seen[d.Class] = true
		out = append(out, ReadOf(d, names[d.Class]))
	}
	return out
}

// ReadOf is the StableRead of one evaluated $stable; name is the class as the reader knows it
// ("" for its JVM name with dots).
func ReadOf(d *evaluate.Value, name string) StableRead {
	r := StableRead{Class: name, JVMName: d.Class, Input: d.Input}
	if r.Class == "" {
		r.Class = dottedName(d.Class)
	}
	if d.Err != nil {
		r.Err = d.Err.Error()
	} else {
		v := d.Value
		r.Value = &v
	}
	return r
}

// Sentence says what the read found: "stable: `lib.C.$stable` = 0 in lib.jar".
func (r StableRead) Sentence() string {
	where := ""
	if r.Input != "" {
		where = " in " + r.Input
	}
	switch {
	case r.Value == nil:
		return fmt.Sprintf("unknown: `%s.$stable` cannot be computed%s: %s", r.Class, where, r.Err)
	case *r.Value&evaluate.UnstableBit != 0:
		return fmt.Sprintf("unstable: `%s.$stable` = %d%s", r.Class, *r.Value, where)
	}
	return fmt.Sprintf("stable: `%s.$stable` = %d%s", r.Class, *r.Value, where)
}

// runtimeNames maps the JVM names of the classes in the class's Runtime(...) leaves to their
// Kotlin names, which the $stable reads only know by JVM name.
func (c *Class) runtimeNames() map[string]string {
	names := map[string]string{}
	if c.result == nil || c.result.Stability == nil {
		return names
	}
	stability.ForEach(c.result.Stability, func(s stability.Stability) {
		if r, ok := s.(stability.Runtime); ok && r.Class != nil && r.Class.JVMName != "" {
			names[r.Class.JVMName] = r.Class.FqName()
		}
	})
	return names
}

// dottedName turns an internal JVM name into a dotted one; nested classes lose their '$' too,
// as Kotlin names them.
func dottedName(jvm string) string {
	return strings.NewReplacer("/", ".", "$", ".").Replace(jvm)
}

// TypeParameters lists the class's type parameter names in declaration order. It is nil when
// the class was not analysed as its own module compiled it (an input without Compose).
func (c *Class) TypeParameters() []string {
	if c.result == nil || c.result.Class == nil {
		return nil
	}
	var out []string
	for _, p := range c.result.Class.Ensure().TypeParameters {
		out = append(out, p.Name)
	}
	return out
}

// Participating lists the type parameters whose arguments take part in the class's stability
// (its Parameter(...) leaves), in declaration order; nil when TypeParameters is nil.
func (c *Class) Participating() []string {
	tps := c.TypeParameters()
	if tps == nil {
		return nil
	}
	params := c.result.Class.Ensure().TypeParameters
	in := make([]bool, len(params))
	if c.result.Stability != nil {
		stability.ForEach(c.result.Stability, func(s stability.Stability) {
			p, ok := s.(stability.Parameter)
			if !ok {
				return
			}
			for i, q := range params {
				if q == p.Param {
					in[i] = true
				}
			}
		})
	}
	out := []string{}
	for i, ok := range in {
		if ok {
			out = append(out, tps[i])
		}
	}
	return out
}
