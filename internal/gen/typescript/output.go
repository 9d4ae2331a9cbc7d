package typescript

import (
	"slices"

	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/model"
)

// Output is the TypeScript package as an output of errgen generate.
var Output = gen.NewOutput(&gen.Spec{
	Key: "ts", Name: "TypeScript", Label: "TypeScript emitter", Place: "TypeScript directory", Dir: true,
	Default: "gen/ts", PlaceKey: "dir",
	Usage: "write the TypeScript package to `dir` (with no output named: outputs.ts.dir, else gen/ts)",
	Settings: []gen.Setting{{
		Key: "package", What: "the npm package's name",
		Noun: "npm package name", Want: "want lower case, optionally scoped (@scope/name)",
		Valid:   func(s string) bool { return model.NPMNameRE.MatchString(s) && len(s) <= 214 },
		Changed: "; clients installing the npm package may have to change",
	}},
	MayWrite: func(rel string) bool { return slices.Contains(Files(), rel) },
}, emit)

func emit(in *gen.Input, at gen.Place) ([]gen.File, error) {
	return Generate(in, Options{Package: at.Settings["package"], Source: at.Source})
}
