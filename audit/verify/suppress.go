package verify

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"

	"github.com/composestab/composestab/internal/userfile"

	"github.com/composestab/composestab/stability"
)

// Suppression removes the findings of one rule ("*" for every rule) on the classes a pattern
// matches (stability-configuration syntax, such as com.example.internal.**).
type Suppression struct {
	Rule, Pattern string
	// Source says where it came from: "--suppress" or FILE:LINE.
	Source string
}

// ParseSuppression parses RULE:PATTERN.
func ParseSuppression(source, s string) (Suppression, error) {
	s = strings.TrimSpace(s)
	rule, pattern, ok := strings.Cut(s, ":")
	rule, pattern = strings.TrimSpace(rule), strings.TrimSpace(pattern)
	if !ok || rule == "" || pattern == "" {
		return Suppression{}, fmt.Errorf("%s: %q is not RULE:PATTERN", source, s)
	}
	if rule != "*" && ruleSeverity(rule) == "" {
		ids := make([]string, len(Rules))
		for i, r := range Rules {
			ids[i] = r.ID
		}
		return Suppression{}, fmt.Errorf("%s: unknown rule %q (one of %s, or *)", source, rule, strings.Join(ids, ", "))
	}
	s2 := Suppression{Rule: rule, Pattern: pattern, Source: source}
	if _, err := compile(s2); err != nil {
		return Suppression{}, err
	}
	return s2, nil
}

// compiledSuppression is a Suppression with its pattern parsed.
type compiledSuppression struct {
	rule, text string
	cfg        *stability.Config // nil for a name without wildcards
}

// compile parses s's pattern: the configuration syntax, matched against a finding's class with
// every '$' read as '.', since the syntax has no '$' and a finding may be on a lambda, local or
// nested class (identity-churn:com.example.AlertDialogKt.** or
// com.example.AlertDialogKt$AlertDialogContent$1 as printed). A name without wildcards matches
// that class exactly, however it is spelt ($$inlined classes included).
func compile(s Suppression) (compiledSuppression, error) {
	c := compiledSuppression{rule: s.Rule, text: s.Pattern}
	if !strings.ContainsAny(s.Pattern, "*<>") {
		return c, nil
	}
	cfg, err := stability.ParseConfig(s.Source, []byte(dollarsAsDots(s.Pattern)))
	if err != nil {
		return c, err
	}
	c.cfg = cfg
	return c, nil
}

// matches reports whether c drops a finding of rule on the named class.
func (c compiledSuppression) matches(rule, name string) bool {
	if c.rule != "*" && c.rule != rule {
		return false
	}
	// A configuration finding's name is a pattern, which the suppression may repeat as is.
	if c.text == name || dollarsAsDots(c.text) == dollarsAsDots(name) {
		return true
	}
	return c.cfg != nil && c.cfg.Match(dollarsAsDots(name)) != nil
}

func dollarsAsDots(name string) string { return strings.ReplaceAll(name, "$", ".") }

// ReadSuppressions reads a suppression file: one RULE:PATTERN a line; blank lines and lines
// starting with // or # are ignored, as is anything after // on a line.
func ReadSuppressions(path string) ([]Suppression, error) {
	data, err := userfile.ReadFile(path, 64<<20) // never a pipe that blocks
	if err != nil {
		return nil, err
	}
	var out []Suppression
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if i := strings.Index(text, "//"); i >= 0 {
			text = text[:i]
		}
		text = strings.TrimSpace(text)
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		s, err := ParseSuppression(fmt.Sprintf("%s:%d", path, line), text)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, sc.Err()
}
