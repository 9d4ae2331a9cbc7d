// Package pipeline writes a catalog's outputs: from the places decided to
// the files on disk. It checks the places and their conflicts, keeps the
// records of the files generated (the ledger), answers an unchanged run
// from the records and errgen's cache, stages every file and renames it
// into place, removes what interrupted runs left, and adds the starter
// files of an output written for the first time.
package pipeline

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/diag"
	"github.com/errgen/errgen/internal/model"
)

// Exit statuses, errgen's.
const (
	ExitOK      = 0 // success
	ExitInvalid = 1 // the catalog is invalid
	ExitUsage   = 2 // usage or I/O error
)

// Env is what a run writes to and reads from: its streams, its working
// directory and its file system.
type Env struct {
	Stdout, Stderr io.Writer
	Dir            string     // working directory; messages are relative to it
	FS             catalog.FS // where catalogs are read from
}

// Loader reads and checks the catalog at path (absolute), printing its
// diagnostics as errgen check does. It returns the raw catalog, the model
// and the number of warnings; a nil model when the catalog cannot be used,
// with the exit status.
type Loader func(path string) (raw *catalog.Catalog, m *model.Catalog, warnings, status int)

// abs resolves a path given on the command line against the working
// directory.
func (env *Env) abs(path string) string {
	if filepath.IsAbs(path) || env.Dir == "" {
		return filepath.Clean(path)
	}
	return filepath.Join(env.Dir, path)
}

// relPath returns path as messages show it: relative to the working
// directory when inside it.
func relPath(env *Env, path string) string {
	return strings.SplitN(diag.Diagnostic{Pos: diag.Pos{File: path}}.Format(env.Dir), ":", 2)[0]
}

// plural spells a count of things: "1 file", "2 files".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
