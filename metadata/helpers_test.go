package metadata

import (
	"strings"

	"google.golang.org/protobuf/encoding/protowire"
)

// pb builds protobuf messages for tests.
type pb []byte

func (b pb) varint(num int, v uint64) pb {
	b = protowire.AppendTag(b, protowire.Number(num), protowire.VarintType)
	return protowire.AppendVarint(b, v)
}

func (b pb) i32(num int, v int32) pb { return b.varint(num, uint64(int64(v))) }

func (b pb) sint64(num int, v int64) pb { return b.varint(num, protowire.EncodeZigZag(v)) }

func (b pb) fixed32(num int, v uint32) pb {
	b = protowire.AppendTag(b, protowire.Number(num), protowire.Fixed32Type)
	return protowire.AppendFixed32(b, v)
}

func (b pb) fixed64(num int, v uint64) pb {
	b = protowire.AppendTag(b, protowire.Number(num), protowire.Fixed64Type)
	return protowire.AppendFixed64(b, v)
}

func (b pb) bytes(num int, v []byte) pb {
	b = protowire.AppendTag(b, protowire.Number(num), protowire.BytesType)
	return protowire.AppendBytes(b, v)
}

func (b pb) msg(num int, m pb) pb { return b.bytes(num, m) }

func (b pb) str(num int, s string) pb { return b.bytes(num, []byte(s)) }

func (b pb) packed(num int, vs ...int32) pb {
	var p []byte
	for _, v := range vs {
		p = protowire.AppendVarint(p, uint64(int64(v)))
	}
	return b.bytes(num, p)
}

// table is a StringTableTypes with one plain record covering n strings of d2.
func table(n int) pb { return pb(nil).msg(1, pb(nil).i32(1, int32(n))) }

// d1Bytes is the d1 payload: the delimited string table, then the message.
func d1Bytes(strs, body pb) []byte {
	b := protowire.AppendBytes(nil, strs)
	return append(b, body...)
}

// utf8Mode encodes bytes as d1 strings in UTF-8 mode, splitting like the
// compiler does only when asked (chunk > 0).
func utf8Mode(b []byte, chunk int) []string {
	var out []string
	var sb strings.Builder
	sb.WriteRune(0)
	n := 1
	for _, x := range b {
		sb.WriteRune(rune(x))
		n++
		if chunk > 0 && n >= chunk {
			out = append(out, sb.String())
			sb.Reset()
			n = 0
		}
	}
	if sb.Len() > 0 || len(out) == 0 {
		out = append(out, sb.String())
	}
	return out
}

// mode8to7 encodes bytes as d1 strings in the 8-to-7-bit mode (BitEncoding's
// encode8to7 plus the +1 shift), optionally with the U+FFFF marker.
func mode8to7(data []byte, marker bool) []string {
	n := (len(data)*8 + 6) / 7
	out := make([]byte, 0, n)
	var acc uint32
	bits := 0
	for _, b := range data {
		acc |= uint32(b) << bits
		bits += 8
		for bits >= 7 {
			out = append(out, byte(acc&0x7f))
			acc >>= 7
			bits -= 7
		}
	}
	if bits > 0 {
		out = append(out, byte(acc&0x7f))
	}
	var sb strings.Builder
	if marker {
		sb.WriteRune(0xFFFF)
	}
	for _, b := range out {
		sb.WriteRune(rune((b + 1) & 0x7f))
	}
	return []string{sb.String()}
}

// classHeader wraps a Class message in a kind-1 header with version 2.4.0.
func classHeader(strs, body pb, d2 ...string) *Header {
	return &Header{Kind: KindClass, MetadataVersion: []int{2, 4, 0}, Data1: utf8Mode(d1Bytes(strs, body), 0), Data2: d2}
}

func packageHeader(strs, body pb, d2 ...string) *Header {
	h := classHeader(strs, body, d2...)
	h.Kind = KindFileFacade
	return h
}

// Type messages.
func classType(name int32) pb  { return pb(nil).i32(6, name) }
func tpType(id int32) pb       { return pb(nil).i32(7, id) }
func nullable(t pb) pb         { return t.varint(3, 1) }
func withArg(t, arg pb) pb     { return t.msg(2, arg) }
func invArg(t pb) pb           { return pb(nil).msg(2, t) }
func projArg(p int32, t pb) pb { return pb(nil).i32(1, p).msg(2, t) }
func starArg() pb              { return pb(nil).i32(1, 3) }
