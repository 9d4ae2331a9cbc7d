package pipeline

import (
	"github.com/errgen/errgen/internal/errgentest"
	"path/filepath"
	"strings"
	"testing"
)

// TestRerunOnlyWhenStale: the command -check suggests is asked for only
// when outputs are out of date (working out how errgen runs reads go.mod
// files and PATH), and then named in the message.
func TestRerunOnlyWhenStale(t *testing.T) {
	dir := newProject(t)
	generate(t, dir)
	t.Setenv(cacheEnv, "off") // the full path, every run
	asked := 0
	check := func() (string, int) {
		req, _, errb := request(t, dir, "-check")
		req.Rerun = func() string { asked++; return "errgen generate -go gen/go" }
		code := Generate(req)
		return errb.String(), code
	}
	if stderr, code := check(); code != ExitOK || asked != 0 {
		t.Errorf("-check of fresh outputs: exit %d, Rerun called %d times\n%s", code, asked, stderr)
	}
	errgentest.EditPath(t, filepath.Join(dir, "gen", "go", "errors.go"), "package", "// edited\npackage")
	stderr, code := check()
	if code != ExitInvalid || asked != 1 || !strings.HasSuffix(stderr, "errgen generate -check: 1 output out of date; run errgen generate -go gen/go\n") {
		t.Errorf("-check of a stale output: exit %d, Rerun called %d times\n%s", code, asked, stderr)
	}
}
