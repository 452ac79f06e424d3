package classfile

import (
	"bytes"
	"strconv"
)

// Opcode is a JVM instruction opcode.
type Opcode byte

// String returns the mnemonic, e.g. "getstatic".
func (o Opcode) String() string {
	if int(o) < len(opcodeNames) {
		return opcodeNames[o]
	}
	switch o {
	case 0xca:
		return "breakpoint"
	case 0xfe:
		return "impdep1"
	case 0xff:
		return "impdep2"
	}
	return "opcode(0x" + strconv.FormatUint(uint64(o), 16) + ")"
}

// Code is a method's Code attribute.
type Code struct {
	MaxStack, MaxLocals uint16
	// Bytecode is the code array; it aliases the class bytes.
	Bytecode []byte
	// ExceptionTable lists the exception handlers in order.
	ExceptionTable []ExceptionHandler
	// Lines is the LineNumberTable (all of them, in order), nil without one.
	Lines []LineNumber

	localVars [][]byte // the LocalVariableTable attributes' bodies, decoded on demand
	pool      *ConstantPool
	offset    int // offset of Bytecode within the class, for errors
}

// ExceptionHandler is one exception_table entry; CatchType is the internal
// name of the caught class, "" for a finally handler (catch_type 0).
type ExceptionHandler struct {
	StartPC, EndPC, HandlerPC uint16
	CatchType                 string
}

// LineNumber maps the instruction at StartPC to a source line.
type LineNumber struct {
	StartPC, Line uint16
}

// FirstLine is the smallest source line of the code, 0 without a LineNumberTable.
func (c *Code) FirstLine() int {
	first := 0
	for _, l := range c.Lines {
		if first == 0 || int(l.Line) < first {
			first = int(l.Line)
		}
	}
	return first
}

// Instruction is one decoded instruction. Which operand fields are set
// depends on the opcode:
//
//   - Index: the constant-pool index of ldc, ldc_w, ldc2_w, get/putstatic,
//     get/putfield, invoke*, new, anewarray, checkcast, instanceof and
//     multianewarray; the local-variable index of the load/store forms that
//     take one, ret and iinc.
//   - Int: the value of bipush and sipush; the increment of iinc; the
//     absolute target offset of if*, goto, jsr, goto_w and jsr_w; the array
//     type of newarray; the dimensions of multianewarray; the count of
//     invokeinterface.
//   - Default, Keys and Targets: tableswitch and lookupswitch, with absolute
//     targets; for tableswitch Keys holds low, low+1, ..., high.
//   - Wide: the instruction was prefixed by wide (Opcode is the modified one).
type Instruction struct {
	Offset  int
	Opcode  Opcode
	Index   uint16
	Int     int32
	Targets []int
	Keys    []int32
	Default int
	Wide    bool
}

// maxCodeLength bounds code_length (JVMS §4.7.3: greater than 0 and less
// than 65536).
const maxCodeLength = 65535

// readCode validates (build false) or decodes (build true, input already
// validated) a Code attribute body.
func readCode(c *cursor, p *ConstantPool, build bool) *Code {
	c.mark = c.off
	maxStack := c.u2()
	maxLocals := c.u2()
	n := c.u4()
	switch {
	case c.failed:
	case n == 0 || n > maxCodeLength:
		// Checked before anything is read: a 360 KB <clinit> costs nothing.
		c.fail("code length " + strconv.FormatUint(uint64(n), 10) + " outside 1.." + strconv.Itoa(maxCodeLength))
		return nil
	case uint64(n) > uint64(c.left()):
		c.fail("code length exceeds attribute")
		return nil
	}
	off := c.off
	bc := c.bytes(int(n))
	c.mark = c.off
	ne := c.count(8, "exception table")
	var code *Code
	if build {
		code = &Code{MaxStack: maxStack, MaxLocals: maxLocals, Bytecode: bc, pool: p, offset: off}
		if ne > 0 {
			code.ExceptionTable = make([]ExceptionHandler, ne)
		}
	}
	for i := 0; i < ne && !c.failed; i++ {
		c.mark = c.off
		start, end, handler, ct := c.u2(), c.u2(), c.u2(), c.u2()
		// JVMS §4.7.3: [start_pc, end_pc) and handler_pc lie in the code.
		if start >= end || uint32(end) > n || uint32(handler) >= n {
			c.fail("exception table entry " + strconv.Itoa(i) + ": range [" + strconv.Itoa(int(start)) + ", " + strconv.Itoa(int(end)) +
				") or handler " + strconv.Itoa(int(handler)) + " outside the code of length " + strconv.FormatUint(uint64(n), 10))
			break
		}
		if !p.checkOpt(c, ct, TagClass) {
			break
		}
		if build {
			code.ExceptionTable[i] = ExceptionHandler{StartPC: start, EndPC: end, HandlerPC: handler, CatchType: p.classNameOpt(ct)}
		}
	}
	c.mark = c.off
	na := c.count(6, "attributes")
	for i := 0; i < na && !c.failed; i++ {
		c.mark = c.off
		idx := c.u2()
		l := c.u4()
		if !p.check(c, idx, TagUtf8) {
			break
		}
		if uint64(l) > uint64(c.left()) {
			c.fail(errAttrLengthOverflow)
			break
		}
		body := c.bytes(int(l))
		if !build {
			continue
		}
		switch name := p.utf8Bytes(idx); {
		case bytes.Equal(name, attrLineNumberTable):
			// A method may carry several tables (JVMS §4.7.12): together they are its table.
			forLines(body, func(startPC, line uint16) {
				code.Lines = append(code.Lines, LineNumber{StartPC: startPC, Line: line})
			})
		case bytes.Equal(name, attrLocalVariableTable) && len(body) >= 2:
			code.localVars = append(code.localVars, body)
		}
	}
	return code
}

var (
	attrLineNumberTable    = []byte("LineNumberTable")
	attrLocalVariableTable = []byte("LocalVariableTable")
)

// forLines calls fn for each entry of a LineNumberTable body. Line numbers
// only order classes in reports: a malformed table (too short for its count)
// is ignored, like any attribute we could do without, by readCode and
// Class.FirstLine alike.
func forLines(body []byte, fn func(startPC, line uint16)) {
	if len(body) < 2 {
		return
	}
	n := int(body[0])<<8 | int(body[1])
	if 2+4*n > len(body) {
		return
	}
	for i := range n {
		e := body[2+4*i : 6+4*i]
		fn(uint16(e[0])<<8|uint16(e[1]), uint16(e[2])<<8|uint16(e[3]))
	}
}

// LocalVariable is one LocalVariableTable entry: local Index holds a value named Name, of type
// Descriptor, for the instructions in [StartPC, StartPC+Length).
type LocalVariable struct {
	StartPC, Length, Index uint16
	Name, Descriptor       string
}

// LocalVariables decodes the LocalVariableTable attributes (javac -g, and kotlinc always). Like
// the line numbers they are debugging aids: a malformed table, or an entry whose name or
// descriptor is not a Utf8 constant, is left out rather than failing the class.
func (c *Code) LocalVariables() []LocalVariable {
	var out []LocalVariable
	for _, body := range c.localVars {
		if len(body) < 2 {
			continue
		}
		n := int(body[0])<<8 | int(body[1])
		if 2+10*n > len(body) {
			continue
		}
		for j := range n {
			e := body[2+10*j:]
			u2 := func(i int) uint16 { return uint16(e[i])<<8 | uint16(e[i+1]) }
			name, err1 := c.pool.UTF8(u2(4))
			desc, err2 := c.pool.UTF8(u2(6))
			if err1 != nil || err2 != nil {
				continue
			}
			out = append(out, LocalVariable{StartPC: u2(0), Length: u2(2), Name: name, Descriptor: desc, Index: u2(8)})
		}
	}
	return out
}

// Instructions decodes the whole code array. A truncated instruction, an
// unknown opcode, a bad wide form or a branch outside the code is a
// *FormatError whose Offset is the instruction's offset within the class.
func (c *Code) Instructions() ([]Instruction, error) {
	var out []Instruction
	err := c.Walk(func(in *Instruction) bool {
		out = append(out, *in)
		return true
	})
	return out, err
}

// Walk decodes instructions in order and calls fn for each until fn returns
// false. The *Instruction is reused between calls, so fn must copy what it
// keeps; Walk allocates only for switch tables.
func (c *Code) Walk(fn func(*Instruction) bool) error {
	cur := newCursor(c.Bytecode, 0)
	code := c.Bytecode
	var in Instruction
	for cur.off < len(code) {
		start := cur.off
		cur.mark = start
		in = Instruction{Offset: start, Opcode: Opcode(cur.u1())}
		decodeOperands(&cur, &in)
		if cur.failed {
			return c.errorAt(cur.errOff, cur.errMsg)
		}
		if !fn(&in) {
			return nil
		}
	}
	return nil
}

func (c *Code) errorAt(off int, msg string) error {
	cls := ""
	if c.pool != nil {
		cls = c.pool.class
	}
	return &FormatError{Class: cls, Offset: int64(c.offset + off), Msg: msg}
}

// target converts a relative branch into an absolute offset inside the code.
func target(cur *cursor, from int, rel int64) int {
	t := int64(from) + rel
	if t < 0 || t >= int64(len(cur.data)) {
		cur.fail("branch target " + strconv.FormatInt(t, 10) + " outside code")
		return 0
	}
	return int(t)
}

func decodeOperands(cur *cursor, in *Instruction) {
	op := in.Opcode
	switch {
	case op == OpBipush:
		in.Int = int32(int8(cur.u1()))
	case op == OpSipush:
		in.Int = int32(int16(cur.u2()))
	case op == OpLdc:
		in.Index = uint16(cur.u1())
	case op == OpLdcW, op == OpLdc2W,
		op >= OpGetstatic && op <= OpInvokestatic,
		op == OpNew, op == OpAnewarray, op == OpCheckcast, op == OpInstanceof:
		in.Index = cur.u2()
	case op >= OpIload && op <= OpAload, op >= OpIstore && op <= OpAstore, op == OpRet:
		in.Index = uint16(cur.u1())
	case op == OpIinc:
		in.Index = uint16(cur.u1())
		in.Int = int32(int8(cur.u1()))
	case op >= OpIfeq && op <= OpJsr, op == OpIfnull, op == OpIfnonnull:
		rel := int64(int16(cur.u2()))
		if !cur.failed {
			in.Int = int32(target(cur, in.Offset, rel))
		}
	case op == OpGotoW, op == OpJsrW:
		rel := int64(int32(cur.u4()))
		if !cur.failed {
			in.Int = int32(target(cur, in.Offset, rel))
		}
	case op == OpInvokeinterface:
		in.Index = cur.u2()
		in.Int = int32(cur.u1())
		cur.skip(1)
	case op == OpInvokedynamic:
		in.Index = cur.u2()
		cur.skip(2)
	case op == OpNewarray:
		in.Int = int32(cur.u1())
	case op == OpMultianewarray:
		in.Index = cur.u2()
		in.Int = int32(cur.u1())
	case op == OpWide:
		in.Wide = true
		in.Opcode = Opcode(cur.u1())
		switch op := in.Opcode; {
		case cur.failed:
		case op >= OpIload && op <= OpAload, op >= OpIstore && op <= OpAstore, op == OpRet:
			in.Index = cur.u2()
		case op == OpIinc:
			in.Index = cur.u2()
			in.Int = int32(int16(cur.u2()))
		default:
			cur.fail("wide applied to " + op.String())
		}
	case op == OpTableswitch, op == OpLookupswitch:
		decodeSwitch(cur, in)
	case int(op) >= len(opcodeNames):
		cur.fail("unknown opcode " + op.String())
	}
}

// decodeSwitch reads a tableswitch or lookupswitch. Padding aligns the
// operands to a multiple of four from the start of the code array.
func decodeSwitch(cur *cursor, in *Instruction) {
	cur.skip((4 - cur.off%4) % 4)
	def := int64(int32(cur.u4()))
	if cur.failed {
		return
	}
	in.Default = target(cur, in.Offset, def)
	if in.Opcode == OpTableswitch {
		low, high := int32(cur.u4()), int32(cur.u4())
		if cur.failed {
			return
		}
		if low > high {
			cur.fail("tableswitch low > high")
			return
		}
		n := int64(high) - int64(low) + 1
		if n*4 > int64(cur.left()) {
			cur.fail("tableswitch range exceeds code")
			return
		}
		in.Keys = make([]int32, n)
		in.Targets = make([]int, n)
		for i := range in.Keys {
			in.Keys[i] = low + int32(i)
			in.Targets[i] = target(cur, in.Offset, int64(int32(cur.u4())))
		}
		return
	}
	npairs := int64(int32(cur.u4()))
	if cur.failed {
		return
	}
	if npairs < 0 || npairs*8 > int64(cur.left()) {
		cur.fail("lookupswitch pair count out of range")
		return
	}
	in.Keys = make([]int32, npairs)
	in.Targets = make([]int, npairs)
	for i := range in.Keys {
		in.Keys[i] = int32(cur.u4())
		in.Targets[i] = target(cur, in.Offset, int64(int32(cur.u4())))
	}
}
