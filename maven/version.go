package maven

import (
	"strings"
)

// CompareVersions orders two versions as Gradle does: it returns -1 if a is lower than b, 0 if
// they are equal, 1 if a is higher.
//
// A version is split into parts at '.', '-', '_' and '+' and where digits meet letters
// ("1.0-rc1" is 1, 0, rc, 1). Parts are compared in turn: two numbers numerically; a number is
// higher than a word; "dev" is lower than any other word; "rc", "snapshot", "final", "ga",
// "release" and "sp" (in that order, any case) are higher than any other word; other words
// compare as strings. When one version has more parts, an extra number makes it higher
// (1.1.0 > 1.1) and an extra word makes it lower (1.0-alpha01 < 1.0).
func CompareVersions(a, b string) int {
	pa, pb := versionParts(a), versionParts(b)
	for i := 0; i < len(pa) && i < len(pb); i++ {
		if c := comparePart(pa[i], pb[i]); c != 0 {
			return c
		}
	}
	switch {
	case len(pa) == len(pb):
		return 0
	case len(pa) > len(pb):
		if isNumeric(pa[len(pb)]) {
			return 1
		}
		return -1
	default:
		if isNumeric(pb[len(pa)]) {
			return -1
		}
		return 1
	}
}

// versionParts splits a version at separators and digit/letter boundaries.
func versionParts(v string) []string {
	var parts []string
	start := -1
	digits := false
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c == '.' || c == '-' || c == '_' || c == '+' {
			if start >= 0 {
				parts = append(parts, v[start:i])
				start = -1
			}
			continue
		}
		d := c >= '0' && c <= '9'
		if start >= 0 && d != digits {
			parts = append(parts, v[start:i])
			start = -1
		}
		if start < 0 {
			start, digits = i, d
		}
	}
	if start >= 0 {
		parts = append(parts, v[start:])
	}
	return parts
}

func isNumeric(p string) bool { return p != "" && p[0] >= '0' && p[0] <= '9' }

// specialWords are the words Gradle ranks above every other word, lowest first.
var specialWords = map[string]int{"rc": 1, "snapshot": 2, "final": 3, "ga": 4, "release": 5, "sp": 6}

func comparePart(a, b string) int {
	na, nb := isNumeric(a), isNumeric(b)
	switch {
	case na && nb:
		return compareNumbers(a, b)
	case na:
		return 1
	case nb:
		return -1
	}
	return compareWords(a, b)
}

// compareNumbers compares decimal digit strings of any length.
func compareNumbers(a, b string) int {
	a, b = strings.TrimLeft(a, "0"), strings.TrimLeft(b, "0")
	if len(a) != len(b) {
		if len(a) < len(b) {
			return -1
		}
		return 1
	}
	return strings.Compare(a, b)
}

func compareWords(a, b string) int {
	la, lb := strings.ToLower(a), strings.ToLower(b)
	if (la == "dev") != (lb == "dev") {
		if la == "dev" {
			return -1
		}
		return 1
	}
	sa, sb := specialWords[la], specialWords[lb]
	if sa != sb {
		if sa < sb {
			return -1
		}
		return 1
	}
	if sa != 0 {
		return 0
	}
	return strings.Compare(a, b)
}

// maxVersion returns the highest of the versions, or "" for none.
func maxVersion(vs []string) string {
	best := ""
	for _, v := range vs {
		if best == "" || CompareVersions(v, best) > 0 {
			best = v
		}
	}
	return best
}

// selector is a version as a dependency declares it: an exact version, a Maven range such as
// "[1.0,2.0)" (several joined by ','), a prefix such as "1.+", or "latest.release".
type selector struct {
	text   string
	exact  string
	prefix string // for "1.+"; "" with any for "+" and latest.*
	any    bool
	ranges []versionRange
}

type versionRange struct {
	lower, upper           string
	lowerIncl, upperIncl   bool
	hasLower, hasUpper     bool
	exclusiveUpperAsPrefix bool
}

// parseSelector reads a declared version. An empty or malformed range is kept as an exact
// version, which no repository will hold: it is then reported as missing under its own name.
func parseSelector(s string) selector {
	s = strings.TrimSpace(s)
	sel := selector{text: s}
	switch {
	case s == "+" || strings.HasPrefix(s, "latest."):
		sel.any = true
	case strings.HasSuffix(s, ".+"):
		sel.prefix = strings.TrimSuffix(s, "+")
	case s != "" && strings.ContainsAny(s[:1], "[(]"):
		if rs, ok := parseRanges(s); ok {
			sel.ranges = rs
		} else {
			sel.exact = s
		}
	default:
		sel.exact = s
	}
	return sel
}

// parseRanges reads one or more Maven ranges: "[1.0,2.0)", "[1.0]", "(,1.0],[1.2,)".
func parseRanges(s string) ([]versionRange, bool) {
	var out []versionRange
	for s != "" {
		open := s[0]
		if open != '[' && open != '(' && open != ']' {
			return nil, false
		}
		end := strings.IndexAny(s[1:], "])[")
		if end < 0 {
			return nil, false
		}
		end++
		closer := s[end]
		body := s[1:end]
		s = strings.TrimLeft(strings.TrimSpace(s[end+1:]), ",")
		s = strings.TrimSpace(s)
		r := versionRange{lowerIncl: open == '[', upperIncl: closer == ']'}
		lo, hi, comma := strings.Cut(body, ",")
		lo, hi = strings.TrimSpace(lo), strings.TrimSpace(hi)
		if !comma {
			if lo == "" || open != '[' || closer != ']' {
				return nil, false
			}
			hi = lo
		}
		r.lower, r.upper = lo, hi
		r.hasLower, r.hasUpper = lo != "", hi != ""
		r.exclusiveUpperAsPrefix = r.hasUpper && !r.upperIncl
		out = append(out, r)
	}
	return out, len(out) > 0
}

// dynamic reports whether the selector needs the list of available versions.
func (s selector) dynamic() bool { return s.exact == "" }

// accepts reports whether version v satisfies the selector.
func (s selector) accepts(v string) bool {
	switch {
	case s.exact != "":
		return v == s.exact
	case s.any:
		return true
	case s.prefix != "":
		return strings.HasPrefix(v, s.prefix)
	}
	for _, r := range s.ranges {
		if r.accepts(v) {
			return true
		}
	}
	return false
}

func (r versionRange) accepts(v string) bool {
	if r.hasLower {
		c := CompareVersions(v, r.lower)
		if c < 0 || c == 0 && !r.lowerIncl {
			return false
		}
	}
	if r.hasUpper {
		c := CompareVersions(v, r.upper)
		if c > 0 || c == 0 && !r.upperIncl {
			return false
		}
		// Gradle: an exclusive upper bound also excludes 2.0-dev1 and 2.0-SNAPSHOT for "2.0)".
		if r.exclusiveUpperAsPrefix && strings.HasPrefix(v, r.upper) {
			return false
		}
	}
	return true
}

// pick returns the highest available version the selector accepts, or "" if none.
func (s selector) pick(available []string) string {
	var ok []string
	for _, v := range available {
		if s.accepts(v) {
			ok = append(ok, v)
		}
	}
	return maxVersion(ok)
}
