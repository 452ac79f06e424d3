package verify

import (
	"fmt"
	"sort"
	"strings"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/composable"
	"github.com/composestab/composestab/internal/english"
)

// siteWhere is a call's file and line.
func siteWhere(s *composable.CallSite) string {
	if s.Line > 0 {
		return fmt.Sprintf("%s:%d", s.File, s.Line)
	}
	return s.File
}

// unstableParamTypes is the unstable-param-type rule: for every class that makes a callee's
// parameter unstable at a call that never skips for want of strong skipping, one finding on the
// input that declares the class, with the calls and the composables it stops. A finding about
// the type, which its own module fixes, not about any of the calls.
func unstableParamTypes(rep *scan.Report) []Violation {
	type use struct {
		input             string
		stable            *int32
		calls             int
		callees           map[string]bool
		first             *composable.CallSite
		vararg, strongOff bool // how it stops them: a vararg of it, or strong skipping off
	}
	byClass := map[string]*use{}
	for _, ic := range rep.Composables {
		for _, site := range ic.CallSites {
			seen := map[string]bool{}
			for _, u := range site.Unstable {
				x := byClass[u.Class]
				if x == nil {
					x = &use{input: u.Input, stable: u.Stable, callees: map[string]bool{}}
					byClass[u.Class] = x
				}
				if !seen[u.Class] {
					seen[u.Class] = true
					x.calls++
					if x.first == nil {
						x.first = site
					}
				}
				x.callees[simple(site.CalleeName)+"("+u.Param+": "+u.Type+")"] = true
				x.vararg = x.vararg || u.Vararg
				x.strongOff = x.strongOff || !u.Vararg
			}
		}
	}
	classes := make([]string, 0, len(byClass))
	for c := range byClass {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	var out []Violation
	for _, c := range classes {
		x := byClass[c]
		callees := make([]string, 0, len(x.callees))
		for k := range x.callees {
			callees = append(callees, k)
		}
		sort.Strings(callees)
		if len(callees) > 3 {
			callees = append(callees[:3], "…")
		}
		why := "known unstable when compiled"
		if x.stable != nil {
			why = fmt.Sprintf("`$stable` %d", *x.stable)
		}
		caller := x.first.CallerName
		if caller == "" {
			caller, _, _ = strings.Cut(x.first.Caller, "(")
		}
		var how []string
		if x.strongOff {
			how = append(how, "with strong skipping off a composable never skips while a parameter's type is unstable")
		}
		if x.vararg {
			how = append(how, "a composable taking a vararg of it never skips, strong skipping or not (the compiled comparison never finds unstable vararg elements unchanged)")
		}
		fix := "make it stable (vals of stable types, or @Stable or @Immutable where that holds), declare it in a stability configuration file if it never changes"
		if x.input == "" {
			fix = "take a stable type instead (an immutable wrapper), declare it in a stability configuration file if it never changes"
		}
		switch {
		case x.strongOff && x.vararg:
			fix += ", or turn strong skipping on (and take a List instead of a vararg)"
		case x.vararg:
			fix += ", or take a List instead of a vararg"
		default:
			fix += ", or turn strong skipping on"
		}
		msg := fmt.Sprintf("%s is unstable (%s), and %s: %s of %s re-run on every recomposition of their callers (%s; e.g. %s in %s). Fix: %s",
			c, why, strings.Join(how, "; and "), english.Plural(x.calls, "call"), english.Plural(len(x.callees), "composable"),
			strings.Join(callees, ", "), siteWhere(x.first), caller, fix)
		out = append(out, Violation{Class: c, Rule: RuleUnstableParamType, Severity: SeverityWarning, Message: msg, Input: x.input})
	}
	return out
}

// simple is the last segment of a dotted name.
func simple(name string) string {
	return name[strings.LastIndexByte(name, '.')+1:]
}
