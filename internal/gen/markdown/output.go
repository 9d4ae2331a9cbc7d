package markdown

import (
	"errors"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/gen"
)

// Output is the docs directory as an output of errgen generate.
var Output = gen.NewOutput(&gen.Spec{
	Key: "docs", Name: "docs", Label: "markdown docs", Place: "docs directory", Dir: true,
	Default: "docs/errors",
	Usage:   "write the markdown docs to `dir` (with no output named: outputs.docs, else docs/errors)",
	Settings: []gen.Setting{{
		Flag: "templates", What: "the docs' templates", Dir: true,
		Usage: "`dir` of docs templates overriding the built-in ones",
		Warn: func(dir string) string {
			if names, _ := filepath.Glob(filepath.Join(dir, "*.md.tmpl")); len(names) == 0 {
				return "holds no *.md.tmpl file; the built-in templates are used"
			}
			return ""
		},
	}},
	// the pages at any depth, the VitePress sidebar, the site's files
	// (SiteDir), and the starter config, theme and .gitignore
	MayWrite: func(rel string) bool {
		return strings.HasSuffix(rel, ".md") || rel == SidebarPath || rel == ConfigPath || rel == GitignorePath ||
			rel == ThemePath || strings.HasPrefix(rel, SiteDir)
	},
	Starter: starter,
}, emit)

// Generate writes the docs with the templates of -templates DIR over the
// built-in ones; an error in one of those names its file.
func emit(in *gen.Input, at gen.Place) ([]gen.File, error) {
	opts := Options{Source: at.Source}
	tdir := at.Settings["templates"]
	if tdir != "" {
		opts.Templates = os.DirFS(tdir)
	}
	files, err := Generate(in, opts)
	if err != nil {
		msg := err.Error()
		// name the overriding file: "template: error.md.tmpl:12: …"
		if sub := templateFile.FindStringSubmatch(msg); sub != nil && tdir != "" {
			p := filepath.Join(tdir, sub[1])
			if _, serr := os.Stat(p); serr == nil {
				msg = at.Rel(p) + ": " + msg
			}
		}
		return nil, errors.New(msg)
	}
	return files, nil
}

var templateFile = regexp.MustCompile(`template:? ([^:\s]+\.md\.tmpl)[:\s]`)

// vitePressConfigs are the names a VitePress config may take in a site's
// .vitepress directory.
var vitePressConfigs = []string{"config.js", "config.mjs", "config.cjs", "config.ts", "config.mts", "config.cts"}

// starter returns the starter VitePress config (VitePressConfig) when no
// VitePress site is there: no .vitepress config in the docs directory,
// nor in a directory above it inside the catalog's tree root (a site whose
// srcDir holds the docs). So the docs of a new catalog build as a site at
// once. With it go the theme its pages need, unless the site has a theme
// of its own, and, unless one is there, a .vitepress/.gitignore
// (VitePressGitignore) keeping the site's build output out of git.
func starter(in *gen.Input, at gen.Place, root string) []gen.StarterFile {
	for dir := at.Dir; ; dir = filepath.Dir(dir) {
		for _, name := range vitePressConfigs {
			if _, err := os.Lstat(filepath.Join(dir, ".vitepress", name)); err == nil {
				return nil
			}
		}
		if real := catalog.RealPath(dir); !catalog.Within(real, root) || real == root || filepath.Dir(dir) == dir {
			break
		}
	}
	files := []gen.StarterFile{{
		File: gen.File{Path: ConfigPath, Data: VitePressConfig(in.Model)},
		Note: "a starter VitePress config of the docs: yours to edit, errgen does not write it again",
	}}
	if _, err := os.Lstat(filepath.Join(at.Dir, filepath.FromSlash(path.Dir(ThemePath)))); err != nil {
		files = append(files, gen.StarterFile{File: gen.File{Path: ThemePath, Data: []byte(VitePressTheme)}})
	}
	if _, err := os.Lstat(filepath.Join(at.Dir, filepath.FromSlash(GitignorePath))); err != nil {
		files = append(files, gen.StarterFile{
			File: gen.File{Path: GitignorePath, Data: []byte(VitePressGitignore)},
			Note: "keeping the site vitepress build writes (dist, cache) out of git: yours too",
		})
	}
	return files
}
