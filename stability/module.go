package stability

import (
	"math"
	"sort"
	"strings"
	"sync/atomic"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/internal/par"
	"github.com/composestab/composestab/metadata"
)

// ModuleClasses lists the classes of one input of the universe's classpath that the compiler
// would have compiled as classes (Kotlin classes with class metadata), in the compiler's report
// order as far as binaries tell it: by source file, then declaration line, nested classes before
// their outer class.
func (u *Universe) ModuleClasses(input string) []*Class {
	all, _ := u.InputClasses(input)
	return ReportOrder(all)
}

// ReportOrder returns the Kotlin classes among classes (a module's, from InputClasses) in the
// order of the compiler's report, as ModuleClasses does without listing the input again.
func ReportOrder(classes []*Class) []*Class {
	var out []*Class
	for _, c := range classes {
		if d := c.Ensure(); d.Origin == OriginKotlin && d.MetadataKind == metadata.KindClass && d.Err == nil {
			out = append(out, c)
		}
	}
	sortReportOrder(out)
	return out
}

// InputClasses lists, loaded, every class entry of one input that the classpath resolves to that
// input, in entry order, and counts the entries shadowed by an earlier input's class of the same
// name (the classpath's first definition wins). An entry of an input opened with ValidateDeferred
// that fails validation is neither: the classpath's Settle reports it.
func (u *Universe) InputClasses(input string) (classes []*Class, shadowed int) {
	if u.Module(input) == nil {
		return nil, 0
	}
	var entries []*archive.Entry
	for _, in := range u.cp.Inputs() {
		if in.Path == input {
			entries = append(entries, in.Entries...)
		}
	}
	// Reading class files and metadata is most of the work: spread it over the cores, each class
	// read, validated and modelled in one go while its bytes are in memory.
	// A nested class's model needs its outer class's: one goroutine takes a top-level class and
	// the classes nested in it, in entry order, so that no goroutine waits for another to load an
	// outer class (a sixth of the time of two cores on kotlin-compiler.jar).
	groups := nestGroups(entries)
	slots := make([]*Class, len(entries))
	var hidden atomic.Int64
	par.For(len(groups), func(g int) {
		for _, i := range groups[g] {
			e := entries[i]
			if u.read != nil {
				u.read()
			}
			cf, err := u.cp.Check(e)
			if err != nil {
				continue
			}
			if u.cp.Lookup(e.ClassName) != e {
				u.cp.Return(cf)
				hidden.Add(1)
				continue
			}
			c := u.ClassByJVMName(e.ClassName)
			c.Ensure() // the class Check parsed serves the load
			u.cp.Return(cf)
			slots[i] = c
		}
	})
	for _, c := range slots {
		if c != nil {
			classes = append(classes, c)
		}
	}
	return classes, int(hidden.Load())
}

// nestGroups groups the indices of entries by top-level class (the name up to the first '$' of
// its simple name after the first character), in order of first appearance, each group in entry
// order.
func nestGroups(entries []*archive.Entry) [][]int {
	var groups [][]int
	index := make(map[string]int, len(entries))
	for i, e := range entries {
		top := e.ClassName
		simple := strings.LastIndexByte(top, '/') + 1
		if k := strings.IndexByte(top[min(simple+1, len(top)):], '$'); k >= 0 {
			top = top[:simple+1+k] // a name may start with '$'
		}
		g, ok := index[top]
		if !ok {
			g = len(groups)
			index[top] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], i)
	}
	return groups
}

// sortReportOrder puts classes in the order the compiler records them: files in path order,
// classes in declaration (source line) order within a file, each class after the classes nested in
// it. The key of a class is the lines of its enclosing classes and its own, then a terminator that
// sorts after every line, so that Outer = [l, ∞] follows Outer.Inner = [l, m, ∞]. The classes are
// loaded (ReportOrder), so the comparisons read their details without Ensure.
func sortReportOrder(cs []*Class) {
	line := map[string]int{}
	for _, c := range cs {
		line[c.Name] = c.details.Line
	}
	// An interface has no code and so no line: place it at its first nested class.
	for _, c := range cs {
		for n := c.Name; ; {
			i := strings.LastIndexByte(n, '.')
			if i < 0 || strings.LastIndexByte(n, '/') > i {
				break
			}
			n = n[:i]
			if l, ok := line[n]; ok && (l == 0 || (c.details.Line > 0 && c.details.Line < l)) && c.details.Line > 0 {
				line[n] = c.details.Line
			}
		}
	}
	keys := make(map[*Class][]int, len(cs))
	for _, c := range cs {
		pkg := c.Name[:strings.LastIndexByte(c.Name, '/')+1]
		parts := strings.Split(c.Name[len(pkg):], ".")
		key := make([]int, 0, len(parts)+1)
		for i := range parts {
			n := pkg + strings.Join(parts[:i+1], ".")
			l, ok := line[n]
			if !ok {
				l = c.details.Line
			}
			key = append(key, l)
		}
		keys[c] = append(key, math.MaxInt)
	}
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := cs[i], cs[j]
		if a.details.File != b.details.File {
			return a.details.File < b.details.File
		}
		ka, kb := keys[a], keys[b]
		for k := 0; k < len(ka) && k < len(kb); k++ {
			if ka[k] != kb[k] {
				return ka[k] < kb[k]
			}
		}
		return a.Name < b.Name
	})
}

// AnalyzeModule re-runs the compiler's class analysis for every class of input, in report order.
func AnalyzeModule(u *Universe, input string, opts Options) []*ClassResult {
	e := NewEngine(u.Module(input), opts)
	classes := u.ModuleClasses(input)
	out := make([]*ClassResult, len(classes))
	par.For(len(classes), func(i int) { out[i] = e.AnalyzeClass(classes[i]) })
	return out
}
