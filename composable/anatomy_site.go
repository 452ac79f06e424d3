package composable

import (
	"path"
	"sort"
	"strings"

	"github.com/composestab/composestab/callsite"
)

// This file reads the $changed a call site passes, slot by slot, for
// `composestab explain --composable NAME --call-site FILE:LINE`.

// CallAnatomy is one composable call as the caller compiled it.
type CallAnatomy struct {
	// Caller is the calling method (JVM owner, a dot, name and descriptor); File and Line locate
	// the call, Offset is the invoke instruction's.
	Caller string `json:"caller"`
	File   string `json:"file"`
	Line   int    `json:"line"`
	Offset int    `json:"offset"`
	// Callee is the called method (JVM owner, a dot, name and descriptor); Function its Kotlin
	// name and descriptor from metadata, "" when not found.
	Callee   string `json:"callee"`
	Function string `json:"function,omitempty"`
	// Status is "decoded" or "not decodable" (then Reason says why).
	Status string `json:"status"`
	Reason string `json:"reason,omitempty"`
	// Ints are the int arguments after the Composer, as the caller computes them.
	Ints  []IntArg      `json:"ints"`
	Force bool          `json:"force"`
	Slots []SlotAnatomy `json:"slots"`
}

// IntArg is one $changed or $default argument of a call.
type IntArg struct {
	Name string `json:"name"`
	// Expr is what the caller computes ("0", "$dirty & 14 | Label.$stable << 3"); "" when it is
	// not straight-line arithmetic.
	Expr string `json:"expr"`
}

// SlotAnatomy is one parameter slot of a call's $changed.
type SlotAnatomy struct {
	Slot  int    `json:"slot"`
	Param string `json:"param"`
	// State is Static, Same/Different (the caller forwards its own $dirty bits, which hold Same or
	// Different at run time), Uncertain, or Default (not passed: the callee computes it).
	State string `json:"state"`
	// Stability is the stability part the caller passes: "$stable reads | unstable", or "none".
	Stability string `json:"stability"`
	// Type is the argument's Kotlin type as read from the caller, TypeSource where it came from,
	// Predicted what composestab's inference passes for it ("" when not compared).
	Type       string `json:"type,omitempty"`
	TypeSource string `json:"typeSource,omitempty"`
	Predicted  string `json:"predicted,omitempty"`
	Agrees     bool   `json:"agrees"`
	Why        string `json:"why"`
}

// CallSiteAnatomies lists the composable calls compiled from source line line of file (a file
// name, or a path ending in one: "Callers.kt", "capp/Callers.kt") in cfg.Input, optionally only
// those calling callee (JVM owner, a dot, name and descriptor; "" for all).
func (mod *Module) CallSiteAnatomies(cfg Config, file string, line int, callee string) []*CallAnatomy {
	ck := callsite.NewChecker(cfg.Classpath, cfg.Universe, nil, cfg.Input, cfg.Options, mod.Features.StrongSkipping)
	classes, _ := cfg.Universe.InputClasses(cfg.Input)
	var out []*CallAnatomy
	for _, c := range classes {
		f := c.Ensure().File
		if f == "" || !(f == file || strings.HasSuffix(f, "/"+file) || (!strings.Contains(file, "/") && path.Base(f) == file)) {
			continue
		}
		cf, err := cfg.Classpath.Class(c.JVMName)
		if err != nil {
			continue
		}
		sites, _ := callsite.Find(cf)
		for _, s := range sites {
			if s.Status == callsite.Restart || callsite.LineAt(s.Code, s.Offset) != line {
				continue
			}
			key := s.Callee.Owner + "." + s.Callee.Name + s.Callee.Descriptor
			if callee != "" && key != callee {
				continue
			}
			out = append(out, callAnatomy(ck.Check(s), f, line))
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Caller != out[j].Caller {
			return out[i].Caller < out[j].Caller
		}
		return out[i].Offset < out[j].Offset
	})
	return out
}

func callAnatomy(sc *callsite.Check, file string, line int) *CallAnatomy {
	ca := &CallAnatomy{Caller: sc.Class + "." + sc.Method, File: file, Line: line, Offset: sc.Offset,
		Callee: sc.Callee.Owner + "." + sc.Callee.Name + sc.Callee.Descriptor, Function: sc.Function,
		Status: sc.Status.String(), Reason: sc.Reason, Force: sc.Force, Ints: []IntArg{}, Slots: []SlotAnatomy{}}
	nChanged := 1
	if len(sc.Slots) > 10 {
		nChanged = (len(sc.Slots) + 9) / 10
	}
	for k, x := range sc.Ints {
		a := IntArg{Name: changedName(k)}
		if k >= nChanged {
			a.Name = defaultName(k - nChanged)
		}
		if x != nil {
			a.Expr = x.String()
		}
		ca.Ints = append(ca.Ints, a)
	}
	for _, chk := range sc.Slots {
		s := SlotAnatomy{Slot: chk.Slot, Param: chk.Param, Stability: chk.Compiler.Stability(), Type: chk.Type, TypeSource: chk.TypeSource, Agrees: chk.Equal}
		if chk.Ours != nil {
			s.Predicted = chk.Ours.Stability()
		}
		b := chk.Compiler
		switch {
		case chk.NotProvided:
			s.State, s.Why = "Default", "not passed: the caller sets its $default bit, and the callee computes the default value"
		case b.Static:
			s.State, s.Why = "Static", "a static expression (a constant, or a stable value the caller need not recompute): the callee takes it as unchanged without comparing"
		case b.Forwarded && b.Certain:
			s.State, s.Why = "Same/Different", "the caller's own parameter: it passes on its $dirty bits for it, Same or Different as its own comparison found, and the callee does not compare again"
		case b.Forwarded:
			s.State, s.Why = "Uncertain", "nothing known at compile time (only a type parameter's unstable bit is forwarded from the caller): the callee compares it"
		default:
			s.State, s.Why = "Uncertain", "nothing known at compile time: the callee compares it"
		}
		if chk.Skip != "" && !chk.NotProvided {
			s.Why += "; stability not predicted: " + chk.Skip
		}
		ca.Slots = append(ca.Slots, s)
	}
	return ca
}
