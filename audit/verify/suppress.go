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
	if _, err := stability.ParseConfig(source, []byte(pattern)); err != nil {
		return Suppression{}, err
	}
	return Suppression{Rule: rule, Pattern: pattern, Source: source}, nil
}

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
