package cli

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/markdown"
	"github.com/errgen/errgen/internal/model"
)

// docsEmitter prepares the markdown emitter for generate: the docs
// directory from -docs, else outputs.docs, else docs/errors; templates from
// -templates DIR over the built-in ones. It returns nil and the exit status
// when the templates directory is unusable.
func docsEmitter(env *Env, fl *flag.FlagSet, in *gen.Input, catalogPath string) (*emitter, int) {
	m := in.Model
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
		files, err := markdown.Generate(in, opts)
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
	return &emitter{key: "docs", name: "docs", label: "markdown docs", dir: dir, run: run}, ExitOK
}

// vitePressConfigs are the names a VitePress config may take in a site's
// .vitepress directory.
var vitePressConfigs = []string{"config.js", "config.mjs", "config.cjs", "config.ts", "config.mts", "config.cts"}

// addStarterConfig makes the docs output carry the starter VitePress config
// (markdown.VitePressConfig) when the catalog's docs go to their directory
// for the first time — the directory holds no record of the catalog yet —
// and no VitePress site is there: no .vitepress config in the docs
// directory, nor in a directory above it inside the catalog's tree (a site
// whose srcDir holds the docs). So the docs of a new catalog build as a
// site at once. With it goes, unless one is there, a .vitepress/.gitignore
// (markdown.VitePressGitignore) keeping the site's build output out of
// git. The files are the user's: no record lists them, errgen never writes
// them again (were they deleted), and never overwrites or removes them.
// It returns the config's path, "" when none is added, and the
// .gitignore's, "" when none is added.
func addStarterConfig(docs *emitter, m *model.Catalog, raw *catalog.Catalog, ld *ledger) (config, ignore string) {
	if ld.hasOutput(docs.dir, "docs") {
		return "", ""
	}
	root := realPath(raw.TreeRoot)
	for dir := docs.dir; ; dir = filepath.Dir(dir) {
		for _, name := range vitePressConfigs {
			if _, err := os.Lstat(filepath.Join(dir, ".vitepress", name)); err == nil {
				return "", ""
			}
		}
		if !catalog.Within(realPath(dir), root) || realPath(dir) == root || filepath.Dir(dir) == dir {
			break
		}
	}
	starter := []gen.File{{Path: markdown.ConfigPath, Data: markdown.VitePressConfig(m)}}
	if _, err := os.Lstat(filepath.Join(docs.dir, filepath.FromSlash(path.Dir(markdown.ThemePath)))); err != nil {
		// the theme the config's pages need (errgen's, markdown.SiteDir),
		// unless the site has a theme of its own
		starter = append(starter, gen.File{Path: markdown.ThemePath, Data: []byte(markdown.VitePressTheme)})
	}
	ignore = filepath.Join(docs.dir, filepath.FromSlash(markdown.GitignorePath))
	if _, err := os.Lstat(ignore); err == nil {
		ignore = "" // the user's own
	} else {
		starter = append(starter, gen.File{Path: markdown.GitignorePath, Data: []byte(markdown.VitePressGitignore)})
	}
	run := docs.run
	docs.run = func() ([]gen.File, error) {
		files, err := run()
		if err != nil {
			return nil, err
		}
		return append(files, starter...), nil
	}
	return filepath.Join(docs.dir, filepath.FromSlash(markdown.ConfigPath)), ignore
}

var templateFile = regexp.MustCompile(`template:? ([^:\s]+\.md\.tmpl)[:\s]`)
