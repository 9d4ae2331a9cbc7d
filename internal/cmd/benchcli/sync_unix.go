//go:build unix

package main

import "syscall"

// syncFS writes the file system's dirty pages back before a run.
func syncFS() { syscall.Sync() }
