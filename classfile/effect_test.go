package classfile

import (
	"path/filepath"
	"testing"
)

func TestStackEffectTable(t *testing.T) {
	tests := []struct {
		in   Instruction
		want StackEffect
		ok   bool
	}{
		{Instruction{Opcode: OpIconst0}, StackEffect{0, 1}, true},
		{Instruction{Opcode: OpLdc2W}, StackEffect{0, 1}, true}, // a long is one value
		{Instruction{Opcode: OpAaload}, StackEffect{2, 1}, true},
		{Instruction{Opcode: OpLastore}, StackEffect{3, 0}, true},
		{Instruction{Opcode: OpDupX1}, StackEffect{2, 3}, true},
		{Instruction{Opcode: OpLneg}, StackEffect{1, 1}, true},
		{Instruction{Opcode: OpLshl}, StackEffect{2, 1}, true},
		{Instruction{Opcode: OpIfIcmplt}, StackEffect{2, 0}, true},
		{Instruction{Opcode: OpMultianewarray, Int: 3}, StackEffect{3, 1}, true},
		{Instruction{Opcode: OpIinc}, StackEffect{0, 0}, true},
		{Instruction{Opcode: OpDup2}, StackEffect{}, false}, // depends on value categories
		{Instruction{Opcode: OpPop2}, StackEffect{}, false},
		{Instruction{Opcode: OpJsr}, StackEffect{}, false},
		{Instruction{Opcode: OpAreturn}, StackEffect{}, false},
		{Instruction{Opcode: OpInvokestatic, Index: 0}, StackEffect{}, false}, // no such constant
	}
	var p ConstantPool
	for _, tt := range tests {
		got, ok := p.StackEffect(&tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%s: got %+v, %v; want %+v, %v", tt.in.Opcode, got, ok, tt.want, tt.ok)
		}
	}
}

// TestStackEffectCompiled checks the table against what javac and kotlinc wrote: in a method
// without branches, switches or handlers, the values the instructions before the final return
// leave on the stack are exactly the one it returns (none for void).
func TestStackEffectCompiled(t *testing.T) {
	checked := 0
	for _, jar := range []string{"lib1/lib1.jar", "lib2/lib2.jar", "javalib/javalib.jar", "kinds/kinds.jar", "app/app.jar"} {
		for _, f := range classFiles(t, filepath.Join("..", "testdata", "golden", jar)) {
			c, err := Parse(f.data)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range c.Methods() {
				if m.Code == nil || len(m.Code.ExceptionTable) > 0 {
					continue
				}
				insns, err := m.Code.Instructions()
				if err != nil || len(insns) == 0 {
					continue
				}
				last := insns[len(insns)-1].Opcode
				if last < OpIreturn || last > OpReturn {
					continue
				}
				depth, straight := 0, true
				for i := range insns[:len(insns)-1] {
					op := insns[i].Opcode
					eff, ok := c.Pool().StackEffect(&insns[i])
					if !ok || op.IsBranch() || !op.FallsThrough() {
						straight = false
						break
					}
					depth += eff.Pushes - eff.Pops
					if depth < 0 {
						t.Fatalf("%s.%s%s: stack underflow at %d", c.Name(), m.Name, m.Descriptor, insns[i].Offset)
					}
				}
				if !straight {
					continue
				}
				want := 1
				if last == OpReturn {
					want = 0
				}
				if depth != want {
					t.Errorf("%s.%s%s: %d values before %s, want %d", c.Name(), m.Name, m.Descriptor, depth, last, want)
				}
				checked++
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d straight-line methods checked", checked)
	}
	t.Logf("%d straight-line methods checked", checked)
}
