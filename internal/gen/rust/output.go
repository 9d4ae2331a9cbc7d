package rust

import (
	"strings"

	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/model"
)

// Output is the Rust crate as an output of errgen generate.
var Output = gen.NewOutput(&gen.Spec{
	Key: "rust", Name: "Rust", Label: "Rust emitter", Place: "Rust crate directory", Dir: true,
	PlaceKey: "dir",
	Usage:    "write the Rust crate to `dir` (with no output named: outputs.rust.dir, else none)",
	Settings: []gen.Setting{{
		Key: "crate", Flag: "rust-crate", What: "the crate's name",
		Usage: "Rust crate `name` (default: outputs.rust.crate, else the catalog name followed by -errors)",
		Noun:  "crate name", Want: "want ASCII letters, digits, - and _, starting with a letter, at most 64 characters, not a Rust keyword nor std, core, alloc, proc_macro or test",
		Valid:   model.ValidCrateName,
		Changed: "; Rust code depending on the generated crate may have to change",
	}},
	// the manifest, the sources and the conformance example
	MayWrite: func(rel string) bool {
		return rel == "Cargo.toml" || rel == "examples/conformance.rs" || strings.HasPrefix(rel, "src/") && strings.HasSuffix(rel, ".rs")
	},
}, emit)

func emit(in *gen.Input, at gen.Place) ([]gen.File, error) {
	return Generate(in, Options{Crate: at.Settings["crate"], Source: at.Source})
}
