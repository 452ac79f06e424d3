// Package evaluate simulates what the JVM computes for the Compose compiler's $stable fields,
// across a whole classpath, and what a call site computes for a concrete instantiation.
//
// A class's $stable comes from its bytecode: a ConstantValue attribute if there is one, otherwise
// what <clinit> stores there on the paths the JVM can take through it (flow.go). The value is
// built from int constants, static int field reads (other classes' $stable) and int arithmetic;
// a value computed otherwise, or paths that store different values, are reported as not
// simulable, never guessed. Reads of another class's $stable are followed through the classpath, with the
// JVM's initialization semantics: a class still being initialized reads as 0.
package evaluate

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/classfile"
)

// StableField is the name of the field the Compose compiler adds to every class it processes.
const StableField = "$stable"

// Expr is a $stable initializer as an expression.
type Expr interface {
	String() string
	isExpr()
}

// Const is an int constant.
type Const struct{ Value int32 }

// Ref reads a static int field, normally another class's $stable.
type Ref struct {
	Class string // internal JVM name
	Field string
}

// Op is a binary int operation; Op is the Kotlin-style operator ("|", "&", "^", "<<", ">>",
// ">>>", "+", "-", "*").
type Op struct {
	Op   string
	X, Y Expr
}

func (Const) isExpr() {}
func (Ref) isExpr()   {}
func (Op) isExpr()    {}

func (c Const) String() string { return strconv.Itoa(int(c.Value)) }
func (r Ref) String() string {
	return simpleName(r.Class) + "." + r.Field
}

// String renders the expression with its operands in parentheses. One with more than
// maxRenderedTerms operands drops the parentheses of chains of one associative operator
// ("a | b | c") and stops after maxRenderedTerms operands or maxRenderedBytes bytes with
// "…(N more)", so that a huge initializer costs neither quadratic time nor memory to print.
func (o Op) String() string {
	w := exprWriter{flat: !fewerTerms(o, maxRenderedTerms)}
	w.op(o)
	return w.finish()
}

// Bounds of Op.String.
const (
	maxRenderedTerms = 64
	maxRenderedBytes = 4096
	maxCountedNodes  = 1 << 20 // nodes counted for "N more"; beyond, "N+ more"
)

// exprWriter renders an Op within the bounds; once full it only counts the operands left out.
type exprWriter struct {
	b      strings.Builder
	flat   bool
	terms  int
	full   bool
	more   int
	visits int
}

func (w *exprWriter) write(s string) {
	if !w.full {
		w.b.WriteString(s)
	}
}

func (w *exprWriter) op(o Op) {
	if w.full {
		w.skip(o)
		return
	}
	if !w.flat || !associative[o.Op] {
		w.operand(o.X)
		w.write(" " + o.Op + " ")
		w.operand(o.Y)
		return
	}
	// The chain's operands, left to right, without recursing down a long spine.
	first := true
	pending := []Expr{o}
	for len(pending) > 0 {
		x := pending[len(pending)-1]
		pending = pending[:len(pending)-1]
		if w.full {
			w.skip(x)
			continue
		}
		if y, ok := x.(Op); ok && y.Op == o.Op {
			pending = append(pending, y.Y, y.X)
			continue
		}
		if !first {
			w.write(" " + o.Op + " ")
		}
		first = false
		w.operand(x)
	}
}

func (w *exprWriter) operand(x Expr) {
	if w.full {
		w.skip(x)
		return
	}
	if y, ok := x.(Op); ok {
		w.write("(")
		w.op(y)
		w.write(")")
		return
	}
	if w.terms >= maxRenderedTerms || w.b.Len() >= maxRenderedBytes {
		w.full = true
		w.skip(x)
		return
	}
	w.terms++
	w.b.WriteString(x.String())
}

// skip counts the operands of x, up to maxCountedNodes nodes in all.
func (w *exprWriter) skip(x Expr) {
	pending := []Expr{x}
	for len(pending) > 0 && w.visits < maxCountedNodes {
		w.visits++
		x := pending[len(pending)-1]
		pending = pending[:len(pending)-1]
		if y, ok := x.(Op); ok {
			pending = append(pending, y.X, y.Y)
		} else {
			w.more++
		}
	}
}

func (w *exprWriter) finish() string {
	switch {
	case w.visits >= maxCountedNodes:
		w.b.WriteString("…(" + strconv.Itoa(w.more) + "+ more)")
	case w.more > 0:
		w.b.WriteString("…(" + strconv.Itoa(w.more) + " more)")
	}
	return w.b.String()
}

// fewerTerms reports whether x has at most n operands, looking at no more than it must.
func fewerTerms(x Expr, n int) bool {
	pending := []Expr{x}
	for len(pending) > 0 {
		x := pending[len(pending)-1]
		pending = pending[:len(pending)-1]
		if y, ok := x.(Op); ok {
			pending = append(pending, y.Y, y.X)
			continue
		}
		if n--; n < 0 {
			return false
		}
	}
	return true
}

// associative are the operators whose chains read the same without parentheses.
var associative = map[string]bool{"|": true, "&": true, "^": true, "+": true, "*": true}

func simpleName(internal string) string {
	if i := strings.LastIndexAny(internal, "/$"); i >= 0 {
		return internal[i+1:]
	}
	return internal
}

// Source says where a $stable value came from.
type Source string

// Sources of a $stable value.
const (
	SourceConstantValue Source = "ConstantValue" // the field's ConstantValue attribute
	SourceClinit        Source = "<clinit>"      // a putstatic in the static initializer
	SourceDefault       Source = "default"       // no store at all: the JVM's default 0
)

// Value is the simulated $stable of one class, with how it was computed.
type Value struct {
	// Class is the internal JVM name; Input and Entry locate its class file.
	Class, Input, Entry string
	// Value is what the JVM would hold in $stable; meaningful only when Err is nil.
	Value  int32
	Source Source
	// Expr is the initializer; nil for SourceDefault.
	Expr Expr
	// Deps are the values of the fields Expr reads, in the order it reads them.
	Deps []*Value
	// InProgress is set on a dependency that was still being initialized when it was read (an
	// initialization cycle): the JVM hands out the default 0 then.
	InProgress bool
	// Err is why the value cannot be computed: a missing class or field, an unsimulable
	// initializer, an unreadable class file.
	Err error

	// orderDependent marks a value that read a class still being initialized, directly or
	// through a dependency, so it holds only for this initialization order.
	orderDependent bool
}

// MissingClassError is a $stable read of a class that is not on the classpath; the JVM throws
// NoClassDefFoundError there.
type MissingClassError struct {
	Class string // the class that is missing
	From  string // the class whose initializer reads it
}

func (e *MissingClassError) Error() string {
	return fmt.Sprintf("%s: reads %s.$stable, but %s is not on the classpath", e.From, e.Class, e.Class)
}

// MissingFieldError is a read of a static field that the class does not have; the JVM throws
// NoSuchFieldError there.
type MissingFieldError struct {
	Class, Field, From string
}

func (e *MissingFieldError) Error() string {
	return fmt.Sprintf("%s: reads %s.%s, but %s has no such field", e.From, e.Class, e.Field, e.Class)
}

// NotSimulableError is an initializer outside what the evaluator interprets: a value computed
// otherwise than from int constants, static int fields and int arithmetic, paths through
// <clinit> that store different values, or control flow it cannot follow within its bounds.
type NotSimulableError struct {
	Class, Input, Entry string
	Offset              int
	Reason              string
}

func (e *NotSimulableError) Error() string {
	loc := e.Input
	if e.Entry != "" {
		loc += "!" + e.Entry
	}
	return fmt.Sprintf("%s (%s): $stable initializer not simulable at offset %d: %s", e.Class, loc, e.Offset, e.Reason)
}

// InitFailsError is a class whose static initializer always throws, so the JVM never gives it a
// $stable value (ExceptionInInitializerError, then NoClassDefFoundError).
type InitFailsError struct {
	Class  string
	Offset int
}

func (e *InitFailsError) Error() string {
	return fmt.Sprintf("%s: <clinit> always throws (athrow at offset %d): the class cannot be initialized", e.Class, e.Offset)
}

// NoStableFieldError is a request for a class that has no $stable field.
type NoStableFieldError struct{ Class string }

func (e *NoStableFieldError) Error() string { return e.Class + " has no $stable field" }

// Evaluator computes $stable values over a classpath. It memoizes values that do not depend on
// the initialization order and is safe for concurrent use.
type Evaluator struct {
	cp *archive.Classpath

	mu    sync.Mutex
	inits map[string]*initializer // parsed initializers by class
	clean map[string]*Value       // order-independent values
}

// New returns an evaluator over cp.
func New(cp *archive.Classpath) *Evaluator {
	return &Evaluator{cp: cp, inits: map[string]*initializer{}, clean: map[string]*Value{}}
}

// initializer is the static part of a class's $stable: where it comes from and what it reads.
type initializer struct {
	class, input, entry string
	hasField            bool
	super               string
	source              Source
	expr                Expr
	err                 error
}

// Stable returns the $stable of class as the JVM computes it when class is the first of its
// initialization cycle to be initialized (as with a fresh class loader).
func (ev *Evaluator) Stable(class string) *Value {
	ev.mu.Lock()
	v, ok := ev.clean[class]
	ev.mu.Unlock()
	if ok {
		return v
	}
	r := &run{ev: ev, state: map[string]*Value{}}
	return r.initialize(class, class)
}

// Initialize simulates the JVM initializing first in a fresh class loader and returns the $stable
// values of every class that initialization initialized, by class name. This is how the values
// of an initialization cycle depend on which class is touched first.
func (ev *Evaluator) Initialize(first string) map[string]*Value {
	r := &run{ev: ev, state: map[string]*Value{}}
	r.initialize(first, first)
	return r.state
}

// run is one initialization sequence: the classes initialized so far and those in progress.
type run struct {
	ev    *Evaluator
	state map[string]*Value // finished, or in progress (then Value is still being built)
	busy  map[string]bool
	dirty bool // some read hit an in-progress class, so values are order-dependent
}

func (r *run) initialize(class, from string) *Value {
	if v, ok := r.state[class]; ok {
		if r.busy[class] {
			r.dirty = true
			return &Value{Class: class, Input: v.Input, Entry: v.Entry, Source: v.Source, InProgress: true}
		}
		if v.orderDependent {
			r.dirty = true
		}
		return v
	}
	init := r.ev.initializer(class)
	if init == nil {
		return &Value{Class: class, Err: &MissingClassError{Class: class, From: from}}
	}
	v := &Value{Class: class, Input: init.input, Entry: init.entry, Source: init.source, Expr: init.expr}
	r.state[class] = v
	if r.busy == nil {
		r.busy = map[string]bool{}
	}
	r.busy[class] = true
	// The JVM initializes the superclass first; only its effect on cycles matters here.
	if init.super != "" {
		if _, done := r.state[init.super]; !done && r.ev.initializer(init.super) != nil {
			r.initialize(init.super, class)
		}
	}
	wasDirty := r.dirty
	r.dirty = false
	switch {
	case init.err != nil:
		v.Err = init.err
	case !init.hasField:
		v.Err = &NoStableFieldError{Class: class}
	case init.expr != nil:
		v.Value, v.Err = r.eval(v, init.expr)
	}
	delete(r.busy, class)
	v.orderDependent = r.dirty
	if !r.dirty && v.Err == nil {
		r.ev.mu.Lock()
		r.ev.clean[class] = v
		r.ev.mu.Unlock()
	}
	r.dirty = r.dirty || wasDirty
	return v
}

func (r *run) eval(v *Value, x Expr) (int32, error) {
	switch x := x.(type) {
	case Const:
		return x.Value, nil
	case Ref:
		if x.Field != StableField {
			return r.staticConstant(v.Class, x)
		}
		dep := r.initialize(x.Class, v.Class)
		v.Deps = append(v.Deps, dep)
		if dep.InProgress {
			return 0, nil
		}
		if dep.Err != nil {
			var nf *NoStableFieldError
			if errors.As(dep.Err, &nf) {
				return 0, &MissingFieldError{Class: x.Class, Field: x.Field, From: v.Class}
			}
			return 0, dep.Err
		}
		return dep.Value, nil
	case Op:
		// Both sides are evaluated even after an error, so that Deps names every class a
		// failing initializer needs (the JVM would stop at the first); the first error wins.
		a, errA := r.eval(v, x.X)
		b, errB := r.eval(v, x.Y)
		if errA != nil {
			return 0, errA
		}
		if errB != nil {
			return 0, errB
		}
		return apply(x.Op, a, b), nil
	}
	return 0, fmt.Errorf("unknown expression %T", x)
}

// staticConstant reads a static int field other than $stable; only a ConstantValue is trusted.
func (r *run) staticConstant(from string, ref Ref) (int32, error) {
	c, err := r.ev.cp.Class(ref.Class)
	if err != nil {
		return 0, &MissingClassError{Class: ref.Class, From: from}
	}
	f := c.Field(ref.Field)
	if f == nil {
		return 0, &MissingFieldError{Class: ref.Class, Field: ref.Field, From: from}
	}
	if n, ok := f.ConstantValue.(int32); ok {
		return n, nil
	}
	return 0, &NotSimulableError{Class: from, Reason: "reads " + ref.String() + ", which has no constant value"}
}

func apply(op string, a, b int32) int32 {
	switch op {
	case "|":
		return a | b
	case "&":
		return a & b
	case "^":
		return a ^ b
	case "<<":
		return a << (b & 31)
	case ">>":
		return a >> (b & 31)
	case ">>>":
		return int32(uint32(a) >> (b & 31))
	case "+":
		return a + b
	case "-":
		return a - b
	case "*":
		return a * b
	}
	return 0
}

// initializer parses (once) how class computes $stable; nil when the class is not on the
// classpath.
func (ev *Evaluator) initializer(class string) *initializer {
	ev.mu.Lock()
	init, ok := ev.inits[class]
	ev.mu.Unlock()
	if ok {
		return init
	}
	e := ev.cp.Lookup(class)
	if e == nil {
		ev.mu.Lock()
		ev.inits[class] = nil
		ev.mu.Unlock()
		return nil
	}
	init = &initializer{class: class, input: e.Input, entry: e.Name}
	c, err := ev.cp.Class(class)
	if err != nil {
		init.err = err
	} else {
		readInitializer(c, init)
	}
	ev.mu.Lock()
	ev.inits[class] = init
	ev.mu.Unlock()
	return init
}

func readInitializer(c *classfile.Class, init *initializer) {
	init.super = c.SuperName()
	f := c.Field(StableField)
	if f == nil || f.Access&classfile.AccStatic == 0 {
		return
	}
	init.hasField = true
	init.source = SourceDefault
	if f.ConstantValue != nil {
		n, ok := f.ConstantValue.(int32)
		if !ok {
			init.err = &NotSimulableError{Class: init.class, Input: init.input, Entry: init.entry, Reason: fmt.Sprintf("ConstantValue of type %T", f.ConstantValue)}
			return
		}
		init.source, init.expr = SourceConstantValue, Const{Value: n}
		return
	}
	m := c.Method("<clinit>", "()V")
	if m == nil || m.Code == nil {
		return
	}
	expr, err := clinitStore(c, m.Code)
	if err != nil {
		switch e := err.(type) {
		case *NotSimulableError:
			e.Class, e.Input, e.Entry = init.class, init.input, init.entry
		case *InitFailsError:
			e.Class = init.class
		}
		init.err = err
		return
	}
	if expr != nil {
		init.source, init.expr = SourceClinit, expr
	}
}

var binaryOps = map[classfile.Opcode]string{
	classfile.OpIor: "|", classfile.OpIand: "&", classfile.OpIxor: "^",
	classfile.OpIshl: "<<", classfile.OpIshr: ">>", classfile.OpIushr: ">>>",
	classfile.OpIadd: "+", classfile.OpIsub: "-", classfile.OpImul: "*",
}
