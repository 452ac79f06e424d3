package classfile

import (
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
)

// ErrClassNotFound is returned (wrapped in a *NotFoundError) by
// Classpath.Class for a name no input defines.
var ErrClassNotFound = errors.New("class not found")

// NotFoundError reports a class missing from a classpath.
type NotFoundError struct{ ClassName string }

// Error implements the error interface.
func (e *NotFoundError) Error() string { return "classfile: class " + e.ClassName + " not found" }

// Is makes errors.Is(err, ErrClassNotFound) true.
func (e *NotFoundError) Is(target error) bool { return target == ErrClassNotFound }

// Shadow records a class defined by more than one input entry: Winner comes
// first on the classpath and is used; Hidden is never read.
type Shadow struct {
	ClassName string
	Winner    *Entry
	Hidden    *Entry
}

// A Classpath is an ordered list of inputs in which the first definition of
// a class wins. It is safe for concurrent use.
type Classpath struct {
	inputs   []*Input
	index    map[string]*Entry
	shadowed []Shadow
	parse    ParseOptions

	mu    sync.Mutex
	cache map[string]*classCell
}

type classCell struct {
	once sync.Once
	c    *Class
	err  error
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
	cp := &Classpath{inputs: inputs, index: make(map[string]*Entry), cache: make(map[string]*classCell)}
	for _, in := range inputs {
		for _, e := range in.Entries {
			// Every modular jar has one; it names a module, not a class.
			if e.ClassName == "module-info" {
				continue
			}
			if w, ok := cp.index[e.ClassName]; ok {
				cp.shadowed = append(cp.shadowed, Shadow{ClassName: e.ClassName, Winner: w, Hidden: e})
				continue
			}
			cp.index[e.ClassName] = e
		}
	}
	return cp
}

// SetParseOptions sets the options Class uses; call it before the first Class.
func (cp *Classpath) SetParseOptions(opts ParseOptions) { cp.parse = opts }

// Lookup returns the winning entry for an internal class name, or nil.
func (cp *Classpath) Lookup(internalName string) *Entry { return cp.index[internalName] }

// Len returns the number of distinct classes on the classpath.
func (cp *Classpath) Len() int { return len(cp.index) }

// Class reads and parses the class once and memoises the result (including
// an error). A name no input defines yields a *NotFoundError.
func (cp *Classpath) Class(internalName string) (*Class, error) {
	e := cp.index[internalName]
	if e == nil {
		return nil, &NotFoundError{ClassName: internalName}
	}
	cp.mu.Lock()
	cell := cp.cache[internalName]
	if cell == nil {
		cell = &classCell{}
		cp.cache[internalName] = cell
	}
	cp.mu.Unlock()
	cell.once.Do(func() { cell.c, cell.err = e.Parse(cp.parse) })
	return cell.c, cell.err
}

// Inputs returns the inputs in classpath order.
func (cp *Classpath) Inputs() []*Input { return cp.inputs }

// Entries returns the winning entry of every class, in classpath order.
func (cp *Classpath) Entries() []*Entry {
	out := make([]*Entry, 0, len(cp.index))
	for _, in := range cp.inputs {
		for _, e := range in.Entries {
			if cp.index[e.ClassName] == e {
				out = append(out, e)
			}
		}
	}
	return out
}

// Shadowed returns the class definitions hidden by an earlier one, in
// classpath order.
func (cp *Classpath) Shadowed() []Shadow { return cp.shadowed }

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

// Scan reads and parses entries on GOMAXPROCS goroutines and calls fn for
// each one, with either the class or its error. fn may be called
// concurrently and in any order; Scan returns when every call has returned.
func Scan(entries []*Entry, opts ParseOptions, fn func(e *Entry, c *Class, err error)) {
	workers := min(runtime.GOMAXPROCS(0), len(entries))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				i := next.Add(1) - 1
				if i >= int64(len(entries)) {
					return
				}
				e := entries[i]
				c, err := e.Parse(opts)
				fn(e, c, err)
			}
		})
	}
	wg.Wait()
}
