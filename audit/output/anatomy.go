package output

import (
	"fmt"
	"io"
	"strings"

	"github.com/composestab/composestab/audit/explain"
	"github.com/composestab/composestab/composable"
	"github.com/composestab/composestab/internal/escape"
)

// WriteComposableText writes `explain --composable`'s answer: the signatures, the bit layout of
// $changed and $default, each parameter's comparison, the skip decision, the groups and the
// restart lambda, then the calls of --call-site slot by slot.
func WriteComposableText(w io.Writer, x *explain.ComposableExplanation) error {
	var b strings.Builder
	p := func(format string, args ...any) {
		for i, a := range args {
			if s, ok := a.(string); ok {
				args[i] = escape.Text(s)
			}
		}
		fmt.Fprintf(&b, format+"\n", args...)
	}
	a := x.Anatomy
	p("composable: %s", a.Name)
	p("code:       %s.%s (%s:%d)", a.Class, a.Method, a.File, a.Line)
	if a.Key != nil {
		p("key:        %d (FunctionKeyMeta)", *a.Key)
	}
	p("input:      %s (strong skipping %s)", x.Input, onOff(x.StrongSkipping))
	p("source:     %s", a.Source)
	p("compiled:   %s", a.Compiled)
	p("")
	for _, bi := range append(append([]composable.BitInt(nil), a.Changed...), a.Default...) {
		p("%s:", bi.Name)
		for _, f := range bi.Fields {
			who := f.Param
			if f.Slot >= 0 {
				who = fmt.Sprintf("slot %d %s", f.Slot, f.Param)
			}
			p("  bit %-5s 0b%-32b %s: %s", f.Bits, f.Mask, who, f.Meaning)
		}
	}
	p("")
	p("parameters:")
	for _, ap := range a.Params {
		used := "used"
		if !ap.Used {
			used = "unused"
		}
		p("  slot %d %s %s: %s (%s, %s & 0b%b)", ap.Slot, ap.Kind, ap.Name, ap.Type, used, ap.Changed, ap.Mask)
		if ap.Default != "" {
			p("    default:    %s (%s)", ap.Default, ap.DefaultBit)
		}
		calls := strings.Join(ap.Calls, ", ")
		if calls == "" {
			calls = "none"
		}
		p("    preamble:   %s → %s", calls, ap.Compiled)
		if ap.Guard != "" {
			p("    compared when %s", ap.Guard)
		}
		if ap.Choice != "" {
			p("    compares with %s", ap.Choice)
		}
		for _, s := range ap.SkippedWhen {
			p("    not compared when %s", s)
		}
		p("    stability:  %s", ap.Stability)
		for _, r := range ap.Reasons {
			p("      %s", r)
		}
		p("    from another module: %s", outcomeText(ap.Outcome))
	}
	p("")
	switch {
	case a.Decision != nil:
		if len(a.Decision.Before) > 0 {
			p("skip decision: runs without asking when %s; else %s(%s)", strings.Join(a.Decision.Before, " || "), a.Decision.Call, strings.Join(a.Decision.Operands, ", "))
		} else {
			p("skip decision: %s(%s)", a.Decision.Call, strings.Join(a.Decision.Operands, ", "))
		}
	default:
		p("skip decision: none")
	}
	p("skippable: %t, skips when called from another module: %s", a.Skippable, a.Skips)
	for _, n := range a.NeverSkips {
		p("  never skips: %s", n)
	}
	p("")
	p("groups:")
	for _, g := range a.Groups {
		s := strings.Repeat("  ", g.Depth+1) + g.Kind
		if g.Key != nil {
			s += fmt.Sprintf(" key %d", *g.Key)
		}
		if g.DataKey != "" {
			s += " data key " + g.DataKey
		}
		if g.Line > 0 {
			s += fmt.Sprintf("  (line %d)", g.Line)
		}
		if g.Source != "" {
			s += "  " + g.Source
		}
		p("%s", s)
	}
	if a.RestartLambda != "" {
		p("restart lambda: %s", a.RestartLambda)
	}
	if x.CallSite != "" {
		p("")
		if len(x.CallSites) == 0 {
			p("call site %s: no call of %s compiled from that line", x.CallSite, a.Name)
		}
		for _, c := range x.CallSites {
			p("call site %s:%d in %s (offset %d): %s", c.File, c.Line, c.Caller, c.Offset, c.Status)
			if c.Reason != "" {
				p("  %s", c.Reason)
			}
			for _, i := range c.Ints {
				p("  %s = %s", i.Name, i.Expr)
			}
			if c.Force {
				p("  force bit set")
			}
			for _, s := range c.Slots {
				p("  slot %d %s: %s, stability %s", s.Slot, s.Param, s.State, s.Stability)
				p("    %s", s.Why)
				if s.Predicted != "" {
					agree := "agrees"
					if !s.Agrees {
						agree = "DISAGREES"
					}
					p("    predicted from %s (%s): %s, %s", s.Type, s.TypeSource, s.Predicted, agree)
				}
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}

func outcomeText(o composable.Outcome) string {
	s := string(o.Compare)
	var vals []string
	for _, v := range o.Stable {
		vals = append(vals, fmt.Sprintf("%s.$stable = %d", v.Class, v.Value))
	}
	if len(vals) > 0 {
		s += " (" + strings.Join(vals, ", ") + ")"
	}
	if len(o.Open) > 0 {
		s += ", open: " + strings.Join(o.Open, ", ")
	}
	if o.BlocksSkip {
		s += ", never skips"
	}
	return s
}
