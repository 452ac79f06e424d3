package metadata

import (
	"google.golang.org/protobuf/encoding/protowire"
)

// msg is the body of one protobuf message: its bytes and the offset of b[0]
// in the decoded d1 bytes, so errors can say where the record starts.
type msg struct {
	b   []byte
	off int
}

// field is one decoded field of a message.
type field struct {
	num protowire.Number
	typ protowire.Type
	off int    // offset of the tag
	v   uint64 // the value of a varint, fixed32 or fixed64 field
	b   msg    // the payload of a length-delimited field
}

// reader walks the fields of one message. Its error is the decoder's sticky
// error: after the first failure next returns false everywhere.
type reader struct {
	d    *decoder
	m    msg
	what string // message name for error reports
}

func (d *decoder) fields(m msg, what string) reader {
	return reader{d: d, m: m, what: what}
}

// next decodes the next field into f. It returns false at the end of the
// message or after an error; protowire's negative lengths become a
// FormatError here, at the edge, and nowhere else.
func (r *reader) next(f *field) bool {
	d := r.d
	if d.err != nil || len(r.m.b) == 0 {
		return false
	}
	b := r.m.b
	num, typ, n := protowire.ConsumeTag(b)
	if n < 0 {
		d.failWire(r.what, r.m.off, n)
		return false
	}
	f.num, f.typ, f.off = num, typ, r.m.off
	f.v, f.b = 0, msg{}
	var k int
	switch typ {
	case protowire.VarintType:
		f.v, k = protowire.ConsumeVarint(b[n:])
	case protowire.Fixed32Type:
		var v uint32
		v, k = protowire.ConsumeFixed32(b[n:])
		f.v = uint64(v)
	case protowire.Fixed64Type:
		f.v, k = protowire.ConsumeFixed64(b[n:])
	case protowire.BytesType:
		var v []byte
		v, k = protowire.ConsumeBytes(b[n:])
		if k >= 0 {
			f.b = msg{b: v, off: r.m.off + n + k - len(v)}
		}
	default:
		// Groups and anything else: skip, as the Java runtime does for
		// fields it does not know. An end-group tag here is an error.
		k = protowire.ConsumeFieldValue(num, typ, b[n:])
	}
	if k < 0 {
		d.failWire(r.what, r.m.off, k)
		return false
	}
	r.m.b = b[n+k:]
	r.m.off += n + k
	return true
}

// i32 reads f as an int32 varint, the way the Java runtime truncates it.
// ok is false when the wire type does not match; protobuf then treats the
// field as unknown, and so do we.
func (f *field) i32() (int32, bool) {
	if f.typ != protowire.VarintType {
		return 0, false
	}
	return int32(f.v), true
}

// bytes reports whether f is length-delimited (a message, string or bytes).
func (f *field) bytes() bool { return f.typ == protowire.BytesType }

// appendInts appends a repeated int32 field, which the Java runtime accepts
// packed or not.
func (r *reader) appendInts(dst []int32, f *field) []int32 {
	switch f.typ {
	case protowire.VarintType:
		return append(dst, int32(f.v))
	case protowire.BytesType:
		b := f.b.b
		for len(b) > 0 {
			v, n := protowire.ConsumeVarint(b)
			if n < 0 {
				r.d.failWire(r.what, f.off, n)
				return dst
			}
			dst = append(dst, int32(v))
			b = b[n:]
		}
	}
	return dst
}

// countFields counts the fields numbered num in the well-formed prefix of b: a capacity hint,
// never a check (the reader reports what is malformed).
func countFields(b []byte, num protowire.Number) int {
	n := 0
	for len(b) > 0 {
		fn, typ, k := protowire.ConsumeTag(b)
		if k < 0 {
			break
		}
		m := protowire.ConsumeFieldValue(fn, typ, b[k:])
		if m < 0 {
			break
		}
		if fn == num {
			n++
		}
		b = b[k+m:]
	}
	return n
}
