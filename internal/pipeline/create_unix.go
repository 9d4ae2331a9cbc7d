//go:build unix

package pipeline

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// CreateFile writes data to a new file at path (O_EXCL), and removes it
// again when writing fails. It takes open, write and close alone, as
// sumFile reads: os.OpenFile would also try to register each file with the
// poller (on Linux four fcntl and a failing epoll_ctl), which were most of
// the system calls of a fresh generate writing a thousand files. The
// errors are those of package os (*fs.PathError).
func CreateFile(path string, data []byte) error {
	fd, err := syscall.Open(path, syscall.O_WRONLY|syscall.O_CREAT|syscall.O_EXCL|syscall.O_CLOEXEC, 0o644)
	for errors.Is(err, syscall.EINTR) {
		fd, err = syscall.Open(path, syscall.O_WRONLY|syscall.O_CREAT|syscall.O_EXCL|syscall.O_CLOEXEC, 0o644)
	}
	if err != nil {
		return &fs.PathError{Op: "open", Path: path, Err: err}
	}
	op := "write"
	for len(data) > 0 {
		n, werr := syscall.Write(fd, data)
		if errors.Is(werr, syscall.EINTR) {
			continue
		}
		if werr == nil && n == 0 {
			werr = syscall.EIO // a regular file that takes no byte: as os.File.Write, report it
		}
		if err = werr; err != nil {
			break
		}
		data = data[n:]
	}
	if cerr := syscall.Close(fd); err == nil && cerr != nil {
		op, err = "close", cerr
	}
	if err != nil {
		os.Remove(path)
		return &fs.PathError{Op: op, Path: path, Err: err}
	}
	return nil
}
