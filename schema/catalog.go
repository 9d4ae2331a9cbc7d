// Package schema holds the JSON Schemas of errgen's own formats. Catalog,
// the catalog language (catalog.schema.json), is what errgen init writes
// beside a new catalog for editors (yaml-language-server) to complete and
// check it against.
package schema

import _ "embed"

// Catalog is catalog.schema.json, the JSON Schema of the catalog language.
//
//go:embed catalog.schema.json
var Catalog []byte
