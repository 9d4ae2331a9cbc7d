//go:build windows

package pipeline

import "os"

// processAlive reports whether a process of id pid runs: Windows opens
// only a process that exists.
func processAlive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}
