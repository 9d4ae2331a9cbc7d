package endtoend

import (
	"fmt"
	"os"
	"testing"
)

// TestMain gives the tests, and every errgen they run, a cache of their
// own (ERRGEN_CACHE, see internal/pipeline/cache.go), so that they neither read
// nor fill the user's with entries of their temporary directories.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "errgen-endtoend-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Setenv("ERRGEN_CACHE", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
