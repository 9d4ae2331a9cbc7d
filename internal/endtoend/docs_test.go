package endtoend

import (
	"bytes"
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/errgen/errgen/errgenrt"
	mcp "github.com/errgen/errgen/gen/go"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/jsonschema"
	"github.com/errgen/errgen/internal/gen/markdown"
	"github.com/errgen/errgen/internal/model"
	sjs "github.com/santhosh-tekuri/jsonschema/v6"
)

var docsSite = flag.Bool("docs-site", false, "build the generated docs of the golden and hostile catalogs with VitePress (make docs-site)")

// docsCase is a catalog whose docs the tests render: the golden catalogs
// (docs kept under testdata/golden/NAME/md), the repo's own, and the
// hostile catalog of the markdown emitter's tests.
type docsCase struct {
	goldenCase
	compiled *errgenrt.Catalog // the generated Go package, nil for hostile
}

func docsCases(t *testing.T) []docsCase {
	var out []docsCase
	for _, c := range goldenCases(t) {
		out = append(out, docsCase{c, runtimeCatalogs[c.name]})
	}
	root := repoRoot(t)
	out = append(out,
		docsCase{goldenCase{name: "repo", catalog: filepath.Join(root, "catalog", "errors.yaml")}, mcp.Catalog},
		docsCase{goldenCase{name: "hostile", catalog: filepath.Join(root, "internal", "gen", "markdown", "testdata", "hostile.yaml")}, nil})
	return out
}

func docsFiles(t *testing.T, c goldenCase, m *model.Catalog) []gen.File {
	t.Helper()
	src := ""
	if c.dir != "" {
		abs, _ := filepath.Abs(filepath.Join(c.dir, "md"))
		catAbs, _ := filepath.Abs(c.catalog)
		rel, _ := filepath.Rel(abs, catAbs)
		src = filepath.ToSlash(rel)
	}
	files, err := markdown.Generate(gen.NewInput(m), markdown.Options{Source: src})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestDocsGolden compares the docs of every golden catalog with
// testdata/golden/NAME/md, both ways (-update rewrites them).
func TestDocsGolden(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.name, func(t *testing.T) {
			m := errgentest.Model(t, catalog.OSFS{}, c.catalog)
			files := docsFiles(t, c, m)
			again := docsFiles(t, c, errgentest.Model(t, catalog.OSFS{}, c.catalog))
			for i := range files {
				if !bytes.Equal(files[i].Data, again[i].Data) {
					t.Errorf("%s: two runs differ", files[i].Path)
				}
			}
			compareDir(t, filepath.Join(c.dir, "md"), files)
		})
	}
}

// TestDocsRepo holds docs/errors, the repo's own committed docs, to the
// catalog (errgen generate writes them).
func TestDocsRepo(t *testing.T) {
	root := repoRoot(t)
	m := errgentest.Model(t, catalog.OSFS{}, filepath.Join(root, "catalog", "errors.yaml"))
	if m.Outputs["docs"] != "docs/errors" {
		t.Fatalf("outputs.docs is %q", m.Outputs["docs"])
	}
	files, err := markdown.Generate(gen.NewInput(m), markdown.Options{Source: "../../catalog/errors.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		t.Skip("docs/errors is written by errgen generate, not -update")
	}
	compareDir(t, filepath.Join(root, "docs", "errors"), files)
}

// jsonBlock matches a fenced json block of the docs, a tab of a code
// group, and its label.
var jsonBlock = regexp.MustCompile("(?m)^(`{3,})json \\[([^\\]\n]*)\\]\n((?s:.*?))\n?^`{3,}$")

// TestDocsJSONBlocks parses every ```json block of the generated docs (an
// error page shows its first example, one tab per wire format of the
// catalog): each is valid JSON, equals (compacted) the payload the
// compiled generated package renders for the same example — the
// runtime's own bytes — and validates against the catalog's JSON Schema:
// the JSON-RPC error object against #/$defs/JsonRpcError, the problem
// document against #/$defs/ProblemDetails, the plain response against
// #/$defs/ErrorResponse.
func TestDocsJSONBlocks(t *testing.T) {
	for _, c := range docsCases(t) {
		t.Run(c.name, func(t *testing.T) {
			m := errgentest.Model(t, catalog.OSFS{}, c.catalog)
			defs := docsSchema(t, m)
			files := docsFiles(t, c.goldenCase, m)
			o := errgenrt.DefaultOptions()
			o.Now = func() time.Time { return gen.ExampleTime }
			o.Instance = func() string { return gen.ExampleInstance }
			blocks := 0
			for _, f := range files {
				e := errorOfPage(m, f.Path)
				found := jsonBlock.FindAllSubmatch(f.Data, -1)
				if e == nil {
					if len(found) > 0 {
						t.Errorf("%s: json blocks on a page of no error", f.Path)
					}
					continue
				}
				var examples []any
				if len(e.Examples) > 0 {
					examples = []any{e.Examples[0].Value}
				} else if e.Details == nil {
					examples = []any{nil}
				}
				var formats []string // the schema definitions of the catalog's formats, in page order
				for _, f := range []struct {
					format string
					def    string
				}{{model.FormatJSONRPC, jsonschema.DefJSONRPCError}, {model.FormatProblem, jsonschema.DefProblemDetails}, {model.FormatResponse, jsonschema.DefErrorResponse}} {
					if m.Uses(f.format) {
						formats = append(formats, f.def)
					}
				}
				if len(found) != len(formats)*len(examples) {
					t.Errorf("%s: %d json blocks, want one per format (%d) of %d example", f.Path, len(found), len(formats), len(examples))
					continue
				}
				for i, b := range found {
					blocks++
					label, body := string(b[2]), b[3]
					var compact bytes.Buffer
					if err := json.Compact(&compact, body); err != nil {
						t.Errorf("%s block %d is not JSON: %v\n%s", f.Path, i+1, err, body)
						continue
					}
					var want []byte
					var def string
					var rt *errgenrt.Error
					if c.compiled != nil {
						rt = exampleErrorPlain(t, c.compiled.BySymbol(e.Symbol), examples[i/len(formats)])
					}
					def = formats[i%len(formats)]
					if rt != nil {
						switch def {
						case jsonschema.DefJSONRPCError:
							want = rt.AppendJSONRPC(nil, &o)
						case jsonschema.DefProblemDetails:
							want = rt.AppendProblem(nil, &o)
						case jsonschema.DefErrorResponse:
							want = rt.AppendResponse(nil, &o)
						}
					}
					if !strings.Contains(strings.ToLower(label), map[string]string{
						jsonschema.DefJSONRPCError: "json-rpc", jsonschema.DefProblemDetails: "problem", jsonschema.DefErrorResponse: "response"}[def]) {
						t.Errorf("%s block %d: label %q does not name a %s", f.Path, i+1, label, def)
					}
					// the page shows <, > and & as themselves, where the
					// runtime escapes them (\u003c …): the same JSON value
					want = []byte(htmlEscapes.Replace(string(want)))
					if rt != nil && !bytes.Equal(compact.Bytes(), want) {
						t.Errorf("%s block %d differs from the compiled runtime's payload:\n got %s\nwant %s", f.Path, i+1, compact.Bytes(), want)
					}
					doc, err := sjs.UnmarshalJSON(bytes.NewReader(body))
					if err != nil {
						t.Fatal(err)
					}
					if err := defs[def].Validate(doc); err != nil {
						t.Errorf("%s block %d against %s: %v", f.Path, i+1, def, err)
					}
				}
			}
			if blocks == 0 {
				t.Error("no json blocks")
			}
		})
	}
}

// htmlEscapes replaces the escapes of <, > and & the runtime writes in JSON
// strings by the characters, as the docs' examples show them.
var htmlEscapes = strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&")

// errorOfPage returns the error a docs page documents, or nil.
func errorOfPage(m *model.Catalog, path string) *model.Error {
	for _, e := range m.Errors {
		if path == markdown.ErrorPath(e) {
			return e
		}
	}
	return nil
}

// exampleErrorPlain builds the error of def from an example through the
// compiled details type, without per-occurrence options (as the docs show
// it).
func exampleErrorPlain(t *testing.T, def *errgenrt.Def, example any) *errgenrt.Error {
	t.Helper()
	if example == nil {
		return errgenrt.New(def, nil)
	}
	return errgenrt.New(def, exampleError(t, def, example).Details)
}

// ecmaPatterns is the regexp engine docs/guide/schema.md gives
// santhosh-tekuri/jsonschema for a schema whose patterns Go's regexp does
// not read (\uHHHH, \u{…}, \cX, surrogate pairs): errgenrt's, which
// matches a pattern as the runtimes do.
func ecmaPatterns(s string) (sjs.Regexp, error) { return errgenrt.NewPattern(s, false) }

// docsSchema compiles the entry points of the catalog's JSON Schema, its
// patterns read as ECMAScript reads them (ecmaPatterns).
func docsSchema(t *testing.T, m *model.Catalog) map[string]*sjs.Schema {
	t.Helper()
	files, err := jsonschema.Generate(gen.NewInput(m), jsonschema.Options{})
	if err != nil {
		t.Fatal(err)
	}
	doc, err := sjs.UnmarshalJSON(bytes.NewReader(files[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	id, _ := doc.(map[string]any)["$id"].(string)
	c := sjs.NewCompiler()
	c.AssertFormat()
	c.UseRegexpEngine(ecmaPatterns)
	if err := c.AddResource(id, doc); err != nil {
		t.Fatal(err)
	}
	out := map[string]*sjs.Schema{}
	for _, def := range []string{jsonschema.DefJSONRPCError, jsonschema.DefProblemDetails, jsonschema.DefErrorResponse} {
		s, err := c.Compile(id + jsonschema.Ref(def))
		if err != nil {
			t.Fatalf("compile %s: %v", def, err)
		}
		out[def] = s
	}
	return out
}

// sidebarText matches the text of a sidebar item in a page VitePress built.
var sidebarText = regexp.MustCompile(`class="text" data-v-[0-9a-f]+>(.*?)</(?:p|h2)>`)

// htmlTag matches an HTML tag, which sidebarItem drops.
var htmlTag = regexp.MustCompile(`<[^>]*>`)

// sidebarItem returns the text of a sidebar item's HTML: its tags (<wbr>,
// badges) dropped, spaces collapsed.
func sidebarItem(h string) string {
	return strings.Join(strings.Fields(htmlTag.ReplaceAllString(h, "")), " ")
}

// TestDocsSite builds VitePress sites with dead-link checking on (every
// page must compile, through Vue and markdown-it, and every link resolve):
//
//   - the site of a user's own catalog, from exactly what errgen generate
//     writes for it: the docs, the sidebar, errgen's site files, the
//     starter config (errgen's local search), theme and .gitignore, for
//     the markdown emitter's hostile
//     catalog, whose text must reach pages and sidebar as text; committed
//     to git, the build leaves git status clean;
//   - the docs of every golden catalog in one site.
//
// It needs node_modules (npm ci) and runs with -docs-site, which make
// docs-site passes; the repo's own docs/errors are built by make docs-site
// itself.
func TestDocsSite(t *testing.T) {
	if !*docsSite {
		t.Skip("builds VitePress sites (about 30s); run with -docs-site, as make docs-site does")
	}
	root := repoRoot(t)
	vitepress := filepath.Join(root, "node_modules", "vitepress", "bin", "vitepress.js")
	if _, err := os.Stat(vitepress); err != nil {
		t.Fatalf("VitePress is not installed (run npm ci): %v", err)
	}
	build := func(t *testing.T, dir, site string) {
		t.Helper()
		// Vite resolves vue and the theme from the site's node_modules
		if err := os.Symlink(filepath.Join(root, "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("node", vitepress, "build", site)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("vitepress build %s: %v\n%s", site, err, out)
		}
	}

	t.Run("generated", func(t *testing.T) {
		dir := t.TempDir()
		hostile, err := os.ReadFile(filepath.Join(root, "internal", "gen", "markdown", "testdata", "hostile.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		errgentest.WriteFile(t, dir, "catalog/errors.yaml", string(hostile))
		if stdout, stderr, code := runCLI(t, dir, "generate"); code != 0 {
			t.Fatalf("generate: exit %d\n%s%s", code, stdout, stderr)
		}
		// the site is what generate wrote, nothing more
		docs := filepath.Join(dir, "docs", "errors")
		m := errgentest.Model(t, catalog.OSFS{}, filepath.Join(dir, "catalog", "errors.yaml"))
		want := []string{markdown.ConfigPath, markdown.GitignorePath, markdown.ThemePath}
		for _, f := range docsFiles(t, goldenCase{}, m) {
			want = append(want, f.Path)
		}
		var have []string
		_ = filepath.WalkDir(docs, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && !strings.HasPrefix(d.Name(), ".errgen-") {
				rel, _ := filepath.Rel(docs, p)
				have = append(have, filepath.ToSlash(rel))
			}
			return nil
		})
		sort.Strings(want)
		sort.Strings(have)
		if strings.Join(have, " ") != strings.Join(want, " ") {
			t.Fatalf("docs directory holds %v, want %v", have, want)
		}
		// the guide's CI recipe: the outputs committed, building the site
		// leaves git status clean (its build output ignored)
		errgentest.WriteFile(t, dir, ".gitignore", "/node_modules\n")
		git := func(args ...string) string {
			t.Helper()
			cmd := exec.Command("git", append([]string{"-c", "user.name=errgen", "-c", "user.email=errgen@example.com", "-c", "commit.gpgsign=false"}, args...)...)
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
			}
			return string(out)
		}
		git("init", "-q")
		git("add", "-A")
		git("commit", "-q", "-m", "generated")
		build(t, dir, "docs/errors")
		if status := git("status", "--porcelain"); status != "" {
			t.Errorf("git status after vitepress build:\n%s", status)
		}
		dist := filepath.Join(docs, ".vitepress", "dist")
		for _, p := range []string{"index.html", "index/index.html", "domains/core.html", "escape.html", "parse.html"} {
			if _, err := os.Stat(filepath.Join(dist, filepath.FromSlash(p))); err != nil {
				t.Errorf("site lacks %s: %v", p, err)
			}
		}
		if search, _ := filepath.Glob(filepath.Join(dist, "assets", "chunks", "@localSearchIndex*.js")); len(search) == 0 {
			t.Errorf("the site has no local search index")
		}
		// The hostile catalog's text reached pages and sidebar as text.
		page, err := os.ReadFile(filepath.Join(dist, "domains", "core.html"))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"Core &lt;script&gt;alert(1)&lt;/script&gt; {{ hack() }}", "Internal {{ $x }} error", "# Not a heading &lt;!-- comment"} {
			if !bytes.Contains(page, []byte(want)) {
				t.Errorf("domains/core.html lacks %q", want)
			}
		}
		// The sidebar: every domain, and every error linked to its page.
		var sidebar []string
		for _, m := range sidebarText.FindAllSubmatch(page, -1) {
			sidebar = append(sidebar, sidebarItem(string(m[1])))
		}
		wantSidebar := []string{"All errors"}
		for _, d := range m.Domains {
			wantSidebar = append(wantSidebar, sidebarItem(html.EscapeString(cmp.Or(d.Title, d.Name))))
			for _, e := range d.Errors {
				label := fmt.Sprintf("%d %s", e.Code, e.Symbol)
				if e.Deprecated != nil {
					label += " deprecated"
				}
				wantSidebar = append(wantSidebar, label)
				if link := `href="` + markdown.SiteBase(m) + strings.TrimSuffix(strings.TrimSuffix(markdown.ErrorPath(e), ".md"), "index") + `"`; !bytes.Contains(page, []byte(link)) {
					t.Errorf("domains/core.html links no %s (%s)", e.Symbol, link)
				}
			}
		}
		wantSidebar = append(wantSidebar, "Retired", "50 E_OLD retired")
		if strings.Join(sidebar, "\n") != strings.Join(wantSidebar, "\n") {
			t.Errorf("the sidebar of domains/core.html:\n%s\nwant:\n%s", strings.Join(sidebar, "\n"), strings.Join(wantSidebar, "\n"))
		}
	})

	t.Run("golden", func(t *testing.T) {
		dir := t.TempDir()
		site := filepath.Join(dir, "site")
		var links []string
		for _, c := range docsCases(t) {
			if c.name == "repo" || c.name == "hostile" {
				continue
			}
			m := errgentest.Model(t, catalog.OSFS{}, c.catalog)
			for _, f := range docsFiles(t, c.goldenCase, m) {
				errgentest.WriteFile(t, filepath.Join(site, c.name), f.Path, string(f.Data))
			}
			links = append(links, fmt.Sprintf("- [%s](./%s/index.md)", c.name, c.name))
		}
		errgentest.WriteFile(t, site, "index.md", "# errgen test docs\n\n"+strings.Join(links, "\n")+"\n")
		errgentest.WriteFile(t, site, ".vitepress/config.mjs", "export default { title: 'errgen test docs', cleanUrls: true }\n") // dead links fail the build
		build(t, dir, "site")
		for _, want := range []string{"kinds/everything.html", "mdmcp/index.html", "problem/index.html"} {
			if _, err := os.Stat(filepath.Join(site, ".vitepress", "dist", filepath.FromSlash(want))); err != nil {
				t.Errorf("site lacks %s: %v", want, err)
			}
		}
	})
}
