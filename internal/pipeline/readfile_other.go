//go:build !unix

package pipeline

import (
	"crypto/sha256"
	"io"
	"os"
)

// sumFile returns the SHA-256 of the file at path, read through buf. A
// file past limit bytes is an error.
func sumFile(path string, buf []byte, limit int64) (sum [sha256.Size]byte, err error) {
	f, err := os.Open(path)
	if err != nil {
		return sum, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.CopyBuffer(h, io.LimitReader(f, limit+1), buf)
	if err == nil && n > limit {
		err = errTooLarge
	}
	h.Sum(sum[:0])
	return sum, err
}
