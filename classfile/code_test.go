package classfile

import (
	"errors"
	"reflect"
	"testing"
)

func TestInstructionsFixtures(t *testing.T) {
	c := loadClass(t, "classes/fixture/Sample.class")
	ins := func(name string) []Instruction {
		t.Helper()
		m := c.Method(name, "")
		got, err := m.Code.Instructions()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return got
	}
	// javap: 1: tableswitch { 1..4: 32 35 38 41, default: 44 }; the operands
	// start at 4 (two padding bytes after the opcode at 1).
	table := ins("table")
	want := Instruction{Offset: 1, Opcode: OpTableswitch, Keys: []int32{1, 2, 3, 4}, Targets: []int{32, 35, 38, 41}, Default: 44}
	if !reflect.DeepEqual(table[1], want) || table[2].Offset != 32 || table[2].Opcode != OpBipush || table[2].Int != 10 {
		t.Errorf("tableswitch = %+v, next %+v", table[1], table[2])
	}
	lookup := ins("lookup")
	want = Instruction{Offset: 1, Opcode: OpLookupswitch, Keys: []int32{-1000, 7, 100000}, Targets: []int{36, 38, 40}, Default: 42}
	if !reflect.DeepEqual(lookup[1], want) || lookup[2].Offset != 36 {
		t.Errorf("lookupswitch = %+v", lookup[1])
	}
	wide := ins("wide")
	if len(wide) != 4 || !reflect.DeepEqual(wide[0], Instruction{Offset: 0, Opcode: OpIinc, Index: 0, Int: 1000, Wide: true}) ||
		!reflect.DeepEqual(wide[1], Instruction{Offset: 6, Opcode: OpIinc, Int: -200, Wide: true}) || wide[2].Offset != 12 {
		t.Errorf("wide = %+v", wide)
	}
	arrays := ins("arrays")
	for _, tc := range []struct {
		i   int
		in  Instruction
		ref Constant
	}{
		{2, Instruction{Offset: 2, Opcode: OpMultianewarray, Index: 37, Int: 2}, ClassRef{"[[I"}},
		{4, Instruction{Offset: 7, Opcode: OpIload0}, nil},
		{5, Instruction{Offset: 8, Opcode: OpAnewarray, Index: 39}, ClassRef{"java/lang/String"}},
		{8, Instruction{Offset: 13, Opcode: OpNewarray, Int: 11}, nil},
		{11, Instruction{Offset: 17, Opcode: OpInstanceof, Index: 41}, ClassRef{"[Ljava/lang/String;"}},
		{12, Instruction{Offset: 20, Opcode: OpIfeq, Int: 27}, nil},
		{14, Instruction{Offset: 24, Opcode: OpGoto, Int: 34}, nil},
		{16, Instruction{Offset: 28, Opcode: OpInvokevirtual, Index: 43}, MemberRef{byte(TagMethodref), "[J", "clone", "()Ljava/lang/Object;"}},
		{17, Instruction{Offset: 31, Opcode: OpCheckcast, Index: 37}, ClassRef{"[[I"}},
	} {
		if !reflect.DeepEqual(arrays[tc.i], tc.in) {
			t.Errorf("arrays[%d] = %+v, want %+v", tc.i, arrays[tc.i], tc.in)
		}
		if tc.ref != nil {
			if got, err := c.Pool().Constant(arrays[tc.i].Index); err != nil || !reflect.DeepEqual(got, tc.ref) {
				t.Errorf("arrays[%d] ref = %#v, %v", tc.i, got, err)
			}
		}
	}
	lam := ins("lambda$lambda$0")
	if !reflect.DeepEqual(lam[1], Instruction{Offset: 1, Opcode: OpInvokedynamic, Index: 49}) || lam[2].Offset != 6 {
		t.Errorf("invokedynamic = %+v", lam[1])
	}
	consts := ins("constants")
	if !reflect.DeepEqual(consts[0], Instruction{Offset: 0, Opcode: OpLdc2W, Index: 16}) {
		t.Errorf("ldc2_w = %+v", consts[0])
	}
	w := loadClass(t, "classes/fixture/Wide.class")
	wi, err := w.Method("many", "(J)J").Code.Instructions()
	if err != nil {
		t.Fatal(err)
	}
	// javap: 749: lstore_w 260 ... 758: iinc_w 262, 5  764: lload_w 260
	var got []Instruction
	for _, in := range wi {
		if in.Wide {
			got = append(got, in)
		}
	}
	wantWide := []Instruction{
		{Offset: 749, Opcode: OpLstore, Index: 260, Wide: true},
		{Offset: 754, Opcode: OpIstore, Index: 262, Wide: true},
		{Offset: 758, Opcode: OpIinc, Index: 262, Int: 5, Wide: true},
		{Offset: 764, Opcode: OpLload, Index: 260, Wide: true},
		{Offset: 768, Opcode: OpIload, Index: 262, Wide: true},
	}
	if len(got) < 5 || !reflect.DeepEqual(got[len(got)-5:], wantWide) {
		t.Errorf("wide tail = %+v", got[max(0, len(got)-5):])
	}
}

// code builds a Code for raw bytecode without a class around it.
func rawCode(bc ...byte) *Code { return &Code{Bytecode: bc} }

func TestInstructionsHandmade(t *testing.T) {
	for _, tc := range []struct {
		name string
		code []byte
		want []Instruction
	}{
		{"bipush/sipush sign", []byte{0x10, 0xF6, 0x11, 0x80, 0x00, 0xb1},
			[]Instruction{{Offset: 0, Opcode: OpBipush, Int: -10}, {Offset: 2, Opcode: OpSipush, Int: -32768}, {Offset: 5, Opcode: OpReturn}}},
		{"ldc", []byte{0x12, 0x07, 0x13, 0x01, 0x02, 0xb1},
			[]Instruction{{Offset: 0, Opcode: OpLdc, Index: 7}, {Offset: 2, Opcode: OpLdcW, Index: 0x102}, {Offset: 5, Opcode: OpReturn}}},
		{"backward goto", []byte{0x00, 0xa7, 0xFF, 0xFF},
			[]Instruction{{Offset: 0, Opcode: OpNop}, {Offset: 1, Opcode: OpGoto, Int: 0}}},
		{"goto_w", []byte{0xc8, 0, 0, 0, 5, 0xb1},
			[]Instruction{{Offset: 0, Opcode: OpGotoW, Int: 5}, {Offset: 5, Opcode: OpReturn}}},
		{"invokeinterface", []byte{0xb9, 0, 9, 2, 0, 0xb1},
			[]Instruction{{Offset: 0, Opcode: OpInvokeinterface, Index: 9, Int: 2}, {Offset: 5, Opcode: OpReturn}}},
		{"wide ret", []byte{0xc4, 0xa9, 0x01, 0x00},
			[]Instruction{{Offset: 0, Opcode: OpRet, Index: 256, Wide: true}}},
		// Switch at offset 3: no padding, operands at 4.
		{"tableswitch no padding", []byte{0, 0, 0, 0xaa, 0, 0, 0, 0x11, 0, 0, 0, 5, 0, 0, 0, 5, 0, 0, 0, 0x11, 0xb1},
			[]Instruction{{Offset: 0, Opcode: OpNop}, {Offset: 1, Opcode: OpNop}, {Offset: 2, Opcode: OpNop},
				{Offset: 3, Opcode: OpTableswitch, Default: 20, Keys: []int32{5}, Targets: []int{20}}, {Offset: 20, Opcode: OpReturn}}},
		{"lookupswitch 3 padding", []byte{0xab, 0, 0, 0, 0, 0, 0, 12, 0, 0, 0, 0, 0xb1},
			[]Instruction{{Offset: 0, Opcode: OpLookupswitch, Default: 12, Keys: []int32{}, Targets: []int{}}, {Offset: 12, Opcode: OpReturn}}},
	} {
		got, err := rawCode(tc.code...).Instructions()
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %+v, %v\nwant %+v", tc.name, got, err, tc.want)
		}
	}
}

func TestInstructionsBroken(t *testing.T) {
	for _, tc := range []struct {
		name string
		code []byte
	}{
		{"truncated sipush", []byte{0x11, 0x00}},
		{"truncated invokeinterface", []byte{0xb9, 0, 1, 1}},
		{"reserved opcode", []byte{0xca}},
		{"impdep", []byte{0xfe}},
		{"unassigned opcode", []byte{0xd0}},
		{"wide of nop", []byte{0xc4, 0x00}},
		{"wide at end", []byte{0xc4}},
		{"branch before start", []byte{0xa7, 0xFF, 0x00}},
		{"branch past end", []byte{0xa7, 0x00, 0x10}},
		{"tableswitch low > high", []byte{0xaa, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 1}},
		{"tableswitch huge range", []byte{0xaa, 0, 0, 0, 0, 0, 0, 0, 0x80, 0, 0, 0, 0x7F, 0xFF, 0xFF, 0xFF}},
		{"lookupswitch negative npairs", []byte{0xab, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF}},
		{"lookupswitch huge npairs", []byte{0xab, 0, 0, 0, 0, 0, 0, 0, 0x7F, 0xFF, 0xFF, 0xFF}},
		{"switch truncated in padding", []byte{0xaa, 0}},
	} {
		_, err := rawCode(tc.code...).Instructions()
		var fe *FormatError
		if !errors.As(err, &fe) {
			t.Errorf("%s: err = %v, want *FormatError", tc.name, err)
		}
	}
}

func TestWalkStops(t *testing.T) {
	n := 0
	err := rawCode(0, 0, 0, 0xca).Walk(func(*Instruction) bool { n++; return n < 2 })
	if err != nil || n != 2 {
		t.Errorf("Walk: n=%d err=%v", n, err)
	}
}

func TestOpcodeString(t *testing.T) {
	for op, want := range map[Opcode]string{OpGetstatic: "getstatic", OpNop: "nop", OpJsrW: "jsr_w", OpInvokedynamic: "invokedynamic",
		0xca: "breakpoint", 0xfe: "impdep1", 0xff: "impdep2", 0xd0: "opcode(0xd0)"} {
		if op.String() != want {
			t.Errorf("%d: %q", op, op.String())
		}
	}
}

// TestLocalVariables reads the LocalVariableTable kotlinc wrote for kinds.KCallAll; javap -l
// prints the same entries.
func TestLocalVariables(t *testing.T) {
	var c *Class
	for _, f := range classFiles(t, "../testdata/golden/kinds/kinds.jar") {
		if f.name == "kinds/KindsKt.class" {
			var err error
			if c, err = Parse(f.data); err != nil {
				t.Fatal(err)
			}
		}
	}
	m := c.Method("KCallAll", "")
	if m == nil || m.Code == nil {
		t.Fatal("no KCallAll")
	}
	vars := m.Code.LocalVariables()
	want := map[string]LocalVariable{
		"$i$a$-KInline-KindsKt$KCallAll$7": {StartPC: 1247, Length: 12, Index: 15, Name: "$i$a$-KInline-KindsKt$KCallAll$7", Descriptor: "I"},
		"$dirty":                           {StartPC: 52, Length: 1404, Index: 7, Name: "$dirty", Descriptor: "I"},
		"s":                                {StartPC: 0, Length: 1456, Index: 0, Name: "s", Descriptor: "Lkinds/KStable;"},
	}
	found := 0
	for _, v := range vars {
		if w, ok := want[v.Name]; ok {
			found++
			if v != w {
				t.Errorf("%s = %+v, want %+v", v.Name, v, w)
			}
		}
	}
	if found != len(want) || len(vars) < 30 {
		t.Errorf("found %d of %d entries among %d", found, len(want), len(vars))
	}
	// A table cut short is left out, not an error.
	short := &Code{pool: c.Pool(), localVars: [][]byte{{0, 2, 0, 0}}}
	if got := short.LocalVariables(); got != nil {
		t.Errorf("truncated table = %+v", got)
	}
}
