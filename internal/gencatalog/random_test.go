package gencatalog_test

import (
	"bytes"
	"testing"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gencatalog"
)

// TestRandom: a seed always draws the same catalog, seeds draw different
// ones, and errgen check accepts nearly all of them, so that the
// differential test's random catalogs are what a user could write and it
// seldom has to draw again.
func TestRandom(t *testing.T) {
	const n = 60
	accepted := 0
	for seed := uint64(1); seed <= n; seed++ {
		src := gencatalog.Random(seed)
		if !bytes.Equal(src, gencatalog.Random(seed)) {
			t.Fatalf("seed %d drew two catalogs", seed)
		}
		if bytes.Equal(src, gencatalog.Random(seed+1)) {
			t.Fatalf("seeds %d and %d drew the same catalog", seed, seed+1)
		}
		_, diags := errgentest.Check(t, catalog.MapFS{"errors.yaml": src}, "errors.yaml")
		if diags.HasErrors() {
			t.Logf("seed %d refused:\n%s", seed, diags.Format(""))
			continue
		}
		accepted++
	}
	if accepted < n*9/10 {
		t.Errorf("check accepted %d of %d random catalogs, want at least 90%%", accepted, n)
	}
}
