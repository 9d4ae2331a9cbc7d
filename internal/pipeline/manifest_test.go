package pipeline

import (
	"github.com/errgen/errgen/internal/errgentest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOrphanRecord: a record of a catalog that no longer exists and is
// not this one (another name) is left alone, and said so.
func TestOrphanRecord(t *testing.T) {
	dir := newModule(t)
	errgentest.WritePath(t, filepath.Join(dir, "old", "errors.yaml"), []byte(strings.Replace(string(starterCatalog), "name: myservice ", "name: legacy ", 1)))
	generate(t, dir, "-catalog", "old/errors.yaml", "-go", "gen/go", "-ts", "gen/legacy-ts", "-schema", "schema/legacy.json", "-docs", "docs/legacy")
	if err := os.RemoveAll(filepath.Join(dir, "old")); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := run(t, dir, "generate")
	note := "errgen generate: note: gen/go/.errgen-"
	if code != ExitOK || !strings.Contains(stderr, note) || !strings.Contains(stderr, ` records files generated from old/errors.yaml (catalog "legacy"), which no longer exists; errgen leaves them alone: delete that record and its files if nothing uses them`) ||
		strings.Contains(stdout, "removed") {
		t.Errorf("generate: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, cmd := range [][]string{{"generate", "-check"}, {"generate"}} {
		_, stderr, code, answered := fromRecords(t, dir, cmd...)
		if code != ExitOK || !answered || strings.Count(stderr, note) != 1 {
			t.Errorf("%s: exit %d, answered %v\n%s", cmd, code, answered, stderr)
		}
	}
}
