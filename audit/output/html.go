package output

import (
	"cmp"
	_ "embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/composestab/composestab/audit/baseline"
	"github.com/composestab/composestab/audit/diff"
	"github.com/composestab/composestab/audit/explain"
	"github.com/composestab/composestab/audit/plan"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/audit/verify"
	"github.com/composestab/composestab/composable"
	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/internal/english"
	"github.com/composestab/composestab/internal/escape"
	"github.com/composestab/composestab/stability"
)

// The HTML page: one self-contained file (styles and script inline, no network), readable
// without JavaScript — every table is complete in the markup — and searchable, filterable and
// sortable with it. html/template escapes every name, string and path from the bytes, so a
// class name is always text, never markup.

//go:embed html/page.css
var pageCSS string

//go:embed html/page.js
var pageJS string

var pageTemplate = template.Must(template.New("page").Funcs(template.FuncMap{
	"pct": func(n, total int) string {
		if total == 0 {
			return "0"
		}
		return strconv.FormatFloat(float64(n)*100/float64(total), 'f', 2, 64)
	},
}).Parse(pageHTML))

// page is what the template draws.
type page struct {
	Title    string
	Subtitle string
	CSS      template.CSS
	JS       template.JS
	Modules  []htmlModule
	Sections []htmlSection
	Errors   []string
	// Skipped says which class entries were not reported, by reason ("3 file-facade, ...").
	Skipped string
	// Footer is the summary's text; FooterLines its lines, each made printable, as the page
	// shows them.
	Footer      string
	FooterLines []string
	// WhyJSON is every row's reasons, one array per row with reasons: JSON, whose encoder
	// escapes <, > and & so that no string can end the script element.
	WhyJSON template.JS
}

// htmlModule is one input's summary.
type htmlModule struct {
	Input     string
	Classes   int
	Verdicts  []htmlCount // in lattice order, with their share
	Producers string
	Drift     int
	Errors    int
	// Composables, Skips: the skippable share, when composables were read.
	Composables, Skips int
	StrongSkipping     string
}

type htmlCount struct {
	Name  string
	Count int
}

// htmlSection is one titled table.
type htmlSection struct {
	ID, Title, Note string
	// Class, if set, is a second class of the table, for column widths of its own.
	Class   string
	Columns []string
	Rows    []htmlRow
}

// htmlRow is one table row: its cells, the word it is filtered by (Kind), the text searched
// (Key), an anchor id, and reasons, which a click on the second cell opens in place. The reasons
// of every row are one JSON array at the end of the page (Why is the row's index in it), read
// on the first click: a <details> per row, or the reasons in an attribute of each, made Chromium
// take four to ten times as long to open kotlin-compiler.jar's 17 000 rows.
type htmlRow struct {
	ID, Kind, Key string
	Cells         []htmlCell
	Details       []string
	Why           int
}

// htmlCell is a cell's text, with an optional link to a row anchor (#id) and a code style.
type htmlCell struct {
	Text, Link string
	Code       bool
	Links      []htmlLink // several linked parts, such as a composable's parameters
}

type htmlLink struct {
	Text, Link string
}

var verdictOrder = []stability.Verdict{stability.VerdictStable, stability.VerdictRuntime, evaluate.VerdictUncertain, stability.VerdictUnstable}

// anchor is the id of a class row: "class-" and the Kotlin name.
func anchor(kind, name string) string {
	return kind + "-" + strings.Map(func(r rune) rune {
		if r == ' ' || r == '"' || r == '\'' || r == '<' || r == '>' || r < 0x20 {
			return '_'
		}
		return r
	}, escape.Text(name))
}

// WriteReportHTML writes the page of an audit: a summary per input, the classes and, when the
// scan read them, the composables and call sites.
func WriteReportHTML(w io.Writer, rep *scan.Report) error {
	return reportPage(rep).write(w)
}

// WritePlanHTML writes the report's page with the plan's "Fix first" section at its top.
func WritePlanHTML(w io.Writer, rep *scan.Report, fixes *plan.Plan) error {
	p := reportPage(rep)
	p.Sections = append([]htmlSection{fixFirstSection(fixes)}, p.Sections...)
	return p.write(w)
}

// reportPage is the page of a scan: its classes, and its composables and calls when read.
func reportPage(rep *scan.Report) *page {
	p := newPage("Compose stability", rep.Inputs)
	p.Modules = modulesOf(rep)
	var reasons []string
	for r, n := range rep.Summary.Skipped {
		reasons = append(reasons, fmt.Sprintf("%s %d", r, n))
	}
	sort.Strings(reasons)
	if len(reasons) > 0 {
		p.Skipped = fmt.Sprintf("%d class entries read, %d reported; not reported: %s", rep.Summary.Entries, rep.Summary.Classes, strings.Join(reasons, ", "))
	}
	classIDs := map[string]bool{}
	simple := map[string]string{} // a simple name held by one reported class → that class
	sec := htmlSection{ID: "classes", Title: "Classes", Columns: []string{"Verdict", "Class", "Stability", "$stable", "Mask", "Producer", "Input"},
		Note: "Click a class for its fields and reasons; click a column to sort."}
	for _, c := range rep.Classes {
		classIDs[c.Name] = true
		short := c.Name[strings.LastIndexByte(c.Name, '.')+1:]
		if _, dup := simple[short]; dup {
			simple[short] = ""
		} else {
			simple[short] = c.Name
		}
		row := htmlRow{Kind: string(c.Verdict), Key: c.Name, Cells: []htmlCell{
			{Text: string(c.Verdict)}, {Text: c.Name, Code: true}, {Text: baseline.StabilityText(c.Stability), Code: true},
			{Text: stableValue(c)}, {Text: maskText(c)}, {Text: c.Producer}, {Text: filepath.Base(c.Input)},
		}}
		for _, f := range c.Fields {
			row.Details = append(row.Details, fmt.Sprintf("field %s %s: %s = %s (%s)", baseline.ValVar(f.Var), f.Name, f.Type, f.Stability, f.Verdict))
		}
		row.Details = append(row.Details, c.Reasons...)
		if c.Drift != "" {
			row.Details = append(row.Details, "drift: "+c.Drift)
		}
		if len(c.Missing) > 0 {
			row.Details = append(row.Details, "not on the classpath: "+strings.Join(c.Missing, ", "))
		}
		sec.Rows = append(sec.Rows, row)
	}
	if rep.Composables != nil {
		fns := composablesSection(rep, classIDs, simple)
		// Only the rows a parameter links to get an id: an id on each of kotlin-compiler.jar's
		// 17 000 rows made headless Chromium take four times as long to open the page.
		targets := map[string]bool{}
		for _, r := range fns.Rows {
			for _, c := range r.Cells {
				for _, l := range c.Links {
					targets[l.Link] = true
				}
			}
		}
		for i, c := range rep.Classes {
			if id := anchor("class", c.Name); targets["#"+id] {
				sec.Rows[i].ID = id
			}
		}
		p.Sections = append(p.Sections, sec, fns)
		if cs := callSitesSection(rep); len(cs.Rows) > 0 {
			p.Sections = append(p.Sections, cs)
		}
	} else {
		p.Sections = append(p.Sections, sec)
	}
	for _, e := range rep.Errors {
		p.Errors = append(p.Errors, e.Error())
	}
	p.Footer = Summary(rep)
	return p
}

func newPage(title string, inputs []string) *page {
	var names []string
	for _, in := range inputs {
		names = append(names, filepath.Base(in))
	}
	return &page{Title: title, Subtitle: strings.Join(names, ", "), CSS: template.CSS(pageCSS), JS: template.JS(pageJS)}
}

// write renders the page; every string is made printable first (escape.Text), then escaped
// for HTML by the template.
func (p *page) write(w io.Writer) error {
	clean := func(s *string) { *s = escape.Text(*s) }
	whys := [][]string{}
	clean(&p.Title)
	clean(&p.Subtitle)
	p.FooterLines = strings.Split(strings.TrimRight(p.Footer, "\n"), "\n")
	for i := range p.FooterLines {
		clean(&p.FooterLines[i])
	}
	clean(&p.Skipped)
	for i := range p.Errors {
		clean(&p.Errors[i])
	}
	for i := range p.Modules {
		clean(&p.Modules[i].Input)
		clean(&p.Modules[i].Producers)
	}
	for i := range p.Sections {
		s := &p.Sections[i]
		for j := range s.Rows {
			r := &s.Rows[j]
			clean(&r.Key)
			r.Key = strings.ToLower(r.Key)
			for k := range r.Cells {
				clean(&r.Cells[k].Text)
				for l := range r.Cells[k].Links {
					clean(&r.Cells[k].Links[l].Text)
				}
			}
			for k := range r.Details {
				clean(&r.Details[k])
			}
			if len(r.Details) > 0 {
				r.Why = len(whys)
				whys = append(whys, r.Details)
			}
		}
	}
	js, err := json.Marshal(whys)
	if err != nil {
		return err
	}
	p.WhyJSON = template.JS(js)
	return pageTemplate.Execute(w, p)
}

// modulesOf summarises each input.
func modulesOf(rep *scan.Report) []htmlModule {
	by := map[string]*htmlModule{}
	var order []string
	get := func(in string) *htmlModule {
		m := by[in]
		if m == nil {
			m = &htmlModule{Input: filepath.Base(in)}
			by[in] = m
			order = append(order, in)
		}
		return m
	}
	for _, in := range rep.Inputs {
		get(in)
	}
	counts := map[string]map[stability.Verdict]int{}
	for _, c := range rep.Classes {
		m := get(c.Input)
		m.Classes++
		if counts[c.Input] == nil {
			counts[c.Input] = map[stability.Verdict]int{}
		}
		counts[c.Input][c.Verdict]++
		if c.Drift != "" {
			m.Drift++
		}
	}
	for _, e := range rep.Errors {
		get(e.Input).Errors++
	}
	for _, p := range rep.Summary.Producers {
		m := get(p.Input)
		if m.Producers != "" {
			m.Producers += ", "
		}
		m.Producers += fmt.Sprintf("%s (%d)", p.Producer, p.Classes)
	}
	for _, ic := range rep.Composables {
		m := get(ic.Input)
		m.StrongSkipping = "off"
		if ic.StrongSkipping {
			m.StrongSkipping = "on"
		}
		for _, c := range ic.Composables {
			m.Composables++
			if c.Skips == "true" {
				m.Skips++
			}
		}
	}
	out := make([]htmlModule, 0, len(order))
	for _, in := range order {
		m := by[in]
		for _, v := range verdictOrder {
			m.Verdicts = append(m.Verdicts, htmlCount{string(v), counts[in][v]})
		}
		out = append(out, *m)
	}
	return out
}

// composablesSection lists the composables: whether a call skips and how each parameter is
// compared, each parameter linked to the class whose $stable decides it.
func composablesSection(rep *scan.Report, classIDs map[string]bool, simple map[string]string) htmlSection {
	sec := htmlSection{ID: "composables", Title: "Composables", Columns: []string{"Skips", "Composable", "Parameters", "Why not", "Input"},
		Note: "Each parameter: how a call from another file compares it with the $stable values on the classpath; a linked type is a class of this report."}
	for _, ic := range rep.Composables {
		for _, c := range ic.Composables {
			kind := "skips"
			switch {
			case c.ByDesign != "":
				kind = "by design"
			case c.Skips == "false":
				kind = "runs"
			case c.Skips == "runtime":
				kind = "runtime"
			}
			var params []htmlLink
			var details []string
			for _, p := range c.Params {
				l := htmlLink{Text: p.Name + ": " + p.Type + " " + string(p.Compare)}
				for _, v := range p.Stable {
					name := strings.ReplaceAll(v.Class, "$", ".")
					if classIDs[name] {
						l.Link = "#" + anchor("class", name)
						break
					}
				}
				if typ := strings.TrimSuffix(p.Type, "?"); l.Link == "" && simple[typ] != "" {
					l.Link = "#" + anchor("class", simple[typ]) // decided by the code: linked by its simple name
				}
				params = append(params, l)
				for _, v := range p.Stable {
					details = append(details, fmt.Sprintf("%s: %s.$stable = %d", p.Name, v.Class, v.Value))
				}
				for _, o := range p.Open {
					details = append(details, p.Name+": open: "+o)
				}
			}
			why := c.Why
			if c.Blocked != "" {
				why = c.Blocked
			}
			// A click on the name opens the composable taken apart, as explain --composable
			// prints it.
			if a, err := ic.Anatomy(c); err == nil {
				var b strings.Builder
				if WriteComposableText(&b, &explain.ComposableExplanation{Anatomy: a, Input: ic.Input, StrongSkipping: ic.StrongSkipping}) == nil {
					details = append(details, "explain --composable "+c.Name+":")
					for _, line := range strings.Split(strings.TrimRight(b.String(), "\n"), "\n") {
						if strings.TrimSpace(line) != "" {
							details = append(details, line)
						}
					}
				}
			}
			sec.Rows = append(sec.Rows, htmlRow{Kind: kind, Key: c.Name, Details: details, Cells: []htmlCell{
				{Text: kind}, {Text: c.Name, Code: true}, {Links: params}, {Text: why}, {Text: filepath.Base(ic.Input)},
			}})
		}
	}
	return sec
}

// callSitesSection lists the calls that re-run their callee on every recomposition.
func callSitesSection(rep *scan.Report) htmlSection {
	sec := htmlSection{ID: "call-sites", Title: "Calls that re-run their callee", Columns: []string{"Churn", "Where", "Call", "Finding"}}
	for _, ic := range rep.Composables {
		for _, s := range ic.CallSites {
			if s.Findings() == 0 {
				continue
			}
			kind := string(composable.ChurnFresh)
			for _, a := range s.Arguments {
				if a.Churn != "" {
					kind = string(a.Churn)
				}
			}
			if s.NeverSkips {
				kind = string(composable.ChurnNeverSkips)
			}
			sec.Rows = append(sec.Rows, htmlRow{Kind: kind, Key: s.CalleeName + " " + caller(s), Cells: []htmlCell{
				{Text: kind}, {Text: where(s)}, {Text: caller(s) + " → " + s.CalleeName, Code: true}, {Text: s.String()},
			}})
		}
	}
	return sec
}

// WriteDiffHTML writes the page of a diff or a check: regressions first, each with its cause,
// then improvements and neutral changes; classes and composables apart.
func WriteDiffHTML(w io.Writer, d *diff.Report, title string) error {
	p := newPage(title, d.New)
	if len(d.Old) > 0 {
		p.Subtitle = strings.Join(baseNames(d.Old), ", ") + " → " + p.Subtitle
	}
	kinds := []diff.ChangeKind{diff.Regression, diff.Improvement, diff.Neutral}
	rank := map[diff.ChangeKind]int{}
	for i, k := range kinds {
		rank[k] = i
	}
	classes := htmlSection{ID: "class-changes", Title: "Class changes", Columns: []string{"Kind", "Class", "Change", "Old", "New", "Input"}}
	changes := append([]diff.Change{}, d.Changes...)
	sort.SliceStable(changes, func(i, j int) bool { return rank[changes[i].Kind] < rank[changes[j].Kind] })
	for _, c := range changes {
		classes.Rows = append(classes.Rows, htmlRow{Kind: string(c.Kind), Key: c.Class, Cells: []htmlCell{
			{Text: string(c.Kind)}, {Text: c.Class, Code: true}, {Text: c.Message}, {Text: c.Old, Code: true}, {Text: c.New, Code: true}, {Text: filepath.Base(c.Input)},
		}})
	}
	p.Sections = append(p.Sections, classes)
	if len(d.Composables) > 0 {
		fns := htmlSection{ID: "composable-changes", Title: "Composable changes", Columns: []string{"Kind", "Composable", "Part", "Old", "New", "Cause"}}
		cs := append([]diff.ComposableChange{}, d.Composables...)
		sort.SliceStable(cs, func(i, j int) bool { return rank[cs[i].Kind] < rank[cs[j].Kind] })
		for _, c := range cs {
			fns.Rows = append(fns.Rows, htmlRow{Kind: string(c.Kind), Key: c.Name, Details: []string{c.Message}, Cells: []htmlCell{
				{Text: string(c.Kind)}, {Text: composableLabel(c), Code: true}, {Text: c.Part}, {Text: c.Old}, {Text: c.New}, {Text: diff.CausesText(c.Causes)},
			}})
		}
		p.Sections = append(p.Sections, fns)
	}
	for _, e := range d.Errors {
		p.Errors = append(p.Errors, e.Error())
	}
	p.Footer = d.Summary()
	return p.write(w)
}

// severityOrder puts errors first, then warnings, then info.
func severityOrder(s string) int {
	switch s {
	case verify.SeverityError:
		return 0
	case verify.SeverityWarning:
		return 1
	}
	return 2
}

func baseNames(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = filepath.Base(p)
	}
	return out
}

// WriteVerifyHTML writes the page of verify: a summary by severity and rule, then one row per
// finding, the most serious first, filterable by severity.
func WriteVerifyHTML(w io.Writer, v *verify.Report) error {
	p := newPage("Compose stability policy", v.Inputs)
	sec := htmlSection{ID: "findings", Title: "Findings", Class: "findings", Columns: []string{"Severity", "Rule", "Class", "Part", "Message", "Input"}}
	found := slices.Clone(v.Violations)
	slices.SortStableFunc(found, func(a, b verify.Violation) int {
		return cmp.Compare(severityOrder(a.Severity), severityOrder(b.Severity))
	})
	bySeverity, byRule := map[string]int{}, map[string]int{}
	var rules []string
	for _, x := range found {
		bySeverity[x.Severity]++
		if byRule[x.Rule] == 0 {
			rules = append(rules, x.Rule)
		}
		byRule[x.Rule]++
	}
	if len(found) > 0 {
		var parts []string
		for _, r := range rules {
			parts = append(parts, fmt.Sprintf("%s %d", r, byRule[r]))
		}
		sec.Note = fmt.Sprintf("%s, %s, %d info: %s.", english.Plural(bySeverity[verify.SeverityError], "error"),
			english.Plural(bySeverity[verify.SeverityWarning], "warning"), bySeverity[verify.SeverityInfo], strings.Join(parts, ", "))
	}
	for _, x := range found {
		sec.Rows = append(sec.Rows, htmlRow{Kind: x.Severity, Key: x.Class + " " + x.Rule, Cells: []htmlCell{
			{Text: x.Severity}, {Text: x.Rule}, {Text: x.Class, Code: true}, {Text: x.Part}, {Text: x.Message}, {Text: filepath.Base(x.Input)},
		}})
	}
	p.Sections = append(p.Sections, sec)
	for _, e := range v.Errors {
		p.Errors = append(p.Errors, e.Error())
	}
	p.Footer = fmt.Sprintf("%s, %d suppressed; %s", english.Plural(len(v.Violations), "finding"), v.Suppressed, english.Plural(len(v.Errors), "error"))
	return p.write(w)
}

const pageHTML = `{{define "cell"}}{{if .Links}}{{range .Links}}<span class="param">{{if .Link}}<a href="{{.Link}}">{{.Text}}</a>{{else}}{{.Text}}{{end}}</span> {{end}}{{else if .Link}}<a href="{{.Link}}">{{.Text}}</a>{{else if .Code}}<code>{{.Text}}</code>{{else}}{{.Text}}{{end}}{{end}}<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="composestab">
<title>{{.Title}} — {{.Subtitle}}</title>
<style>{{.CSS}}</style>
</head>
<body>
<header><h1>{{.Title}}</h1><p class="sub">{{.Subtitle}}</p></header>
{{if .Modules}}<section id="modules"><h2>Modules</h2>
<table class="modules"><thead><tr><th>Input</th><th>Classes</th><th>Verdicts</th><th>Producer</th><th>Drift</th><th>Errors</th><th>Composables that skip</th></tr></thead><tbody>
{{range .Modules}}<tr><td><code>{{.Input}}</code></td><td class="num">{{.Classes}}</td>
<td><div class="bar" title="{{range .Verdicts}}{{.Name}} {{.Count}} {{end}}">{{$t := .Classes}}{{range .Verdicts}}{{if .Count}}<span class="v-{{.Name}}" style="width: {{pct .Count $t}}%">{{.Count}}</span>{{end}}{{end}}</div>
<div class="legend">{{range .Verdicts}}<span class="v-{{.Name}}-text">{{.Name}} {{.Count}}</span> {{end}}</div></td>
<td>{{.Producers}}</td><td class="num">{{.Drift}}</td><td class="num">{{.Errors}}</td>
<td>{{if .Composables}}{{.Skips}} of {{.Composables}} (strong skipping {{.StrongSkipping}}){{else}}—{{end}}</td></tr>
{{end}}</tbody></table>{{if .Skipped}}<p class="note">{{.Skipped}}</p>{{end}}</section>{{end}}
{{range .Sections}}<section id="{{.ID}}"><h2>{{.Title}} <span class="count">({{len .Rows}})</span></h2>
{{if .Note}}<p class="note">{{.Note}}</p>{{end}}
<div class="controls" hidden><input type="search" placeholder="Search names" aria-label="Search {{.Title}}"> <select aria-label="Filter {{.Title}}"><option value="">all</option></select> <span class="shown"></span></div>
<table class="rows{{if .Class}} {{.Class}}{{end}}"><thead><tr>{{range .Columns}}<th>{{.}}</th>{{end}}</tr></thead><tbody>
{{range .Rows}}{{$d := .Details}}{{$w := .Why}}<tr{{if .ID}} id="{{.ID}}"{{end}} data-kind="{{.Kind}}" data-key="{{.Key}}">{{range $i, $c := .Cells}}<td>{{if and $d (eq $i 1)}}<span class="why" data-w="{{$w}}">{{template "cell" $c}}</span>{{else}}{{template "cell" $c}}{{end}}</td>{{end}}</tr>
{{end}}</tbody></table></section>
{{end}}
{{if .Errors}}<section id="errors"><h2>Errors <span class="count">({{len .Errors}})</span></h2><ul>{{range .Errors}}<li>{{.}}</li>{{end}}</ul></section>{{end}}
<footer>{{range .FooterLines}}<div>{{.}}</div>{{end}}</footer>
<script type="application/json" id="why">{{.WhyJSON}}</script>
<script>{{.JS}}</script>
</body>
</html>
`
