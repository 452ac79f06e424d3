package archive

import (
	"errors"
	"sync"
	"weak"

	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/internal/par"
)

// NotFoundError reports a class missing from a classpath.
type NotFoundError struct{ ClassName string }

// Error implements the error interface.
func (e *NotFoundError) Error() string { return "classfile: class " + e.ClassName + " not found" }

// Is makes errors.Is(err, ErrClassNotFound) true.
func (e *NotFoundError) Is(target error) bool { return target == ErrClassNotFound }

// shadow records a class defined by more than one input entry: Winner comes
// first on the classpath and is used; Hidden is never read.
type shadow struct {
	ClassName string
	Winner    *Entry
	Hidden    *Entry
}

// A Classpath is an ordered list of inputs in which the first definition of
// a class wins. It is safe for concurrent use.
type Classpath struct {
	inputs   []*Input
	index    map[string]*Entry
	more     map[string][]*Entry // the later definitions of a class, in order
	shadowed []shadow
	parse    classfile.ParseOptions

	mu     sync.Mutex
	cells  map[*Entry]*classCell
	loans  map[*classfile.Class]*classCell // the borrowed classes' cells, for Return
	shared *Shared                         // nil unless SetShared
}

// classCell memoises one entry's first parse: its error for good, its class only while something
// else holds it, so that a scan does not keep every class it has modelled alive (one read again
// after that is parsed again). A class handed out by Class is kept by its holder, for as long as
// it likes; one lent by Borrow or Check is counted, and once every borrower has returned it, and
// Class has not handed it out meanwhile, its storage is recycled for the next class read.
type classCell struct {
	once sync.Once
	err  error
	c    weak.Pointer[classfile.Class]
	// lent counts the borrowers of the class c points to that have not returned it; kept says
	// that Class handed it out, so that it is never recycled. Both are guarded by the
	// classpath's mu and reset when c changes.
	lent int
	kept bool
	// supers is what the class file declares of its supertypes, recorded at its first parse: a
	// configuration line applies to a class's direct subtypes too, and asking every class of a
	// classpath would otherwise read each one again.
	supers *supertypes
}

// supertypes is a class file's superclass ("" for java/lang/Object itself and for a module) and
// interfaces, as written.
type supertypes struct {
	super      string
	interfaces []string
}

// supertypesOf records c's supertypes; the strings are its constant pool's, copies, and outlive c.
func supertypesOf(c *classfile.Class) *supertypes {
	return &supertypes{super: c.SuperName(), interfaces: c.Interfaces()}
}

// OpenClasspath opens every path with the default InputOptions. It returns
// the usable classpath together with a joined error of every problem found
// (missing paths, corrupt archives, bad entries, limits hit), one member per
// problem, in input order and, within an input, in entry order.
func OpenClasspath(paths []string) (*Classpath, error) {
	return InputOptions{}.OpenClasspath(paths)
}

// OpenClasspath is the package-level OpenClasspath with these options.
func (o InputOptions) OpenClasspath(paths []string) (*Classpath, error) {
	var errs []error
	inputs := make([]*Input, 0, len(paths))
	for _, p := range paths {
		in, err := o.Open(p)
		errs = flatten(errs, err)
		if in != nil {
			inputs = append(inputs, in)
		}
	}
	return NewClasspath(inputs...), errors.Join(errs...)
}

// flatten appends err to errs, each member of a joined error separately.
func flatten(errs []error, err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range j.Unwrap() {
			errs = flatten(errs, e)
		}
		return errs
	}
	if err != nil {
		errs = append(errs, err)
	}
	return errs
}

// NewClasspath builds a classpath over already opened inputs, in order.
// Closing the classpath closes them.
func NewClasspath(inputs ...*Input) *Classpath {
	cp := &Classpath{inputs: inputs, cells: make(map[*Entry]*classCell), loans: make(map[*classfile.Class]*classCell)}
	cp.reindex()
	return cp
}

// reindex maps each class name to its definitions, in classpath order.
func (cp *Classpath) reindex() {
	cp.index, cp.more, cp.shadowed = make(map[string]*Entry), nil, nil
	for _, in := range cp.inputs {
		for _, e := range in.Entries {
			// Every modular jar has one; it names a module, not a class.
			if e.ClassName == "module-info" {
				continue
			}
			if w, ok := cp.index[e.ClassName]; ok {
				cp.shadowed = append(cp.shadowed, shadow{ClassName: e.ClassName, Winner: w, Hidden: e})
				if cp.more == nil {
					cp.more = make(map[string][]*Entry)
				}
				cp.more[e.ClassName] = append(cp.more[e.ClassName], e)
				continue
			}
			cp.index[e.ClassName] = e
		}
	}
}

// SetParseOptions sets the options Class uses; call it before the first Class.
func (cp *Classpath) SetParseOptions(opts classfile.ParseOptions) { cp.parse = opts }

// Lookup returns the winning entry for an internal class name, or nil. The
// entries of an input opened with ValidateDeferred are validated as Lookup
// meets them, so that a broken one loses to the next definition, as it would
// have had it been dropped when opened.
func (cp *Classpath) Lookup(internalName string) *Entry {
	e := cp.index[internalName]
	if e == nil || !e.deferred() {
		return e
	}
	if _, err := cp.check(e); err == nil {
		return e
	}
	for _, e := range cp.more[internalName] {
		if _, err := cp.check(e); err == nil {
			return e
		}
	}
	return nil
}

// Check validates an entry of an input opened with ValidateDeferred the first
// time it is asked, and returns the class it parsed then (nil on later
// calls), lent as by Borrow: give it back with Return. The error is the
// entry's, as opening would have reported it: such an entry is on the
// classpath for no lookup, and Settle reports it. For an entry of any other
// input Check does nothing.
func (cp *Classpath) Check(e *Entry) (*classfile.Class, error) {
	c, err := cp.check(e)
	if c != nil {
		cp.mu.Lock()
		cp.lend(cp.cells[e], c)
		cp.mu.Unlock()
	}
	return c, err
}

// check is Check lending nothing: the class it parsed is held by the cell's weak pointer only,
// for the next Borrow or Class to take while it lives.
func (cp *Classpath) check(e *Entry) (*classfile.Class, error) {
	if !e.deferred() {
		return nil, nil
	}
	cell := cp.cell(e)
	var c *classfile.Class
	cell.once.Do(func() {
		var n int64
		var st *supertypes
		if cp.shared != nil {
			c, st, n, cell.err = cp.shared.check(e)
		} else {
			c, n, cell.err = e.checkPooled()
		}
		e.src.in.read.Add(n)
		if c != nil && st == nil {
			st = supertypesOf(c)
		}
		cp.mu.Lock()
		cell.supers = st
		if c != nil {
			cell.c, cell.lent, cell.kept = weak.Make(c), 0, false
		}
		cp.mu.Unlock()
	})
	return c, cell.err
}

// deferred tells whether e belongs to an input opened with ValidateDeferred
// and not settled yet.
func (e *Entry) deferred() bool { return e.src != nil && e.src.in != nil && e.src.in.deferred }

func (cp *Classpath) cell(e *Entry) *classCell {
	cp.mu.Lock()
	defer cp.mu.Unlock()
	cell := cp.cells[e]
	if cell == nil {
		cell = &classCell{}
		cp.cells[e] = cell
	}
	return cell
}

// Settle validates, on GOMAXPROCS goroutines, the entries of inputs opened
// with ValidateDeferred that no lookup has met, drops the broken ones from
// Entries, counts them in Stats and returns their errors in input and entry
// order: afterwards the inputs are as if opened with ValidateAll. Call it
// when no other goroutine uses the classpath.
func (cp *Classpath) Settle() error {
	var errs []error
	changed := false
	for _, in := range cp.inputs {
		if !in.deferred {
			continue
		}
		entries := in.Entries
		failed := make([]error, len(entries))
		par.For(len(entries), func(i int) {
			// Nothing reads these classes: each one's storage serves the next.
			c, err := cp.Check(entries[i])
			failed[i] = err
			cp.Return(c)
		})
		kept := entries[:0]
		for i, e := range entries {
			if failed[i] != nil {
				in.Stats.Failed++
				errs = append(errs, failed[i])
				continue
			}
			kept = append(kept, e)
		}
		clear(entries[len(kept):])
		in.Entries = kept
		in.Stats.Bytes += in.read.Swap(0)
		in.deferred = false
		changed = true
	}
	if changed {
		cp.reindex()
	}
	return errors.Join(errs...)
}

// Class reads and parses the class (an entry of an input opened with
// ValidateDeferred is validated first). The result is memoised: an error for
// good, a class while it is in use elsewhere. A name no input defines yields
// a *NotFoundError. The class is the caller's to keep; Borrow lends one for a
// while.
func (cp *Classpath) Class(internalName string) (*classfile.Class, error) {
	return cp.class(internalName, true)
}

// Borrow is Class for a caller that gives the class back with Return once
// neither it nor anything it built uses the class, or what it read from it
// other than strings and numbers, any more: the class's storage then serves
// the next class read (unless Class handed the same class to another caller
// meanwhile). Every Borrow that succeeds needs its Return.
func (cp *Classpath) Borrow(internalName string) (*classfile.Class, error) {
	return cp.class(internalName, false)
}

// Return gives back a class that Borrow or Check lent. A nil class is ignored.
func (cp *Classpath) Return(c *classfile.Class) {
	if c == nil {
		return
	}
	cp.mu.Lock()
	cell := cp.loans[c]
	free := false
	if cell != nil {
		if cell.lent--; cell.lent == 0 {
			delete(cp.loans, c)
			// Nobody keeps c: forget it, so that no later call finds it, and reuse its storage.
			free = !cell.kept && cp.shared == nil
			if free {
				cell.c = weak.Pointer[classfile.Class]{}
			}
		}
	}
	cp.mu.Unlock()
	if free {
		putBuffer(c.Release())
	}
}

// Supertypes returns the superclass and the interfaces the class file of internalName declares
// (internal names; the superclass "" for java/lang/Object), as recorded when the class was first
// read: asking for every class of a classpath reads none again. A name no input defines yields a
// *NotFoundError, a broken entry its error.
func (cp *Classpath) Supertypes(internalName string) (super string, interfaces []string, err error) {
	e := cp.Lookup(internalName)
	if e == nil {
		return "", nil, &NotFoundError{ClassName: internalName}
	}
	cell := cp.cell(e)
	cp.mu.Lock()
	st := cell.supers
	cp.mu.Unlock()
	if st == nil {
		c, err := cp.Borrow(internalName) // records them
		if err != nil {
			return "", nil, err
		}
		st = supertypesOf(c) // the class's memoised strings and slice: nothing decoded again
		cp.Return(c)
	}
	return st.super, st.interfaces, nil
}

// lend counts a loan of c, the class cell points to; the caller holds cp.mu.
func (cp *Classpath) lend(cell *classCell, c *classfile.Class) {
	if cell.lent++; cell.lent == 1 {
		cp.loans[c] = cell
	}
}

// class is Class when keep, else Borrow.
func (cp *Classpath) class(internalName string, keep bool) (*classfile.Class, error) {
	e := cp.Lookup(internalName)
	if e == nil {
		return nil, &NotFoundError{ClassName: internalName}
	}
	cell := cp.cell(e)
	cell.once.Do(func() {
		c, err := e.parsePooled(cp.parse)
		cell.err = err
		if c != nil {
			st := supertypesOf(c) // decoded before taking the classpath's lock
			cp.mu.Lock()
			cell.c, cell.lent, cell.kept, cell.supers = weak.Make(c), 0, false, st
			cp.mu.Unlock()
		}
	})
	if cell.err != nil {
		return nil, cell.err
	}
	cp.mu.Lock()
	c := cell.c.Value()
	if c == nil {
		// Collected or recycled since its first parse: parse it again.
		cp.mu.Unlock()
		fresh, err := e.parsePooled(cp.parse)
		if err != nil {
			return nil, err
		}
		cp.mu.Lock()
		if c = cell.c.Value(); c == nil {
			c = fresh
			cell.c, cell.lent, cell.kept = weak.Make(c), 0, false
			if cell.supers == nil {
				cell.supers = supertypesOf(c)
			}
		} else {
			putBuffer(fresh.Release()) // another goroutine's parse won: take its class
		}
	}
	if keep {
		cell.kept = true
	} else {
		cp.lend(cell, c)
	}
	cp.mu.Unlock()
	return c, nil
}

// Inputs returns the inputs in classpath order.
func (cp *Classpath) Inputs() []*Input { return cp.inputs }

// Entries returns the winning entry of every class, in classpath order. Before
// Settle it validates, one by one, the ValidateDeferred entries it needs.
func (cp *Classpath) Entries() []*Entry {
	out := make([]*Entry, 0, len(cp.index))
	for _, in := range cp.inputs {
		for _, e := range in.Entries {
			if cp.Lookup(e.ClassName) == e {
				out = append(out, e)
			}
		}
	}
	return out
}

// Close closes every input.
func (cp *Classpath) Close() error {
	var errs []error
	for _, in := range cp.inputs {
		if err := in.Close(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
