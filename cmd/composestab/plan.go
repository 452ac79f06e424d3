package main

import (
	"context"

	"github.com/composestab/composestab/audit/output"
	"github.com/composestab/composestab/audit/plan"
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
	o.composables, o.callSites, o.suggest = true, true, true
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
	p, err := plan.Build(context.Background(), rep, plan.Options{Top: top, Scan: opts})
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
