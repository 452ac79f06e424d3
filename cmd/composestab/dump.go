package main

import "github.com/composestab/composestab/audit/baseline"

// runDump writes the baseline of PATH... to stdout: every public, protected and internal class,
// and with --composables every public composable, as baseline.Write documents.
func runDump(s *streams, args []string) error {
	var o auditOptions
	fs := newFlagSet(s, "dump", "dump [flags] PATH... > FILE")
	scanFlags(fs, &o)
	fs.BoolVar(&o.composables, "composables", false, "also record every public composable: whether a call skips and how each parameter is compared, with the $stable values on --classpath that decide it")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usageErrorf("dump needs at least one PATH (a jar, an AAR or a folder)")
	}
	rep, err := scanPaths(s, &o, fs.Args(), true)
	if err != nil {
		return err
	}
	defer rep.Close()
	if err := baseline.Write(s.out, rep); err != nil {
		return err
	}
	return unreadableExit(&o, "the baseline is incomplete", rep)
}
