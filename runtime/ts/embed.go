// Package ts holds the catalog-independent part of the npm package errgen
// generates for a catalog: the client's guards and parsers (index.js and
// the tail of index.d.ts), the server runtime (server.js, write.js,
// check.js, wire.js, sanitize.js), its MCP and HTTP adapters, its
// OpenTelemetry module (otel.js) and the conformance runner, with their
// declarations. They are real source, type-checked, linted and
// unit-tested on their own (see README.md); the TypeScript emitter
// (internal/gen/typescript) copies them into every package beside what it
// generates from the catalog (catalog.js, the catalog's facts as facts.js,
// the constructors and the catalog's types in index.d.ts).
package ts

import (
	"embed"
	"io/fs"
	"path"
	"sort"
)

//go:embed src
var src embed.FS

// Tail is the file holding the catalog-independent declarations that
// follow the catalog's types in the package's index.d.ts.
const Tail = "index.tail.d.ts"

// facts are the declarations of the generated files, for type-checking
// the runtime on its own: the package has the generated files instead.
var facts = map[string]bool{"catalog.d.ts": true, "constructors.d.ts": true, "facts.d.ts": true}

// Files returns the names of the files the emitter copies into the
// package as they are (Tail aside), sorted.
func Files() []string {
	entries, err := fs.ReadDir(src, "src")
	if err != nil {
		panic(err) // embedded: cannot fail
	}
	var out []string
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || name == Tail || facts[name] {
			continue
		}
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// Source returns the text of one file of src.
func Source(name string) string {
	b, err := fs.ReadFile(src, path.Join("src", name))
	if err != nil {
		panic("runtime/ts: no file " + name)
	}
	return string(b)
}
