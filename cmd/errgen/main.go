// Command errgen turns one declarative error catalog (YAML) into Go
// constants, typed constructors and a runtime, a TypeScript package, a JSON
// Schema of the wire envelope and markdown docs.
//
// Usage:
//
//	errgen check    [-catalog FILE]      validate a catalog; writes nothing
//	errgen generate [-catalog FILE] [-go DIR] [-go-package NAME] [-ts DIR]
//	                [-schema FILE] [-docs DIR] [-templates DIR] [-check]
//	errgen diff     [-json] OLD NEW      breaking-change report (files or git:REV:PATH)
//	errgen explain  CODE|SYMBOL|TYPE [-catalog FILE]  print one error's reference
//	errgen init     [DIR]                scaffold DIR/catalog/errors.yaml
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
// In a server repository, run it from go generate:
//
//	//go:generate go run github.com/errgen/errgen/cmd/errgen generate -catalog errors.yaml
package main

import (
	"os"

	"github.com/errgen/errgen/internal/cli"
)

func main() {
	os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr))
}
