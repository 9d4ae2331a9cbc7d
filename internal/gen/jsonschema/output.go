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

// OpenAPIOutput is the OpenAPI 3.1 components of the catalog's errors as
// an output of errgen generate. It shares the schema's generator: the
// problem documents and detail shapes are the same JSON Schema 2020-12.
var OpenAPIOutput = gen.NewOutput(&gen.Spec{
	Key: "openapi", Name: "OpenAPI", Label: "OpenAPI emitter", Place: "OpenAPI file",
	Usage: "write the OpenAPI 3.1 components of the errors to `file` (with no output named: outputs.openapi, else none)",
}, emitOpenAPI)

func emitOpenAPI(in *gen.Input, at gen.Place) ([]gen.File, error) {
	return GenerateOpenAPI(in, Options{File: at.File, Source: at.Source})
}
