//go:build !unix

package pipeline

import "os"

// CreateFile writes data to a new file at path (O_EXCL), and removes it
// again when writing fails.
func CreateFile(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if err := writeClose(f, data); err != nil {
		os.Remove(path)
		return err
	}
	return nil
}
