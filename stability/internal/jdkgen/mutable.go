package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/composestab/composestab/classfile"
)

// The mutability facts: whether the bytes of java.base show that an instance of a public class
// can change after construction, and how. The evidence is kept simple and on the side of
// silence: a cause is written only for a store the bytecode makes after construction, never
// for what a subclass or a held object might do.
//
//   - a non-final instance field (the class's own or a superclass's) that a method other than a
//     constructor stores into: Date.fastTime in setTime, AbstractStringBuilder.count in append,
//     AtomicInteger.value in set;
//   - a public non-final instance field, which any code may store into;
//   - an array held by an instance field that such a method stores into (xastore,
//     System.arraycopy, Arrays.fill, a VarHandle or Unsafe store into an element);
//   - a VarHandle or Unsafe store (set, compareAndSet, getAndAdd, putInt, …) on the instance
//     itself, in a method of the class or a superclass.
//
// What is not a change: a store into the object a constructor, clone or readObject is building
// (the receiver `this` of a constructor or of a private helper only constructors call, such as
// BasicPermission.init; an object the method made with `new` or clone(); another object in a
// clone method), a store by a subclass of the field's class on an object of its own kind or by
// a class nested in it (URI.Parser filling the URI its constructor parses), the static
// initializer's, and a lazily cached value — a field only java.base can store into that a
// method without parameters reads and then fills, as String.hashCode does with `hash` and
// BigDecimal.toString with `stringCache`. Stores are followed by a forward walk of each
// method's operand stack that knows only `this`, new objects and arrays read from fields; a
// value it loses track of is no evidence.

// mutability holds what every method of the module stores into.
type mutability struct {
	classes map[string]*classfile.Class
	// fields are the instance fields each class declares, by name.
	fields map[string]map[string]classfile.Field
	// writes are the stores into each declared instance field ("owner.name"), in class order.
	writes map[string][]store
	// handles are the VarHandle or Unsafe stores on `this` in each class's methods.
	handles map[string][]store
	// calls are the callers of each method ("owner.name(desc)") that call it on their own
	// `this`, escaped the methods called otherwise (on another object, or through a method
	// handle): the facts that tell the private helpers only constructors call.
	calls   map[string][]string
	escaped map[string]bool
	// helpers are the private methods only constructors (and other such helpers) call on
	// their `this`: BasicPermission.init, FilePermission.init. Their stores build the object.
	helpers map[string]bool
}

// store is one method that changes a field, an array a field holds, or its own instance.
type store struct {
	class, method string
	// key is the method as "owner.name(desc)"; api tells that it is public or protected.
	key string
	api bool
	// onThis tells that the receiver is the method's `this`: only instances of the method's
	// class (and its subclasses) change.
	onThis bool
	// array tells that the store is into the array the field holds; via names the VarHandle or
	// Unsafe used ("" for a plain store).
	array bool
	via   string
}

func newMutability(classes map[string]*classfile.Class) *mutability {
	mu := &mutability{classes: classes, fields: map[string]map[string]classfile.Field{},
		writes: map[string][]store{}, handles: map[string][]store{}, calls: map[string][]string{},
		escaped: map[string]bool{}, helpers: map[string]bool{}}
	names := make([]string, 0, len(classes))
	for n, c := range classes {
		names = append(names, n)
		fs := map[string]classfile.Field{}
		for _, f := range c.Fields() {
			if f.Access&classfile.AccStatic == 0 {
				fs[f.Name] = f
			}
		}
		mu.fields[n] = fs
	}
	sort.Strings(names)
	for _, n := range names {
		c := classes[n]
		for _, m := range c.Methods() {
			if m.Code != nil {
				mu.walk(c, m)
			}
		}
		pool := c.Pool()
		for i := 1; i < pool.Len(); i++ {
			if pool.Tag(uint16(i)) != classfile.TagMethodHandle {
				continue
			}
			if k, err := pool.Constant(uint16(i)); err == nil {
				if h, ok := k.(classfile.MethodHandle); ok {
					mu.escaped[h.Ref.Owner+"."+h.Ref.Name+h.Ref.Descriptor] = true
				}
			}
		}
	}
	mu.findHelpers()
	return mu
}

// findHelpers finds the private methods that only build objects: called on `this`, and only by
// constructors, the serialization hooks and other such methods.
func (mu *mutability) findHelpers() {
	for n, c := range mu.classes {
		for _, m := range c.Methods() {
			key := n + "." + m.Name + m.Descriptor
			if m.Access&classfile.AccPrivate != 0 && m.Access&classfile.AccStatic == 0 && !constructing(m) &&
				len(mu.calls[key]) > 0 && !mu.escaped[key] {
				mu.helpers[key] = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for key := range mu.helpers {
			for _, caller := range mu.calls[key] {
				if caller != "" && !mu.helpers[caller] {
					delete(mu.helpers, key)
					changed = true
					break
				}
			}
		}
	}
}

// resolve finds the class that declares the instance field name that a reference through owner
// means (JVMS §5.4.3.2, superclasses only: interfaces hold no instance fields); "" if unknown.
func (mu *mutability) resolve(owner, name string) string {
	for seen := 0; owner != "" && seen < 64; seen++ {
		if _, ok := mu.fields[owner][name]; ok {
			return owner
		}
		c := mu.classes[owner]
		if c == nil {
			return ""
		}
		owner = c.SuperName()
	}
	return ""
}

// value is what the walk knows of one operand-stack value.
type value struct {
	kind byte
	// field is the field ("owner.name") whose array a valArray is, onThis whether it was read
	// from `this`.
	field  string
	onThis bool
}

const (
	valOther byte = iota // a value, nothing known of it
	valLost              // the walk lost track: no evidence either way
	valThis              // the method's `this`
	valFresh             // an object the method made: new, clone()
	valArray             // the array a field holds
)

// Mutating VarHandle access modes and Unsafe methods: every store, compare-and-set and
// get-and-update.
var handleOwners = map[string]string{
	"java/lang/invoke/VarHandle": "a VarHandle",
	"jdk/internal/misc/Unsafe":   "Unsafe",
	"sun/misc/Unsafe":            "Unsafe",
}

func mutatingHandle(name string) bool {
	for _, p := range []string{"set", "put", "compareAndSet", "compareAndExchange", "weakCompareAndSet", "getAndSet",
		"getAndAdd", "getAndBitwise", "getAndIncrement", "getAndDecrement", "swap", "cas"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// constructing reports a method that builds its object: a constructor, and the serialization
// hooks that fill a new instance.
func constructing(m classfile.Method) bool {
	switch m.Name {
	case "<init>":
		return true
	case "readObject", "readObjectNoData":
		return m.Access&classfile.AccPrivate != 0
	}
	return false
}

// walk follows one method's operand stack forward, recording its stores.
func (mu *mutability) walk(c *classfile.Class, m classfile.Method) {
	pool := c.Pool()
	insns, err := m.Code.Instructions()
	if err != nil {
		return
	}
	static := m.Access&classfile.AccStatic != 0
	if m.Name == "<clinit>" {
		return // the class's own static set-up: no instance of it is out yet
	}
	building := constructing(m)
	self := c.Name() + "." + m.Name + m.Descriptor
	api := m.Access&(classfile.AccPublic|classfile.AccProtected) != 0
	params, ret, _ := classfile.ParseMethodDescriptor(m.Descriptor)
	// getter is a method that may fill a lazily cached field: no parameters, a result.
	getter := !static && len(params) == 0 && ret != "V"
	read := map[string]bool{} // fields read from `this` so far
	locals := map[uint16]value{}
	if !static {
		locals[0] = value{kind: valThis}
	}
	var stack []value
	pending := map[int][]value{} // the stack at a jump target, as the first jump there left it
	pop := func(n int) []value {
		out := make([]value, n)
		for i := n - 1; i >= 0; i-- {
			if len(stack) == 0 {
				out[i] = value{kind: valLost}
				continue
			}
			out[i] = stack[len(stack)-1]
			stack = stack[:len(stack)-1]
		}
		return out
	}
	push := func(v ...value) { stack = append(stack, v...) }
	jump := func(target int) {
		if _, ok := pending[target]; !ok {
			pending[target] = append([]value(nil), stack...)
		}
	}
	// copying is a clone method: a store on another object fills the copy.
	copying := m.Name == "clone"
	record := func(field string, s store) {
		s.class, s.method, s.key, s.api = c.Name(), m.Name, self, api
		mu.writes[field] = append(mu.writes[field], s)
	}
	arrayStore := func(arr value) {
		if arr.kind == valArray && !building && !(copying && !arr.onThis) {
			record(arr.field, store{onThis: arr.onThis, array: true})
		}
	}
	fallsThrough := true
	for i := range insns {
		in := &insns[i]
		if !fallsThrough {
			stack = append(stack[:0], pending[in.Offset]...)
		}
		op := in.Opcode
		fallsThrough = op.FallsThrough()
		switch {
		case op.IsBranch():
			eff, _ := pool.StackEffect(in)
			pop(eff.Pops)
			jump(int(in.Int))
			continue
		case op == classfile.OpTableswitch || op == classfile.OpLookupswitch:
			pop(1)
			jump(in.Default)
			for _, t := range in.Targets {
				jump(t)
			}
			continue
		}
		switch op {
		case classfile.OpAload:
			push(locals[in.Index])
		case classfile.OpAload0, classfile.OpAload0 + 1, classfile.OpAload0 + 2, classfile.OpAload0 + 3:
			push(locals[uint16(op-classfile.OpAload0)])
		case classfile.OpAstore:
			locals[in.Index] = pop(1)[0]
		case classfile.OpAstore0, classfile.OpAstore0 + 1, classfile.OpAstore0 + 2, classfile.OpAstore0 + 3:
			locals[uint16(op-classfile.OpAstore0)] = pop(1)[0]
		case classfile.OpNew:
			push(value{kind: valFresh})
		case classfile.OpDup:
			v := pop(1)[0]
			push(v, v)
		case classfile.OpDupX1:
			v := pop(2)
			push(v[1], v[0], v[1])
		case classfile.OpSwap:
			v := pop(2)
			push(v[1], v[0])
		case classfile.OpCheckcast:
			// The same object.
		case classfile.OpGetfield:
			recv := pop(1)[0]
			ref, err := pool.MemberRef(in.Index)
			if err != nil {
				push(value{kind: valOther})
				break
			}
			decl := mu.resolve(ref.Owner, ref.Name)
			key := decl + "." + ref.Name
			if recv.kind == valThis {
				read[key] = true
			}
			if decl != "" && strings.HasPrefix(ref.Descriptor, "[") && (recv.kind == valThis || recv.kind == valOther) {
				push(value{kind: valArray, field: key, onThis: recv.kind == valThis})
			} else {
				push(value{kind: valOther})
			}
		case classfile.OpPutfield:
			v := pop(2)
			recv := v[0]
			ref, err := pool.MemberRef(in.Index)
			if err != nil {
				break
			}
			decl := mu.resolve(ref.Owner, ref.Name)
			key := decl + "." + ref.Name
			switch {
			case decl == "", recv.kind == valFresh, recv.kind == valLost:
			case recv.kind == valThis && building, recv.kind != valThis && copying:
			case recv.kind == valThis && getter && read[key] &&
				mu.fields[decl][ref.Name].Access&(classfile.AccPublic|classfile.AccProtected) == 0:
				// A lazily cached value that only java.base can store: read, then filled.
			default:
				record(key, store{onThis: recv.kind == valThis})
			}
		case classfile.OpIastore, classfile.OpIastore + 1, classfile.OpIastore + 2, classfile.OpIastore + 3,
			classfile.OpIastore + 4, classfile.OpIastore + 5, classfile.OpIastore + 6, classfile.OpSastore:
			arrayStore(pop(3)[0])
		case classfile.OpInvokevirtual, classfile.OpInvokespecial, classfile.OpInvokestatic, classfile.OpInvokeinterface:
			eff, ok := pool.StackEffect(in)
			ref, err := pool.MemberRef(in.Index)
			if !ok || err != nil {
				stack = stack[:0]
				break
			}
			args := pop(eff.Pops)
			first := 0 // the first argument after the receiver
			if op != classfile.OpInvokestatic {
				first = 1
				if ref.Owner == c.Name() {
					callee := ref.Owner + "." + ref.Name + ref.Descriptor
					if args[0].kind == valThis && !static {
						caller := self
						if building {
							caller = ""
						}
						mu.calls[callee] = append(mu.calls[callee], caller)
					} else {
						mu.escaped[callee] = true
					}
				}
			}
			switch {
			case ref.Owner == "java/lang/System" && ref.Name == "arraycopy" && len(args) == 5:
				arrayStore(args[2])
			case ref.Owner == "java/util/Arrays" && (ref.Name == "fill" || ref.Name == "sort" || ref.Name == "setAll" ||
				strings.HasPrefix(ref.Name, "parallel")) && len(args) > 0:
				arrayStore(args[0])
			case handleOwners[ref.Owner] != "" && mutatingHandle(ref.Name) && len(args) > first:
				target := args[first]
				switch {
				case building:
				case target.kind == valThis:
					mu.handles[c.Name()] = append(mu.handles[c.Name()], store{class: c.Name(), method: m.Name, key: self, api: api,
						onThis: true, via: handleOwners[ref.Owner]})
				case target.kind == valArray:
					record(target.field, store{onThis: target.onThis, array: true, via: handleOwners[ref.Owner]})
				}
			}
			if eff.Pushes > 0 {
				if ref.Name == "clone" && strings.HasPrefix(ref.Descriptor, "()") {
					push(value{kind: valFresh})
				} else {
					push(value{kind: valOther})
				}
			}
		default:
			eff, ok := pool.StackEffect(in)
			if !ok {
				stack = stack[:0] // the pop2 and dup2 family, returns, throws
				break
			}
			pop(eff.Pops)
			for range eff.Pushes {
				push(value{kind: valOther})
			}
		}
	}
}

// chain is a class and its superclasses, up to java.lang.Object.
func (mu *mutability) chain(name string) []string {
	var out []string
	for name != "" && len(out) < 64 {
		out = append(out, name)
		c := mu.classes[name]
		if c == nil {
			break
		}
		name = c.SuperName()
	}
	return out
}

// extends reports whether class sub has super among its superclasses.
func (mu *mutability) extends(sub, super string) bool {
	for _, k := range mu.chain(sub)[1:] {
		if k == super {
			return true
		}
	}
	return false
}

// cause says how an instance of the class changes after construction, "" when nothing in the
// bytes shows it: a field of its own or of a superclass that a method stores into, a public
// non-final field, an array a field holds that a method stores into, or a VarHandle or Unsafe
// store on the instance.
func (mu *mutability) cause(name string) string {
	chain := mu.chain(name)
	in := map[string]bool{}
	for _, k := range chain {
		in[k] = true
	}
	// applies keeps the stores into a field of k that can change an instance of the class:
	// those in a method of the class or a superclass (not a helper only constructors call),
	// and those on another object by a class that is neither a subclass of k (a store on its
	// own kind) nor nested in k (the parser a constructor hands its object to, such as
	// URI.Parser). The stores of the class's own API come first.
	applies := func(k string, ss []store) []store {
		var out []store
		for _, s := range ss {
			switch {
			case s.onThis && mu.helpers[s.key]:
				continue
			case in[s.class]:
			case s.onThis, strings.HasPrefix(s.class, k+"$"), mu.extends(s.class, k):
				continue
			}
			out = append(out, s)
		}
		sort.SliceStable(out, func(i, j int) bool {
			return rank(in, out[i]) < rank(in, out[j])
		})
		return out
	}
	// named names the methods of stores: only the class's public or protected ones when it
	// has any.
	named := func(ss []store) string {
		api := 0
		for api < len(ss) && rank(in, ss[api]) == 0 {
			api++
		}
		if api > 0 {
			return methods(name, ss[:api], api < len(ss))
		}
		return methods(name, ss, false)
	}
	// The cause told is the one the most public or protected methods of the class and its
	// superclasses show (ArrayList's `size`, written in add, remove, clear, …), the first
	// found on a tie.
	best, bestAPI := "", -1
	found := func(ss []store, format string, args ...any) {
		api := map[string]bool{}
		for _, s := range ss {
			if rank(in, s) == 0 {
				api[s.class+"."+s.method] = true
			}
		}
		if len(api) > bestAPI {
			best, bestAPI = fmt.Sprintf(format, args...), len(api)
		}
	}
	for _, k := range chain {
		c := mu.classes[k]
		if c == nil {
			continue
		}
		of := ""
		if k != name {
			of = " (of " + dotted(k) + ")"
		}
		for _, f := range c.Fields() {
			if f.Access&classfile.AccStatic != 0 {
				continue
			}
			var plain, array []store
			for _, s := range applies(k, mu.writes[k+"."+f.Name]) {
				if s.array {
					array = append(array, s)
				} else {
					plain = append(plain, s)
				}
			}
			final := f.Access&classfile.AccFinal != 0
			switch {
			case !final && len(plain) > 0:
				found(plain, "non-final field `%s`%s written in %s", f.Name, of, named(plain))
			case !final && f.Access&classfile.AccPublic != 0:
				found([]store{{api: true, class: name}}, "public non-final field `%s`%s, which any code may write", f.Name, of)
			case len(array) > 0:
				found(array, "%sarray field `%s`%s written into by %s", finalWord(final), f.Name, of, named(array))
			}
		}
	}
	for _, k := range chain {
		if best != "" {
			break // a field tells more than a handle does
		}
		if ss := applies(k, mu.handles[k]); len(ss) > 0 {
			of := ""
			if k != name {
				of = " (of " + dotted(k) + ")"
			}
			found(ss, "instance changed through %s%s in %s", ss[0].via, of, named(ss))
		}
	}
	return best
}

// rank orders stores for the message: the public or protected methods of the class and its
// superclasses, their other methods, then other classes' methods.
func rank(chain map[string]bool, s store) int {
	switch {
	case chain[s.class] && s.api:
		return 0
	case chain[s.class]:
		return 1
	}
	return 2
}

func finalWord(final bool) string {
	if final {
		return "final "
	}
	return ""
}

// methods names up to three methods of stores, each once: setTime, or
// AbstractStringBuilder.append for a method of another class than the one judged; "…" ends a
// longer list, or one that more says was cut.
func methods(class string, ss []store, more bool) string {
	var names []string
	seen := map[string]bool{}
	for _, s := range ss {
		n := s.method
		switch {
		case n == "<init>" && s.class != class:
			n = "a constructor of " + simpleName(s.class)
		case n == "<init>":
			n = "a constructor"
		case s.class != class:
			n = simpleName(s.class) + "." + n
		}
		if !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	if len(names) > 3 {
		names, more = names[:3], true
	}
	if more {
		names = append(names, "…")
	}
	return strings.Join(names, ", ")
}

func simpleName(jvm string) string {
	return strings.ReplaceAll(jvm[strings.LastIndexByte(jvm, '/')+1:], "$", ".")
}

func dotted(jvm string) string {
	return strings.NewReplacer("/", ".", "$", ".").Replace(jvm)
}
