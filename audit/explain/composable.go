package explain

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/composable"
	"github.com/composestab/composestab/stability"
)

// ComposableExplanation is one compiled composable taken apart (composable.Anatomy), and the
// calls of it made from one source line when one was asked for.
type ComposableExplanation struct {
	// SchemaVersion is the version of the JSON contract (docs/json.md).
	SchemaVersion int    `json:"schemaVersion"`
	Query         string `json:"query"`
	// Input is the jar or folder the composable was read from; StrongSkipping is that module's
	// mode, read from its code.
	Input          string              `json:"input"`
	StrongSkipping bool                `json:"strongSkipping"`
	Anatomy        *composable.Anatomy `json:"anatomy"`
	// CallSite is the --call-site asked for ("" for none); CallSites the calls of the
	// composable compiled from that line.
	CallSite  string                    `json:"callSite,omitempty"`
	CallSites []*composable.CallAnatomy `json:"callSites,omitempty"`
	Errors    []string                  `json:"errors"`
}

// AmbiguousError is a NAME that several composables answer to: their JVM owners, names and
// descriptors, with their Kotlin names.
type AmbiguousError struct {
	Name       string
	Candidates []string
}

func (e *AmbiguousError) Error() string {
	return fmt.Sprintf("%s names %d composables; give the JVM owner, name and descriptor of one:\n  %s", e.Name, len(e.Candidates), strings.Join(e.Candidates, "\n  "))
}

// NotFoundError is a NAME no composable of the inputs answers to.
type NotFoundError struct{ Name string }

func (e *NotFoundError) Error() string {
	return "no composable function " + e.Name + " in the inputs"
}

// Composable takes apart the composable function name of opts.Inputs, read with opts.Classpath:
// name is its Kotlin name ("app.Screen", "Screen" when unambiguous) or its JVM owner, name and
// descriptor ("app/ScreenKt.Screen(Landroidx/compose/runtime/Composer;I)V", dots or slashes).
// callSite, "FILE:LINE" or "", also decodes the calls of it compiled from that line. The error
// is one of opts', ctx's, a *NotFoundError, an *AmbiguousError or a bad callSite.
func Composable(ctx context.Context, opts scan.Options, name, callSite string) (*ComposableExplanation, error) {
	file, line := "", 0
	if callSite != "" {
		i := strings.LastIndexByte(callSite, ':')
		n, err := strconv.Atoi(callSite[i+1:])
		if i <= 0 || err != nil || n <= 0 {
			return nil, fmt.Errorf("--call-site %q: want FILE:LINE, such as Callers.kt:42", callSite)
		}
		file, line = callSite[:i], n
	}
	setup, err := opts.Setup()
	if err != nil {
		return nil, err
	}
	d, err := scan.Discover(opts.Inputs, opts.Limits)
	if err != nil {
		return nil, err
	}
	if len(d.Inputs) == 0 {
		return nil, errors.New("no jar, AAR or class folder found")
	}
	cp, openErr := setup.OpenClasspath(append(append([]string(nil), d.Inputs...), opts.Classpath...))
	if cp == nil {
		return nil, openErr
	}
	defer cp.Close()
	x := &ComposableExplanation{SchemaVersion: scan.SchemaVersion, Query: name, CallSite: callSite, Errors: []string{}}
	for _, e := range append(append([]error{openErr}, opts.Problems...), d.Problems...) {
		if e != nil {
			x.Errors = append(x.Errors, e.Error())
		}
	}
	u := stability.NewUniverse(cp)
	sopts := setup.Stability()
	type hit struct {
		cfg composable.Config
		mod *composable.Module
		fn  *composable.Function
	}
	var hits []hit
	for _, in := range d.Inputs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		cfg := composable.Config{Classpath: cp, Universe: u, Input: in, Options: sopts, Classes: stability.AnalyzeModule(u, in, sopts)}
		mod := composable.Analyze(cfg)
		for _, e := range mod.Errors {
			x.Errors = append(x.Errors, e.Error())
		}
		for _, f := range matching(mod.Functions, name) {
			hits = append(hits, hit{cfg, mod, f})
		}
	}
	switch {
	case len(hits) == 0:
		return nil, &NotFoundError{name}
	case len(hits) > 1:
		e := &AmbiguousError{Name: name}
		for _, h := range hits {
			e.Candidates = append(e.Candidates, h.fn.Class+"."+h.fn.Method+"  ("+h.fn.FqName+")")
		}
		sort.Strings(e.Candidates)
		return nil, e
	}
	h := hits[0]
	x.Input, x.StrongSkipping = h.cfg.Input, h.mod.Features.StrongSkipping
	if x.Anatomy, err = h.mod.Anatomize(h.cfg, h.fn); err != nil {
		return nil, err
	}
	if callSite != "" {
		// The calls may be made from any input: the composable's own module or another.
		for _, in := range d.Inputs {
			cfg := composable.Config{Classpath: cp, Universe: u, Input: in, Options: sopts}
			x.CallSites = append(x.CallSites, h.mod.CallSiteAnatomies(cfg, file, line, h.fn.Class+"."+h.fn.Method)...)
		}
	}
	return x, nil
}

// matching are the functions (not lambdas) name answers to: an exact JVM key first, then the
// Kotlin name, then the simple name.
func matching(fns []*composable.Function, name string) []*composable.Function {
	key := strings.ReplaceAll(name, ".", "/")
	var byKey, byName, bySimple, byOwner []*composable.Function
	for _, f := range fns {
		if f.Lambda {
			continue
		}
		jvm := f.Class + "/" + f.Method // dots and slashes alike
		mname, _, _ := strings.Cut(f.Method, "(")
		switch {
		case strings.ReplaceAll(jvm, ".", "/") == key:
			byKey = append(byKey, f)
		case f.FqName == name || f.ReportName != "" && f.ReportName == name:
			byName = append(byName, f)
		case strings.ReplaceAll(f.Class+"."+mname, "/", ".") == name:
			byOwner = append(byOwner, f)
		case f.Name == name || strings.HasSuffix(f.FqName, "."+name):
			bySimple = append(bySimple, f)
		}
	}
	for _, set := range [][]*composable.Function{byKey, byName, byOwner, bySimple} {
		if len(set) > 0 {
			return set
		}
	}
	return nil
}
