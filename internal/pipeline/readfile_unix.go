//go:build unix

package pipeline

import (
	"crypto/sha256"
	"errors"
	"syscall"
)

// sumFile returns the SHA-256 of the file at path, read through buf with
// as few system calls as it takes: open, read until a short read (the end
// of a regular file; a file system that reads short before the end only
// makes the caller see another sum), close. os.Open would also register
// the file with the poller, adding calls for each small file of an output
// tree. O_NONBLOCK keeps a FIFO in the way from blocking. A file past
// limit bytes is an error.
func sumFile(path string, buf []byte, limit int64) (sum [sha256.Size]byte, err error) {
	fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
	for errors.Is(err, syscall.EINTR) {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
	}
	if err != nil {
		return sum, err
	}
	defer syscall.Close(fd)
	h := sha256.New()
	var total int64
	for {
		n, err := syscall.Read(fd, buf)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			return sum, err
		}
		if total += int64(n); total > limit {
			return sum, errTooLarge
		}
		h.Write(buf[:n])
		if n < len(buf) {
			h.Sum(sum[:0])
			return sum, nil
		}
	}
}
