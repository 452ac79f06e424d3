package classfile

import "strconv"

// ReadRegularFile reads the regular file at path, which must hold at most max
// bytes: for the small files a command reads besides its inputs (a baseline,
// a configuration). Like the inputs, a named pipe, socket, device or folder
// is refused without blocking (the file is opened O_NONBLOCK and checked
// before it is read) with a *FormatError wrapping ErrNotRegular; a file
// larger than max is refused, before it is read when its size says so, with
// a *FormatError wrapping ErrTooLarge. Other failures (a missing file,
// permission denied) are the *fs.PathError of the operating system.
func ReadRegularFile(path string, max int64) ([]byte, error) {
	f, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size() > max {
		return nil, fileTooLarge(path, max)
	}
	// The file may grow between the Stat and the read: readCapped stops at
	// max+1 bytes either way.
	data, err := readCapped(f, max, st.Size(), nil)
	if err != nil {
		if fe, ok := err.(*FormatError); ok && fe.Err == ErrTooLarge {
			return nil, fileTooLarge(path, max)
		}
		return nil, withLocation(err, path, "")
	}
	return data, nil
}

func fileTooLarge(path string, max int64) error {
	return &FormatError{Path: path, Offset: -1, Msg: "larger than the limit of " + strconv.FormatInt(max, 10) + " bytes", Err: ErrTooLarge}
}
