package main

import (
	"context"
	"path/filepath"
	"slices"
	"strings"

	"github.com/composestab/composestab/audit/output"
	"github.com/composestab/composestab/audit/plan"
	"github.com/composestab/composestab/audit/scan"
)

// runPlan ranks the fixes of an app's recomposition findings (audit/plan), each proven by the
// call-site analysis run again with it.
func runPlan(s *streams, args []string) error {
	var o auditOptions
	var top int
	fs := newFlagSet(s, "plan", "plan [flags] APP...")
	scanFlags(fs, &o)
	fs.StringVar(&o.format, "format", "text", "text, markdown, json, sarif or html (the audit page with a \"Fix first\" section at its top)")
	fs.IntVar(&top, "top", 0, "only the first N fixes (0: all)")
	fs.BoolVar(&o.includeNonPublic, "include-nonpublic", false, "also report internal, private and local classes")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := oneOf("format", o.format, "text", "markdown", "json", "sarif", "html"); err != nil {
		return err
	}
	if top < 0 {
		return usageErrorf("--top %d: a number of fixes, 0 for all", top)
	}
	if fs.NArg() == 0 {
		return usageErrorf("plan needs the app: a jar, AAR, class folder or group:artifact:version")
	}
	o.composables, o.callSites = true, true // the plan asks for suggestions if it has findings
	opts, err := scanOptions(s, &o, fs.Args(), o.includeNonPublic)
	if err != nil {
		return err
	}
	rep, err := runScan(opts)
	if err != nil {
		return err
	}
	defer rep.Close()
	diagnose(s, &o, rep, "")
	p, err := plan.Build(context.Background(), rep, plan.Options{Top: top, Scan: opts, Upgrades: upgrades(&o, opts)})
	if err != nil {
		return err
	}
	switch o.format {
	case "markdown":
		err = output.WritePlanMarkdown(s.out, p)
	case "json":
		err = output.WriteJSON(s.out, p)
	case "sarif":
		err = output.WritePlanSARIF(s.out, p, rep.Errors)
	case "html":
		err = output.WritePlanHTML(s.out, rep, p)
	default:
		err = output.WritePlanText(s.out, p)
	}
	if err != nil {
		return err
	}
	return unreadableExit(&o, "", rep)
}

// upgrades lists, for each jar of the classpath that a coordinate resolved to, the newest version
// of its artifact the repositories hold when it is newer: plan tries each that declares a class a
// finding names. A classpath given as files has none (its versions cannot be told).
func upgrades(o *auditOptions, opts scan.Options) []plan.Upgrade {
	res := o.repos.resolved // what scanOptions resolved of the coordinates given
	if res == nil {
		return nil
	}
	rv, err := o.repos.resolver()
	if err != nil {
		return nil
	}
	onClasspath := map[string]bool{}
	for _, p := range opts.Classpath {
		onClasspath[p] = true
	}
	artifacts := res.Classpath
	for _, r := range res.Roots {
		artifacts = append(artifacts, r.Files...)
	}
	var out []plan.Upgrade
	seen := map[string]bool{}
	for _, a := range artifacts {
		if !onClasspath[a.File] || seen[a.File] || !strings.HasSuffix(a.File, ".jar") && !strings.HasSuffix(a.File, ".aar") {
			continue
		}
		seen[a.File] = true
		versions := rv.Versions(a.Coordinate.Module())
		at := slices.Index(versions, a.Coordinate.Version)
		if at < 0 || at == len(versions)-1 {
			continue
		}
		newest := a.Coordinate.Module().At(versions[len(versions)-1])
		nr, err := rv.Resolve(context.Background(), newest)
		if err != nil || len(nr.Roots) == 0 {
			continue
		}
		for _, f := range nr.Roots[0].Files {
			if filepath.Ext(f.File) == filepath.Ext(a.File) {
				out = append(out, plan.Upgrade{Jar: a.File, From: a.Coordinate.String(), To: newest.String(), ToJar: f.File})
				break
			}
		}
	}
	return out
}
