// Package pyrt holds errgen's Python runtime: the package errgen writes
// into every Python package it generates as its _rt subpackage
// (src/errgen_runtime/*.py here, tested with pytest, type-checked with
// mypy --strict and linted with ruff on its own; see README.md). Only the
// catalog's facts, its error classes and their typed details are
// generated beside it.
package pyrt

import (
	"embed"
	"io/fs"
	"sort"
	"strings"
)

//go:embed src/errgen_runtime/*.py src/errgen_runtime/py.typed
var files embed.FS

// File is one source file of the runtime package.
type File struct {
	Name string // the file's name in the package's directory (core.py, wire.py, …)
	Data []byte
}

// Files returns the runtime's files, by name (py.typed aside: the
// generated package has its own).
func Files() []File {
	entries, err := fs.ReadDir(files, "src/errgen_runtime")
	if err != nil {
		panic(err) // embedded at build time: cannot fail
	}
	out := make([]File, 0, len(entries))
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".py") {
			continue
		}
		data, err := files.ReadFile("src/errgen_runtime/" + e.Name())
		if err != nil {
			panic(err)
		}
		out = append(out, File{Name: e.Name(), Data: data})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
