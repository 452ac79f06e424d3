// Package userfile is the one gate through which composestab opens a file whose path a user
// gave or a search of the user's folders found: inputs and the class files of class folders,
// POMs and Gradle module files, stability configuration files, baselines and suppression
// files. A path that names anything but a regular file (a folder, a named pipe, a socket, a
// device) is refused without blocking, and a file is read only up to the size its caller
// allows.
//
// Why one gate: a named pipe opened for reading blocks until a writer comes, so one FIFO named
// X.class in a searched folder hangs a scan; and a POM or configuration file is data from
// wherever the user points, so none is read whole without a cap.
package userfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"strconv"
)

var (
	// ErrNotRegular is wrapped by the *Error for a path that is neither a regular file nor,
	// where the caller reads folders itself, a folder: a named pipe, a socket or a device.
	ErrNotRegular = errors.New("not a regular file or directory")
	// ErrTooLarge is wrapped by the *Error for a file larger than its caller's limit.
	ErrTooLarge = errors.New("entry exceeds size limit")
)

// An Error is a path refused by the gate. Msg says why in words ("a named pipe", "larger than
// the limit of 16 bytes"); Err is ErrNotRegular or ErrTooLarge, for errors.Is.
type Error struct {
	Path string
	Msg  string
	Err  error
}

// Error implements the error interface.
func (e *Error) Error() string { return e.Path + ": " + e.Msg }

// Unwrap returns ErrNotRegular or ErrTooLarge.
func (e *Error) Unwrap() error { return e.Err }

// Describe names what a file of the given mode is, for a message that refuses it: "a named
// pipe", "a socket", "a device", "a symbolic link", or its mode.
func Describe(mode fs.FileMode) string {
	switch {
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode&fs.ModeDevice != 0, mode&fs.ModeCharDevice != 0:
		return "a device"
	case mode&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "not a regular file (mode " + mode.String() + ")"
}

// NotRegular is the *Error that refuses path, of the given mode.
func NotRegular(path string, mode fs.FileMode) error {
	return &Error{Path: path, Msg: Describe(mode), Err: ErrNotRegular}
}

// TooLarge is the *Error that refuses path, larger than max bytes.
func TooLarge(path string, max int64) error {
	return &Error{Path: path, Msg: "larger than the limit of " + strconv.FormatInt(max, 10) + " bytes", Err: ErrTooLarge}
}

// Open opens the regular file at path for reading, following symbolic links. Anything else is
// refused with an *Error wrapping ErrNotRegular, and never waits: the file is opened without
// blocking (on Unix with O_NONBLOCK, which makes a named pipe's open return at once; elsewhere
// after checking its mode) and its mode checked once open, so nothing swapped in between is
// read either. Other failures (a missing file, permission denied) are the operating system's
// *fs.PathError. The caller closes the file.
func Open(path string) (*os.File, fs.FileInfo, error) {
	f, err := openNonBlocking(path)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, nil, NotRegular(path, st.Mode())
	}
	return f, st, nil
}

// ReadFile reads the regular file at path, which must hold at most max bytes. A larger file is
// refused with an *Error wrapping ErrTooLarge, before it is read when its size says so; one
// that grows while it is read is refused once max+1 bytes have come.
func ReadFile(path string, max int64) ([]byte, error) {
	f, st, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st.Size() > max {
		return nil, TooLarge(path, max)
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, TooLarge(path, max)
	}
	return data, nil
}
