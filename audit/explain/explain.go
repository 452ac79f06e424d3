// Package explain answers, for one concrete Kotlin type such as Box<List<User>>, what an app's
// call site passes for it: the $changed bits with and without strong skipping, the $stable
// values they are computed from, and why — with every class the answer depends on named.
package explain

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/internal/english"
	"github.com/composestab/composestab/stability"
)

// Explanation is what a call site computes for a concrete instantiation, in words and numbers.
// Verdict, Value and the two skipping sentences come from one decision
// (evaluate.Instantiation.Verdict and Callee), so they never disagree.
type Explanation struct {
	// SchemaVersion is the version of the JSON contract (docs/json.md).
	SchemaVersion int    `json:"schemaVersion"`
	Type          string `json:"type"`
	// Stability is the call site's (un-normalized) stability, Normalized its normalized form.
	Stability  string `json:"stability"`
	Normalized string `json:"normalized"`
	// Verdict is what the argument amounts to at the call site: stable (0 is passed), unstable
	// (known unstable, or a $stable read has the unstable bit), uncertain (an interface part
	// leaves nothing to pass), runtime (the value cannot be computed). Effective is the
	// stability behind it.
	Verdict   stability.Verdict `json:"verdict"`
	Effective string            `json:"effective"`
	// Producers names, for each class whose $stable is read, the compiler that built it.
	Producers []string `json:"producers"`
	// Expression is the $changed stability expression for slot 0, "" when nothing is passed.
	Expression string `json:"expression"`
	// Value is the slot-0 stability bits under strong skipping, ValueNoStrongSkipping without;
	// nil when unknown.
	Value                 *int32 `json:"value"`
	ValueNoStrongSkipping *int32 `json:"valueNoStrongSkipping"`
	ValueText             string `json:"valueText"`
	// StrongSkipping and NoStrongSkipping say what the callee does with the argument.
	StrongSkipping   string   `json:"strongSkipping"`
	NoStrongSkipping string   `json:"noStrongSkipping"`
	Reasons          []string `json:"reasons"`
	// Values lists every $stable read, with the jar it came from.
	Values []string `json:"values"`
	// Missing lists the classes the type names or needs that are not on the classpath; while
	// one the answer needs is missing, Verdict is runtime and Value null.
	Missing []string `json:"missing"`
	Errors  []string `json:"errors"`

	unreadable bool
	needed     bool
}

// Unreadable reports whether some classpath entry could not be read (its error is in Errors).
func (x *Explanation) Unreadable() bool { return x.unreadable }

// NeedsMissing reports whether the answer depends on a class in Missing, so that it is unknown.
func (x *Explanation) NeedsMissing() bool { return x.needed }

// Explain evaluates a concrete instantiation, such as "com.example.Box<kotlin.collections.List<User>>"
// or "@Composable () -> Unit", as a JVM call site in another module would, over the classes of
// opts.Inputs and opts.Classpath opened with opts.Limits, under opts.Compiler's rules and
// opts.Configs. The classpath may be empty: Kotlin's built-ins, its standard library and the JDK
// are known without one. A class found nowhere is named in Missing, not an error; what cannot be
// read is in Errors. The error is one of opts' (see scan.Options.Setup), ctx's, or a type that
// cannot be read (bad syntax, a wrong number of type arguments, an argument outside its bound,
// an ambiguous short name): *evaluate.TypeError, *evaluate.ArityError, ...
func Explain(ctx context.Context, opts scan.Options, typ string) (*Explanation, error) {
	setup, err := opts.Setup()
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	c, err := open(setup)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return c.explain(setup, typ)
}

// Classpath is a classpath opened for explaining, every entry validated, together with the
// class models and $stable values read from it so far. Open it once, explain any number of types
// over it — from several goroutines at once — and Close it when no call uses it any more. Only
// the files are shared: each call's configuration, compiler and NonJVM apply to that call alone,
// and its answer is the one Explain gives over the same paths, whatever was explained before.
type Classpath struct {
	cp *archive.Classpath
	u  *stability.Universe
	ev *evaluate.Evaluator
	// openErr is what could not be read, said in every answer's Errors.
	openErr error
}

// Open opens opts.Inputs and opts.Classpath with opts.Limits (the other options are not used)
// and validates every entry, as Explain does, so that every answer over it says what could not
// be read. The error is non-nil only when nothing could be opened at all.
func Open(opts scan.Options) (*Classpath, error) {
	setup, err := scan.Options{Inputs: opts.Inputs, Classpath: opts.Classpath, Limits: opts.Limits}.Setup()
	if err != nil {
		return nil, err // never: there is no configuration to read
	}
	return open(setup)
}

func open(setup *scan.Setup) (*Classpath, error) {
	cp, openErr := setup.OpenClasspath(append(append([]string(nil), setup.Inputs...), setup.Classpath...))
	if cp == nil {
		return nil, openErr
	}
	// Every entry is validated now, so that the answer says what could not be read even where
	// the type does not reach; afterwards the classpath is only read, so calls can share it.
	openErr = errors.Join(openErr, cp.Settle())
	return &Classpath{cp: cp, u: stability.NewUniverse(cp), ev: evaluate.New(cp), openErr: openErr}, nil
}

// Close closes the classpath's files; no Explain may run on it afterwards.
func (c *Classpath) Close() error { return c.cp.Close() }

// Explain is the package's Explain over c: opts.Inputs, opts.Classpath and opts.Limits are not
// read (c stands for them); its configuration, compiler and NonJVM apply. It is safe to call from
// several goroutines at once.
func (c *Classpath) Explain(ctx context.Context, opts scan.Options, typ string) (*Explanation, error) {
	setup, err := opts.Setup()
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return c.explain(setup, typ)
}

func (c *Classpath) explain(setup *scan.Setup, typ string) (*Explanation, error) {
	u, openErr := c.u, c.openErr
	it := evaluate.NewInstantiator(u, c.ev, setup.Stability())
	t, err := it.ParseWith(typ, evaluate.ParseOptions{AllowMissing: true, CheckArguments: true})
	if err != nil {
		return nil, err
	}
	in := it.EvaluateType(t)
	x := &Explanation{
		SchemaVersion: scan.SchemaVersion,
		Type:          in.Type.String(),
		Stability:     in.Stability.String(),
		Normalized:    stability.Normalize(in.Stability).String(),
		Verdict:       in.Verdict(),
		Producers:     []string{},
		Reasons:       explainSentences(in.Reason),
		Values:        []string{},
		Missing:       append([]string{}, in.Missing...),
		Errors:        []string{},
		needed:        in.Needed,
	}
	if in.Expr != nil {
		x.Expression = in.Expr.String()
	}
	blockers := inexpressible(in.Stability)
	switch {
	case in.Needed:
		miss := strings.Join(in.Missing, ", ") + " " + english.Choose(len(in.Missing), "is", "are") + " not on the classpath"
		x.Stability, x.Normalized, x.Effective = "unknown: "+miss, "", "unknown: "+miss
		x.ValueText = "unknown: " + miss
	case !in.Known:
		x.Effective = stability.Describe(in.Stability)
		x.ValueText = "unknown: a $stable it reads cannot be computed (see the errors)"
	case stability.KnownStable(in.Stability):
		x.Effective = "Stable"
		x.setValues(0, 0)
		x.ValueText = "0: the type is known stable, so the call site passes the constant 0"
	case stability.KnownUnstable(in.Stability):
		x.Effective = "Unstable"
		x.setValues(0, 8)
		x.ValueText = "0 with strong skipping (nothing is passed), 8 without (the unstable bit): the type is known unstable"
	case in.Expr == nil:
		x.Effective = blockers
		x.setValues(0, 0)
		x.ValueText = "0: nothing is passed, since " + blockers + " cannot be read at run time"
	default:
		x.Effective = "Stable"
		if in.Value&8 != 0 {
			x.Effective = "Unstable"
		}
		x.setValues(in.Value, in.Value)
		x.ValueText = strconv.Itoa(int(in.Value)) + " = " + in.Expr.String() + describeBits(in.Value)
	}
	if in.Expr == nil && !in.Needed && !stability.KnownStable(in.Stability) && !stability.KnownUnstable(in.Stability) {
		x.Reasons = append(x.Reasons, "the call site reads no $stable: "+blockers+" cannot be expressed, so it passes nothing, whatever the other parts hold")
	}
	v := in.Callee(true)
	x.StrongSkipping = v.Why
	v = in.Callee(false)
	x.NoStrongSkipping = v.Why
	seen := map[string]bool{}
	for _, d := range in.Deps {
		if seen[d.Class] {
			continue
		}
		seen[d.Class] = true
		c := u.ClassByJVMName(d.Class)
		x.Producers = append(x.Producers, fmt.Sprintf("%s: %s (%s)", c.FqName(), stability.ProducerOf(c), strings.Join(stability.ProducerOf(c).Evidence, "; ")))
		x.Reasons = append(x.Reasons, scan.ReadOf(d, c.FqName()).Sentence())
	}
	var walk func(vals []*evaluate.Value, depth int)
	walk = func(vals []*evaluate.Value, depth int) {
		for _, d := range vals {
			line := fmt.Sprintf("%*s%s = %s", depth*2, "", d.Class, valueText(d))
			if d.Input != "" {
				line += "  (" + d.Input + ")"
			}
			x.Values = append(x.Values, line)
			if depth < 16 {
				walk(d.Deps, depth+1)
			}
		}
	}
	walk(in.Deps, 0)
	if openErr != nil {
		// The type may still resolve from the readable entries; what could not be read is said.
		x.unreadable = true
		for _, e := range scan.OpenErrors(openErr) {
			x.Errors = append(x.Errors, explainError(e))
		}
	}
	for _, e := range in.Errors {
		var mc *evaluate.MissingClassError
		if errors.As(e, &mc) {
			continue // named once in Missing
		}
		x.Errors = append(x.Errors, e.Error())
	}
	return x, nil
}

func (x *Explanation) setValues(strong, noStrong int32) {
	x.Value, x.ValueNoStrongSkipping = &strong, &noStrong
}

// explainError is an input error's text without the empty location an input that cannot even
// be opened has.
func explainError(e *scan.Error) string {
	if e.Input == "" && e.Entry == "" {
		return e.Message
	}
	return e.Error()
}

// inexpressible names the parts of s that stop a call site from building a $stable expression:
// Uncertain(I) parts (interfaces) and type parameters.
func inexpressible(s stability.Stability) string {
	var parts []string
	stability.ForEach(s, func(leaf stability.Stability) {
		switch leaf.(type) {
		case stability.Unknown, stability.Parameter:
			parts = append(parts, leaf.String())
		}
	})
	return strings.Join(parts, ",")
}

// explainSentences is stability.Reason.Sentences, except that a step whose result came from a class missing from
// the classpath says so instead of the Unstable the inference put in its place.
func explainSentences(r *stability.Reason) []string {
	out := []string{}
	var walk func(r *stability.Reason, depth int)
	walk = func(r *stability.Reason, depth int) {
		if r == nil || depth > 6 {
			return
		}
		result := stability.Describe(r.Stability)
		if r.Rule == stability.RuleMissing {
			result = "unknown"
		} else if m := missingBelow(r); m != "" {
			result = "unknown until " + m + " is on the classpath"
		}
		out = append(out, strings.Repeat("  ", depth)+r.Sentence()+" ⇒ "+result)
		for _, c := range r.Because {
			walk(c, depth+1)
		}
	}
	walk(r, 0)
	return out
}

func missingBelow(r *stability.Reason) string {
	if r.Rule == stability.RuleMissing {
		return r.Subject
	}
	for _, c := range r.Because {
		if m := missingBelow(c); m != "" {
			return m
		}
	}
	return ""
}

func describeBits(v int32) string {
	if v&evaluate.UnstableBit != 0 {
		return " (the unstable bit is set)"
	}
	return " (stable: no unstable bit)"
}

func valueText(v *evaluate.Value) string {
	switch {
	case v.InProgress:
		return "0 (still being initialized: an initialization cycle)"
	case v.Err != nil:
		return "error: " + v.Err.Error()
	case v.Expr != nil:
		return strconv.Itoa(int(v.Value)) + " = " + v.Expr.String()
	}
	return strconv.Itoa(int(v.Value)) + " (no store in <clinit>)"
}
