// Command errgen turns one declarative error catalog (YAML) into Go
// constants, typed constructors and a runtime, a TypeScript package (client
// and server runtime), a Rust crate, a Python package, a JSON Schema of
// the wire envelope,
// conformance vectors and markdown docs.
//
// Usage:
//
//	errgen check    [-catalog FILE]      validate a catalog; writes nothing
//	errgen generate [-catalog FILE] [-go DIR] [-go-package NAME] [-ts DIR]
//	                [-rust DIR] [-rust-crate NAME] [-python DIR]
//	                [-python-package NAME] [-schema FILE] [-openapi FILE]
//	                [-docs DIR] [-conformance FILE] [-facts FILE]
//	                [-templates DIR] [-check]
//	errgen diff     [-json] OLD NEW      breaking-change report (files or git:REV:PATH)
//	errgen conformance -vectors FILE -- CMD [ARGS...]  hold a runtime's runner to the conformance vectors
//	errgen explain  CODE|SYMBOL|TYPE|STATUS [-catalog FILE]  one error's reference, or the errors allowing an HTTP status
//	errgen init     [DIR]                scaffold DIR/catalog/errors.yaml, named after DIR
//	errgen version                       print errgen's version and commit
//
// generate writes the outputs its flags name and no others; with none
// named, the catalog's outputs (and the Go package, TypeScript package,
// JSON Schema and docs at their default places). The catalog defaults to
// catalog/errors.yaml. Diagnostics are printed to
// standard error as FILE:LINE:COL: error: MESSAGE, sorted, all of them in one
// run. Exit status: 0 ok, 1 catalog invalid (or stale outputs under
// generate -check), 2 usage or I/O error.
//
// Example:
//
//	errgen generate -catalog catalog/errors.yaml -go gen/go
//
// In a server module, add errgen as a tool (go get -tool
// github.com/errgen/errgen/cmd/errgen) and run it from go generate; the
// package is named after its directory:
//
//	//go:generate go tool errgen generate -go fserrors
package main

import (
	"os"
	"runtime/debug"

	"github.com/errgen/errgen/internal/cli"
)

// gcPercent is the garbage collector's target for the process: errgen
// runs for a second or two, and most of what it allocates is the garbage
// of printing (go/printer, templates) while what stays live, the model and
// the outputs waiting to be written, is small beside it. Collecting at 17
// times the live heap, rather than twice, leaves one or two collections a
// run: a fresh generate takes about a fifth less CPU than at Go's default
// and 2-3% less wall time than at 800, and its peak memory was no higher
// than at 800 (about 110 MB at 1,000 errors, 780-800 MB at 10,000, against
// 130 MB and 800-840 MB; see BENCHMARKS.md). GOGC in the environment
// still decides.
const gcPercent = 1600

func main() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr))
}
