package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestRun builds errgen, measures a small catalog once fresh and once
// unchanged, and checks that a figure is printed for each and that the
// runs really wrote every output.
func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the errgen command")
	}
	dir := t.TempDir()
	var out strings.Builder
	if err := run(&out, "", "30", 1, dir); err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`(?m)^errors=30 (fresh|unchanged) +wall \d+\.\d\d s; median \d+\.\d\d s wall, \d+\.\d\d s user, \d+\.\d\d s system$`)
	if got := line.FindAllString(out.String(), -1); len(got) != 2 {
		t.Fatalf("want a fresh and an unchanged line, got:\n%s", out.String())
	}
	for _, f := range []string{"go/errors.go", "ts/package.json", "schema/error-context.schema.json", "docs/index.md"} {
		if _, err := os.Stat(filepath.Join(dir, "fresh-30-0", f)); err != nil {
			t.Error(err)
		}
	}
}

func TestRunRejectsBadFlags(t *testing.T) {
	for _, c := range []struct {
		sizes string
		runs  int
		want  string
	}{
		{"1000,x", 1, `-n: "x" is not a positive number`},
		{"0", 1, `-n: "0" is not a positive number`},
		{"10", 0, "-runs must be at least 1"},
	} {
		err := run(&strings.Builder{}, "errgen", c.sizes, c.runs, t.TempDir())
		if err == nil || err.Error() != c.want {
			t.Errorf("run(%q, %d) = %v, want %q", c.sizes, c.runs, err, c.want)
		}
	}
}
