package output

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/composestab/composestab/audit/cards"
	"github.com/composestab/composestab/audit/history"
	"github.com/composestab/composestab/internal/english"
	"github.com/composestab/composestab/internal/escape"
	"github.com/composestab/composestab/stability"
)

// countsText is "3 stable, 1 runtime, 0 uncertain, 2 unstable".
func countsText(counts map[stability.Verdict]int) string {
	var parts []string
	for _, v := range history.Verdicts {
		parts = append(parts, fmt.Sprintf("%d %s", counts[v], v))
	}
	return strings.Join(parts, ", ")
}

// cardTitle is a card's dependency and its files.
func cardTitle(c *cards.Card) string {
	if c.Coordinate == "" {
		return c.Name
	}
	return c.Name + " (" + strings.Join(c.Files, ", ") + ")"
}

// provenAt is where a line was judged: group:artifact@version, or the file of a dependency
// given as a file.
func provenAt(l *cards.Line, c *cards.Card) string {
	if l.Coordinate == "" {
		return c.Name
	}
	return strings.TrimSuffix(l.Coordinate, ":"+l.Version) + "@" + l.Version
}

// WriteCardsText writes cards' plain text: a card per dependency, then what the proven lines
// promise and the classes no dependency defines.
func WriteCardsText(w io.Writer, rep *cards.Report) error {
	var b strings.Builder
	for i, c := range rep.Cards {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "== %s\n", escape.Text(cardTitle(c)))
		if len(c.Uses) == 0 {
			b.WriteString("  the app's bytes name none of its classes\n")
		} else {
			fmt.Fprintf(&b, "  %s the app uses: %s\n", english.Plural(len(c.Uses), "class"), countsText(c.Counts))
		}
		for _, u := range c.Uses {
			fmt.Fprintf(&b, "  %-9s %s  %s\n", orDash(string(u.Verdict)), escape.Text(u.Class), escape.Text(u.Stability))
			if u.Seen != "" {
				fmt.Fprintf(&b, "      as the app sees it: %s\n", escape.Text(u.Seen))
			}
			for _, r := range u.Reasons {
				fmt.Fprintf(&b, "      why: %s\n", escape.Text(r))
			}
			for _, by := range u.By {
				fmt.Fprintf(&b, "      used by %s\n", escape.Text(by))
			}
		}
		if len(c.Lines) > 0 {
			b.WriteString("  configuration lines:\n")
			for _, l := range c.Lines {
				fmt.Fprintf(&b, "    %-9s %s  (at %s): %s\n", l.Label, escape.Text(l.Pattern), escape.Text(provenAt(l, c)), escape.Text(l.Proof))
			}
		}
		if len(c.Stabilized) > 0 {
			fmt.Fprintf(&b, "  the proven lines make stable: %s\n", escape.Text(strings.Join(c.Stabilized, ", ")))
		}
		if len(c.Skipping) > 0 {
			fmt.Fprintf(&b, "  the proven lines make skip: %s\n", escape.Text(strings.Join(c.Skipping, ", ")))
		}
		for _, n := range c.Notes {
			fmt.Fprintf(&b, "  note: %s\n", escape.Text(n))
		}
	}
	b.WriteString("\n" + promiseText(rep) + "\n")
	if n := len(rep.Elsewhere); n > 0 {
		fmt.Fprintf(&b, "%s the app names %s to no dependency (the JDK's, Kotlin's, or missing from the classpath): %s\n",
			english.Plural(n, "class"), english.Choose(n, "belongs", "belong"), escape.Text(strings.Join(rep.Elsewhere, ", ")))
	}
	fmt.Fprintf(&b, "%s, %s\n", english.Plural(len(rep.Cards), "card"), english.Plural(len(rep.Errors), "error"))
	_, err := io.WriteString(w, b.String())
	return err
}

// promiseText says what the proven lines do to the app.
func promiseText(rep *cards.Report) string {
	p := rep.Promise
	s := fmt.Sprintf("%s proven: with %s the app's stable classes go from %d to %d and its composables that skip from %d to %d",
		english.Plural(len(p.Lines), "line"), map[bool]string{true: "it", false: "them"}[len(p.Lines) == 1], len(p.Stable), len(p.StableWith), p.Skips, p.SkipsWith)
	if len(p.Stabilized) > 0 {
		s += " (" + escape.Text(strings.Join(p.Stabilized, ", ")) + ")"
	}
	return s + "."
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// WriteCardsMarkdown writes one card per dependency, as a section of a pull-request comment or
// a wiki page.
func WriteCardsMarkdown(w io.Writer, rep *cards.Report) error {
	var b strings.Builder
	b.WriteString("# What the dependencies give the app's composables\n\n")
	fmt.Fprintf(&b, "%s\n", mdCell(promiseText(rep)))
	for _, c := range rep.Cards {
		fmt.Fprintf(&b, "\n## %s\n\n", mdCell(c.Name))
		if c.Coordinate != "" {
			fmt.Fprintf(&b, "Files: %s\n\n", mdCode(strings.Join(c.Files, ", ")))
		}
		if len(c.Uses) == 0 {
			b.WriteString("The app's bytes name none of its classes.\n")
			continue
		}
		fmt.Fprintf(&b, "%s the app uses: %s.\n\n", english.Plural(len(c.Uses), "class"), countsText(c.Counts))
		b.WriteString("| Class | Verdict | As the app sees it | Why | Used by |\n|---|---|---|---|---|\n")
		for _, u := range c.Uses {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", mdCode(u.Class), mdCell(orDash(string(u.Verdict))), mdCell(u.Seen),
				mdCell(strings.Join(u.Reasons, "; ")), mdCell(strings.Join(u.By, "; ")))
		}
		if len(c.Lines) > 0 {
			b.WriteString("\n| Line | Label | Judged at | Proof |\n|---|---|---|---|\n")
			for _, l := range c.Lines {
				fmt.Fprintf(&b, "| %s | **%s** | %s | %s |\n", mdCode(l.Pattern), l.Label, mdCode(provenAt(l, c)), mdCell(l.Proof))
			}
		}
		if len(c.Stabilized) > 0 || len(c.Skipping) > 0 {
			fmt.Fprintf(&b, "\nWith the proven lines: stable %s; skipping %s.\n", mdCell(orNone(c.Stabilized)), mdCell(orNone(c.Skipping)))
		}
		for _, n := range c.Notes {
			fmt.Fprintf(&b, "\n> %s\n", mdCell(n))
		}
	}
	if n := len(rep.Elsewhere); n > 0 {
		fmt.Fprintf(&b, "\n%s the app names %s to no dependency (the JDK's, Kotlin's, or missing): %s.\n", english.Plural(n, "class"), english.Choose(n, "belongs", "belong"), mdCell(strings.Join(rep.Elsewhere, ", ")))
	}
	if len(rep.Errors) > 0 {
		b.WriteString("\n**Errors**\n\n")
		for _, e := range rep.Errors {
			fmt.Fprintf(&b, "- %s: %s\n", e.Kind, mdCell(e.Error()))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func orNone(list []string) string {
	if len(list) == 0 {
		return "none"
	}
	return strings.Join(list, ", ")
}

// WriteCardsStabilityConfig writes cards --format stability-config: the proven lines of every
// card as one configuration file, each after a comment naming the coordinate@version it was
// proven at and its proof; the unproven and false lines are left out, and counted.
func WriteCardsStabilityConfig(w io.Writer, rep *cards.Report) error {
	var body strings.Builder
	proven, other := 0, 0
	written := map[string]bool{}
	for _, c := range rep.Cards {
		for _, l := range c.Lines {
			if l.Label != cards.Proven {
				other++
				continue
			}
			if written[l.Pattern] {
				continue
			}
			written[l.Pattern] = true
			proven++
			fmt.Fprintf(&body, "\n// proven at %s: %s\n%s\n", escape.Text(provenAt(l, c)), escape.Text(l.Proof), escape.Text(l.Pattern))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "// Stability configuration written by composestab cards for %s.\n", escape.Text(strings.Join(rep.App, ", ")))
	b.WriteString("// Only proven lines: every class each applies to is final and holds only vals of types proven\n")
	b.WriteString("// stable, in the bytes of the version named. Check them again when that version changes.\n")
	fmt.Fprintf(&b, "// %s proven; %d unproven or false left out (composestab cards lists them).\n", english.Plural(proven, "line"), other)
	b.WriteString(body.String())
	_, err := io.WriteString(w, b.String())
	return err
}

//go:embed html/cards.html
var cardsHTML string

var cardsTemplate = template.Must(template.New("cards").Funcs(template.FuncMap{
	"counts": countsText,
	"at":     provenAt,
	"join":   strings.Join,
	"text":   escape.Text,
}).Parse(cardsHTML))

// WriteCardsHTML writes the cards as one self-contained page: no script, no network.
func WriteCardsHTML(w io.Writer, rep *cards.Report) error {
	return cardsTemplate.Execute(w, struct {
		*cards.Report
		Promise string
	}{rep, promiseText(rep)})
}
