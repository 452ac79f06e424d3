package output

import (
	"fmt"
	"io"
	"strings"

	"github.com/composestab/composestab/audit/plan"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/english"
	"github.com/composestab/composestab/internal/escape"
)

// WritePlanText writes the ranked fixes, each with its edit, why, and the findings it clears
// and introduces, then the findings no safe fix clears.
func WritePlanText(w io.Writer, p *plan.Plan) error {
	b := &strings.Builder{}
	fmt.Fprintf(b, "Fix first: %d %s, %d %s; %d of the findings cleared by a safe fix.\n",
		len(p.Fixes), english.Choose(len(p.Fixes), "fix", "fixes"), len(p.Findings), english.Choose(len(p.Findings), "finding", "findings"), p.Covered)
	for i, fx := range p.Fixes {
		fmt.Fprintf(b, "\n%d. %s %s\n", i+1, fx.Kind, escape.Text(targetText(fx.Target)))
		fmt.Fprintf(b, "   edit:  %s\n", escape.Text(fx.Edit))
		fmt.Fprintf(b, "   why:   %s\n", escape.Text(fx.Why))
		if fx.Risk != "" {
			fmt.Fprintf(b, "   risk:  %s\n", escape.Text(fx.Risk))
		}
		fmt.Fprintf(b, "   clears %d, introduces %d (proven: the call-site analysis run again with the edit)\n", len(fx.Clears), len(fx.Introduces))
		for _, k := range fx.Clears {
			fmt.Fprintf(b, "     - %s\n", escape.Text(k))
		}
		for _, k := range fx.Introduces {
			fmt.Fprintf(b, "     + %s\n", escape.Text(k))
		}
	}
	if rest := p.Uncovered; len(rest) > 0 {
		fmt.Fprintf(b, "\nNo safe fix clears %d %s:\n", len(rest), english.Choose(len(rest), "finding", "findings"))
		for _, k := range rest {
			fmt.Fprintf(b, "  %s\n", escape.Text(k))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WritePlanMarkdown writes the plan as a markdown table, then each fix's findings.
func WritePlanMarkdown(w io.Writer, p *plan.Plan) error {
	b := &strings.Builder{}
	fmt.Fprintf(b, "# Fix first\n\n%d %s for %d %s; %d of the findings cleared by a safe fix. Each fix is proven: composestab ran its call-site analysis again with the edit applied.\n\n",
		len(p.Fixes), english.Choose(len(p.Fixes), "fix", "fixes"), len(p.Findings), english.Choose(len(p.Findings), "finding", "findings"), p.Covered)
	if len(p.Fixes) > 0 {
		b.WriteString("| # | Fix | Target | Edit | Clears | Introduces | Risk |\n|---|---|---|---|---|---|---|\n")
		for i, fx := range p.Fixes {
			risk := "safe"
			if fx.Risk != "" {
				risk = mdCell(fx.Risk)
			}
			fmt.Fprintf(b, "| %d | `%s` | %s | %s | %d | %d | %s |\n", i+1, fx.Kind, mdCell(targetText(fx.Target)), mdCell(fx.Edit), len(fx.Clears), len(fx.Introduces), risk)
		}
	}
	for i, fx := range p.Fixes {
		fmt.Fprintf(b, "\n## %d. %s %s\n\n%s\n\n", i+1, fx.Kind, mdCell(targetText(fx.Target)), mdCell(fx.Why))
		for _, k := range fx.Clears {
			fmt.Fprintf(b, "- clears: %s\n", mdCell(k))
		}
		for _, k := range fx.Introduces {
			fmt.Fprintf(b, "- introduces: %s\n", mdCell(k))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// targetText names a fix's target in words.
func targetText(t plan.Target) string {
	switch {
	case t.Dependency != "":
		return t.Dependency
	case t.Class != "":
		return t.Class
	case t.Caller != "":
		return fmt.Sprintf("%s → %s (%s) at %s:%d", t.Caller, t.Callee, t.Param, t.File, t.Line)
	}
	return "module " + t.Input
}

// WritePlanSARIF writes one result per fix, located at its call site's file and line (or its
// class), at level warning for a safe fix and note for a risky one.
func WritePlanSARIF(w io.Writer, p *plan.Plan, errs []*scan.Error) error {
	index := map[plan.Kind]int{}
	var rules []sarifRule
	for i, k := range plan.Kinds {
		index[k] = i
		rules = append(rules, newSarifRule("fix-"+string(k), sarifRuleName("fix-"+string(k)), "Fix first: "+string(k),
			"A source edit composestab proves clears recomposition findings: the call-site analysis run again with the edit no longer finds them.", "warning"))
	}
	results := []sarifResult{}
	for _, fx := range p.Fixes {
		level := "warning"
		if fx.Risk != "" {
			level = "note"
		}
		msg := fmt.Sprintf("%s (clears %d, introduces %d)", fx.Edit, len(fx.Clears), len(fx.Introduces))
		if fx.Risk != "" {
			msg += "; risk: " + fx.Risk
		}
		name := fx.Target.Class
		if name == "" {
			name = fx.Target.Dependency
		}
		if name == "" {
			name = fx.Target.Caller
		}
		if name == "" {
			name = fx.Target.Input
		}
		res := newSarifResult("fix-"+string(fx.Kind), index[fx.Kind], level, name, escape.Text(msg), fx.Target.Input, "fix/v1", string(fx.Kind)+" "+targetText(fx.Target))
		if fx.Target.File != "" {
			res.Locations[0].PhysicalLocation = &sarifPhysical{Region: &sarifRegion{StartLine: fx.Target.Line}}
			res.Locations[0].PhysicalLocation.ArtifactLocation.URI = artifactURI(fx.Target.File)
		}
		results = append(results, res)
	}
	return writeSarif(w, rules, results, errs)
}

// fixFirstSection is the HTML table of the ranked fixes.
func fixFirstSection(p *plan.Plan) htmlSection {
	sec := htmlSection{ID: "fix-first", Title: "Fix first", Class: "plan",
		Columns: []string{"Risk", "Fix", "Target", "Edit", "Clears", "Introduces"},
		Note: fmt.Sprintf("%d fixes for %d findings, %d of them cleared by a safe fix; each proven by the call-site analysis run again with the edit. Click a fix for the findings it clears (−) and introduces (+).",
			len(p.Fixes), len(p.Findings), p.Covered)}
	for i, fx := range p.Fixes {
		risk := "safe"
		if fx.Risk != "" {
			risk = "risky"
		}
		row := htmlRow{Kind: risk, Key: string(fx.Kind) + " " + targetText(fx.Target), Cells: []htmlCell{
			{Text: risk}, {Text: fmt.Sprintf("%d. %s", i+1, fx.Kind), Code: true}, {Text: targetText(fx.Target), Code: true},
			{Text: fx.Edit}, {Text: fmt.Sprint(len(fx.Clears))}, {Text: fmt.Sprint(len(fx.Introduces))},
		}}
		row.Details = append(row.Details, "why: "+fx.Why)
		if fx.Risk != "" {
			row.Details = append(row.Details, "risk: "+fx.Risk)
		}
		for _, k := range fx.Clears {
			row.Details = append(row.Details, "− "+k)
		}
		for _, k := range fx.Introduces {
			row.Details = append(row.Details, "+ "+k)
		}
		sec.Rows = append(sec.Rows, row)
	}
	return sec
}
