//go:build unix

package userfile

import (
	"os"
	"syscall"
)

// openNonBlocking opens path read-only with O_NONBLOCK: on a regular file the flag changes
// nothing, on a named pipe it makes the open return at once instead of waiting for a writer.
func openNonBlocking(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
