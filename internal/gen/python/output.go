package python

import (
	"strings"

	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/model"
)

// Output is the Python package as an output of errgen generate.
var Output = gen.NewOutput(&gen.Spec{
	Key: "python", Name: "Python", Label: "Python emitter", Place: "Python package directory", Dir: true,
	PlaceKey: "dir",
	Usage:    "write the Python package to `dir` (with no output named: outputs.python.dir, else none)",
	Settings: []gen.Setting{{
		Key: "package", Flag: "python-package", What: "the Python package's name",
		Usage: "Python package's import `name` (default: outputs.python.package, else the catalog name followed by _errors, each . and - an _)",
		Noun:  "Python package name", Want: model.PythonPackageRule, Valid: model.ValidPythonPackage,
		Changed: "; Python code importing the generated package may have to change",
	}},
	// the project's pyproject.toml and README.md, and the .py files and
	// py.typed of its package directories
	MayWrite: func(rel string) bool {
		base := rel[strings.LastIndex(rel, "/")+1:]
		return rel == "pyproject.toml" || rel == "README.md" || strings.Contains(rel, "/") && (strings.HasSuffix(rel, ".py") || base == "py.typed")
	},
}, emit)

func emit(in *gen.Input, at gen.Place) ([]gen.File, error) {
	return Generate(in, Options{Package: at.Settings["package"], Source: at.Source})
}
