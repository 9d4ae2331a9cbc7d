// Package templates holds the text/template files errgen renders the
// markdown docs with (internal/gen/markdown), embedded in the binary.
//
// Override them with `errgen generate -templates DIR`: copy this directory,
// edit a file, and only the part it renders changes; a file missing from
// DIR falls back to the one here. The files are:
//
//	index.md.tmpl     the index page: errors by domain, retired codes
//	domain.md.tmpl    one page per domain
//	error.md.tmpl     one page per error, at the error's slug
//	fields.md.tmpl    the table of detail fields (used by error.md.tmpl)
//	examples.md.tmpl  the example payloads (used by error.md.tmpl)
//
// Each file starts with a gotype comment naming the view it receives; the
// views and the helper functions (text, cell, code, cellcode, fence,
// indent, yaml, join, yesno) are documented in internal/gen/markdown.
package templates

import "embed"

// FS holds the built-in templates: every *.md.tmpl file of this directory.
//
//go:embed *.md.tmpl
var FS embed.FS
