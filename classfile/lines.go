package classfile

import "bytes"

var attrLineNumberTable = []byte("LineNumberTable")

// FirstLine returns the smallest source line of the class's code: the least
// positive Code.FirstLine of Methods, 0 without line numbers or when parsed
// with SkipCode. It reads the line-number tables in place, without decoding the
// methods, their annotations or their code, for callers that only need to
// place the class in its source file.
func (c *Class) FirstLine() int {
	if c.opts.SkipCode {
		return 0
	}
	first := 0
	cur := newCursor(c.data, c.methodsOff)
	for range int(cur.u2()) {
		cur.off += 6 // access_flags, name_index, descriptor_index
		for range int(cur.u2()) {
			name, body := c.attr(&cur)
			if !bytes.Equal(name, attrCode) {
				continue
			}
			body.off += 4 // max_stack, max_locals
			body.off += int(body.u4())
			body.off += 8 * int(body.u2()) // exception_table
			// m is this method's Code.FirstLine.
			m := 0
			for range int(body.u2()) {
				name, lines := c.attr(&body)
				// A malformed table is ignored, as readCode does.
				if n := len(lines.data) - lines.off; n < 2 || !bytes.Equal(name, attrLineNumberTable) {
					continue
				}
				if k := int(lines.u2()); 2+4*k <= len(lines.data)-lines.mark {
					for range k {
						lines.off += 2 // start_pc
						if l := int(lines.u2()); m == 0 || l < m {
							m = l
						}
					}
				}
			}
			if m > 0 && (first == 0 || m < first) {
				first = m
			}
		}
	}
	return first
}
