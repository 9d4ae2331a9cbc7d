// Command errgen turns one declarative error catalog (YAML) into Go
// constants, typed constructors and a runtime, a TypeScript package (client
// and server runtime), a Rust crate, a JSON Schema of the wire envelope,
// conformance vectors and markdown docs.
//
// Usage:
//
//	errgen check    [-catalog FILE]      validate a catalog; writes nothing
//	errgen generate [-catalog FILE] [-go DIR] [-go-package NAME] [-ts DIR]
//	                [-rust DIR] [-rust-crate NAME] [-schema FILE] [-docs DIR]
//	                [-conformance FILE] [-templates DIR] [-check]
//	errgen diff     [-json] OLD NEW      breaking-change report (files or git:REV:PATH)
//	errgen conformance -vectors FILE -- CMD [ARGS...]  hold a runtime's runner to the conformance vectors
//	errgen explain  CODE|SYMBOL|TYPE|STATUS [-catalog FILE]  one error's reference, or the errors allowing an HTTP status
//	errgen init     [DIR]                scaffold DIR/catalog/errors.yaml, named after DIR
//	errgen version                       print errgen's version
//
// The catalog defaults to catalog/errors.yaml. Diagnostics are printed to
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
// runs for a second or two and most of what it allocates stays live until
// the outputs are written, so collecting at nine times the live heap
// rather than twice takes about a sixth off a fresh generate's CPU time;
// the peak memory is the live heap's either way (about 950 MB at 10,000
// errors, against 930 MB at 400 and 430 MB at Go's default of 100; see
// BENCHMARKS.md). GOGC in the environment still decides.
const gcPercent = 800

func main() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr))
}
