package stability

import "strings"

// builtinSupertypes are the direct supertypes of Kotlin's built-in classes, which have no class
// file to read them from; kotlin.Any is implied. A built-in not listed has only kotlin.Any.
var builtinSupertypes = map[string][]string{
	"kotlin/String":  {"kotlin/Comparable", "kotlin/CharSequence"},
	"kotlin/Boolean": {"kotlin/Comparable"},
	"kotlin/Char":    {"kotlin/Comparable"},
	"kotlin/Byte":    {"kotlin/Number", "kotlin/Comparable"},
	"kotlin/Short":   {"kotlin/Number", "kotlin/Comparable"},
	"kotlin/Int":     {"kotlin/Number", "kotlin/Comparable"},
	"kotlin/Long":    {"kotlin/Number", "kotlin/Comparable"},
	"kotlin/Float":   {"kotlin/Number", "kotlin/Comparable"},
	"kotlin/Double":  {"kotlin/Number", "kotlin/Comparable"},
	"kotlin/Enum":    {"kotlin/Comparable"},

	"kotlin/collections/MutableIterable":         {"kotlin/collections/Iterable"},
	"kotlin/collections/MutableIterator":         {"kotlin/collections/Iterator"},
	"kotlin/collections/ListIterator":            {"kotlin/collections/Iterator"},
	"kotlin/collections/MutableListIterator":     {"kotlin/collections/ListIterator", "kotlin/collections/MutableIterator"},
	"kotlin/collections/Collection":              {"kotlin/collections/Iterable"},
	"kotlin/collections/MutableCollection":       {"kotlin/collections/Collection", "kotlin/collections/MutableIterable"},
	"kotlin/collections/List":                    {"kotlin/collections/Collection"},
	"kotlin/collections/MutableList":             {"kotlin/collections/List", "kotlin/collections/MutableCollection"},
	"kotlin/collections/Set":                     {"kotlin/collections/Collection"},
	"kotlin/collections/MutableSet":              {"kotlin/collections/Set", "kotlin/collections/MutableCollection"},
	"kotlin/collections/MutableMap":              {"kotlin/collections/Map"},
	"kotlin/collections/MutableMap.MutableEntry": {"kotlin/collections/Map.Entry"},
}

// IsSubclassOf reports whether class c is class of or inherits from it, following supertypes
// transitively; kotlin.Nothing is a subclass of every class and every class one of kotlin.Any.
// known is false when the answer is no but some class on the way could not be read (it is not on
// the classpath, or it is a JDK class known only by name): then c may still be one. Type arguments
// are not compared.
func IsSubclassOf(c, of *Class) (is, known bool) {
	target := of.loaded().Name
	if target == "kotlin/Any" || c.loaded().Name == "kotlin/Nothing" {
		return true, true
	}
	known = true
	seen := map[*Class]bool{}
	var walk func(c *Class, depth int) bool
	walk = func(c *Class, depth int) bool {
		d := c.Ensure()
		if seen[c] || depth > 64 {
			return false
		}
		seen[c] = true
		if c.Name == target {
			return true
		}
		switch {
		case d.Origin == OriginBuiltin:
			for _, s := range builtinSupertypes[c.Name] {
				if b, ok := builtinClass(s); ok && walk(b, depth+1) {
					return true
				}
			}
			if strings.HasPrefix(c.Name, "kotlin/Function") || strings.HasPrefix(c.Name, "kotlin/coroutines/SuspendFunction") {
				return target == "kotlin/Function"
			}
			return false
		case d.Origin == OriginMissing || d.Err != nil || d.Input == "" && d.Origin == OriginJava:
			// Nothing read: a JDK class outside the classpath is known by name only.
			known = false
			return false
		}
		for _, st := range d.Supertypes {
			if st != nil && st.Class != nil && walk(st.Class, depth+1) {
				return true
			}
		}
		return false
	}
	if walk(c, 0) {
		return true, true
	}
	return false, known
}

// DirectSupertypes returns the classes c directly extends or implements, as the compiler sees
// them: a Kotlin built-in's from the built-in table (kotlin.collections.MutableList: List and
// MutableCollection), any other class's from its bytes.
func DirectSupertypes(c *Class) []*Class {
	d := c.Ensure()
	var out []*Class
	if d.Origin == OriginBuiltin {
		for _, s := range builtinSupertypes[c.Name] {
			if b, ok := builtinClass(s); ok {
				out = append(out, b)
			}
		}
		return out
	}
	for _, t := range d.Supertypes {
		if t != nil && t.Class != nil {
			out = append(out, t.Class)
		}
	}
	return out
}

// ConfigLineFor returns the configuration line the compiler applies to c: the first matching c's
// name, or else the first matching the name of one of its direct supertypes (not transitively);
// nil when none does.
func ConfigLineFor(cfg *Config, c *Class) *Matcher {
	if cfg == nil || len(cfg.matchers) == 0 {
		return nil
	}
	if m := cfg.Match(c.FqName()); m != nil {
		return m
	}
	for _, s := range DirectSupertypes(c) {
		if m := cfg.Match(s.FqName()); m != nil {
			return m
		}
	}
	return nil
}
