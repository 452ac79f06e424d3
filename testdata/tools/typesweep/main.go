// Command typesweep writes the sources of the type-sweep fixture modules: every public type of
// the JDK packages java.lang, java.util, java.time, java.math, java.io, java.net and
// java.util.concurrent (from JDK 17's java.base), and of the Kotlin distribution's
// kotlin-stdlib and kotlinx-coroutines-core-jvm (plus Kotlin's built-in classes, which have no
// class file), each used as
//
//	class F<n>_X(val v: X<*>)                       a field, star-projected
//	class G<n>_X(val v: X<String>)                  a field, every type argument String (generic X)
//	class S<n>_X : X<String>()                      a supertype: a subclass (abstract when X is)
//	abstract class S<n>_X : X<String>               … or an abstract implementation of an interface
//	class Z<n>_X : X<String>                        a final implementation, kept where X needs no member
//	@Composable fun P<n>_X(p: X<*>) { p.hashCode() } a composable parameter (used: an unused one
//	                                                 does not stop skipping)
//	@Composable fun Q<n>_X(p: X<String>) { … }       … with String arguments (generic X)
//
// one declaration a line. The modules are compiled with strong skipping off, so that the
// parameter's stability decides whether P and Q skip. A declaration the compiler refuses
// (a bound String does not meet, a constructor that is not accessible, a hidden deprecation, an
// interface with abstract members for Z, …) is left out: with -kotlin-home, typesweep compiles the
// sources with the real compiler and its Compose plugin (without reports), drops every line an
// error names, and repeats until the compile succeeds. types.tsv in each module's folder lists
// every type and what became of each form (ok, or why not).
//
//	go run ./testdata/tools/typesweep -jmod $JAVA_HOME/jmods/java.base.jmod \
//	    -kotlin-home $KOTLIN_HOME -out testdata/src
//
// testdata/generate then compiles the modules like any other (testdata/README.md).
package main

import (
	"archive/zip"
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/metadata"
	"github.com/composestab/composestab/stability"
)

// jdkPackages are the JDK packages swept, exactly (not their subpackages).
var jdkPackages = []string{"java/lang", "java/util", "java/time", "java/math", "java/io", "java/net", "java/util/concurrent"}

// kotlinJars are the Kotlin distribution's jars swept, from $KOTLIN_HOME/lib.
var kotlinJars = []string{"kotlin-stdlib.jar", "kotlinx-coroutines-core-jvm.jar"}

// seg is one level of a nested type's name: Outer, Inner.
type seg struct {
	name   string
	params int
	inner  bool // an inner (non-static) class: its outer's type arguments are written too
}

// typ is one swept type.
type typ struct {
	origin   string // jdk, kotlin or builtin
	jvmName  string // internal name; the Kotlin name for a built-in
	pkg      string // dotted package
	segs     []seg
	kind     string // class, interface, enum, annotation, object
	modality string // final, open, abstract, sealed
	// noArgCtor: an accessible constructor without arguments, for a subclass.
	noArgCtor bool
}

func (t *typ) params() int { return t.segs[len(t.segs)-1].params }

// render writes the type with arg for every type argument.
func (t *typ) render(arg string) string {
	var b strings.Builder
	if t.pkg != "" {
		b.WriteString(t.pkg + ".")
	}
	for i, s := range t.segs {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(quote(s.name))
		last := i == len(t.segs)-1
		if s.params > 0 && (last || t.segs[i+1].inner) {
			b.WriteByte('<')
			for j := 0; j < s.params; j++ {
				if j > 0 {
					b.WriteString(", ")
				}
				b.WriteString(arg)
			}
			b.WriteByte('>')
		}
	}
	return b.String()
}

// innerOfGeneric: an inner class whose outer has type parameters.
func (t *typ) anyInner() bool {
	for _, s := range t.segs[1:] {
		if s.inner {
			return true
		}
	}
	return false
}

var kotlinKeywords = map[string]bool{"in": true, "is": true, "as": true, "fun": true, "object": true, "typealias": true, "val": true, "var": true, "when": true, "interface": true, "package": true, "return": true, "throw": true, "try": true, "typeof": true, "while": true, "do": true, "else": true, "false": true, "for": true, "if": true, "null": true, "super": true, "this": true, "true": true, "break": true, "class": true, "continue": true}

func quote(s string) string {
	if kotlinKeywords[s] {
		return "`" + s + "`"
	}
	return s
}

// ident is the type's simple names joined for a declaration name.
func (t *typ) ident() string {
	var parts []string
	for _, s := range t.segs {
		parts = append(parts, s.name)
	}
	id := strings.Join(parts, "_")
	return strings.Map(func(r rune) rune {
		if r == '$' {
			return '_'
		}
		return r
	}, id)
}

func (t *typ) display() string { return strings.ReplaceAll(t.render("*"), "`", "") }

func main() {
	jmod := flag.String("jmod", "", "JDK 17's java.base.jmod")
	home := flag.String("kotlin-home", "", "the Kotlin 2.4.20 distribution; with it, typesweep compiles the sources and drops the lines the compiler refuses")
	out := flag.String("out", "testdata/src", "where the module folders go")
	stub := flag.String("stub", "testdata/golden/runtime-stub.jar", "the Compose runtime stub")
	chunk := flag.Int("chunk", 250, "types per source file")
	list := flag.Bool("list", false, "only list the types and their forms, compile nothing")
	only := flag.String("only", "", "build only this module (sweepjdk or sweepkt)")
	flag.Parse()
	if *jmod == "" || *home == "" {
		fmt.Fprintln(os.Stderr, "usage: typesweep -jmod java.base.jmod -kotlin-home KOTLIN_HOME [-out testdata/src]")
		os.Exit(2)
	}
	jdk, err := jdkTypes(*jmod)
	check(err)
	kt, optIns, err := kotlinTypes(*home)
	check(err)
	mods := []*module{
		{name: "sweepjdk", types: jdk},
		{name: "sweepkt", types: kt, optIns: optIns},
	}
	for _, m := range mods {
		if *only != "" && m.name != *only {
			continue
		}
		if *list {
			m.list()
			continue
		}
		check(m.build(*out, *home, *stub, *chunk))
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "typesweep:", err)
		os.Exit(1)
	}
}

// jdkTypes lists the public types of jdkPackages in a java.base jmod.
func jdkTypes(jmod string) ([]*typ, error) {
	f, err := os.Open(jmod)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	// A jmod is the 4-byte magic "JM\x01\x00" followed by a zip whose offsets start after it.
	zr, err := zip.NewReader(io.NewSectionReader(f, 4, st.Size()-4), st.Size()-4)
	if err != nil {
		return nil, err
	}
	wanted := map[string]bool{}
	for _, p := range jdkPackages {
		wanted[p] = true
	}
	classes := map[string]*classfile.Class{}
	for _, e := range zr.File {
		name, ok := strings.CutPrefix(e.Name, "classes/")
		if !ok || !strings.HasSuffix(name, ".class") || !wanted[pathDir(name)] {
			continue
		}
		rc, err := e.Open()
		if err != nil {
			return nil, err
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return nil, err
		}
		c, err := classfile.Parse(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Name, err)
		}
		classes[c.Name()] = c
	}
	var out []*typ
	for name, c := range classes {
		if strings.HasSuffix(name, "package-info") || strings.HasSuffix(name, "module-info") {
			continue
		}
		t, ok := jdkType(classes, c)
		if ok {
			out = append(out, t)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].jvmName < out[j].jvmName })
	return out, nil
}

func pathDir(name string) string {
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		return name[:i]
	}
	return ""
}

// jdkType describes a JDK class if it is public all the way out.
func jdkType(classes map[string]*classfile.Class, c *classfile.Class) (*typ, bool) {
	var segs []seg
	var access classfile.AccessFlags
	cur := c
	for first := true; ; first = false {
		acc := cur.Access
		outer, simple, inner := "", "", false
		for _, ic := range cur.InnerClasses() {
			if ic.Inner == cur.Name() {
				if ic.Outer == "" || ic.InnerName == "" {
					return nil, false // local or anonymous
				}
				acc, outer, simple = ic.Access, ic.Outer, ic.InnerName
				inner = ic.Access&classfile.AccStatic == 0 && ic.Access&(classfile.AccInterface|classfile.AccEnum|classfile.AccAnnotation) == 0
			}
		}
		if acc&classfile.AccPublic == 0 || acc&classfile.AccSynthetic != 0 {
			return nil, false
		}
		if first {
			access = acc
		}
		if outer == "" {
			simple = cur.Name()[strings.LastIndexByte(cur.Name(), '/')+1:]
		}
		if outer != "" {
			if _, ok := classes[outer]; !ok {
				return nil, false
			}
		}
		n := 0
		if sig := cur.Signature(); strings.HasPrefix(sig, "<") {
			params, _, err := classfile.ParseClassSignature(sig)
			if err != nil {
				return nil, false
			}
			n = len(params)
		}
		segs = append([]seg{{name: simple, params: n, inner: inner}}, segs...)
		if outer == "" {
			break
		}
		cur = classes[outer]
	}
	t := &typ{origin: "jdk", jvmName: c.Name(), pkg: strings.ReplaceAll(pathDir(c.Name()), "/", "."), segs: segs}
	switch {
	case access&classfile.AccAnnotation != 0:
		t.kind, t.modality = "annotation", "final"
	case access&classfile.AccInterface != 0:
		t.kind, t.modality = "interface", "abstract"
	case access&classfile.AccEnum != 0:
		t.kind, t.modality = "enum", "final"
	default:
		t.kind, t.modality = "class", "open"
		switch {
		case access&classfile.AccFinal != 0:
			t.modality = "final"
		case access&classfile.AccAbstract != 0:
			t.modality = "abstract"
		}
	}
	if hasAttr(c, "PermittedSubclasses") {
		t.modality = "sealed"
	}
	for _, m := range c.Methods() {
		if m.Name == "<init>" && m.Access&(classfile.AccPublic|classfile.AccProtected) != 0 && m.Access&classfile.AccSynthetic == 0 {
			if m.Descriptor == "()V" || (t.segs[len(t.segs)-1].inner && m.Descriptor == "(L"+pathOuter(c)+";)V") {
				t.noArgCtor = true
			}
		}
	}
	return t, true
}

// hasAttr reports whether the class's constant pool holds the attribute's name as a constant of
// its own (no other constant of a JDK class is PermittedSubclasses).
func hasAttr(c *classfile.Class, name string) bool {
	p := c.Pool()
	for i := 1; i < p.Len(); i++ {
		if p.Tag(uint16(i)) == classfile.TagUtf8 {
			if s, err := p.UTF8(uint16(i)); err == nil && s == name {
				return true
			}
		}
	}
	return false
}

func pathOuter(c *classfile.Class) string {
	for _, ic := range c.InnerClasses() {
		if ic.Inner == c.Name() {
			return ic.Outer
		}
	}
	return ""
}

// kotlinTypes lists the public classes of the Kotlin jars and Kotlin's built-in classes, and the
// opt-in markers (annotation classes marked @RequiresOptIn) a file must opt in to.
func kotlinTypes(home string) ([]*typ, []string, error) {
	var paths []string
	for _, j := range kotlinJars {
		paths = append(paths, filepath.Join(home, "lib", j))
	}
	cp, err := archive.OpenClasspath(paths)
	if err != nil {
		return nil, nil, err
	}
	defer cp.Close()
	u := stability.NewUniverse(cp)
	var out []*typ
	var optIns []string
	for _, e := range cp.Entries() {
		if e.Release != 0 || strings.HasSuffix(e.ClassName, "module-info") {
			continue
		}
		c := u.ClassByJVMName(e.ClassName)
		d := c.Ensure()
		if d.Origin != stability.OriginKotlin || d.MetadataKind != metadata.KindClass || d.Synthetic || d.Anonymous || d.Err != nil {
			continue
		}
		t, ok := kotlinType(u, c)
		if !ok {
			continue
		}
		cf, err := cp.Class(e.ClassName)
		if err != nil {
			return nil, nil, err
		}
		for _, m := range cf.Methods() {
			if m.Name == "<init>" && m.Descriptor == "()V" && m.Access&(classfile.AccPublic|classfile.AccProtected) != 0 && m.Access&classfile.AccSynthetic == 0 {
				t.noArgCtor = true
			}
		}
		if t.kind == "annotation" {
			for _, a := range cf.AnnotationTypes() {
				if a == "Lkotlin/RequiresOptIn;" {
					optIns = append(optIns, t.render(""))
				}
			}
		}
		out = append(out, t)
	}
	have := map[string]bool{}
	for _, t := range out {
		have[t.pkg+"."+t.ident()] = true
	}
	// The built-ins, and function types of a few arities (the compiler makes them on demand).
	// Function23 and above as supertypes crash the 2.4.20 JVM backend ("Fake override should have
	// at least one overridden descriptor").
	builtins := append(stability.BuiltinClassNames(), "kotlin/Function0", "kotlin/Function1", "kotlin/Function2", "kotlin/Function22",
		"kotlin/reflect/KFunction0", "kotlin/reflect/KFunction1", "kotlin/coroutines/SuspendFunction1")
	for _, n := range builtins {
		c := u.ClassByName(n)
		t, ok := kotlinType(u, c)
		if ok && !have[t.pkg+"."+t.ident()] {
			if i := strings.IndexAny(n, "0123456789"); i > 0 {
				// FunctionN, KFunctionN, SuspendFunctionN: N parameters and the result.
				arity, _ := strconv.Atoi(n[i:])
				t.kind, t.modality, t.segs[0].params = "interface", "abstract", arity+1
			}
			t.origin, t.jvmName = "builtin", n
			t.noArgCtor = n == "kotlin/Any" || n == "kotlin/Throwable"
			out = append(out, t)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].origin != out[j].origin {
			return out[i].origin == "builtin"
		}
		return out[i].jvmName < out[j].jvmName
	})
	sort.Strings(optIns)
	return out, optIns, nil
}

func kotlinType(u *stability.Universe, c *stability.Class) (*typ, bool) {
	d := c.Ensure()
	name := c.Name // a/b/Outer.Inner
	pkg, rest := "", name
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		pkg, rest = strings.ReplaceAll(name[:i], "/", "."), name[i+1:]
	}
	if d.Visibility != stability.Public {
		return nil, false
	}
	t := &typ{origin: "kotlin", jvmName: c.JVMName, pkg: pkg, modality: d.Modality.String()}
	switch d.Kind {
	case stability.KindInterface:
		t.kind = "interface"
	case stability.KindEnumClass:
		t.kind = "enum"
	case stability.KindAnnotationClass:
		t.kind = "annotation"
	case stability.KindObject, stability.KindCompanionObject:
		t.kind = "object"
	case stability.KindClass:
		t.kind = "class"
	default:
		return nil, false
	}
	// Each outer class must be public too.
	names := strings.Split(rest, ".")
	for i := range names {
		outerName := strings.Join(names[:i+1], ".")
		if pkg != "" {
			outerName = strings.ReplaceAll(pkg, ".", "/") + "/" + outerName
		}
		oc := c
		if i < len(names)-1 {
			oc = u.ClassByName(outerName)
			if od := oc.Ensure(); od.Visibility != stability.Public || od.Origin == stability.OriginMissing {
				return nil, false
			}
		}
		od := oc.Ensure()
		t.segs = append(t.segs, seg{name: names[i], params: ownParams(oc), inner: od.Inner})
	}
	return t, true
}

// ownParams counts a Kotlin class's own type parameters (an inner class's metadata lists only
// its own).
func ownParams(c *stability.Class) int { return len(c.Ensure().TypeParameters) }

// module is one generated fixture module.
type module struct {
	name   string
	types  []*typ
	optIns []string
}

// form is one declaration line for one type.
type form struct {
	kind   string // F, G, S, Z, P, Q
	line   string
	status string // "ok" or why the line is left out
}

func (m *module) forms(t *typ, n int) []*form {
	id := fmt.Sprintf("%d_%s", n, t.ident())
	star, str := t.render("*"), t.render("String")
	var out []*form
	add := func(kind, line, skip string) {
		f := &form{kind: kind, line: line, status: "ok"}
		if skip != "" {
			f.line, f.status = "", skip
		}
		out = append(out, f)
	}
	generic := t.params() > 0 || t.anyInner()
	add("F", fmt.Sprintf("class F%s(val v: %s)", id, star), "")
	if generic {
		add("G", fmt.Sprintf("class G%s(val v: %s)", id, str), "")
	} else {
		add("G", "", "not generic")
	}
	// The supertype forms.
	var sup, impl string
	switch {
	case t.kind == "interface" && t.modality == "sealed":
		sup = "sealed interface"
	case t.kind == "interface":
	case t.kind != "class":
		sup = t.kind
	case t.modality == "final" || t.modality == "sealed":
		sup = t.modality + " class"
	case t.anyInner():
		sup = "inner class"
	case !t.noArgCtor:
		sup = "no accessible constructor without arguments"
	}
	if t.kind == "interface" && sup == "" {
		add("S", fmt.Sprintf("abstract class S%s : %s", id, str), "")
		add("Z", fmt.Sprintf("class Z%s : %s", id, str), "")
	} else {
		if sup == "" {
			abs := ""
			if t.modality == "abstract" {
				abs = "abstract "
			}
			add("S", fmt.Sprintf("%sclass S%s : %s()", abs, id, str), "")
		} else {
			add("S", "", sup)
		}
		impl = "not an interface"
		add("Z", "", impl)
	}
	add("P", fmt.Sprintf("@Composable fun P%s(p: %s) { p.hashCode() }", id, star), "")
	if generic {
		add("Q", fmt.Sprintf("@Composable fun Q%s(p: %s) { p.hashCode() }", id, str), "")
	} else {
		add("Q", "", "not generic")
	}
	return out
}

// fileLine locates a form: file index and 1-based line.
type fileLine struct{ file, line int }

func (m *module) build(outRoot, home, stub string, chunk int) error {
	dir := filepath.Join(outRoot, m.name)
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	all := make([][]*form, len(m.types))
	for i, t := range m.types {
		all[i] = m.forms(t, i+1)
	}
	var optIns []*form
	for _, o := range m.optIns {
		optIns = append(optIns, &form{kind: "opt-in", line: o + "::class", status: "ok"})
	}
	files := (len(m.types) + chunk - 1) / chunk
	for round := 1; ; round++ {
		where := map[fileLine]*form{}
		var names []string
		for fi := 0; fi < files; fi++ {
			name := filepath.Join(dir, fmt.Sprintf("Sweep%02d.kt", fi+1))
			names = append(names, name)
			var b strings.Builder
			lines := 0
			w := func(s string) { b.WriteString(s + "\n"); lines++ }
			w("// Generated by testdata/tools/typesweep; do not edit.")
			if len(optIns) > 0 {
				// One marker a line, so that an error names the marker (one of another
				// platform's packages, say).
				w("@file:OptIn(")
				for _, o := range optIns {
					if o.status == "ok" {
						w("    " + o.line + ",")
						where[fileLine{fi, lines}] = o
					}
				}
				w(")")
			}
			w("@file:Suppress(\"PLATFORM_CLASS_MAPPED_TO_KOTLIN\", \"DEPRECATION\", \"UNUSED_PARAMETER\", \"FINAL_UPPER_BOUND\")")
			w("")
			w("package " + m.name)
			w("")
			w("import androidx.compose.runtime.Composable")
			w("")
			for i := fi * chunk; i < len(m.types) && i < (fi+1)*chunk; i++ {
				for _, f := range all[i] {
					if f.status == "ok" {
						w(f.line)
						where[fileLine{fi, lines}] = f
					}
				}
			}
			if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
				return err
			}
		}
		fmt.Fprintf(os.Stderr, "typesweep: %s: compile round %d\n", m.name, round)
		errs, err := compile(home, stub, m.name, names)
		if err != nil {
			return err
		}
		if len(errs) == 0 {
			break
		}
		dropped := 0
		for _, e := range errs {
			fi := -1
			for i, n := range names {
				if filepath.Base(n) == filepath.Base(e.file) {
					fi = i
				}
			}
			f := where[fileLine{fi, e.line}]
			if f == nil {
				return fmt.Errorf("%s:%d: an error on no declaration line: %s", e.file, e.line, e.msg)
			}
			if f.status == "ok" {
				f.status = "compile error: " + e.msg
				dropped++
			}
		}
		fmt.Fprintf(os.Stderr, "typesweep: %s: %d lines dropped\n", m.name, dropped)
		if dropped == 0 {
			return fmt.Errorf("%s: the compile fails but no line can be dropped", m.name)
		}
	}
	for _, o := range optIns {
		if o.status != "ok" {
			fmt.Fprintf(os.Stderr, "typesweep: %s: opt-in %s left out: %s\n", m.name, o.line, o.status)
		}
	}
	return m.writeTypes(filepath.Join(dir, "types.tsv"), all)
}

func (m *module) writeTypes(path string, all [][]*form) error {
	var b strings.Builder
	b.WriteString("# Generated by testdata/tools/typesweep: n, origin, JVM (or built-in) name, Kotlin type, kind, modality, then F G S Z P Q: ok or why the form is left out\n")
	for i, t := range m.types {
		cols := []string{strconv.Itoa(i + 1), t.origin, t.jvmName, t.display(), t.kind, t.modality}
		for _, f := range all[i] {
			cols = append(cols, strings.ReplaceAll(f.status, "\t", " "))
		}
		b.WriteString(strings.Join(cols, "\t") + "\n")
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

type compileError struct {
	file string
	line int
	msg  string
}

var errorLine = regexp.MustCompile(`^(.*\.kt):(\d+):\d+: error: (.*)$`)

// compile runs kotlinc with the Compose plugin on the sources, as testdata/generate does (without
// reports), and returns the errors it printed.
func compile(home, stub, name string, sources []string) ([]compileError, error) {
	tmp, err := os.MkdirTemp("", "typesweep-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	args := []string{"-n", "10", filepath.Join(home, "bin", "kotlinc"), "-module-name", name,
		"-cp", stub + ":" + filepath.Join(home, "lib", "kotlinx-coroutines-core-jvm.jar"), "-d", tmp,
		"-Xplugin=" + filepath.Join(home, "lib", "compose-compiler-plugin.jar"),
		"-P", "plugin:androidx.compose.compiler.plugins.kotlin:featureFlag=-StrongSkipping", "-nowarn"}
	args = append(args, sources...)
	cmd := exec.Command("nice", args...)
	outb, runErr := cmd.CombinedOutput()
	var errs []compileError
	sc := bufio.NewScanner(strings.NewReader(string(outb)))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		mm := errorLine.FindStringSubmatch(sc.Text())
		if mm == nil {
			continue
		}
		n, _ := strconv.Atoi(mm[2])
		errs = append(errs, compileError{mm[1], n, mm[3]})
	}
	if runErr != nil && len(errs) == 0 {
		return nil, fmt.Errorf("kotlinc: %v\n%s", runErr, outb)
	}
	return errs, nil
}

// list prints the module's types and their forms' counts.
func (m *module) list() {
	counts := map[string]int{}
	for i, t := range m.types {
		fs := m.forms(t, i+1)
		var st []string
		for _, f := range fs {
			if f.status == "ok" {
				counts[f.kind]++
				st = append(st, f.kind)
			}
		}
		fmt.Printf("%s\t%s\t%s\t%s\t%s\t%s\n", m.name, t.origin, t.display(), t.kind, t.modality, strings.Join(st, ""))
	}
	fmt.Fprintf(os.Stderr, "%s: %d types, forms %v\n", m.name, len(m.types), counts)
}
