package main

// The baseline, diff and verification jobs (issue 8) are not built yet.

func runDump(s *streams, args []string) error   { return usageErrorf("dump is not implemented yet") }
func runCheck(s *streams, args []string) error  { return usageErrorf("check is not implemented yet") }
func runDiff(s *streams, args []string) error   { return usageErrorf("diff is not implemented yet") }
func runVerify(s *streams, args []string) error { return usageErrorf("verify is not implemented yet") }
