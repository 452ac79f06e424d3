package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"

	"github.com/composestab/composestab/audit/explain"
	"github.com/composestab/composestab/audit/output"
	"github.com/composestab/composestab/internal/escape"
	"github.com/composestab/composestab/stability"
)

// runExplainComposable is `explain --composable NAME [--call-site FILE:LINE] PATH...`.
func runExplainComposable(s *streams, o *auditOptions, format, name, callSite string, paths []string) error {
	if len(paths) == 0 {
		return usageErrorf("explain --composable takes the jars or class folders that hold it (PATH...)")
	}
	opts, err := scanOptions(s, o, paths, true)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	x, err := explain.Composable(ctx, opts, name, callSite)
	var ce *stability.ConfigError
	var amb *explain.AmbiguousError
	var nf *explain.NotFoundError
	switch {
	case errors.Is(err, context.Canceled):
		return &exitError{code: exitInterrupted, msg: "interrupted"}
	case errors.As(err, &ce):
		return unreadableErrorf("%v", err)
	case errors.As(err, &amb), errors.As(err, &nf):
		return usageErrorf("%s", escape.Text(err.Error()))
	case err != nil:
		return usageErrorf("%s", escape.Text(err.Error()))
	}
	if !o.quiet {
		for _, e := range x.Errors {
			fmt.Fprintf(s.err, "%s: %s\n", colorize(s.errTTY, "33", "error"), escape.Text(e))
		}
	}
	if format == "json" {
		return output.WriteJSON(s.out, x)
	}
	return output.WriteComposableText(s.out, x)
}
