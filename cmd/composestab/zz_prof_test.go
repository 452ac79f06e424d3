package main

import (
	"io"
	"os"
	"testing"
)

func TestZZProf(t *testing.T) {
	args := os.Getenv("PROF_ARGS")
	if args == "" {
		t.Skip()
	}
	var a []string
	for _, s := range splitArgs(args) {
		a = append(a, s)
	}
	run(a, io.Discard, io.Discard)
}

func splitArgs(s string) []string {
	var out []string
	cur := ""
	for _, r := range s {
		if r == ' ' {
			if cur != "" {
				out = append(out, cur)
			}
			cur = ""
			continue
		}
		cur += string(r)
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}
