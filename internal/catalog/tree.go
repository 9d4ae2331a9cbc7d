package catalog

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/errgen/errgen/internal/diag"
)

// A catalog's tree is the directory a catalog may read from and, through
// its outputs, write to: the nearest directory at or above the main
// catalog that holds go.mod or .git (so that a repository or module can
// share includes and write to sibling directories), else the main
// catalog's own directory. Include patterns and the matches they find,
// symbolic links followed, stay inside it.

// Markers are the files whose directory is the root of a catalog's tree.
var Markers = []string{"go.mod", ".git"}

// TreeRoot returns the root of the tree of the catalog at path, and the
// marker file found there ("" when there is none and the root is the
// catalog's own directory).
func TreeRoot(fsys FS, path string) (root, marker string) {
	dir := filepath.Dir(path)
	for d := dir; ; {
		for _, m := range Markers {
			if p := filepath.Join(d, m); fsys.Exists(p) {
				return d, p
			}
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir, ""
		}
		d = parent
	}
}

// Within reports whether path is dir or lies below it (lexically).
func Within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// TreeNote describes the catalog's tree for messages: "the directory of
// FILE" with FILE its marker, or the catalog's own directory. A [diag.Pos]
// among the returned args prints as a relative path.
func (c *Catalog) TreeNote() (string, []any) {
	if c.TreeMarker == "" {
		return "the catalog's own directory, as no go.mod or .git is at or above it", nil
	}
	return "the directory of %s", []any{diag.Pos{File: c.TreeMarker}}
}

// includeOutside reports an include pattern that is absolute or leaves the
// tree, and returns true when it did.
func (l *loader) includeOutside(inc Str, pattern string) bool {
	note, args := l.cat.TreeNote()
	switch {
	case filepath.IsAbs(inc.Value):
		l.fail(inc.Pos, "include %q is an absolute path; include patterns are relative to the including file, inside the catalog's tree ("+note+")", append([]any{inc.Value}, args...)...)
	case !Within(pattern, l.cat.TreeRoot):
		l.fail(inc.Pos, "include %q leaves the catalog's tree ("+note+")", append([]any{inc.Value}, args...)...)
	default:
		return false
	}
	return true
}

// matchOutside reports a match of an include pattern that lies outside
// the tree once symbolic links are followed, and returns true when it does.
func (l *loader) matchOutside(inc Str, match string) bool {
	if l.canonRoot == "" {
		l.canonRoot = l.fs.Canonical(l.cat.TreeRoot)
	}
	if Within(l.fs.Canonical(match), l.canonRoot) {
		return false
	}
	note, args := l.cat.TreeNote()
	l.fail(inc.Pos, "include %q matches %s, which a symbolic link takes outside the catalog's tree ("+note+")", append([]any{inc.Value, diag.Pos{File: match}}, args...)...)
	return true
}

// NoteIncludes ends each diagnostic of l placed in an included file with
// the chain of includes that brought the file in: "(included from
// a.yaml:3:10, from errors.yaml:8:11)".
func (c *Catalog) NoteIncludes(l diag.List) {
	for i := range l {
		at, ok := c.IncludedFrom[l[i].Pos.File]
		if !ok {
			continue
		}
		format, args := " (included from %s", []any{at}
		for n := 0; n < MaxFiles; n++ {
			if at, ok = c.IncludedFrom[at.File]; !ok {
				break
			}
			format += ", from %s"
			args = append(args, at)
		}
		l[i].Extend(format+")", args...)
	}
}

// RealPath returns path with every symbolic link on it followed, the part
// that does not exist yet included as written: where a write to path
// lands.
func RealPath(path string) string { return resolvePath(filepath.Clean(path), 0) }

func resolvePath(path string, links int) string {
	if r, err := filepath.EvalSymlinks(path); err == nil {
		return r
	}
	parent := filepath.Dir(path)
	if parent == path || links > 40 {
		return path
	}
	dir := resolvePath(parent, links)
	full := filepath.Join(dir, filepath.Base(path))
	if info, err := os.Lstat(full); err == nil && info.Mode()&fs.ModeSymlink != 0 {
		if target, err := os.Readlink(full); err == nil {
			if !filepath.IsAbs(target) {
				target = filepath.Join(dir, target)
			}
			return resolvePath(filepath.Clean(target), links+1)
		}
	}
	return full
}
