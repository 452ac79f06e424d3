package main

import (
	"bytes"
	"fmt"

	"github.com/composestab/composestab/internal/escape"
	"github.com/composestab/composestab/internal/userfile"

	"github.com/composestab/composestab/audit/baseline"
	"github.com/composestab/composestab/audit/diff"
	"github.com/composestab/composestab/internal/english"
)

func runCheck(s *streams, args []string) error {
	var o auditOptions
	var baselinePath, format string
	var ignore []string
	var strict bool
	fs := newFlagSet(s, "check", "check --baseline FILE [flags] PATH...")
	scanFlags(fs, &o)
	fs.StringVar(&baselinePath, "baseline", "", "the baseline written by composestab dump (required)")
	fs.StringArrayVar(&ignore, "ignore", nil, "drop changes of classes matching this pattern (configuration-file syntax; repeatable)")
	fs.BoolVar(&strict, "strict", false, "also fail on improvements, additions and neutral changes: the baseline must be current")
	fs.StringVar(&format, "format", "text", "text, json, markdown, sarif or html (one self-contained page)")
	var composables bool
	fs.BoolVar(&composables, "composables", false, "require the baseline to record composables (dump --composables); a baseline that does is checked for them anyway")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := oneOf("format", format, diffFormats...); err != nil {
		return err
	}
	if baselinePath == "" {
		return usageErrorf("check needs --baseline FILE (write one with composestab dump)")
	}
	if fs.NArg() == 0 {
		return usageErrorf("check needs at least one PATH (a jar, an AAR or a folder)")
	}
	ign, err := ignorePatterns(ignore)
	if err != nil {
		return err
	}
	base, err := readBaseline(baselinePath)
	if err != nil {
		return err
	}
	// A baseline that records composables is checked for them too.
	o.composables = len(base.Composables) > 0
	if composables && !o.composables {
		return usageErrorf("check --composables: %s records no composables; write it with composestab dump --composables", baselinePath)
	}
	rep, err := scanPaths(s, &o, fs.Args(), true)
	if err != nil {
		return err
	}
	defer rep.Close()
	d := diff.Check(base, rep)
	d.Ignore(ign)
	if !o.quiet {
		for _, c := range d.Classpath {
			fmt.Fprintf(s.err, "%s: %s\n", colorize(s.errTTY, "33", "warning"), escape.Text(c))
		}
	}
	for i := range d.Changes {
		if d.Changes[i].Input == "" {
			d.Changes[i].Input = baselinePath // a removed class is only in the baseline
		}
	}
	if err := printDiff(s, format, d); err != nil {
		return err
	}
	findings := ""
	if n := d.Count(diff.Regression); n > 0 {
		findings = fmt.Sprintf("%d stability %s against %s (if intended, regenerate it with composestab dump)", n, english.Choose(n, "regression", "regressions"), baselinePath)
	} else if strict && len(d.Changes) > 0 {
		findings = fmt.Sprintf("--strict: %d %s against %s; regenerate it with composestab dump", len(d.Changes), english.Choose(len(d.Changes), "change", "changes"), baselinePath)
	}
	if err := unreadableExit(&o, findings, rep); err != nil {
		return err
	}
	if findings != "" {
		return &exitError{code: exitFindings, msg: findings}
	}
	return nil
}

// readBaseline opens and parses a baseline; a file that cannot be read or parsed is an
// unreadable input.
func readBaseline(path string) (*baseline.Baseline, error) {
	// A named pipe or a device would block or never end: refused, as is a file over 256 MiB.
	data, err := userfile.ReadFile(path, 256<<20)
	if err != nil {
		return nil, &exitError{code: exitUnreadable, msg: err.Error()}
	}
	b, err := baseline.Read(bytes.NewReader(data))
	if err != nil {
		return nil, &exitError{code: exitUnreadable, msg: path + ": " + err.Error()}
	}
	return b, nil
}
