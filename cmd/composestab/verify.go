package main

import (
	"fmt"

	"github.com/composestab/composestab/audit/output"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/audit/verify"
	"github.com/composestab/composestab/internal/english"
	"github.com/composestab/composestab/stability"
)

func runVerify(s *streams, args []string) error {
	var o auditOptions
	var expect, suppress, suppressFiles []string
	var format, failOn string
	var drift, nonPublic bool
	fs := newFlagSet(s, "verify", "verify [flags] PATH...")
	scanFlags(fs, &o)
	fs.Lookup("config").Usage = "stability configuration file, applied to the analysis and each of its lines checked against the bytes, and against the version of the artifact its \"// proven at\" comment names on the classpath (repeatable)"
	fs.StringArrayVar(&expect, "expect-stable", nil, "public classes matching this pattern must be stable (configuration-file syntax; repeatable)")
	fs.StringVar(&format, "format", "text", "text, json, sarif or html (one self-contained page)")
	fs.BoolVar(&drift, "drift", false, "also report public classes that rebuilding with the consumer's compiler (--compiler) would make unstable (or stable) for apps")
	fs.BoolVar(&nonPublic, "include-nonpublic", false, "also check internal and private classes (by default only what a consumer can name: public, protected, @PublishedApi)")
	fs.StringVar(&failOn, "fail-on", verify.SeverityError, "exit 1 on findings of this severity or worse: error, warning or info")
	fs.StringArrayVar(&suppress, "suppress", nil, "drop findings of RULE (or *) on classes matching PATTERN: RULE:PATTERN, configuration-file syntax (repeatable)")
	fs.StringArrayVar(&suppressFiles, "suppressions", nil, "a file of RULE:PATTERN lines, // comments (repeatable)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := oneOf("format", format, "text", "json", "sarif", "html"); err != nil {
		return err
	}
	if err := oneOf("fail-on", failOn, verify.SeverityError, verify.SeverityWarning, verify.SeverityInfo); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usageErrorf("verify needs at least one PATH (a jar, an AAR or a folder)")
	}
	for _, p := range expect {
		if _, err := stability.ParseConfig("--expect-stable", []byte(p)); err != nil {
			return usageErrorf("%v", err)
		}
	}
	var sups []verify.Suppression
	for _, f := range suppressFiles {
		list, err := verify.ReadSuppressions(f)
		if err != nil {
			return unreadableErrorf("--suppressions: %v", err)
		}
		sups = append(sups, list...)
	}
	for _, x := range suppress {
		sp, err := verify.ParseSuppression("--suppress", x)
		if err != nil {
			return usageErrorf("%v", err)
		}
		sups = append(sups, sp)
	}
	// Non-public classes are scanned either way: a public nested class of an internal class is
	// not public API, which Verify can tell only by seeing the outer class.
	o.callSites = true   // the identity-churn rule
	o.checkConfig = true // the config-* rules, for every --config; config-stale reads the scan's open classpath
	rep, err := scanPaths(s, &o, fs.Args(), true)
	if err != nil {
		return err
	}
	defer rep.Close()
	v, err := verify.Verify(rep, verify.Options{ExpectStable: expect, Drift: drift, IncludeNonPublic: nonPublic, Suppress: sups})
	if err != nil {
		return usageErrorf("%v", err)
	}
	switch format {
	case "html":
		err = output.WriteVerifyHTML(s.out, v)
	case "json":
		err = output.WriteJSON(s.out, v)
	case "sarif":
		err = output.WriteVerifySARIF(s.out, v)
	default:
		err = output.WriteVerifyText(s.out, v)
	}
	if err != nil {
		return err
	}
	findings := ""
	if n := v.AtLeast(failOn); n > 0 {
		findings = fmt.Sprintf("%d policy %s", n, english.Choose(n, "violation", "violations"))
	}
	// Errors Verify itself met (a class it could not check) are said as the scan's are.
	verifyErrs := &scan.Report{Errors: v.Errors[len(rep.Errors):]}
	diagnose(s, &o, verifyErrs, "")
	if err := unreadableExit(&o, findings, rep, verifyErrs); err != nil {
		return err
	}
	if findings != "" {
		return &exitError{code: exitFindings, msg: findings}
	}
	return nil
}
