package markdown

import (
	"bytes"
	"embed"
	"encoding/json"
	"html"
	"net/url"
	"strconv"
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
	// ThemePath is the site's theme, which errgen writes once as a
	// starter (see [VitePressTheme]) and leaves to the user: it uses
	// errgen's theme, ThemeModulePath.
	ThemePath = ".vitepress/theme/index.mjs"
	// SiteDir holds what errgen writes for the site besides the sidebar,
	// and follows the catalog: the theme (ThemeModulePath) with its Vue
	// components, the config's parts (SiteModulePath), and the errors the
	// page of an unknown address looks an address up in (errors.mjs).
	SiteDir = ".vitepress/errgen/"
	// ThemeModulePath is errgen's theme of the site.
	ThemeModulePath = SiteDir + "theme.mjs"
	// SiteModulePath holds the parts of the site's config errgen's pages
	// need: search, markdown and head.
	SiteModulePath = SiteDir + "site.mjs"
)

// siteFS holds the files of SiteDir that do not follow the catalog.
//
//go:embed site/*.mjs site/*.vue
var siteFS embed.FS

// siteFiles returns the files of SiteDir: the embedded ones, each with
// errgen's header, and errors.mjs.
func (g *generator) siteFiles() ([]gen.File, error) {
	entries, err := siteFS.ReadDir("site")
	if err != nil {
		return nil, err
	}
	var files []gen.File
	for _, e := range entries {
		data, err := siteFS.ReadFile("site/" + e.Name())
		if err != nil {
			return nil, err
		}
		head := "// " + gen.Header + "\n"
		if strings.HasSuffix(e.Name(), ".vue") {
			head = "<!-- " + gen.Header + " -->\n"
		}
		files = append(files, gen.File{Path: SiteDir + e.Name(), Data: append([]byte(head), data...)})
	}
	files = append(files, gen.File{Path: SiteDir + "errors.mjs", Data: g.lookup()})
	return files, nil
}

// lookupEntry is one error, or retired error, in errors.mjs.
type lookupEntry struct {
	Label   string   `json:"label"` // "2502 E_FS_FILE_TOO_LARGE"
	Title   string   `json:"title"`
	Link    string   `json:"link"` // from the site's root
	Keys    []string `json:"keys"` // code, symbols, type, slug, JSON-RPC code
	Retired bool     `json:"retired,omitempty"`
}

// lookup renders errors.mjs: every error, then every retired error with a
// page, one a line, with the names it may be looked up by.
func (g *generator) lookup() []byte {
	var b bytes.Buffer
	b.WriteString("// " + gen.Header + "\n")
	if src := g.page(SiteDir + "errors.mjs").Source; src != "" {
		b.WriteString("// source: " + src + "\n")
	}
	b.WriteString(`//
// The errors of the catalog and the names a developer may hold of each
// (code, symbol, aliases, type, slug, JSON-RPC code), which the page of an
// address that has none (ErrgenNotFound.vue) looks the address up in.
export default [
`)
	line := func(en lookupEntry) {
		data, _ := json.Marshal(en) // strings and bools only
		b.WriteString("  ")
		b.Write(data)
		b.WriteString(",\n")
	}
	for _, e := range g.m.Errors {
		keys := []string{strconv.FormatInt(e.Code, 10), e.Symbol}
		keys = append(keys, e.AliasSymbols()...)
		keys = append(keys, e.Type, e.Slug)
		if g.info.Formats.JSONRPC && e.WireCode != e.Code {
			keys = append(keys, strconv.FormatInt(e.WireCode, 10))
		}
		line(lookupEntry{Label: errorLabel(e), Title: flat(e.Title), Link: siteLink(ErrorPath(e)), Keys: keys})
	}
	for _, r := range g.m.Retired {
		p := g.retiredPath(r)
		if p == "" {
			continue
		}
		var keys []string
		if r.HasCode {
			keys = append(keys, strconv.FormatInt(r.Code, 10))
		}
		if r.Symbol != "" {
			keys = append(keys, r.Symbol)
		}
		keys = append(keys, r.Type, r.Slug)
		line(lookupEntry{Label: retiredLabel(r), Title: "retired in " + flat(r.Since), Link: siteLink(p), Keys: keys, Retired: true})
	}
	b.WriteString("];\n")
	return b.Bytes()
}

// errorLabel names an error in titles, the sidebar and search results:
// its code and symbol.
func errorLabel(e *model.Error) string { return strconv.FormatInt(e.Code, 10) + " " + e.Symbol }

// retiredLabel names a retired error: its code and symbol, those it has.
func retiredLabel(r *model.Retired) string {
	var parts []string
	if r.HasCode {
		parts = append(parts, strconv.FormatInt(r.Code, 10))
	}
	if r.Symbol != "" {
		parts = append(parts, r.Symbol)
	}
	return strings.Join(parts, " ")
}

// sidebarText is an error's label as sidebar HTML: escaped, a line break
// allowed after each underscore of the symbol (never inside a word), and
// a badge when it is deprecated or retired.
func sidebarText(label, badge string) string {
	t := strings.ReplaceAll(html.EscapeString(label), "_", "_<wbr>")
	if badge != "" {
		t += ` <span class="errgen-badge errgen-` + badge + `">` + badge + `</span>`
	}
	return t
}

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
// so that adding an error adds a line. An error's item reads its code and
// symbol, marked when it is deprecated; the retired errors that have a
// page close it. VitePress puts sidebar text into the page as HTML, so
// catalog text is HTML-escaped.
func (g *generator) sidebar() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// " + gen.Header + "\n")
	if src := g.page(SidebarPath).Source; src != "" {
		b.WriteString("// source: " + src + "\n")
	}
	b.WriteString(`//
// The VitePress sidebar of this error reference: all errors, then each
// domain with its errors, then the retired errors, linked from the site's
// root, the docs directory that holds this .vitepress directory. The
// site's config uses it: import sidebar from './sidebar.mjs'.
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
			badge := ""
			if e.Deprecated != nil {
				badge = "deprecated"
			}
			if err := item("    ", sidebarItem{Text: sidebarText(errorLabel(e), badge), Link: siteLink(ErrorPath(e))}, false); err != nil {
				return nil, err
			}
		}
		b.WriteString("  ]},\n")
	}
	open := false
	for _, r := range g.m.Retired {
		p := g.retiredPath(r)
		if p == "" {
			continue
		}
		if !open {
			if err := item("  ", sidebarItem{Text: "Retired", Link: siteLink(indexPath) + "#retired", Collapsed: true}, true); err != nil {
				return nil, err
			}
			open = true
		}
		if err := item("    ", sidebarItem{Text: sidebarText(retiredLabel(r), "retired"), Link: siteLink(p)}, false); err != nil {
			return nil, err
		}
	}
	if open {
		b.WriteString("  ]},\n")
	}
	b.WriteString("];\n")
	return b.Bytes(), nil
}

// VitePressConfig returns the starter config of a VitePress site of m's
// docs, rooted at the docs directory: the generated sidebar, the parts of
// the config errgen's pages need (SiteModulePath: local search that ranks
// an error first for its code or symbol, table labels, a favicon), clean
// URLs (so that a problem type URI, problem_base + slug, lands on the page
// SLUG.html), base set to the path of problem_base (so that the site
// served at problem_base's host takes the type URIs as they are), and dead
// links failing the build (VitePress's default). errgen writes it once,
// where the docs have no config; it is the user's.
func VitePressConfig(m *model.Catalog) []byte {
	title, _ := json.Marshal(m.Name + " errors")
	desc, _ := json.Marshal("The error reference of the " + m.Name + " catalog, version " + m.Version + ".")
	base := ""
	if p := SiteBase(m); p != "/" {
		b, _ := json.Marshal(p)
		base = "  base: " + string(b) + ", // the path of problem_base, where the type URIs lead\n"
	}
	return []byte(`// The VitePress site of the error reference errgen writes to this
// directory. errgen wrote this file once, as a start: it is yours to edit,
// and errgen never rewrites or removes it. The sidebar, ./sidebar.mjs, and
// ./errgen/ (the theme that ./theme/index.mjs uses, and the parts of this
// config the pages need) are errgen's and follow the catalog.
//
// Build the site with "npx vitepress build DOCS", DOCS being the directory
// that holds this .vitepress directory, and preview it with "npx vitepress
// dev DOCS"; dead links fail the build. Serve it at the catalog's
// problem_base and every problem type URI lands on its error's page.
import sidebar from './sidebar.mjs'
import errgen from './errgen/site.mjs'

export default {
  title: ` + string(title) + `,
  description: ` + string(desc) + `,
` + base + `  cleanUrls: true,
  head: errgen.head,
  markdown: errgen.markdown,
  themeConfig: {
    sidebar,
    search: errgen.search,
  },
}
`)
}

// SiteBase returns the path at which m's docs site is served so that its
// problem type URIs land on their pages: the path of problem_base when it
// is an http(s) URL whose type URIs are paths below it, else "/".
func SiteBase(m *model.Catalog) string {
	if m.ProblemBase == "" {
		return "/"
	}
	base := m.ProblemBase
	switch {
	case strings.HasSuffix(base, "#"), strings.HasSuffix(base, "="):
		return "/"
	case !strings.HasSuffix(base, "/") && !strings.HasSuffix(base, ":"):
		base += "/"
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" ||
		!strings.HasSuffix(u.Path, "/") || u.Path == "" {
		return "/"
	}
	return u.EscapedPath()
}

// VitePressTheme is the theme errgen writes once beside the starter config
// (at ThemePath): errgen's theme, which extends VitePress's default one.
// Like the config, it is the user's.
const VitePressTheme = `// The theme of the VitePress site of the error reference: errgen's
// (../errgen/theme.mjs), which extends VitePress's default theme with the
// styles, tables and not-found page of the pages errgen writes. errgen
// wrote this file once, as a start: it is yours to edit (extend the theme
// as any VitePress theme: export default { extends: errgen, ... }), and
// errgen never rewrites or removes it.
export { default } from '../errgen/theme.mjs'
`
