package plan

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/composestab/composestab/audit/scan"
)

// upgradeFixes proves each upgrade of a jar that declares a class a finding names: the inputs
// scanned again with the newer jar in its place — the app as built, its calls' bits read from the
// newer $stable values at run time — and the findings compared input by input.
func upgradeFixes(ctx context.Context, rep *scan.Report, opts Options) ([]*Fix, error) {
	if len(opts.Upgrades) == 0 || rep.Classpath() == nil {
		return nil, nil
	}
	named := map[string]bool{} // jars declaring a class a finding names
	for _, ic := range rep.Composables {
		for _, s := range ic.CallSites {
			var classes []string
			for _, a := range s.Arguments {
				if a.Churn != "" && a.Class() != "" {
					classes = append(classes, a.Class())
				}
			}
			if s.NeverSkips {
				for _, u := range s.Unstable {
					classes = append(classes, strings.ReplaceAll(u.Class, ".", "/"))
				}
			}
			for _, c := range classes {
				if e := rep.Classpath().Lookup(c); e != nil {
					named[e.Input] = true
				}
			}
		}
	}
	var out []*Fix
	for _, up := range opts.Upgrades {
		if !named[up.Jar] {
			continue
		}
		o := opts.Scan
		o.Classpath = append([]string(nil), o.Classpath...)
		for i, p := range o.Classpath {
			if p == up.Jar {
				o.Classpath[i] = up.ToJar
			}
		}
		o.Composables, o.CallSites, o.SuggestConfig, o.CheckConfig = true, true, false, false
		after, err := scan.Scan(ctx, o)
		if err != nil {
			return nil, err
		}
		byInput := map[string]*scan.InputComposables{}
		for _, ic := range after.Composables {
			byInput[ic.Input] = ic
		}
		for _, ic := range rep.Composables {
			ic2 := byInput[ic.Input]
			if ic2 == nil {
				continue
			}
			m := &module{ic: ic}
			base, now := m.findings(ic.CallSites), m.findings(ic2.CallSites)
			fx := &Fix{Kind: DependencyVersion, Target: Target{Dependency: up.From, Input: ic.Input}, Size: 1,
				Edit:       fmt.Sprintf("upgrade %s to %s (it is in your Gradle or Maven cache)", up.From, up.To[strings.LastIndexByte(up.To, ':')+1:]),
				Why:        "with its classes' $stable values the app's calls pass other bits, as built (no recompile needed to see it); proven by scanning again with " + up.ToJar,
				Clears:     diffKeys(base, now),
				Introduces: diffKeys(now, base)}
			if len(fx.Clears) > 0 {
				out = append(out, fx)
			}
		}
		after.Close()
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].id() < out[j].id() })
	return out, nil
}
