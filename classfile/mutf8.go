package classfile

import (
	"unicode/utf8"
)

// decodeModifiedUTF8 decodes the JVM's modified UTF-8 (JVMS §4.4.7): NUL is
// encoded as C0 80, supplementary characters as two 3-byte surrogates. The
// decoder is lenient: a lone surrogate or a malformed byte becomes U+FFFD
// rather than an error, because class names and descriptors we care about
// are ASCII and one odd string should not make a whole class unreadable.
func decodeModifiedUTF8(b []byte) string {
	// Fast path: almost every constant is plain ASCII without NUL.
	ascii := true
	for _, x := range b {
		if x == 0 || x >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return string(b)
	}
	out := make([]byte, 0, len(b)+len(b)/2)
	for i := 0; i < len(b); {
		x := b[i]
		switch {
		case x != 0 && x < 0x80:
			out = append(out, x)
			i++
		case x >= 0xC2 && x <= 0xDF && i+1 < len(b) && b[i+1]&0xC0 == 0x80:
			// A two-byte form other than C0/C1 (overlong: NUL, or ASCII written long) is
			// the same bytes in UTF-8; Kotlin's d1 is mostly these.
			out = append(out, x, b[i+1])
			i += 2
		case x&0xE0 == 0xC0 && i+1 < len(b) && b[i+1]&0xC0 == 0x80:
			r := rune(x&0x1F)<<6 | rune(b[i+1]&0x3F)
			out = utf8.AppendRune(out, r)
			i += 2
		case x&0xF0 == 0xE0 && i+2 < len(b) && b[i+1]&0xC0 == 0x80 && b[i+2]&0xC0 == 0x80:
			r := rune(x&0x0F)<<12 | rune(b[i+1]&0x3F)<<6 | rune(b[i+2]&0x3F)
			i += 3
			if r >= 0xD800 && r <= 0xDBFF {
				// A high surrogate combines with a following 3-byte low surrogate.
				if i+2 < len(b) && b[i]&0xF0 == 0xE0 && b[i+1]&0xC0 == 0x80 && b[i+2]&0xC0 == 0x80 {
					lo := rune(b[i]&0x0F)<<12 | rune(b[i+1]&0x3F)<<6 | rune(b[i+2]&0x3F)
					if lo >= 0xDC00 && lo <= 0xDFFF {
						r = 0x10000 + (r-0xD800)<<10 + (lo - 0xDC00)
						i += 3
					}
				}
			}
			// AppendRune writes U+FFFD for a surrogate left unpaired.
			out = utf8.AppendRune(out, r)
		default:
			out = utf8.AppendRune(out, utf8.RuneError)
			i++
		}
	}
	return string(out)
}
