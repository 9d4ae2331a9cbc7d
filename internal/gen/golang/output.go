package golang

import (
	"path/filepath"
	"strings"

	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/model"
)

// Output is the Go package as an output of errgen generate.
var Output = gen.NewOutput(&gen.Spec{
	Key: "go", Name: "Go", Label: "Go emitter", Place: "Go directory", Dir: true,
	Default: "gen/go", PlaceKey: "dir",
	Usage: "write the Go package to `dir` (with no output named: outputs.go.dir, else gen/go)",
	Settings: []gen.Setting{{
		Key: "package", Flag: "go-package", What: "the Go package's name",
		Usage: "Go package `name` (default: outputs.go.package, else the Go directory's base name when it is a usable package name, else derived from the catalog name)",
		Noun:  "Go package name", Want: "want a lower-case Go identifier that is not a keyword", Valid: model.ValidGoPackage,
		Changed: "; Go code using the generated package may have to change",
	}},
	// the package's files, all in its directory
	MayWrite: func(rel string) bool { return !strings.Contains(rel, "/") && strings.HasSuffix(rel, ".go") },
}, emit)

func emit(in *gen.Input, at gen.Place) ([]gen.File, error) {
	pkg := at.Settings["package"]
	if pkg == "" {
		pkg = DirPackage(at.Dir)
	}
	return Generate(in, Options{Package: pkg, Source: at.Source})
}

// DirPackage returns the Go package name a directory gives its package:
// its base name, lower-cased, without '-' and '.' ("fserrors",
// "FS-Errors" → "fserrors"), when that is a Go identifier of lower-case
// letters, digits and '_' that is neither a keyword nor "main"; else "",
// and the package is named after the catalog ("gen/go": "go" is a
// keyword).
func DirPackage(dir string) string {
	base := filepath.Base(filepath.Clean(dir))
	var b strings.Builder
	for _, r := range base {
		switch {
		case r >= 'A' && r <= 'Z':
			b.WriteRune(r - 'A' + 'a')
		case r == '-' || r == '.':
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '_':
			b.WriteRune(r)
		default:
			return "" // a character no package name has
		}
	}
	name := b.String()
	if !model.ValidGoPackage(name) || name == "main" {
		return ""
	}
	return name
}
