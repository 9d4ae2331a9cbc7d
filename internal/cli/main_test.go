package cli

import (
	"fmt"
	"os"
	"testing"
)

// TestMain gives the tests a cache of their own (see cache.go), so that
// they neither read nor fill the user's.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "errgen-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Setenv("ERRGEN_CACHE", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
