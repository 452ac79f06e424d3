package classfile

// cursor is the only code that indexes class bytes. Every read is bounds
// checked; the first failure is recorded and later reads return zero values,
// so decoders check err once per record instead of after every field.
type cursor struct {
	data   []byte
	off    int
	failed bool
	errOff int    // start of the record that failed
	errMsg string // why
	mark   int    // start of the record being decoded, for error offsets
}

func newCursor(data []byte, off int) cursor {
	return cursor{data: data, off: off, mark: off}
}

// fail records the first error; later calls are ignored so the message names
// the root cause.
func (c *cursor) fail(msg string) {
	if !c.failed {
		c.failed = true
		c.errOff = c.mark
		c.errMsg = msg
	}
}

// failAt is fail with an explicit record offset.
func (c *cursor) failAt(off int, msg string) {
	if !c.failed {
		c.failed = true
		c.errOff = off
		c.errMsg = msg
	}
}

// left returns how many bytes remain, 0 after a failure.
func (c *cursor) left() int {
	if c.failed {
		return 0
	}
	return len(c.data) - c.off
}

// need reports whether n more bytes are available, recording a truncation
// error if not.
func (c *cursor) need(n int) bool {
	if c.failed {
		return false
	}
	if n < 0 || len(c.data)-c.off < n {
		c.fail("unexpected end of data")
		return false
	}
	return true
}

func (c *cursor) u1() uint8 {
	if !c.need(1) {
		return 0
	}
	v := c.data[c.off]
	c.off++
	return v
}

func (c *cursor) u2() uint16 {
	if !c.need(2) {
		return 0
	}
	v := uint16(c.data[c.off])<<8 | uint16(c.data[c.off+1])
	c.off += 2
	return v
}

func (c *cursor) u4() uint32 {
	if !c.need(4) {
		return 0
	}
	d := c.data[c.off : c.off+4]
	c.off += 4
	return uint32(d[0])<<24 | uint32(d[1])<<16 | uint32(d[2])<<8 | uint32(d[3])
}

// bytes returns the next n bytes as a subslice (no copy), or nil.
func (c *cursor) bytes(n int) []byte {
	if !c.need(n) {
		return nil
	}
	b := c.data[c.off : c.off+n : c.off+n]
	c.off += n
	return b
}

// skip advances n bytes.
func (c *cursor) skip(n int) {
	if c.need(n) {
		c.off += n
	}
}

// count reads a u2 item count and checks that the remaining bytes could hold
// that many items of at least minSize bytes each, so that callers may size an
// allocation by it.
func (c *cursor) count(minSize int, what string) int {
	n := int(c.u2())
	if c.failed {
		return 0
	}
	if n*minSize > c.left() {
		c.fail(what + " count exceeds remaining data")
		return 0
	}
	return n
}
