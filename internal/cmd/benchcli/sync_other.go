//go:build !unix

package main

// syncFS does nothing where there is no sync(2).
func syncFS() {}
