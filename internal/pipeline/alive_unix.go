//go:build unix

package pipeline

import (
	"errors"
	"syscall"
)

// processAlive reports whether a process of id pid runs (or is not yet
// reaped): signal 0 reaches it, or it is another user's.
func processAlive(pid int) bool {
	if pid <= 0 {
		return true
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
