package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/composestab/composestab/audit/output"
	"github.com/composestab/composestab/audit/scan"
)

// printComposables is audit --composables: the table here (a terminal's), every other form from
// package output.
func printComposables(s *streams, format string, rep *scan.Report) error {
	if format != "table" {
		return output.WriteComposables(s.out, format, rep)
	}
	var b strings.Builder
	for _, ic := range rep.Composables {
		rows := make([][]string, 0, len(ic.Composables))
		for _, c := range ic.Composables {
			row := output.ComposableRow(c)
			row[0] = skipWord(s.outTTY, c)
			rows = append(rows, row)
		}
		if err := renderTable(&b, s.width, output.ComposableHeader, rows); err != nil {
			return err
		}
		fmt.Fprintln(&b, output.ComposablesSummary(ic))
	}
	_, err := io.WriteString(s.out, b.String())
	return err
}

// skipWord is "skips" or "runs", coloured for a terminal.
func skipWord(color bool, c *scan.Composable) string {
	if c.Skippable {
		return colorize(color, "32", "skips")
	}
	return colorize(color, "31", "runs")
}
