package classfile

// FieldWrites is what a class's own bytecode does to its own fields: the facts a check of a
// stability claim needs ("is this field ever reassigned after construction?").
type FieldWrites struct {
	// After lists, per field, the methods other than constructors and the static initializer
	// that store into it, in method order, each once.
	After map[string][]string
	// Open are the fields that are neither private nor final, so other classes may store into
	// them.
	Open map[string]bool
	// InitCalls lists, per field, the owners of the methods whose result a constructor or the
	// static initializer stores into it (through dup, swap or checkcast): what the field is
	// initialised from, such as a Compose runtime factory.
	InitCalls map[string][]string
}

// FieldWrites walks every method of c for the stores into c's own fields. An object's
// properties are static fields set up by <clinit>, so it counts as a constructor. The error is
// the first method whose code cannot be decoded; the facts of the others are still there.
func (c *Class) FieldWrites() (*FieldWrites, error) {
	w := &FieldWrites{After: map[string][]string{}, Open: map[string]bool{}, InitCalls: map[string][]string{}}
	for _, f := range c.Fields() {
		if f.Access&(AccPrivate|AccFinal) == 0 {
			w.Open[f.Name] = true
		}
	}
	pool := c.Pool()
	self := c.Name()
	var first error
	for _, m := range c.Methods() {
		if m.Code == nil {
			continue
		}
		ctor := m.Name == "<init>" || m.Name == "<clinit>"
		lastCall := ""
		err := m.Code.Walk(func(in *Instruction) bool {
			switch in.Opcode {
			case OpInvokestatic, OpInvokevirtual, OpInvokespecial, OpInvokeinterface:
				if ref, err := pool.MemberRef(in.Index); err == nil {
					lastCall = ref.Owner
				}
			case OpCheckcast, OpDup, OpSwap:
				// Keep the call's result on its way to the store.
			case OpPutfield, OpPutstatic:
				ref, err := pool.MemberRef(in.Index)
				if err == nil && ref.Owner == self {
					switch {
					case !ctor:
						if ms := w.After[ref.Name]; len(ms) == 0 || ms[len(ms)-1] != m.Name {
							w.After[ref.Name] = append(ms, m.Name)
						}
					case lastCall != "":
						w.InitCalls[ref.Name] = append(w.InitCalls[ref.Name], lastCall)
					}
				}
				lastCall = ""
			default:
				lastCall = ""
			}
			return true
		})
		if err != nil && first == nil {
			first = err
		}
	}
	return w, first
}
