package scan

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/internal/par"
)

// ErrorKind classifies an Error.
type ErrorKind string

// Error kinds.
const (
	// ErrUnreadable is an input, entry or class that cannot be read: a corrupt zip, a truncated
	// class, garbage metadata.
	ErrUnreadable ErrorKind = "unreadable"
	// ErrUnresolved is a reference the classpath cannot satisfy: a missing class or field.
	ErrUnresolved ErrorKind = "unresolved"
	// ErrNotSimulable is a $stable initializer outside what composestab interprets.
	ErrNotSimulable ErrorKind = "not-simulable"
	// ErrInitFails is a class whose static initializer always throws, so the JVM never gives it
	// a $stable value.
	ErrInitFails ErrorKind = "init-fails"
	// ErrInternal is a bug met on an input: composestab panicked reading it. The input's classes
	// are not reported (counted as unreadable); the other inputs are. Error.Stack has the trace.
	ErrInternal ErrorKind = "internal"
)

// Error is one problem met during the scan; the scan goes on with the rest.
type Error struct {
	// Kind is ErrUnreadable, ErrUnresolved, ErrNotSimulable or ErrInitFails.
	Kind    ErrorKind `json:"kind"`
	Input   string    `json:"input"`
	Entry   string    `json:"entry"`
	Class   string    `json:"class"`
	Message string    `json:"message"`
	// Offset is where in the class file or archive entry the bad record starts, when known.
	Offset *int64 `json:"offset,omitempty"`

	err   error
	stack []byte
}

func (e *Error) Error() string {
	loc := e.Input
	if e.Entry != "" {
		loc += "!" + e.Entry
	}
	msg := e.Message
	if e.Offset != nil {
		msg = fmt.Sprintf("%s (at offset %d)", msg, *e.Offset)
	}
	// The class is named once: not again when the message or the entry already names it.
	if e.Class != "" && !strings.HasPrefix(e.Message, e.Class+":") && path.Base(e.Entry) != path.Base(e.Class)+".class" {
		return fmt.Sprintf("%s: %s: %s", loc, e.Class, msg)
	}
	return fmt.Sprintf("%s: %s", loc, msg)
}

func (e *Error) Unwrap() error { return e.err }

// Unreadable reports whether the error leaves part of an input unread (ErrUnreadable, or
// ErrInternal, whose input is left out): such errors make a command exit 3.
func (e *Error) Unreadable() bool { return e.Kind == ErrUnreadable || e.Kind == ErrInternal }

// Stack is the goroutine stack of an ErrInternal error, nil for the others.
func (e *Error) Stack() []byte { return e.stack }

// internalError records a recovered panic as an error of the input being read.
func internalError(input string, r any) *Error {
	return InternalError(input, "", "this input is left out", r)
}

// InternalError records a panic recovered by a job's last resort (a bug, never a way to handle
// input) as an error of the input and class being worked on; leftOut says what the job could
// not do. The stack is kept for --debug.
func InternalError(input, class, leftOut string, r any) *Error {
	stack := debug.Stack()
	if p, ok := r.(*par.Panic); ok {
		r, stack = p.Value, p.Stack
	}
	return &Error{Kind: ErrInternal, Input: input, Class: class, stack: stack,
		Message: fmt.Sprintf("internal error, %s: %v (a bug in composestab: please report it with the input and the --debug output)", leftOut, r)}
}

// sortErrors orders errors by their text, computing each text once.
func sortErrors(errs []*Error) {
	keys := make(map[*Error]string, len(errs))
	for _, e := range errs {
		keys[e] = e.Error()
	}
	sort.SliceStable(errs, func(i, j int) bool { return keys[errs[i]] < keys[errs[j]] })
}

// valueErrors turns the errors met computing a class's values into report errors, each once. A
// class missing from the classpath is not repeated per class: the summary lists it once.
func valueErrors(ac *Class, list []error) []*Error {
	ac.Missing = mergeMissing(ac.Missing[:0:0], ac.Missing)
	var out []*Error
	seen := map[string]bool{}
	for _, e := range list {
		var mc *evaluate.MissingClassError
		if errors.As(e, &mc) || seen[e.Error()] {
			continue
		}
		seen[e.Error()] = true
		out = append(out, &Error{Kind: errorKind(e), Input: ac.Input, Entry: ac.Entry, Class: ac.JVMName, Message: e.Error(), err: e})
	}
	return out
}

// OpenErrors are the unreadable Errors of opening a classpath: one per error joined in err.
func OpenErrors(err error) []*Error {
	if err == nil {
		return nil
	}
	list := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		list = j.Unwrap()
	}
	out := make([]*Error, 0, len(list))
	for _, e := range list {
		out = append(out, newError(ErrUnreadable, "", "", "", e))
	}
	return out
}

// newError describes err; a *classfile.FormatError inside it supplies the input, entry, class
// and offset that the arguments leave empty.
func newError(kind ErrorKind, input, entry, class string, err error) *Error {
	ae := &Error{Kind: kind, Input: input, Entry: entry, Class: class, Message: err.Error(), err: err}
	var fe *classfile.FormatError
	var pe *fs.PathError
	var ie *InputError
	switch {
	case errors.As(err, &fe):
		ae.Message = fe.Msg
		if fe.Err != nil && fe.Msg == "" {
			ae.Message = fe.Err.Error()
		}
		if ae.Input == "" {
			ae.Input = fe.Path
		}
		if ae.Entry == "" {
			ae.Entry = fe.Entry
		}
		if ae.Class == "" {
			ae.Class = fe.Class
		}
		if fe.Offset >= 0 {
			off := fe.Offset
			ae.Offset = &off
		}
	case errors.As(err, &ie) && ae.Input == "":
		// Something a search could not read: the path is where.
		ae.Input, ae.Message = ie.Path, ie.Err.Error()
	case errors.As(err, &pe) && ae.Input == "":
		// A path that cannot be opened is the input itself: never an empty location.
		ae.Input, ae.Message = pe.Path, pe.Err.Error()
	}
	return ae
}

func errorKind(err error) ErrorKind {
	var (
		mc *evaluate.MissingClassError
		mf *evaluate.MissingFieldError
		ns *evaluate.NotSimulableError
		nf *archive.NotFoundError
		fi *evaluate.InitFailsError
	)
	switch {
	case errors.As(err, &fi):
		return ErrInitFails
	case errors.As(err, &mc), errors.As(err, &mf), errors.As(err, &nf):
		return ErrUnresolved
	case errors.As(err, &ns):
		return ErrNotSimulable
	}
	return ErrUnreadable
}

// Unreadable reports whether some input, entry or class could not be read.
func (rep *Report) Unreadable() bool {
	for _, e := range rep.Errors {
		if e.Unreadable() {
			return true
		}
	}
	return false
}
