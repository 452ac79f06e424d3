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
// classfile hands us Go strings decoded from modified UTF-8, so one rune is
// one Java char; a supplementary rune is two chars (a surrogate pair), which
// we split the same way Java's String.charAt would.
const (
	utf8ModeMarker = 0x0000
	bit7ModeMarker = 0xFFFF
)

// decodeD1 turns the d1 strings into the protobuf bytes they carry.
func decodeD1(d1 []string) []byte {
	if len(d1) > 0 && d1[0] != "" {
		r := firstChar(d1[0])
		if r == utf8ModeMarker {
			return appendChars(nil, d1, 1)
		}
		if r == bit7ModeMarker {
			return decode7to8(appendChars(nil, d1, 1))
		}
	}
	return decode7to8(appendChars(nil, d1, 0))
}

// firstChar is the first UTF-16 unit of s.
func firstChar(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	if r > 0xFFFF {
		r, _ = utf16.EncodeRune(r)
	}
	return r
}

// appendChars appends the low byte of every Java char of d1, skipping the
// first skip chars of d1[0] (the mode marker).
func appendChars(dst []byte, d1 []string, skip int) []byte {
	n := 0
	for _, s := range d1 {
		n += len(s) // bytes >= chars, a safe capacity bounded by the input
	}
	if dst == nil {
		dst = make([]byte, 0, n)
	}
	for i, s := range d1 {
		for _, r := range s {
			if i == 0 && skip > 0 {
				skip--
				continue
			}
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

// decode7to8 undoes the +1 shift, then packs the low 7 bits of each byte
// into a bit string, least significant bit first, and cuts it into bytes;
// trailing bits that do not fill a byte were padding.
func decode7to8(data []byte) []byte {
	for i, b := range data {
		data[i] = (b + 0x7f) & 0x7f
	}
	out := make([]byte, 7*len(data)/8)
	var acc uint32
	bits := 0
	j := 0
	for _, b := range data {
		acc |= uint32(b&0x7f) << bits
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
