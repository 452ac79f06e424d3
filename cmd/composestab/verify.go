package main

import (
	"fmt"

	"github.com/composestab/composestab/audit"
	"github.com/composestab/composestab/stability"
)

func runVerify(s *streams, args []string) error {
	var o auditOptions
	var expect []string
	var format string
	var drift bool
	fs := newFlagSet(s, "verify", "verify [flags] PATH...")
	scanFlags(fs, &o)
	fs.StringArrayVar(&expect, "expect-stable", nil, "public classes matching this pattern must be stable (configuration-file syntax; repeatable)")
	fs.StringVar(&format, "format", "text", "text or json")
	fs.BoolVar(&drift, "drift", false, "also report classes whose bytes differ from what the consumer's compiler (--compiler) would write")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := oneOf("format", format, "text", "json"); err != nil {
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
	rep, err := scan(s, &o, fs.Args(), true)
	if err != nil {
		return err
	}
	v, err := audit.Verify(rep, audit.VerifyOptions{ExpectStable: expect, Drift: drift})
	if err != nil {
		return usageErrorf("%v", err)
	}
	if format == "json" {
		err = writeJSON(s.out, v)
	} else {
		err = v.WriteText(s.out)
	}
	if err != nil {
		return err
	}
	if rep.Unreadable() {
		return &exitError{code: exitUnreadable, msg: "some inputs could not be read (see above)"}
	}
	if n := len(v.Violations); n > 0 {
		return &exitError{code: exitFindings, msg: fmt.Sprintf("%d policy violations", n)}
	}
	return nil
}
