//go:build unix

package cli

import (
	"io/fs"
	"syscall"
)

// createFile writes data to a new file at path (O_EXCL), and removes it
// again when writing fails. It makes the system calls itself: os.OpenFile
// also tries to register every file with the poller and toggles its
// non-blocking flag, four more calls per file, which ten thousand docs
// pages would pay for with nothing to gain.
func createFile(path string, data []byte) error {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, syscall.O_WRONLY|syscall.O_CREAT|syscall.O_EXCL|syscall.O_CLOEXEC, 0o644)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return &fs.PathError{Op: "open", Path: path, Err: err}
	}
	for len(data) > 0 && err == nil {
		var n int
		n, err = syscall.Write(fd, data)
		switch {
		case err == syscall.EINTR:
			err = nil
		case err == nil && n == 0:
			err = syscall.EIO
		}
		if n > 0 {
			data = data[n:]
		}
	}
	op := "write"
	if cerr := syscall.Close(fd); err == nil && cerr != nil {
		op, err = "close", cerr
	}
	if err != nil {
		syscall.Unlink(path)
		return &fs.PathError{Op: op, Path: path, Err: err}
	}
	return nil
}
