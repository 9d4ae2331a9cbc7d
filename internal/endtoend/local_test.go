package endtoend

import (
	"bytes"
	"crypto/sha256"
	"io/fs"
	"os"
	pathpkg "path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/errgen/errgen/internal/gen/markdown"
	"github.com/errgen/errgen/internal/gencatalog"
)

// TestLocalChange: one change to a 1,000-error catalog changes a handful of
// generated files (Go, TypeScript, JSON Schema and docs together), the ones
// that show the error: adding an error with a lower code than 990 others
// changes at most 12 (its Go domain file; the TypeScript declarations,
// the package's facts for the client and for the server runtime
// (catalog.js, facts.js) and the error's constructor with its
// declaration (constructors.js, constructors.d.ts); the JSON Schema; its
// docs page, its domain's page, the index's table of every error, the docs
// sidebar and the site's table of addresses, .vitepress/errgen/errors.mjs), and so does
// removing or editing one. The records of what errgen wrote (.errgen-HASH, one per output
// directory) note the catalog's digest, so each changes too, but only by
// that line and the lines of the files of its directory that changed.
func TestLocalChange(t *testing.T) {
	base := string(gencatalog.Generate(1000))
	// gencatalog gives domain dom000 the codes 10000-10009 of [10000, 10999];
	// every other domain's codes are higher.
	const shaped = `  E_D000_ADDED:
    code: 10010
    title: Added error
    message: "Resource {resource} is at {actual}"
    details: shape_03
    doc: Added to the catalog.
`
	const inline = `  E_D000_ADDED:
    code: 10010
    title: Added error
    message: "Added {what}"
    details:
      type: object
      required: [what]
      properties: {what: {type: string}}
    doc: Added to the catalog.
`
	// the whole entry of E_D000_ERR_000100, to remove
	start := strings.Index(base, "  E_D000_ERR_000100:\n")
	entry := base[start : start+2+strings.Index(base[start+1:], "\n  E_")]
	cases := []struct{ name, old, new string }{
		{"add an error with a shape", "\nerrors:\n", "\nerrors:\n" + shaped},
		{"add an error with inline details", "\nerrors:\n", "\nerrors:\n" + inline},
		{"remove an error", entry, ""},
		{"edit a message", `(error 500)"`, `(error 500, edited)"`},
	}

	dir := t.TempDir()
	before := generateTree(t, dir, base)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(base, c.old) {
				t.Fatalf("catalog has no %q", c.old)
			}
			after := generateTree(t, dir, strings.Replace(base, c.old, c.new, 1))
			var changed []string
			perDir := map[string]int{}
			for _, p := range changedFiles(before.sums, after.sums) {
				if !strings.HasPrefix(pathpkg.Base(p), ".errgen-") {
					changed = append(changed, p)
					perDir[pathpkg.Dir(p)]++
				}
			}
			t.Logf("%d files changed: %s", len(changed), strings.Join(changed, ", "))
			if len(changed) == 0 || len(changed) > 12 {
				t.Errorf("%d generated files changed besides the records, want 1 to 12", len(changed))
			}
			for p, old := range before.records {
				// a page in a subdirectory is listed by the record above it
				files := 0
				for d, n := range perDir {
					if d == pathpkg.Dir(p) || strings.HasPrefix(d, pathpkg.Dir(p)+"/") {
						files += n
					}
				}
				if n := changedLines(old, after.records[p]); n > 2*(1+files) {
					t.Errorf("%s: %d lines removed or added, want at most %d (the inputs' digest and a line per changed file, each once removed and once added)", p, n, 2*(1+files))
				}
			}
		})
	}
}

// tree is what generateTree found.
type tree struct {
	sums    map[string][32]byte // every generated file's hash
	records map[string]string   // every record's text
}

// changedLines counts the lines of a not in b and of b not in a: a line
// changed counts twice.
func changedLines(a, b string) int {
	count := func(s string) map[string]int {
		m := map[string]int{}
		for _, l := range strings.Split(s, "\n") {
			m[l]++
		}
		return m
	}
	ma, mb := count(a), count(b)
	n := 0
	for l, k := range ma {
		n += max(k-mb[l], 0)
	}
	for l, k := range mb {
		n += max(k-ma[l], 0)
	}
	return n
}

// generateTree writes catalog to dir/errors.yaml, generates every output
// under dir/out and returns the hash of each generated file by path, and
// the text of each record (the docs' starter VitePress config, theme and
// .gitignore, which generate writes once and leaves to the user, are no
// generated files).
func generateTree(t *testing.T, dir, catalog string) tree {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, "errors.yaml"), []byte(catalog), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := runCLI(t, dir, "generate", "-catalog", "errors.yaml", "-go", "out/go", "-ts", "out/ts", "-schema", "out/schema/s.json", "-docs", "out/docs"); code != 0 {
		t.Fatalf("generate: exit %d\n%s", code, stderr)
	}
	out := tree{sums: map[string][32]byte{}, records: map[string]string{}}
	err := filepath.WalkDir(filepath.Join(dir, "out"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if rel, _ := filepath.Rel(filepath.Join(dir, "out", "docs"), p); slices.Contains([]string{markdown.ConfigPath, markdown.ThemePath, markdown.GitignorePath}, filepath.ToSlash(rel)) {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if !bytes.Contains(data[:min(len(data), 200)], []byte("Code generated by errgen")) {
			t.Errorf("%s: not a generated file", p)
		}
		rel, _ := filepath.Rel(dir, p)
		out.sums[filepath.ToSlash(rel)] = sha256.Sum256(data)
		if strings.HasPrefix(d.Name(), ".errgen-") {
			out.records[filepath.ToSlash(rel)] = string(data)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// changedFiles lists the paths added, removed or changed from a to b.
func changedFiles(a, b map[string][32]byte) []string {
	var out []string
	for p, h := range a {
		if hb, ok := b[p]; !ok || hb != h {
			out = append(out, p)
		}
	}
	for p := range b {
		if _, ok := a[p]; !ok {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}
