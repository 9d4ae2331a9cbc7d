package conformance

import "github.com/errgen/errgen/internal/gen"

// Output is the conformance vector file as an output of errgen generate.
var Output = gen.NewOutput(&gen.Spec{
	Key: "conformance", Name: "conformance vectors", Label: "conformance emitter", Place: "conformance file",
	Usage: "write the conformance vectors to `file` (with no output named: outputs.conformance, else none)",
}, emit)

func emit(in *gen.Input, at gen.Place) ([]gen.File, error) {
	return Generate(in, Options{File: at.File})
}
