package metadata

import (
	"unicode/utf16"
	"unicode/utf8"
)

// d1 is written by the compiler in one of two string forms (BitEncoding and
// UtfEncodingKt in the Kotlin sources):
//
//   - UTF-8 mode, used by every compiler since 1.3: the first string starts
//     with U+0000 and every following char carries one byte (0..255);
//   - 8-to-7 mode, the older default: every char carries 7 bits, shifted by
//     +1 modulo 128 so that the common byte 0 costs one byte in the constant
//     pool; the first string may start with the marker U+FFFF.
//
// HeaderFromClass hands us Go strings classfile decoded from modified UTF-8,
// so one rune is one Java char; a supplementary rune is two chars (a
// surrogate pair), which we split the same way Java's String.charAt would.
// HeaderForRead reads the modified UTF-8 bytes instead, to the same chars
// (appendModifiedUTF8Chars), without making strings that Read would drop at
// once.
const (
	utf8ModeMarker = 0x0000
	bit7ModeMarker = 0xFFFF
)

// decodeD1 turns the d1 strings into the protobuf bytes they carry.
func decodeD1(d1 []string) []byte {
	first := rune(-1)
	if len(d1) > 0 && d1[0] != "" {
		first = firstChar(d1[0])
	}
	return charsToBytes(appendChars(nil, d1), first)
}

// charsToBytes turns the low bytes of d1's chars into the protobuf bytes they carry, in the mode
// that first, the first char of d1[0] (-1 when d1 or d1[0] is empty), tells. It does not modify
// chars, which a header from HeaderForRead keeps for every Read, and in UTF-8 mode it returns
// part of it.
func charsToBytes(chars []byte, first rune) []byte {
	switch first {
	case utf8ModeMarker: // a one-byte char: the marker is chars[0]
		return chars[1:]
	case bit7ModeMarker:
		return decode7to8(chars[1:])
	}
	return decode7to8(chars)
}

// firstChar is the first UTF-16 unit of s.
func firstChar(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	if r > 0xFFFF {
		r, _ = utf16.EncodeRune(r)
	}
	return r
}

// appendChars appends the low byte of every Java char of d1.
func appendChars(dst []byte, d1 []string) []byte {
	n := 0
	for _, s := range d1 {
		n += len(s) // bytes >= chars, a safe capacity bounded by the input
	}
	if dst == nil {
		dst = make([]byte, 0, n)
	}
	for _, s := range d1 {
		for _, r := range s {
			if r > 0xFFFF {
				hi, lo := utf16.EncodeRune(r)
				dst = append(dst, byte(hi), byte(lo))
				continue
			}
			dst = append(dst, byte(r))
		}
	}
	return dst
}

// appendModifiedUTF8Chars appends the low byte of every Java char of b, a d1 string's modified
// UTF-8 bytes as the class file holds them: the bytes appendChars appends for the string
// classfile's lenient decoder makes of b, without making it (HeaderForRead).
func appendModifiedUTF8Chars(dst, b []byte) []byte {
	for i := 0; i < len(b); {
		// The one- and two-byte forms, all of d1 in either mode, are utf16Unit's first cases
		// written out here, where they are not a call each.
		switch x := b[i]; {
		case x != 0 && x < 0x80:
			dst = append(dst, x)
			i++
		case x&0xE0 == 0xC0 && i+1 < len(b) && b[i+1]&0xC0 == 0x80:
			dst = append(dst, x<<6|b[i+1]&0x3F) // the low byte of (x&0x1F)<<6 | b[i+1]&0x3F
			i += 2
		default:
			var c, lo rune
			c, lo, i = javaChar(b, i)
			dst = append(dst, byte(c))
			if lo >= 0 {
				dst = append(dst, byte(lo))
			}
		}
	}
	return dst
}

// javaChar decodes the char that starts at b[i] (i < len(b)) of a modified UTF-8 string as
// classfile's decoder and then Java's UTF-16 see it, and returns where the next char starts. A
// surrogate pair is one supplementary rune in the decoded string, two chars for Java: c is its
// high half and lo its low half (lo is -1 otherwise). The decoder turns a surrogate left
// unpaired into U+FFFD.
func javaChar(b []byte, i int) (c, lo rune, next int) {
	c, next = utf16Unit(b, i)
	if c < 0xD800 || c > 0xDFFF {
		return c, -1, next
	}
	if c <= 0xDBFF && next < len(b) {
		if l, after := utf16Unit(b, next); l >= 0xDC00 && l <= 0xDFFF {
			return c, l, after
		}
	}
	return utf8.RuneError, -1, next
}

// utf16Unit decodes the one-, two- or three-byte form that starts at b[i] (i < len(b)) into the
// UTF-16 unit it spells, and returns where the next starts. Like classfile's decoder it takes
// overlong forms (C0 80 is NUL) and makes a malformed byte U+FFFD, one byte long: a raw NUL, a
// stray continuation byte, a four-byte lead, a truncated form.
func utf16Unit(b []byte, i int) (rune, int) {
	x := b[i]
	switch {
	case x != 0 && x < 0x80:
		return rune(x), i + 1
	case x&0xE0 == 0xC0 && i+1 < len(b) && b[i+1]&0xC0 == 0x80:
		return rune(x&0x1F)<<6 | rune(b[i+1]&0x3F), i + 2
	case x&0xF0 == 0xE0 && i+2 < len(b) && b[i+1]&0xC0 == 0x80 && b[i+2]&0xC0 == 0x80:
		return rune(x&0x0F)<<12 | rune(b[i+1]&0x3F)<<6 | rune(b[i+2]&0x3F), i + 3
	}
	return utf8.RuneError, i + 1
}

// decode7to8 undoes the +1 shift, then packs the low 7 bits of each byte
// into a bit string, least significant bit first, and cuts it into bytes;
// trailing bits that do not fill a byte were padding. data is left as it
// is: a header keeps it for the next Read.
func decode7to8(data []byte) []byte {
	out := make([]byte, 7*len(data)/8)
	var acc uint32
	bits := 0
	j := 0
	for _, b := range data {
		acc |= uint32((b+0x7f)&0x7f) << bits
		bits += 7
		if bits >= 8 {
			if j < len(out) {
				out[j] = byte(acc)
			}
			j++
			acc >>= 8
			bits -= 8
		}
	}
	return out
}
