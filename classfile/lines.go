package classfile

import "bytes"

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
	p := c.reader(c.methodsOff)
	cur := &p.c
	// The walk follows the structure Parse validated, through the same
	// bounds-checked cursor; a failure would be a fault, not a panic.
	for n := int(cur.u2()); n > 0 && !cur.failed; n-- {
		cur.skip(6) // access_flags, name_index, descriptor_index
		for k := int(cur.u2()); k > 0 && !cur.failed; k-- {
			name, body, ok := p.attrHeader()
			if !ok || !bytes.Equal(name, attrCode) {
				continue
			}
			if m := codeFirstLine(&body, c.pool); m > 0 && (first == 0 || m < first) {
				first = m
			}
		}
	}
	if cur.failed {
		faults.Add(1)
	}
	return first
}

// codeFirstLine is Code.FirstLine of the Code attribute body at cur.
func codeFirstLine(cur *cursor, p *ConstantPool) int {
	cur.skip(4)                 // max_stack, max_locals
	cur.skip(int(cur.u4()))     // code
	cur.skip(8 * int(cur.u2())) // exception_table
	m := 0
	for k := int(cur.u2()); k > 0 && !cur.failed; k-- {
		idx := cur.u2()
		body := cur.bytes(int(cur.u4()))
		if p.Tag(idx) == TagUtf8 && bytes.Equal(p.utf8Bytes(idx), attrLineNumberTable) {
			forLines(body, func(_, line uint16) {
				if m == 0 || int(line) < m {
					m = int(line)
				}
			})
		}
	}
	if cur.failed {
		faults.Add(1)
	}
	return m
}
