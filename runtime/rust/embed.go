// Package rustrt holds errgen's Rust runtime: the module rt that errgen
// writes into every Rust crate it generates (src/rt/*.rs here, built,
// linted and tested as the crate errgen-runtime). Only the catalog's facts
// are generated beside it. A crate whose catalog checks no pattern and no
// format gets stub/regexp.rs as its rt/regexp.rs, and needs no regex
// crate.
package rustrt

import (
	"embed"
	"io/fs"
	"sort"
)

//go:embed src/rt/*.rs
var files embed.FS

//go:embed stub/regexp.rs
var regexpStub []byte

// RegexpStub returns the regexp.rs of a crate whose catalog checks no
// pattern and no format: no regular expression engine.
func RegexpStub() []byte { return append([]byte(nil), regexpStub...) }

// File is one source file of the module.
type File struct {
	Name string // the file's name in the module's directory (mod.rs, json.rs, …)
	Data []byte
}

// Files returns the module's source files, by name.
func Files() []File {
	entries, err := fs.ReadDir(files, "src/rt")
	if err != nil {
		panic(err) // embedded at build time: cannot fail
	}
	out := make([]File, 0, len(entries))
	for _, e := range entries {
		data, err := files.ReadFile("src/rt/" + e.Name())
		if err != nil {
			panic(err)
		}
		out = append(out, File{Name: e.Name(), Data: data})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
