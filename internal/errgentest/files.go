package errgentest

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

// Helpers for tests that run errgen over a directory and look at what it
// left there.

// WritePath writes data to path, making the directories it needs.
func WritePath(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// ReadPath returns the file at path.
func ReadPath(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// EditPath replaces the first old by new in the file at path, failing t
// when the file has no old.
func EditPath(t testing.TB, path, old, new string) {
	t.Helper()
	data := ReadPath(t, path)
	if !strings.Contains(data, old) {
		t.Fatalf("%s has no %q", path, old)
	}
	WritePath(t, path, []byte(strings.Replace(data, old, new, 1)))
}

// Entries lists every file and directory below dir with its mode,
// relative and slash-separated, sorted.
func Entries(t testing.TB, dir string) []string {
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

// Tree describes every entry below dir, symbolic links not followed: its
// line of Entries and, for a file, its modification time and the SHA-256
// of its bytes.
func Tree(t testing.TB, dir string) string {
	t.Helper()
	lines := Entries(t, dir)
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

// Snapshot describes every file below dir: path, mode, mtime and bytes.
func Snapshot(t testing.TB, dir string) string {
	t.Helper()
	var lines []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		lines = append(lines, fmt.Sprintf("%s %v %d %x", filepath.ToSlash(rel), info.Mode(), info.ModTime().UnixNano(), data))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// diagLine is a diagnostic as errgen prints it: FILE:LINE:COL: SEVERITY: ….
var diagLine = regexp.MustCompile(`^[^\s:][^:]*:[0-9]+:[0-9]+: (error|warning): `)

// DiagLines returns the diagnostic lines of stderr, in order.
func DiagLines(stderr string) string {
	var out []string
	for _, l := range strings.Split(stderr, "\n") {
		if diagLine.MatchString(l) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
