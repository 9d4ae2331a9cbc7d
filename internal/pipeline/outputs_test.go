package pipeline

import (
	"github.com/errgen/errgen/internal/errgentest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNamedOutputsSameVerdictUnchanged: a run naming outputs by flags
// that the records could answer refuses, as check does, a catalog whose
// own places went wrong since: a default place now a file where a
// directory goes, a place of the catalog's outputs whose link now leads
// out of the tree.
func TestNamedOutputsSameVerdictUnchanged(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "repo")
	errgentest.WritePath(t, filepath.Join(dir, "catalog", "errors.yaml"), starterCatalog)
	errgentest.WritePath(t, filepath.Join(dir, "go.mod"), []byte("module example.com/repo\n"))
	for _, d := range []string{filepath.Join(dir, "inside"), filepath.Join(top, "elsewhere")} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(filepath.Join(dir, "inside"), link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	editCatalog(t, dir, "# outputs:", "outputs: {schema: link/x.json}\n# outputs:")
	flags := []string{"-go", "named/go"}
	generate(t, dir, flags...)
	if _, stderr, code, answered := fromRecords(t, dir, append([]string{"generate"}, flags...)...); code != ExitOK || !answered {
		t.Fatalf("unchanged: exit %d, answered from the records %v\n%s", code, answered, stderr)
	}

	sameVerdict := func(what, want string) {
		t.Helper()
		_, checked, code := run(t, dir, "check")
		if code != ExitInvalid || !strings.Contains(checked, want) {
			t.Fatalf("%s: check: exit %d\n%s\nwant %s", what, code, checked, want)
		}
		before := errgentest.Tree(t, top)
		for _, cmd := range [][]string{append([]string{"generate"}, flags...), append([]string{"generate", "-check"}, flags...)} {
			stdout, stderr, code := run(t, dir, cmd...)
			if code != ExitInvalid || errgentest.DiagLines(stderr) != errgentest.DiagLines(checked) {
				t.Errorf("%s: %s: exit %d, stdout %q, stderr:\n%s\nwant the diagnostics of check:\n%s", what, cmd, code, stdout, stderr, errgentest.DiagLines(checked))
			}
		}
		if after := errgentest.Tree(t, top); after != before {
			t.Errorf("%s: files changed:\nbefore:\n%s\nafter:\n%s", what, before, after)
		}
	}

	errgentest.WritePath(t, filepath.Join(dir, "docs", "errors"), []byte("a user's file\n"))
	sameVerdict("a default place a file", `catalog/errors.yaml:18:10: error: the default docs directory docs/errors is a file; the output is a directory`)
	if err := os.RemoveAll(filepath.Join(dir, "docs")); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code, answered := fromRecords(t, dir, append([]string{"generate"}, flags...)...); code != ExitOK || !answered {
		t.Fatalf("the place cleared: exit %d, answered from the records %v\n%s", code, answered, stderr)
	}

	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(top, "elsewhere"), link); err != nil {
		t.Fatal(err)
	}
	sameVerdict("a link out of the tree", `catalog/errors.yaml:18:19: error: outputs.schema "link/x.json" leaves the catalog's tree`)
}
