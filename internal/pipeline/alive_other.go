//go:build !unix && !windows

package pipeline

// processAlive cannot tell here: every process is taken to run, so no
// temporary file of another process is ever removed.
func processAlive(pid int) bool { return true }
