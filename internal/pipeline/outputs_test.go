package pipeline

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// diagLine is a diagnostic as errgen prints it: FILE:LINE:COL: SEVERITY: ….
var diagLine = regexp.MustCompile(`^[^\s:][^:]*:[0-9]+:[0-9]+: (error|warning): `)

// diagLines returns the diagnostic lines of stderr, in order.
func diagLines(stderr string) string {
	var out []string
	for _, l := range strings.Split(stderr, "\n") {
		if diagLine.MatchString(l) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// tree describes every entry below dir, symbolic links not followed: its
// line of entries and, for a file, its modification time and the SHA-256
// of its bytes.
func tree(t *testing.T, dir string) string {
	t.Helper()
	lines := entries(t, dir)
	for i, line := range lines {
		cut := strings.LastIndex(line, " ") // the path, then the mode
		rel, mode := line[:cut], line[cut+1:]
		if !strings.HasPrefix(mode, "-") {
			continue // not a regular file
		}
		p := filepath.Join(dir, filepath.FromSlash(rel))
		info, err := os.Lstat(p)
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		lines[i] += fmt.Sprintf(" %d %x", info.ModTime().UnixNano(), sha256.Sum256(data))
	}
	return strings.Join(lines, "\n")
}

// entries lists every file and directory below dir with its mode,
// relative and slash-separated.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out = append(out, fmt.Sprintf("%s %v", filepath.ToSlash(rel), info.Mode()))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// TestNamedOutputsSameVerdictUnchanged: a run naming outputs by flags
// that the records could answer refuses, as check does, a catalog whose
// own places went wrong since: a default place now a file where a
// directory goes, a place of the catalog's outputs whose link now leads
// out of the tree.
func TestNamedOutputsSameVerdictUnchanged(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "repo")
	writeTestFile(t, filepath.Join(dir, "catalog", "errors.yaml"), starterCatalog)
	writeTestFile(t, filepath.Join(dir, "go.mod"), []byte("module example.com/repo\n"))
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
		before := tree(t, top)
		for _, cmd := range [][]string{append([]string{"generate"}, flags...), append([]string{"generate", "-check"}, flags...)} {
			stdout, stderr, code := run(t, dir, cmd...)
			if code != ExitInvalid || diagLines(stderr) != diagLines(checked) {
				t.Errorf("%s: %s: exit %d, stdout %q, stderr:\n%s\nwant the diagnostics of check:\n%s", what, cmd, code, stdout, stderr, diagLines(checked))
			}
		}
		if after := tree(t, top); after != before {
			t.Errorf("%s: files changed:\nbefore:\n%s\nafter:\n%s", what, before, after)
		}
	}

	writeTestFile(t, filepath.Join(dir, "docs", "errors"), []byte("a user's file\n"))
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
