package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// missingCatalog says that the catalog at path does not exist, and how to
// go on: the catalog files nearby (in the directory path names, the
// working directory and the directories in it), to choose with -catalog,
// or errgen init when there is none.
func missingCatalog(env *Env, path string) string {
	shown := relPath(env, env.abs(path))
	found := nearbyCatalogs(env, env.abs(path))
	if len(found) == 0 {
		return "catalog " + shown + " does not exist, and no catalog file is in " + relPath(env, env.Dir) +
			" or the directories in it: name the catalog with -catalog FILE, or write a starter one with errgen init"
	}
	list := found
	if len(list) > maxNearby {
		list = append(list[:maxNearby:maxNearby], "…")
	}
	return "catalog " + shown + " does not exist; catalog files here: " + strings.Join(list, ", ") +
		": name the one to use with -catalog FILE"
}

// maxNearby bounds the catalog files a message lists.
const maxNearby = 8

// nearbyCatalogs lists, relative to the working directory and sorted, the
// catalog files (YAML files with a top-level errgen key) in path's
// directory (or the nearest one above it that exists), the working
// directory and each directory in it.
func nearbyCatalogs(env *Env, path string) []string {
	dirs := []string{env.Dir}
	d := filepath.Dir(path)
	for !isDir(d) && filepath.Dir(d) != d {
		d = filepath.Dir(d)
	}
	dirs = append(dirs, d)
	entries, _ := os.ReadDir(env.Dir)
	for _, e := range entries {
		if n := e.Name(); e.IsDir() && !strings.HasPrefix(n, ".") && n != "node_modules" && n != "vendor" {
			dirs = append(dirs, filepath.Join(env.Dir, n))
		}
	}
	seen := map[string]bool{}
	var out []string
	for _, dir := range dirs {
		if seen[dir] {
			continue
		}
		seen[dir] = true
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			n := e.Name()
			if e.IsDir() || !(strings.HasSuffix(n, ".yaml") || strings.HasSuffix(n, ".yml")) {
				continue
			}
			if p := filepath.Join(dir, n); isCatalogFile(p) {
				out = append(out, relPath(env, p))
			}
		}
	}
	sort.Strings(out)
	return out
}

func isDir(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}

// isCatalogFile reports whether the file at path starts a catalog: a
// line "errgen:" in its first 64 KiB (an included file has no such key).
func isCatalogFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, 64<<10)
	n, _ := io.ReadFull(f, buf)
	buf = buf[:n]
	return bytes.HasPrefix(buf, []byte("errgen:")) || bytes.Contains(buf, []byte("\nerrgen:"))
}
