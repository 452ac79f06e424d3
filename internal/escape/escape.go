// Package escape makes names read from class files safe to print: a class, field or file name
// is data, and a control character or a bidirectional override in it must never move the
// cursor, ring the terminal, start a new line of a report or a baseline block, or reorder what
// a reader sees.
package escape

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Text returns s with every control character (C0, DEL, C1), line and paragraph separator,
// bidirectional control and invalid UTF-8 byte written as a Go escape (\n, \x1b, \u202e), so
// the result prints on one line exactly as the bytes spell it. Strings without such characters
// — nearly all names — are returned as they are, without allocating.
func Text(s string) string {
	if clean(s, false) {
		return s
	}
	return write(s, false)
}

// Reversible is Text that also escapes the backslash, so Unescape restores s exactly: baselines
// write names this way and read them back.
func Reversible(s string) string {
	if clean(s, true) {
		return s
	}
	return write(s, true)
}

// Unescape reverses Reversible. A malformed escape is an error.
func Unescape(s string) (string, error) {
	if strings.IndexByte(s, '\\') < 0 {
		return s, nil
	}
	var b strings.Builder
	for len(s) > 0 {
		i := strings.IndexByte(s, '\\')
		if i < 0 {
			b.WriteString(s)
			break
		}
		b.WriteString(s[:i])
		s = s[i:]
		r, multibyte, tail, err := strconv.UnquoteChar(s, 0)
		if err != nil {
			return "", err
		}
		if multibyte {
			b.WriteRune(r)
		} else {
			b.WriteByte(byte(r)) // \xff is one byte, as strconv.Unquote reads it
		}
		s = tail
	}
	return b.String(), nil
}

// clean reports whether s needs no escape.
func clean(s string, backslash bool) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c == 0x7f || c >= utf8.RuneSelf || (backslash && c == '\\') {
			return cleanSlow(s, backslash)
		}
	}
	return true
}

func cleanSlow(s string, backslash bool) bool {
	for i, r := range s {
		if unsafeRune(r) || (backslash && r == '\\') {
			return false
		}
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n == 1 {
				return false
			}
		}
	}
	return true
}

// unsafeRune reports whether r changes how the text around it is shown.
func unsafeRune(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r < 0xa0:
		return true
	case r == 0x2028, r == 0x2029: // line and paragraph separators
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
		return true // bidirectional embeddings, overrides, isolates and marks
	}
	return false
}

func write(s string, backslash bool) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteString(`\x`)
			b.WriteString(hex2(s[i]))
		case r == '\\' && backslash:
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x80 && unsafeRune(r):
			b.WriteString(`\x`)
			b.WriteString(hex2(byte(r)))
		case unsafeRune(r):
			b.WriteString(`\u`)
			h := strconv.FormatInt(int64(r), 16)
			b.WriteString(strings.Repeat("0", 4-len(h)) + h)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func hex2(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&15]})
}
