package cli

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"

	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/markdown"
	"github.com/errgen/errgen/internal/model"
)

// docsEmitter prepares the markdown emitter for generate: the docs
// directory from -docs, else outputs.docs, else docs/errors; templates from
// -templates DIR over the built-in ones. It returns nil and the exit status
// when the templates directory is unusable.
func docsEmitter(env *Env, fl *flag.FlagSet, m *model.Catalog, catalogPath string) (*emitter, int) {
	dir := env.abs(pick(flagString(fl, "docs"), m.Outputs.Docs, "docs/errors"))
	opts := markdown.Options{Source: relTo(dir, catalogPath)}
	tdir := flagString(fl, "templates")
	if tdir != "" {
		info, err := os.Stat(env.abs(tdir))
		if err != nil || !info.IsDir() {
			fmt.Fprintf(env.Stderr, "errgen generate: -templates %s is not a directory\n", tdir)
			return nil, ExitUsage
		}
		opts.Templates = os.DirFS(env.abs(tdir))
		if names, _ := fs.Glob(opts.Templates, "*.md.tmpl"); len(names) == 0 {
			fmt.Fprintf(env.Stderr, "errgen generate: warning: -templates %s holds no *.md.tmpl file; the built-in templates are used\n", tdir)
		}
	}
	run := func() ([]gen.File, error) {
		files, err := markdown.Generate(m, opts)
		if err != nil {
			msg := err.Error()
			// name the overriding file: "template: error.md.tmpl:12: …"
			if sub := templateFile.FindStringSubmatch(msg); sub != nil && tdir != "" {
				p := filepath.Join(env.abs(tdir), sub[1])
				if _, serr := os.Stat(p); serr == nil {
					msg = relPath(env, p) + ": " + msg
				}
			}
			return nil, errors.New(msg)
		}
		return files, nil
	}
	return &emitter{name: "docs", label: "markdown docs", dir: dir, run: run}, ExitOK
}

var templateFile = regexp.MustCompile(`template:? ([^:\s]+\.md\.tmpl)[:\s]`)
