package markdown

import (
	"bytes"
	"encoding/json"
	"html"
	"strings"

	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/model"
)

// What a VitePress site of the docs needs: the docs directory is the
// site's root, and its .vitepress directory holds the config.
const (
	// SidebarPath is the sidebar errgen writes with the docs: the index,
	// then every domain by range with its errors by code.
	SidebarPath = ".vitepress/sidebar.mjs"
	// ConfigPath is the site's config, which errgen writes once as a
	// starter (see [VitePressConfig]) and leaves to the user.
	ConfigPath = ".vitepress/config.mjs"
	// GitignorePath keeps what building the site writes (.vitepress/dist,
	// .vitepress/cache) out of git; errgen writes it with the starter
	// config, once (see [VitePressGitignore]).
	GitignorePath = ".vitepress/.gitignore"
)

// VitePressGitignore is the .gitignore errgen writes beside the starter
// config: `vitepress build` writes the site and its cache into the docs
// directory's .vitepress, which must not show as new files where CI checks
// that the committed outputs are what generate writes (git status
// --porcelain). Like the config, it is the user's.
const VitePressGitignore = `# What VitePress writes when it builds this site (npx vitepress build):
# the site and its cache, not to be committed.
dist/
cache/
`

// sidebarItem is an item of a VitePress sidebar: a page, or a group of
// pages (collapsed, the group of the page shown opening itself).
type sidebarItem struct {
	Text      string `json:"text"`
	Link      string `json:"link"`
	Collapsed bool   `json:"collapsed,omitempty"`
}

// siteLink returns the link of the page at path (in the docs directory)
// from the site's root: "/", "/domains/NAME", "/SLUG", "/index/".
func siteLink(path string) string {
	path = strings.TrimSuffix(path, ".md")
	switch {
	case path == "index":
		return "/"
	case strings.HasSuffix(path, "/index"):
		return "/" + strings.TrimSuffix(path, "index")
	}
	return "/" + path
}

// sidebar renders .vitepress/sidebar.mjs: an ES module whose default export
// is the sidebar, one item a line in JSON (which a module reads as it is),
// so that adding an error adds a line. VitePress puts sidebar text into
// the page as HTML, so catalog text is HTML-escaped.
func (g *generator) sidebar() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// " + gen.Header + "\n")
	if src := g.page(SidebarPath).Source; src != "" {
		b.WriteString("// source: " + src + "\n")
	}
	b.WriteString(`//
// The VitePress sidebar of this error reference: all errors, then each
// domain with its errors, linked from the site's root, the docs directory
// that holds this .vitepress directory. The site's config uses it:
// import sidebar from './sidebar.mjs'.
export default [
`)
	item := func(indent string, it sidebarItem, open bool) error {
		data, err := json.Marshal(it)
		if err != nil {
			return err
		}
		b.WriteString(indent)
		if open {
			b.Write(data[:len(data)-1]) // the items follow
			b.WriteString(`,"items":[` + "\n")
		} else {
			b.Write(data)
			b.WriteString(",\n")
		}
		return nil
	}
	if err := item("  ", sidebarItem{Text: "All errors", Link: siteLink(indexPath)}, false); err != nil {
		return nil, err
	}
	for _, d := range g.m.Domains {
		title := d.Title
		if title == "" {
			title = d.Name
		}
		if err := item("  ", sidebarItem{Text: html.EscapeString(title), Link: siteLink(domainPath(d)), Collapsed: true}, true); err != nil {
			return nil, err
		}
		for _, e := range d.Errors {
			if err := item("    ", sidebarItem{Text: html.EscapeString(e.Symbol), Link: siteLink(ErrorPath(e))}, false); err != nil {
				return nil, err
			}
		}
		b.WriteString("  ]},\n")
	}
	b.WriteString("];\n")
	return b.Bytes(), nil
}

// VitePressConfig returns the starter config of a VitePress site of m's
// docs, rooted at the docs directory: the generated sidebar, local search,
// clean URLs (so that a problem type URI, problem_base + slug, lands on the
// page SLUG.html), and dead links failing the build (VitePress's default).
// errgen writes it once, where the docs have no config; it is the user's.
func VitePressConfig(m *model.Catalog) []byte {
	title, _ := json.Marshal(m.Name + " errors")
	desc, _ := json.Marshal("The error reference of the " + m.Name + " catalog, version " + m.Version + ".")
	return []byte(`// The VitePress site of the error reference errgen writes to this
// directory. errgen wrote this file once, as a start: it is yours to edit,
// and errgen never rewrites or removes it. The sidebar, ./sidebar.mjs, is
// errgen's and follows the catalog.
//
// Build the site with "npx vitepress build DOCS", DOCS being the directory
// that holds this .vitepress directory, and preview it with "npx vitepress
// dev DOCS"; dead links fail the build. Serve it at the catalog's
// problem_base (set base here when that is not the host's root) and every
// problem type URI lands on its error's page.
import sidebar from './sidebar.mjs'

export default {
  title: ` + string(title) + `,
  description: ` + string(desc) + `,
  cleanUrls: true,
  themeConfig: {
    sidebar,
    search: { provider: 'local' },
  },
}
`)
}
