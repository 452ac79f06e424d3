// Package audit runs one composestab scan: it opens the inputs and their classpath, re-runs the
// Compose compiler's stability inference for every class, simulates each $stable, and collects
// the results and the errors met on the way. Baselines, diffs and verification build on a Report.
package audit

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/composestab/composestab/classfile"
	stabruntime "github.com/composestab/composestab/runtime"
	"github.com/composestab/composestab/stability"
)

// Options configure a scan.
type Options struct {
	// Inputs are the jars, AARs and class folders to report on, or folders to search for them.
	Inputs []string
	// Classpath are further inputs used to resolve references, not reported.
	Classpath []string
	// Configs are stability configuration files, applied to every input.
	Configs []string
	// Compiler is the consuming compiler's version ("" for the default).
	Compiler string
	// IncludeNonPublic reports private, internal and local classes too.
	IncludeNonPublic bool
	// Package, if set, keeps classes whose FQN matches this configuration-file pattern.
	Package string
	// Only keeps classes with this verdict ("stable", "unstable" or "runtime").
	Only string
	// Progress, if set, is called as modules finish: done of total.
	Progress func(done, total int)
}

// Report is one scan's result. Lists are never nil, so that JSON shows [] rather than null.
type Report struct {
	Classes []*Class `json:"classes"`
	Errors  []*Error `json:"errors"`
	// Inputs lists the reported inputs after folder search, in order.
	Inputs []string `json:"inputs"`
}

// Class is the verdict for one class.
type Class struct {
	JVMName string `json:"jvmName"`
	Name    string `json:"name"`
	Input   string `json:"input"`
	// Entry is the class file's path inside Input.
	Entry string `json:"entry,omitempty"`
	Kind  string `json:"kind"`
	// Visibility is the Kotlin visibility ("public", "internal", ...).
	Visibility string `json:"visibility"`
	// StabilityInferred is the annotation's parameters value in the binary, nil without it.
	StabilityInferred *int32 `json:"stabilityInferred"`
	// StableField tells whether the class has a $stable field.
	StableField bool `json:"stableField"`
	// StableValue is the simulated $stable, nil without the field or when it cannot be computed.
	StableValue *int32 `json:"stableValue"`
	// StableExpr is the $stable initializer as read from the bytecode.
	StableExpr string `json:"stableExpr,omitempty"`
	// Stability is the compiler's rendering of the class's stability as compiled; for classes
	// not compiled with Compose, the stability a consumer sees.
	Stability string `json:"stability"`
	// Verdict is "stable", "unstable" or "runtime".
	Verdict string `json:"verdict"`
	// Compose tells whether the class was compiled with the Compose compiler.
	Compose bool `json:"compose"`
	// MetadataVersion is the Kotlin metadata version (mv) of the producing compiler.
	MetadataVersion string `json:"metadataVersion,omitempty"`
	// Producer says what the binary tells of the compiler that produced it: "k2" when
	// @StabilityInferred is also in the Kotlin metadata (Kotlin 2.0+), "k1" when it is only in
	// the class file, "" when the class has no @StabilityInferred.
	Producer string `json:"producer,omitempty"`
	// Marked is a class annotated @Stable, @Immutable or another stable marker itself.
	Marked bool `json:"marked"`
	// InferredMask is the mask composestab recomputes; MaskMatches compares it with the binary.
	InferredMask *int32   `json:"inferredMask,omitempty"`
	MaskMatches  *bool    `json:"maskMatches,omitempty"`
	Fields       []*Field `json:"fields"`
	Reasons      []string `json:"reasons"`

	// order is the class's place in the compiler's report order within its input.
	order, inputIndex int

	result     *stability.ClassResult
	asCompiled func() *stability.ClassResult // for classes of inputs built without Compose
	value      *stabruntime.Value
}

// Field is one field line, as the compiler's report has it.
type Field struct {
	Name      string `json:"name"`
	Type      string `json:"type"`
	Var       bool   `json:"var"`
	Stability string `json:"stability"`
	Verdict   string `json:"verdict"`
}

// Error kinds.
const (
	// ErrUnreadable is an input, entry or class that cannot be read: a corrupt zip, a truncated
	// class, garbage metadata.
	ErrUnreadable = "unreadable"
	// ErrUnresolved is a reference the classpath cannot satisfy: a missing class or field.
	ErrUnresolved = "unresolved"
	// ErrNotSimulable is a $stable initializer outside what composestab interprets.
	ErrNotSimulable = "not-simulable"
	// ErrInitFails is a class whose static initializer always throws, so the JVM never gives it
	// a $stable value.
	ErrInitFails = "init-fails"
)

// Error is one problem met during the scan; the scan goes on with the rest.
type Error struct {
	// Kind is ErrUnreadable, ErrUnresolved or ErrNotSimulable.
	Kind    string `json:"kind"`
	Input   string `json:"input"`
	Entry   string `json:"entry"`
	Class   string `json:"class"`
	Message string `json:"message"`

	err error
}

func (e *Error) Error() string {
	loc := e.Input
	if e.Entry != "" {
		loc += "!" + e.Entry
	}
	if e.Class != "" {
		return fmt.Sprintf("%s: %s: %s", loc, e.Class, e.Message)
	}
	return fmt.Sprintf("%s: %s", loc, e.Message)
}

func (e *Error) Unwrap() error { return e.err }

// ReportOrder returns the classes in the compiler's report order: by input, then as the compiler
// records them.
func (rep *Report) ReportOrder() []*Class {
	out := append([]*Class(nil), rep.Classes...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].inputIndex != out[j].inputIndex {
			return out[i].inputIndex < out[j].inputIndex
		}
		return out[i].order < out[j].order
	})
	return out
}

// compiledResult is the compiler's analysis of the class: as compiled for a Compose input, as it
// would have been with the plugin applied otherwise.
func (c *Class) compiledResult() *stability.ClassResult {
	if c.result == nil && c.asCompiled != nil {
		return c.asCompiled()
	}
	return c.result
}

// Result returns the inference result behind the class, for printers of the compiler's report.
func (c *Class) Result() *stability.ClassResult { return c.result }

// Scan runs a scan. The error is non-nil only when the scan could not run at all (no input, a
// bad configuration file); unreadable inputs and classes are listed in Report.Errors.
func Scan(opts Options) (*Report, error) {
	rep := &Report{Classes: []*Class{}, Errors: []*Error{}, Inputs: []string{}}
	var cfg *stability.Config
	if len(opts.Configs) > 0 {
		var err error
		if cfg, err = stability.LoadConfig(opts.Configs...); err != nil {
			return nil, err
		}
	}
	var pkg *stability.Config
	if opts.Package != "" {
		var err error
		if pkg, err = stability.ParseConfig("--package", []byte(opts.Package)); err != nil {
			return nil, fmt.Errorf("--package: %w", err)
		}
	}
	inputs, err := FindInputs(opts.Inputs)
	if err != nil {
		return nil, err
	}
	if len(inputs) == 0 {
		return nil, errors.New("no jar, AAR or class folder found")
	}
	rep.Inputs = inputs
	all := append(append([]string(nil), inputs...), opts.Classpath...)
	cp, openErr := classfile.OpenClasspath(all)
	if cp == nil {
		return nil, openErr
	}
	rep.addErrors(openErr)
	u := stability.NewUniverse(cp)
	ev := stabruntime.New(cp)
	sopts := stability.Options{Compiler: opts.Compiler, Config: cfg}

	var mu sync.Mutex
	done := 0
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	perInput := make([][]*Class, len(inputs))
	for i, in := range inputs {
		wg.Add(1)
		sem <- struct{}{}
		go func(i int, in string) {
			defer wg.Done()
			defer func() { <-sem }()
			classes, errs := scanModule(u, ev, in, sopts)
			for k, c := range classes {
				c.order, c.inputIndex = k, i
			}
			perInput[i] = classes
			mu.Lock()
			rep.Errors = append(rep.Errors, errs...)
			done++
			if opts.Progress != nil {
				opts.Progress(done, len(inputs))
			}
			mu.Unlock()
		}(i, in)
	}
	wg.Wait()
	for _, cs := range perInput {
		for _, c := range cs {
			if keep(c, opts, pkg) {
				rep.Classes = append(rep.Classes, c)
			}
		}
	}
	sort.SliceStable(rep.Classes, func(i, j int) bool {
		if rep.Classes[i].JVMName != rep.Classes[j].JVMName {
			return rep.Classes[i].JVMName < rep.Classes[j].JVMName
		}
		return rep.Classes[i].Input < rep.Classes[j].Input
	})
	sort.SliceStable(rep.Errors, func(i, j int) bool { return rep.Errors[i].Error() < rep.Errors[j].Error() })
	return rep, nil
}

func keep(c *Class, opts Options, pkg *stability.Config) bool {
	if !opts.IncludeNonPublic && c.Visibility != "public" && c.Visibility != "protected" {
		return false
	}
	if pkg != nil && pkg.Match(strings.ReplaceAll(c.Name, "/", ".")) == nil {
		return false
	}
	return opts.Only == "" || c.Verdict == opts.Only
}

// scanModule analyses one input as the compiler compiled it.
func scanModule(u *stability.Universe, ev *stabruntime.Evaluator, input string, opts stability.Options) ([]*Class, []*Error) {
	var errs []*Error
	classes := u.ModuleClasses(input)
	compose := false
	for _, c := range classes {
		if c.HasStableField || c.Inferred != nil {
			compose = true
			break
		}
	}
	engine := stability.NewEngine(u.Module(input), opts)
	consumer := stability.NewEngine(nil, opts)
	var out []*Class
	for _, c := range classes {
		ac := &Class{
			JVMName: c.JVMName, Name: c.FqName(), Input: input, Entry: c.Entry,
			Kind: c.Kind.String(), Visibility: c.Visibility.String(),
			StabilityInferred: c.Inferred, StableField: c.HasStableField,
			Compose:         c.HasStableField || c.Inferred != nil,
			MetadataVersion: c.MetadataVersion,
			Fields:          []*Field{}, Reasons: []string{},
		}
		switch {
		case c.Inferred != nil && c.InferredInMetadata:
			ac.Producer = "k2"
		case c.Inferred != nil:
			ac.Producer = "k1"
		}
		var reason *stability.Reason
		if compose {
			r := engine.AnalyzeClass(c)
			ac.result = r
			ac.Marked = r.Marked
			ac.Stability = r.Stability.String()
			if r.Marked {
				ac.Stability = "Stable"
			}
			ac.Verdict = string(r.Verdict())
			if r.Processed && !r.Marked {
				m := r.Mask
				ac.InferredMask = &m
				if c.Inferred != nil {
					ok := *c.Inferred == m
					ac.MaskMatches = &ok
				}
			}
			for _, f := range r.Fields {
				ac.Fields = append(ac.Fields, &Field{Name: f.Field.Name, Type: f.Field.Type.String(),
					Var: f.Field.Var || f.Field.Bare, Stability: f.Stability.String(), Verdict: string(stability.VerdictOf(f.Stability))})
			}
			reason = r.Reason
		} else {
			// What the compiler would have concluded had the plugin been applied; only verify
			// asks, so it is computed on demand, from the classes already loaded.
			ac.asCompiled = func() *stability.ClassResult { return engine.AnalyzeClass(c) }
			s, r := consumer.ClassStability(c, "")
			ac.Stability = s.String()
			ac.Verdict = string(stability.VerdictOf(stability.Normalize(s)))
			reason = r
		}
		ac.Reasons = Sentences(reason)
		if c.HasStableField {
			v := ev.Stable(c.JVMName)
			ac.value = v
			if v.Expr != nil {
				ac.StableExpr = v.Expr.String()
			} else {
				ac.StableExpr = "0"
			}
			if v.Err == nil {
				n := v.Value
				ac.StableValue = &n
			} else {
				errs = append(errs, &Error{Kind: errorKind(v.Err), Input: input, Entry: c.Entry, Class: c.JVMName, Message: v.Err.Error(), err: v.Err})
			}
		}
		if c.Err != nil {
			errs = append(errs, &Error{Kind: errorKind(c.Err), Input: input, Entry: c.Entry, Class: c.JVMName, Message: c.Err.Error(), err: c.Err})
		}
		out = append(out, ac)
	}
	return out, errs
}

// Sentences flattens a reason tree into sentences, the deciding rule first, leaves last.
func Sentences(r *stability.Reason) []string {
	out := []string{}
	var walk func(r *stability.Reason, depth int)
	walk = func(r *stability.Reason, depth int) {
		if r == nil || depth > 6 {
			return
		}
		out = append(out, strings.Repeat("  ", depth)+r.Sentence()+" ⇒ "+describeStability(r.Stability))
		for _, c := range r.Because {
			walk(c, depth+1)
		}
	}
	walk(r, 0)
	return out
}

func describeStability(s stability.Stability) string {
	if s == nil {
		return "?"
	}
	if t := stability.Normalize(s).String(); t != "" {
		return t
	}
	return "Stable"
}

func (rep *Report) addErrors(err error) {
	if err == nil {
		return
	}
	var list []error
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		list = j.Unwrap()
	} else {
		list = []error{err}
	}
	for _, e := range list {
		ae := &Error{Kind: ErrUnreadable, Message: e.Error(), err: e}
		var fe *classfile.FormatError
		if errors.As(e, &fe) {
			ae.Input, ae.Entry, ae.Class, ae.Message = fe.Path, fe.Entry, fe.Class, fe.Msg
			if fe.Err != nil && fe.Msg == "" {
				ae.Message = fe.Err.Error()
			}
		}
		rep.Errors = append(rep.Errors, ae)
	}
}

func errorKind(err error) string {
	var (
		mc *stabruntime.MissingClassError
		mf *stabruntime.MissingFieldError
		ns *stabruntime.NotSimulableError
		nf *classfile.NotFoundError
		fi *stabruntime.InitFailsError
	)
	switch {
	case errors.As(err, &fi):
		return ErrInitFails
	case errors.As(err, &mc), errors.As(err, &mf), errors.As(err, &nf):
		return ErrUnresolved
	case errors.As(err, &ns):
		return ErrNotSimulable
	}
	return ErrUnreadable
}

// Unreadable reports whether some input, entry or class could not be read.
func (rep *Report) Unreadable() bool {
	for _, e := range rep.Errors {
		if e.Kind == ErrUnreadable {
			return true
		}
	}
	return false
}

// FindInputs expands folders: a folder that holds class files is one input; any other folder is
// searched for jars, AARs and build/**/classes folders.
func FindInputs(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() || hasClassFiles(p) {
			out = append(out, p)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			name := d.Name()
			if d.IsDir() {
				if path != p && (strings.HasPrefix(name, ".") || name == "node_modules") {
					return filepath.SkipDir
				}
				if name == "classes" && strings.Contains(filepath.ToSlash(path), "/build/") && hasClassFiles(path) {
					out = append(out, path)
					return filepath.SkipDir
				}
				return nil
			}
			switch strings.ToLower(filepath.Ext(name)) {
			case ".jar", ".aar":
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func hasClassFiles(dir string) bool {
	found := false
	_ = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || found {
			return filepath.SkipAll
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".class") {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	return found
}
