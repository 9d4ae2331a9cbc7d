// Package pipeline writes a catalog's outputs: everything from the places
// decided to the files on disk. It checks the places and their conflicts,
// keeps the records of the files generated (the ledger), answers an
// unchanged run from the records and errgen's cache, stages every file
// and renames it into place, removes what interrupted runs left, and adds
// the starter files of an output written for the first time.
//
// A run is a [Request], as errgen generate's flags ask for it; [Generate]
// carries it out, printing what errgen generate prints. [PlaceDiags] is
// the places check of errgen check.
package pipeline

import (
	"io"
	"path/filepath"
	"sort"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/diag"
	"github.com/errgen/errgen/internal/gen/outputs"
	"github.com/errgen/errgen/internal/model"
)

// Exit statuses, errgen's: [Generate] returns one.
const (
	ExitOK      = 0 // success
	ExitInvalid = 1 // the catalog is invalid
	ExitUsage   = 2 // usage or I/O error
)

// Request is one run of errgen generate, as its flags ask for it. Rerun
// and Load are required; a place or setting absent or "" is not given.
type Request struct {
	// Catalog is the catalog file as given (-catalog), relative to Dir or
	// absolute.
	Catalog string
	// Check writes nothing: the run compares every output with the disk
	// and fails listing those stale, missing or extra (-check).
	Check bool
	// Places are the places given to outputs, by output key ("go":
	// "gen/go" for -go gen/go). With any given, those outputs are written
	// and no others; with none, the catalog's outputs and those with a
	// default place.
	Places map[string]string
	// Settings are the values given to the outputs' settings, by the
	// setting's flag ("go-package": "errors" for -go-package errors).
	Settings map[string]string
	// Rerun returns the command that writes what a Check run checked (the
	// same run without -check), for the message of outputs out of date;
	// it is called only then.
	Rerun func() string
	// Load reads and checks the catalog, printing its diagnostics as
	// errgen check does, those of [PlaceDiags] among them.
	Load Loader

	Stdout, Stderr io.Writer
	Dir            string     // working directory; messages are relative to it
	FS             catalog.FS // where catalogs are read from
}

// Loader reads and checks the catalog at path (absolute), printing its
// diagnostics. It returns the raw catalog, the model and the number of
// warnings; a nil model when the catalog cannot be used, with the exit
// status.
type Loader func(path string) (raw *catalog.Catalog, m *model.Catalog, warnings, status int)

// givenFlag is one of generate's flags and its value, as the digests and
// the cache key take them.
type givenFlag struct{ name, value string }

// flagValues returns every flag of generate but -check, sorted by name
// as the flag package visits them, with its value ("" for one not
// given): -catalog, each output's place and each setting's flag.
func (req *Request) flagValues() []givenFlag {
	out := []givenFlag{{"catalog", req.Catalog}}
	for _, o := range outputs.All {
		s := o.Spec()
		out = append(out, givenFlag{s.Key, req.Places[s.Key]})
		for _, st := range s.Settings {
			if st.Flag != "" {
				out = append(out, givenFlag{st.Flag, req.Settings[st.Flag]})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// abs resolves a path given on the command line against the working
// directory.
func (req *Request) abs(path string) string {
	if filepath.IsAbs(path) || req.Dir == "" {
		return filepath.Clean(path)
	}
	return filepath.Join(req.Dir, path)
}

// relPath names path in messages, relative to the working directory.
func relPath(req *Request, path string) string { return diag.Path(req.Dir, path) }
