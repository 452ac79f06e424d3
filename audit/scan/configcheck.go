package scan

import (
	"slices"
	"sort"
	"strings"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/metadata"
	"github.com/composestab/composestab/stability"
)

// ConfigLine is one line of a stability configuration file checked against the classes it
// matches (Options.CheckConfig): what the compiler does with it, and the facts about each class
// that decide whether the line is right, needed and narrow enough.
type ConfigLine struct {
	// Path is the configuration file, Line the 1-based line number.
	Path string `json:"path"`
	Line int    `json:"line"`
	// Pattern is the trimmed line.
	Pattern string `json:"pattern"`
	// Fault says why the compiler rejects the line, failing the build; "" when it accepts it.
	Fault string `json:"fault,omitempty"`
	// Duplicate is the earlier line ("path:line") with the same pattern: the compiler keeps that
	// one and this one does nothing.
	Duplicate string `json:"duplicate,omitempty"`
	// Wildcard tells whether the pattern has a `*`.
	Wildcard bool `json:"wildcard"`
	// Searched counts the class names the pattern was tried on: the classes of the inputs and the
	// classpath and those composestab knows without their jars (Kotlin's, and the public classes
	// of JDK 17's java.base).
	Searched int `json:"searched"`
	// Unseen tells, for a pattern that matches nothing, that it names a JDK or Android package
	// whose classes composestab does not know (any but java.base's): it cannot tell whether the
	// line is used.
	Unseen bool `json:"unseen,omitempty"`
	// Near lists, for an exact pattern that matches nothing, the classes it may have meant: the
	// same simple name in another package, or a name a few letters away in the same package.
	Near []string `json:"near,omitempty"`
	// Matches are the classes the pattern matches, by name.
	Matches []*ConfigMatch `json:"matches"`
}

// ConfigMatch is one class a configuration line matches.
type ConfigMatch struct {
	// Class is the Kotlin fully qualified name, Input the jar or folder that defines it ("" for
	// a class known without its jar).
	Class string `json:"class"`
	Input string `json:"input"`
	// Kind is the class's kind: "class", "interface", "enum class", "object", ….
	Kind string `json:"kind"`
	// Without is what apps see for the class as a type, all type arguments unknown, with no
	// configuration file: the consumer's compile-time stability with the $stable values resolved.
	Without string `json:"without"`
	// Redundant tells whether the class is stable without the line, for every type argument that
	// the line's mask (all of them without one) leaves deciding.
	Redundant bool `json:"redundant"`
	// Safe tells whether every field, the superclasses' included, is final and provably stable
	// (given the other safe classes): declaring the class stable tells the compiler nothing
	// false. Why says why, or what stands in the way.
	Safe bool     `json:"safe"`
	Why  []string `json:"why"`
	// Via is, for a class the line matches through a direct supertype (as the compiler matches
	// them), that supertype; "" when it matches the class's own name.
	Via string `json:"via,omitempty"`
	// WonBy is the line ("path:line") the compiler applies to this class when it is another one:
	// the compiler takes the first matching line along the name, whatever the file order.
	WonBy string `json:"wonBy,omitempty"`

	model *stability.Class
}

// Model is the class model the facts were read from, for the analyses verify runs on demand;
// nil once the report is closed.
func (m *ConfigMatch) Model() *stability.Class { return m.model }

// unseenPrefixes are the packages of classes an audit does not read: the JDK and Android SDK.
// Of those, the public classes of JDK 17's java.base are known all the same (stability.JDKClassNames).
var unseenPrefixes = []string{"java.", "javax.", "jdk.", "sun.", "android.", "dalvik.", "org.w3c.", "org.xml.", "org.json."}

// unseen reports whether a pattern that matches nothing names classes composestab does not know:
// a JDK or Android package, except for an exact name in a package of java.base (the package is
// the name's segments before the first capitalised one). A package belongs to one module, and
// composestab knows every public class of java.base's, so such a name is no public JDK class:
// a typo or a class that is gone, which the line reports as unused.
func unseen(key string, wildcard bool) bool {
	in := false
	for _, p := range unseenPrefixes {
		in = in || strings.HasPrefix(key+".", p) || strings.HasPrefix(key, p)
	}
	if !in || wildcard {
		return in
	}
	var pkg []string
	for _, seg := range strings.Split(key, ".") {
		if seg == "" || seg[0] >= 'A' && seg[0] <= 'Z' {
			break
		}
		pkg = append(pkg, seg)
	}
	return !stability.JDKPackage(strings.Join(pkg, "."))
}

// checkConfig matches every accepted configuration line against the names of every class on the
// classpath and of the platform classes composestab knows, and judges each matched class.
func checkConfig(u *stability.Universe, ev *evaluate.Evaluator, rep *Report, s *Setup) []*ConfigLine {
	if len(s.ConfigLines) == 0 {
		return nil
	}
	cfg := s.Config
	// Names as the compiler sees them are Kotlin names (Outer.Inner); the JVM name with both
	// separators turned into dots is the same except for a class whose own name holds a '$', so a
	// match on it only selects the classes to load.
	dotted := strings.NewReplacer("/", ".", "$", ".")
	seen := map[string]bool{}
	var classes []*stability.Class
	added := map[*stability.Class]bool{}
	// consider keeps c if a line applies to it by its name or, as the compiler also matches, a
	// direct supertype's.
	consider := func(c *stability.Class) {
		d := c.Ensure()
		// The compiler looks names up for types it meets: never a lambda, an anonymous class or a
		// file facade.
		if added[c] || d.Synthetic || d.Anonymous || d.Origin == stability.OriginMissing ||
			d.MetadataKind != 0 && d.MetadataKind != metadata.KindClass {
			return
		}
		if stability.ConfigLineFor(cfg, c) != nil {
			added[c] = true
			classes = append(classes, c)
		}
	}
	// try models a class of the classpath or the platform only if its name, or a direct
	// supertype's named in its class file's header, may match.
	try := func(name string) {
		if seen[name] || strings.HasSuffix(name, "module-info") || strings.HasSuffix(name, "package-info") {
			return
		}
		seen[name] = true
		if cfg.Match(dotted.Replace(name)) == nil && cfg.Match(strings.ReplaceAll(name, "/", ".")) == nil && !superMayMatch(rep.cp, cfg, name) {
			return
		}
		consider(u.ClassByJVMName(name))
	}
	// The classes of the inputs are loaded already, and the built-ins are few: their supertypes
	// are matched too.
	for _, in := range rep.Inputs {
		all, _ := u.InputClasses(in)
		for _, c := range all {
			seen[c.JVMName] = true
			consider(c)
		}
	}
	for _, n := range stability.BuiltinClassNames() {
		seen[n] = true
		consider(u.ClassByName(n))
	}
	for _, e := range rep.cp.Entries() {
		try(e.ClassName)
	}
	for _, n := range stability.PlatformClassNames() {
		try(n)
	}
	// The public classes of JDK 17's java.base, judged from the facts read from its bytes when
	// composestab was built (stability.JDKMutableCause).
	for _, n := range stability.JDKClassNames() {
		try(n)
	}
	searched := len(seen)

	judged := judgeAll(u, ev, s, classes)
	noConfig := *s
	noConfig.Config = nil
	bare := noConfig.Engine(nil)
	var out []*ConfigLine
	var names *nameIndex // built for the first unused exact line
	without := map[*stability.Class]*evaluate.Effective{}
	for _, l := range s.ConfigLines {
		cl := &ConfigLine{Path: l.Path, Line: l.Line, Duplicate: l.Duplicate, Searched: searched, Matches: []*ConfigMatch{}}
		if l.Err != nil {
			cl.Pattern, cl.Fault = l.Text, l.Err.Reason()
			out = append(out, cl)
			continue
		}
		m := l.Matcher
		head, _, _ := strings.Cut(m.Pattern, "<")
		cl.Pattern, cl.Wildcard = m.Pattern, strings.Contains(head, "*")
		for _, c := range classes {
			fq := c.FqName()
			via := ""
			if !m.Matches(fq) {
				for _, st := range stability.DirectSupertypes(c) {
					if m.Matches(st.FqName()) {
						via = st.FqName()
						break
					}
				}
				if via == "" {
					continue
				}
			}
			d := c.Ensure()
			cm := &ConfigMatch{Class: fq, Input: d.Input, Kind: d.Kind.String(), Via: via, model: c}
			if w := stability.ConfigLineFor(cfg, c); w != nil && w.Source != m.Source && l.Duplicate == "" {
				cm.WonBy = w.Source
			}
			eff := without[c]
			if eff == nil {
				dt := stability.DefaultType(c)
				st, r := bare.TypeStability(&dt, "")
				eff = ev.Resolve(st, r)
				without[c] = eff
			}
			cm.Without = stability.Normalize(eff.Stability).String()
			cm.Redundant = stableWithin(eff.Stability, m.Mask)
			if j := judged[c]; j != nil {
				cm.Safe, cm.Why = j.safe, j.why
			}
			cl.Matches = append(cl.Matches, cm)
		}
		if len(cl.Matches) == 0 && !cl.Wildcard {
			if names == nil {
				names = newNameIndex(seen, dotted)
			}
			cl.Near = names.near(m.Key)
		}
		if len(cl.Matches) == 0 {
			cl.Unseen = unseen(m.Key, cl.Wildcard)
		}
		out = append(out, cl)
	}
	return out
}

// stableWithin reports whether an effective stability is stable whatever the type arguments the
// mask selects (all of them for -1): only stable parts and parameters among those are left.
func stableWithin(s stability.Stability, mask int32) bool {
	ok := true
	stability.ForEach(s, func(leaf stability.Stability) {
		switch l := leaf.(type) {
		case stability.Certain:
			ok = ok && l.Stable
		case stability.Parameter:
			i := -1
			if l.Param != nil {
				i = l.Param.Index
			}
			ok = ok && i >= 0 && (mask == -1 || i < 32 && mask&(1<<i) != 0)
		default:
			ok = false
		}
	})
	return ok
}

// judgeAll judges, as the suggestions do, whether each class may be declared stable, with no
// configuration but the classes found safe.
func judgeAll(u *stability.Universe, ev *evaluate.Evaluator, s *Setup, classes []*stability.Class) map[*stability.Class]*suggestion {
	out := map[*stability.Class]*suggestion{}
	var order []*suggestion
	for _, c := range classes {
		if out[c] == nil {
			sg := &suggestion{c: c}
			out[c] = sg
			order = append(order, sg)
		}
	}
	if judgeRounds(u, ev, s, nil, order) != nil {
		// Only a safe pattern is configured, and judge checks that it parses.
		for _, sg := range order {
			sg.safe = false
		}
	}
	return out
}

// nameIndex holds the dotted names seen, by package and by simple name, for near.
type nameIndex struct {
	byPkg, bySimple map[string][]string
}

func newNameIndex(seen map[string]bool, dotted *strings.Replacer) *nameIndex {
	x := &nameIndex{byPkg: map[string][]string{}, bySimple: map[string][]string{}}
	for jvm := range seen {
		n := dotted.Replace(jvm)
		p, s := splitName(n)
		x.byPkg[p] = append(x.byPkg[p], n)
		x.bySimple[s] = append(x.bySimple[s], n)
	}
	return x
}

func splitName(n string) (pkg, simple string) {
	if i := strings.LastIndexByte(n, '.'); i >= 0 {
		return n[:i], n[i+1:]
	}
	return "", n
}

// near finds up to three class names an exact pattern may have meant: the same simple name in
// another package (moved), or a name a letter or two away in the same package (a typo, a rename).
func (x *nameIndex) near(pattern string) []string {
	pkg, simple := splitName(pattern)
	var out []string
	for _, n := range x.bySimple[simple] {
		if p, _ := splitName(n); p != pkg {
			out = append(out, n)
		}
	}
	for _, n := range x.byPkg[pkg] {
		if _, s := splitName(n); s != simple && editDistance(s, simple, 2) <= 2 {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	out = slices.Compact(out)
	if len(out) > 3 {
		out = out[:3]
	}
	return out
}

// editDistance is the Levenshtein distance of a and b, or limit+1 once it is sure to exceed limit.
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			best = min(best, cur[j])
		}
		if best > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// superMayMatch reports whether a configuration line matches the superclass or an interface the
// class file of name declares (as the classpath recorded them when it read the class); false for
// a class not on cp.
func superMayMatch(cp *archive.Classpath, cfg *stability.Config, name string) bool {
	sup, interfaces, err := cp.Supertypes(name)
	if err != nil {
		return false
	}
	if sup != "" && sup != "java/lang/Object" && cfg.Match(stability.KotlinName(sup)) != nil {
		return true
	}
	for _, i := range interfaces {
		if cfg.Match(stability.KotlinName(i)) != nil {
			return true
		}
	}
	return false
}
