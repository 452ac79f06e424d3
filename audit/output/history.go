package output

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/composestab/composestab/audit/diff"
	"github.com/composestab/composestab/audit/history"
	"github.com/composestab/composestab/internal/english"
	"github.com/composestab/composestab/internal/escape"
	"github.com/composestab/composestab/stability"
)

// pointText is one version's counts: "12 classes: 5 stable, …; 4 composables, 3 skip".
func pointText(p *history.Point) string {
	if p.Problem != "" {
		return "not scanned: " + p.Problem
	}
	return fmt.Sprintf("%s: %s; %s, %d skip", english.Plural(p.Classes, "class"), countsText(p.Verdicts), english.Plural(p.Composables, "composable"), p.Skips)
}

// WriteHistoryText writes history's plain text: one block per version, newest first, with its
// counts and the changes from the version before.
func WriteHistoryText(w io.Writer, rep *history.Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s, newest first (as an app built by Kotlin %s sees them)\n", escape.Text(rep.Module), english.Plural(len(rep.Versions), "version"), rep.Compiler)
	for _, p := range rep.Versions {
		fmt.Fprintf(&b, "\n%s  %s\n", escape.Text(p.Version), escape.Text(pointText(p)))
		if p.Previous == "" {
			continue
		}
		if len(p.Changes)+len(p.ComposableChanges) == 0 {
			fmt.Fprintf(&b, "  since %s: no change\n", escape.Text(p.Previous))
			continue
		}
		fmt.Fprintf(&b, "  since %s: %s, %s, %s\n", escape.Text(p.Previous), english.Plural(p.Regressions, "regression"),
			english.Plural(p.Improvements, "improvement"), english.Plural(len(p.Changes)+len(p.ComposableChanges)-p.Regressions-p.Improvements, "neutral change"))
		for _, c := range p.Changes {
			fmt.Fprintf(&b, "  - %-11s %s: %s\n", c.Kind, escape.Text(c.Class), escape.Text(c.Message))
		}
		for _, c := range p.ComposableChanges {
			fmt.Fprintf(&b, "  - %-11s composable %s: %s\n", c.Kind, escape.Text(composableLabel(c)), escape.Text(c.Message))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

//go:embed html/history.html
var historyHTML string

var historyTemplate = template.Must(template.New("history").Funcs(template.FuncMap{
	"text":       escape.Text,
	"point":      pointText,
	"causes":     diff.CausesText,
	"composable": composableLabel,
}).Parse(historyHTML))

// WriteHistoryHTML writes the history as one self-contained page: an inline SVG chart of each
// version's classes per verdict and composables that skip, newest at the top, then each
// version's changes. No script, no network.
func WriteHistoryHTML(w io.Writer, rep *history.Report) error {
	return historyTemplate.Execute(w, struct {
		*history.Report
		Chart template.HTML
	}{rep, historyChart(rep)})
}

// verdictColors are the chart's colours per verdict.
var verdictColors = map[stability.Verdict]string{"stable": "#2da44e", "runtime": "#d4a72c", "uncertain": "#8250df", "unstable": "#cf222e"}

// historyChart draws one horizontal bar per version, newest at the top: its classes stacked by
// verdict, to one scale, and under it a thin bar of its composables' share that skips.
func historyChart(rep *history.Report) template.HTML {
	const left, barW, right, rowH, top = 150, 560, 290, 40, 44
	most := 1
	for _, p := range rep.Versions {
		most = max(most, p.Classes)
	}
	width := left + barW + right
	height := top + rowH*len(rep.Versions) + 16
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" role="img" width="%d" height="%d" viewBox="0 0 %d %d" font-family="system-ui, sans-serif" font-size="13">`, width, height, width, height)
	fmt.Fprintf(&b, `<title>%s: classes per verdict and composables that skip, per version</title>`, template.HTMLEscapeString(escape.Text(rep.Module)))
	x := left
	for _, v := range history.Verdicts {
		fmt.Fprintf(&b, `<rect x="%d" y="8" width="12" height="12" fill="%s"/><text x="%d" y="19">%s</text>`, x, verdictColors[v], x+16, v)
		x += 100
	}
	fmt.Fprintf(&b, `<rect x="%d" y="11" width="24" height="6" fill="#0969da"/><text x="%d" y="19">composables that skip</text>`, x, x+30)
	for i, p := range rep.Versions {
		y := top + i*rowH
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end" font-weight="600">%s</text>`, left-10, y+15, template.HTMLEscapeString(escape.Text(p.Version)))
		if p.Problem != "" {
			fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#57606a">not scanned</text>`, left, y+15)
			continue
		}
		x := float64(left)
		for _, v := range history.Verdicts {
			n := p.Verdicts[v]
			if n == 0 {
				continue
			}
			w := float64(n) * barW / float64(most)
			fmt.Fprintf(&b, `<rect x="%.1f" y="%d" width="%.1f" height="20" fill="%s"><title>%d %s</title></rect>`, x, y, w, verdictColors[v], n, v)
			x += w
		}
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="5" fill="#eaeef2"/>`, left, y+24, barW)
		if p.Composables > 0 {
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%.1f" height="5" fill="#0969da"/>`, left, y+24, float64(p.Skips)*barW/float64(p.Composables))
		}
		summary := fmt.Sprintf("%d classes · %d/%d skip", p.Classes, p.Skips, p.Composables)
		if p.Previous != "" {
			summary += fmt.Sprintf(" · %d↓ %d↑", p.Regressions, p.Improvements)
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d">%s</text>`, left+barW+10, y+15, template.HTMLEscapeString(summary))
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}
