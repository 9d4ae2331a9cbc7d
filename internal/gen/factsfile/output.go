package factsfile

import "github.com/errgen/errgen/internal/gen"

// Output is the facts file as an output of errgen generate.
var Output = gen.NewOutput(&gen.Spec{
	Key: "facts", Name: "facts", Label: "facts emitter", Place: "facts file",
	Usage: "write the catalog's facts, the JSON every runtime renders from, to `file` (with no output named: outputs.facts, else none)",
}, emit)

func emit(in *gen.Input, at gen.Place) ([]gen.File, error) {
	return Generate(in, Options{File: at.File})
}
