package cli

import (
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/errgen/errgen/internal/gen/golang"
	"github.com/errgen/errgen/internal/pipeline"
	"github.com/errgen/errgen/schema"
)

// SchemaFile is the name of the catalog language's JSON Schema that init
// writes beside the starter catalog, which points its editors at it.
const SchemaFile = "catalog.schema.json"

//go:embed starter/errors.yaml
var starterCatalog []byte

// starter returns the starter catalog for a catalog named name, its
// comments running errgen as self.
func starter(name, self string) []byte {
	s := strings.ReplaceAll(string(starterCatalog), "myserviceerrors", golang.PackageName(name))
	s = strings.ReplaceAll(s, "myservice", name)
	s = strings.ReplaceAll(s, "Check it with:   errgen check", "Check it with:   "+self+" check")
	return []byte(s)
}

var initCmd = &command{
	name:    "init",
	args:    "[DIR]",
	summary: "Write a commented starter catalog to DIR/catalog/errors.yaml (DIR defaults to .), named after DIR, and beside it catalog.schema.json, the catalog language for editors.",
	run: func(env *Env, fl *flag.FlagSet, args []string) int {
		if len(args) > 1 {
			fmt.Fprintf(env.Stderr, "errgen init: want at most one directory, got %d arguments\n", len(args))
			return ExitUsage
		}
		dir := "."
		if len(args) == 1 {
			dir = args[0]
		}
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(env.Dir, dir)
		}
		path := filepath.Join(dir, filepath.FromSlash(DefaultCatalog))
		if _, err := os.Lstat(path); err == nil {
			fmt.Fprintf(env.Stderr, "errgen init: %s already exists; not overwriting it\n", relPath(env, path))
			return ExitUsage
		} else if !errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(env.Stderr, "errgen init: %v\n", err)
			return ExitUsage
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			fmt.Fprintf(env.Stderr, "errgen init: %v\n", err)
			return ExitUsage
		}
		self := env.invocation()
		if err := pipeline.CreateFile(path, starter(catalogName(dir), self)); err != nil {
			fmt.Fprintf(env.Stderr, "errgen init: %v\n", err)
			return ExitUsage
		}
		rel := relPath(env, path)
		wrote := rel
		// the schema its first line points editors at, unless one is there
		schemaPath := filepath.Join(filepath.Dir(path), SchemaFile)
		switch err := pipeline.CreateFile(schemaPath, schema.Catalog); {
		case err == nil:
			wrote += " and " + relPath(env, schemaPath)
		case !errors.Is(err, fs.ErrExist):
			fmt.Fprintf(env.Stderr, "errgen init: %v\n", err)
			return ExitUsage
		}
		flag := ""
		if filepath.ToSlash(rel) != DefaultCatalog {
			flag = " -catalog " + rel
		}
		fmt.Fprintf(env.Stdout, "wrote %s\nnext: %s check%s\n      %s generate%s\n", wrote, self, flag, self, flag)
		return ExitOK
	},
}
