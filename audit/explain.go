package audit

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/composestab/composestab/classfile"
	stabruntime "github.com/composestab/composestab/runtime"
	"github.com/composestab/composestab/stability"
)

// Explanation is what a call site computes for a concrete instantiation, in words and numbers.
type Explanation struct {
	// SchemaVersion is the version of the JSON contract (docs/json.md).
	SchemaVersion int    `json:"schemaVersion"`
	Type          string `json:"type"`
	// Stability is the call site's (un-normalized) stability, Normalized its normalized form.
	Stability  string `json:"stability"`
	Normalized string `json:"normalized"`
	// Verdict is the effective verdict: the call site's stability with every Runtime(C) part
	// replaced by the $stable value it reads; Effective is that stability.
	Verdict   stability.Verdict `json:"verdict"`
	Effective string            `json:"effective"`
	// Producers names, for each class whose $stable is read, the compiler that built it.
	Producers []string `json:"producers"`
	// Expression is the $changed stability expression for slot 0, "" when nothing is passed.
	Expression string `json:"expression"`
	// Value is the slot-0 stability bits under strong skipping, nil when unknown.
	Value     *int32 `json:"value"`
	ValueText string `json:"valueText"`
	// StrongSkipping and NoStrongSkipping say what the callee does with the argument.
	StrongSkipping   string   `json:"strongSkipping"`
	NoStrongSkipping string   `json:"noStrongSkipping"`
	Reasons          []string `json:"reasons"`
	// Values lists every $stable read, with the jar it came from.
	Values []string `json:"values"`
	Errors []string `json:"errors"`

	unreadable bool
}

// Unreadable reports whether some classpath entry could not be read (its error is in Errors).
func (x *Explanation) Unreadable() bool { return x.unreadable }

// Explain evaluates a concrete instantiation, such as "com.example.Box<kotlin.collections.List<User>>",
// over a classpath, as a JVM call site in another module would.
func Explain(classpath []string, typ string, opts stability.Options) (*Explanation, error) {
	cp, openErr := classfile.OpenClasspath(classpath)
	if cp == nil {
		return nil, openErr
	}
	defer cp.Close()
	u := stability.NewUniverse(cp)
	ev := stabruntime.New(cp)
	in, err := stabruntime.NewInstantiator(u, ev, opts).Evaluate(typ)
	if err != nil {
		return nil, err
	}
	norm := stability.Normalize(in.Stability)
	eff := ev.Resolve(in.Stability, in.Reason)
	x := &Explanation{
		SchemaVersion: SchemaVersion,
		Type:          in.Type.String(),
		Stability:     in.Stability.String(),
		Normalized:    norm.String(),
		Verdict:       eff.Verdict(),
		Effective:     describeStability(eff.Stability),
		Producers:     []string{},
		Reasons:       Sentences(in.Reason),
		Values:        []string{},
		Errors:        []string{},
	}
	for _, r := range eff.Reads {
		c := u.ClassByJVMName(r.Class).Ensure()
		x.Producers = append(x.Producers, fmt.Sprintf("%s: %s (%s)", c.FqName(), stability.ProducerOf(c), strings.Join(stability.ProducerOf(c).Evidence, "; ")))
		x.Reasons = append(x.Reasons, readOf(r, c.FqName()).sentence())
	}
	if in.Expr != nil {
		x.Expression = in.Expr.String()
	}
	bits := in.Bits(true)
	switch {
	case in.Expr == nil && !stability.KnownUnstable(in.Stability):
		x.Value = &bits
		x.ValueText = "0 (nothing is passed: " + x.Stability + " cannot be expressed as a $stable expression)"
	case in.Expr == nil:
		x.Value = &bits
		x.ValueText = "0 under strong skipping, 8 without (known unstable: nothing to read at run time)"
	case !in.Known:
		x.ValueText = "unknown (a $stable it reads cannot be computed)"
	default:
		x.Value = &bits
		x.ValueText = strconv.Itoa(int(bits)) + describeBits(bits)
	}
	v := in.Callee(true)
	x.StrongSkipping = fmt.Sprintf("%s; %s", v.Compare, v.Why)
	v = in.Callee(false)
	x.NoStrongSkipping = fmt.Sprintf("%s, skippable=%t; %s", v.Compare, v.Skippable, v.Why)
	var walk func(vals []*stabruntime.Value, depth int)
	walk = func(vals []*stabruntime.Value, depth int) {
		for _, d := range vals {
			line := fmt.Sprintf("%*s%s = %s", depth*2, "", d.Class, valueText(d))
			if d.Input != "" {
				line += "  (" + d.Input + ")"
			}
			x.Values = append(x.Values, line)
			walk(d.Deps, depth+1)
		}
	}
	walk(in.Deps, 0)
	if openErr != nil {
		// The type may still resolve from the readable entries; what could not be read is said.
		x.unreadable = true
		var rep Report
		rep.addErrors(openErr)
		for _, e := range rep.Errors {
			x.Errors = append(x.Errors, e.Error())
		}
	}
	for _, e := range in.Errors {
		x.Errors = append(x.Errors, e.Error())
	}
	return x, nil
}

func describeBits(v int32) string {
	if v&8 != 0 {
		return " (unstable bit set)"
	}
	return " (stable)"
}

func valueText(v *stabruntime.Value) string {
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
