package jsonschema

import "github.com/errgen/errgen/internal/gen"

// Output is the JSON Schema of the wire envelope as an output of errgen
// generate.
var Output = gen.NewOutput(&gen.Spec{
	Key: "schema", Name: "JSON Schema", Label: "JSON Schema emitter", Place: "JSON Schema file",
	Default: "schema/error-context.schema.json",
	Usage:   "write the JSON Schema of the wire envelope to `file` (with no output named: outputs.schema, else schema/error-context.schema.json)",
}, emit)

func emit(in *gen.Input, at gen.Place) ([]gen.File, error) {
	return Generate(in, Options{File: at.File, Source: at.Source})
}
