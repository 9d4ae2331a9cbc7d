package catalog

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// FS is what the loader reads catalogs through: the operating system's files
// ([OSFS]) or an in-memory set ([MapFS]) for tests and fuzzing.
type FS interface {
	// ReadFile returns the file's bytes, or at most limit+1 of them when it is
	// longer than limit.
	ReadFile(name string, limit int64) ([]byte, error)
	// Glob returns the names matching pattern, sorted.
	Glob(pattern string) ([]string, error)
	// Canonical returns a name that is equal for two names of the same file.
	Canonical(name string) string
	// Exists reports whether a file or directory is at name.
	Exists(name string) bool
}

// OSFS reads the operating system's files.
type OSFS struct{}

// ReadFile implements [FS].
func (OSFS) ReadFile(name string, limit int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, &fs.PathError{Op: "read", Path: name, Err: errIsDir}
	}
	buf := make([]byte, 0, min(st.Size(), limit)+1)
	for int64(len(buf)) <= limit {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err != nil {
			break
		}
	}
	return buf, nil
}

// Glob implements [FS].
func (OSFS) Glob(pattern string) ([]string, error) {
	m, err := filepath.Glob(pattern)
	sort.Strings(m)
	return m, err
}

// Canonical implements [FS].
func (OSFS) Canonical(name string) string {
	if abs, err := filepath.Abs(name); err == nil {
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			return real
		}
		return abs
	}
	return filepath.Clean(name)
}

// Exists implements [FS].
func (OSFS) Exists(name string) bool {
	_, err := os.Lstat(name)
	return err == nil
}

// MapFS is an in-memory [FS]: slash-separated names to contents.
type MapFS map[string][]byte

// ReadFile implements [FS].
func (m MapFS) ReadFile(name string, limit int64) ([]byte, error) {
	data, ok := m[path.Clean(filepath.ToSlash(name))]
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	if int64(len(data)) > limit {
		data = data[:limit+1]
	}
	return data, nil
}

// Glob implements [FS].
func (m MapFS) Glob(pattern string) ([]string, error) {
	pattern = path.Clean(filepath.ToSlash(pattern))
	if _, err := path.Match(pattern, ""); err != nil {
		return nil, err
	}
	var out []string
	for name := range m {
		if ok, _ := path.Match(pattern, name); ok {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out, nil
}

// Canonical implements [FS].
func (MapFS) Canonical(name string) string { return path.Clean(filepath.ToSlash(name)) }

// Exists implements [FS]: a file of m, or a directory holding one.
func (m MapFS) Exists(name string) bool {
	name = path.Clean(filepath.ToSlash(name))
	if _, ok := m[name]; ok {
		return true
	}
	for k := range m {
		if strings.HasPrefix(k, name+"/") || name == "." {
			return true
		}
	}
	return false
}

type fsError string

func (e fsError) Error() string { return string(e) }

const errIsDir = fsError("is a directory")
