package catalog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const treeMain = `errgen: 1
name: demo
version: 1.0.0
fallback: E_INTERNAL
include: [%s]
domains: {}
errors: {}
`

const treeIncluded = "domains:\n  common: {range: [1000, 1099]}\n"

// TestTreeRoot: the tree is the directory of the nearest go.mod or .git at
// or above the catalog, so includes may reach sibling directories of the
// catalog's; without either, the catalog's own directory.
func TestTreeRoot(t *testing.T) {
	for _, tc := range []struct {
		name   string
		marker string // file making repo/ the root, or ""
		want   string // "" for no diagnostic
	}{
		{"go.mod", "repo/go.mod", ""},
		{".git directory", "repo/.git/HEAD", ""},
		{".git file", "repo/.git", ""},
		{"none", "", `repo/svc/catalog/errors.yaml:5:11: error: include "../../shared/*.yaml" leaves the catalog's tree (the catalog's own directory, as no go.mod or .git is at or above it)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := MapFS{
				"repo/svc/catalog/errors.yaml": []byte(strings.Replace(treeMain, "%s", "../../shared/*.yaml", 1)),
				"repo/shared/common.yaml":      []byte(treeIncluded),
			}
			if tc.marker != "" {
				fsys[tc.marker] = nil
			}
			c, diags, err := Parse(fsys, "repo/svc/catalog/errors.yaml")
			if err != nil {
				t.Fatal(err)
			}
			got := strings.TrimSuffix(diags.Format(""), "\n")
			if got != tc.want {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", got, tc.want)
			}
			if tc.want == "" && (c.TreeRoot != "repo" || len(c.Files) != 2) {
				t.Errorf("root %q, files %v", c.TreeRoot, c.Files)
			}
		})
	}
}

// TestIncludeSymlinkOutsideTree: a match that a symbolic link takes outside
// the tree is refused at the include line; one that stays inside is fine.
func TestIncludeSymlinkOutsideTree(t *testing.T) {
	top := t.TempDir()
	outside, proj := filepath.Join(top, "outside"), filepath.Join(top, "proj")
	for _, d := range []string{outside, filepath.Join(proj, "real")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{filepath.Join(outside, "x.yaml"), filepath.Join(proj, "real", "x.yaml")} {
		if err := os.WriteFile(f, []byte(treeIncluded), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(outside, filepath.Join(proj, "away")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := os.Symlink(filepath.Join(proj, "real"), filepath.Join(proj, "near")); err != nil {
		t.Fatal(err)
	}
	main := filepath.Join(proj, "errors.yaml")
	for pattern, want := range map[string]string{
		"near/*.yaml": "",
		"away/*.yaml": `errors.yaml:5:11: error: include "away/*.yaml" matches away/x.yaml, which a symbolic link takes outside the catalog's tree`,
	} {
		if err := os.WriteFile(main, []byte(strings.Replace(treeMain, "%s", pattern, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		_, diags, err := Parse(OSFS{}, main)
		if err != nil {
			t.Fatal(err)
		}
		got := diags.Format(proj)
		if want == "" && got != "" || want != "" && !strings.HasPrefix(got, want) {
			t.Errorf("%s: diagnostics:\n%s\nwant:\n%s", pattern, got, want)
		}
	}
}
