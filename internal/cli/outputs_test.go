package cli

import (
	"github.com/errgen/errgen/internal/errgentest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Tests of issue 49: one verdict for a catalog. Flags choose where
// generate writes; they do not make an invalid catalog valid.

// TestNamedOutputsSameVerdict: a catalog whose own output places check
// refuses (an outputs path leaving the tree, an output on a file of the
// catalog or a directory output holding one, two outputs on one file, a
// default place that cannot be one) is refused by generate and
// generate -check as well when flags name outputs elsewhere: exit 1, the
// same diagnostics at the same places, nothing written.
func TestNamedOutputsSameVerdict(t *testing.T) {
	for _, tc := range []struct {
		name    string
		outputs string // the catalog's outputs block; "" for none
		file    string // a file made in the tree first, relative to it
		want    string // a diagnostic check prints
	}{
		{"leaves the tree", "outputs: {go: {dir: ../elsewhere}}", "",
			`catalog/errors.yaml:18:21: error: outputs.go.dir "../elsewhere" leaves the catalog's tree (the directory of go.mod)`},
		{"leaves the tree by a link", "outputs: {schema: link/x.json}", "",
			`catalog/errors.yaml:18:19: error: outputs.schema "link/x.json" leaves the catalog's tree`},
		{"on the catalog", "outputs: {schema: catalog/errors.yaml}", "",
			`catalog/errors.yaml:18:19: error: outputs.schema "catalog/errors.yaml" is catalog/errors.yaml, a file of the catalog`},
		{"holds the catalog", "outputs: {docs: catalog}", "",
			`catalog/errors.yaml:18:17: error: outputs.docs "catalog" holds catalog/errors.yaml, a file of the catalog`},
		{"two on one file", "outputs: {schema: out/x.json, conformance: out/x.json}", "",
			`catalog/errors.yaml:18:19: error: outputs.schema "out/x.json" is also outputs.conformance "out/x.json" (at catalog/errors.yaml:18:44); two outputs may share a directory but not a file`},
		{"on a default place", "outputs: {schema: docs/errors/index.md}", "",
			`catalog/errors.yaml:18:19: error: outputs.schema "docs/errors/index.md" is a file the default docs directory docs/errors writes`},
		{"a default place", "", "gen/go",
			`catalog/errors.yaml:6:1: error: the default Go directory gen/go is a file; the output is a directory`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			top := t.TempDir()
			dir := filepath.Join(top, "repo")
			errgentest.WritePath(t, filepath.Join(dir, "catalog", "errors.yaml"), starterCatalog)
			errgentest.WritePath(t, filepath.Join(dir, "go.mod"), []byte("module example.com/repo\n"))
			if err := os.Mkdir(filepath.Join(top, "elsewhere"), 0o755); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(tc.outputs, "link/") {
				if err := os.Symlink(filepath.Join(top, "elsewhere"), filepath.Join(dir, "link")); err != nil {
					t.Skip("no symbolic links here:", err)
				}
			}
			if tc.outputs != "" {
				editCatalog(t, dir, "# outputs:", tc.outputs+"\n# outputs:")
			}
			if tc.file != "" {
				errgentest.WritePath(t, filepath.Join(dir, tc.file), []byte("a user's file\n"))
			}
			before := errgentest.Tree(t, top)

			stdout, checked, code := run(t, dir, "check")
			want := errgentest.DiagLines(checked)
			if code != ExitInvalid || !strings.Contains(want, tc.want) {
				t.Fatalf("check: exit %d, stdout %q, stderr:\n%s\nwant %s", code, stdout, checked, tc.want)
			}
			// the flags' places: one inside the tree, one outside
			goDir, schema := filepath.Join(dir, "named", "go"), filepath.Join(top, "named", "s.json")
			for _, cmd := range [][]string{
				{"generate"},
				{"generate", "-go", goDir, "-schema", schema},
				{"generate", "-check", "-go", goDir, "-schema", schema},
				{"generate", "-go", "named/go", "-schema", "named/s.json"},
			} {
				stdout, stderr, code := run(t, dir, cmd...)
				if code != ExitInvalid || strings.Contains(stdout, "written") {
					t.Errorf("%s: exit %d, stdout %q, stderr:\n%s", cmd, code, stdout, stderr)
				}
				if got := errgentest.DiagLines(stderr); got != want {
					t.Errorf("%s: diagnostics\n%s\nwant those of check\n%s", cmd, got, want)
				}
			}
			for _, d := range []string{filepath.Join(dir, "named"), filepath.Join(top, "named")} {
				if _, err := os.Lstat(d); err == nil {
					t.Errorf("generate wrote %s", d)
				}
			}
			if after := errgentest.Tree(t, top); after != before {
				t.Errorf("files changed:\nbefore:\n%s\nafter:\n%s", before, after)
			}
		})
	}
}
