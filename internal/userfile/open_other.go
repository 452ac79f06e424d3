//go:build !unix

package userfile

import "os"

// openNonBlocking opens path read-only, after checking that it is a regular file: opening a
// named pipe (on Windows under \\.\pipe\, never in a folder a search walks) or a device
// could wait, and nothing but a regular file is ever read. Open checks the opened file again.
func openNonBlocking(path string) (*os.File, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, NotRegular(path, st.Mode())
	}
	return os.Open(path)
}
