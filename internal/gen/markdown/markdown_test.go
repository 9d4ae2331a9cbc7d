package markdown_test

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/errgentest"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/markdown"
	"github.com/errgen/errgen/internal/gencatalog"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/templates"
)

func hostile(t testing.TB) *model.Catalog {
	return errgentest.Model(t, catalog.OSFS{}, "testdata/hostile.yaml")
}

// generate returns the pages of m's docs by path; the sidebar and the
// site's files (markdown.SiteDir), which every docs set has, are left out
// (see TestDocsSidebar and TestDocsSiteFiles).
func generate(t testing.TB, m *model.Catalog, opts markdown.Options) map[string]string {
	t.Helper()
	files, err := markdown.Generate(gen.NewInput(m), opts)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for i, f := range files {
		if i > 0 && files[i-1].Path >= f.Path {
			t.Errorf("files not sorted: %s before %s", files[i-1].Path, f.Path)
		}
		out[f.Path] = string(f.Data)
	}
	if _, ok := out[markdown.SidebarPath]; !ok {
		t.Errorf("no %s", markdown.SidebarPath)
	}
	delete(out, markdown.SidebarPath)
	for p := range out {
		if strings.HasPrefix(p, markdown.SiteDir) {
			delete(out, p)
		}
	}
	return out
}

// TestDocsSiteFiles: the site's files errgen writes beside the sidebar
// carry errgen's header in their own comment syntax, and errors.mjs
// lists every error, and every retired error with a page, by the names a
// developer may hold of it.
func TestDocsSiteFiles(t *testing.T) {
	files, err := markdown.Generate(gen.NewInput(hostile(t)), markdown.Options{Source: "../catalog/errors.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	site := map[string]string{}
	for _, f := range files {
		if !strings.HasPrefix(f.Path, markdown.SiteDir) {
			continue
		}
		names = append(names, strings.TrimPrefix(f.Path, markdown.SiteDir))
		site[f.Path] = string(f.Data)
		head := "// " + gen.Header + "\n"
		if strings.HasSuffix(f.Path, ".vue") {
			head = "<!-- " + gen.Header + " -->\n"
		}
		if !strings.HasPrefix(string(f.Data), head) {
			t.Errorf("%s starts %q", f.Path, string(f.Data)[:min(len(f.Data), 80)])
		}
	}
	if got, want := strings.Join(names, " "), "ErrgenEnhance.vue ErrgenNotFound.vue errors.mjs site.mjs theme.mjs"; got != want {
		t.Errorf("site files: %s, want %s", got, want)
	}
	if js := site[markdown.SiteModulePath]; !strings.Contains(js, "provider: 'local'") || !strings.Contains(js, "boostDocument") {
		t.Errorf("site.mjs has no local search ranking an error first:\n%s", js)
	}
	lookup := site[markdown.SiteDir+"errors.mjs"]
	for _, want := range []string{
		"// source: ../../../catalog/errors.yaml\n",
		`{"label":"-32700 E_PARSE","title":"Parse | error","link":"/parse","keys":["-32700","E_PARSE","parse","parse"]},`,
		`{"label":"2 E_INDEX",`,
		`"link":"/index/"`,
		`{"label":"50 E_OLD","title":"retired in 0.5.0","link":"/old","keys":["50","E_OLD","old","old"],"retired":true},`,
	} {
		if !strings.Contains(lookup, want) {
			t.Errorf("errors.mjs lacks %q:\n%s", want, lookup)
		}
	}
}

// TestDocsPages checks the page set and the header every page carries on
// its second line (the first is the front matter's ---), which errgen
// generate takes for its own.
func TestDocsPages(t *testing.T) {
	pages := generate(t, hostile(t), markdown.Options{Source: "../catalog/errors.yaml"})
	var names []string
	for p, data := range pages {
		names = append(names, p)
		lines := strings.SplitN(data, "\n", 4)
		if lines[0] != "---" || lines[1] != "# "+gen.Header || !strings.HasPrefix(lines[2], "# source: ") {
			t.Errorf("%s starts %q", p, lines[:3])
		}
		if !strings.Contains(data, "\n---\n<!-- "+gen.Header+" -->\n") {
			t.Errorf("%s lacks the HTML header after the front matter", p)
		}
	}
	// old.md: the page the retired E_OLD keeps at the slug it had
	want := "domains/core.md domains/misc.md domains/rpc.md escape.md index.md index/index.md internal.md misc-html.md old.md parse.md"
	if got := strings.Join(sortStrings(names), " "); got != want {
		t.Errorf("pages:\n got %s\nwant %s", got, want)
	}
	if src := pages["domains/core.md"]; !strings.Contains(src, "# source: ../../catalog/errors.yaml\n") {
		t.Errorf("domain page source line not relative to its directory")
	}
	// links from a page one level down climb out of it
	if p := pages["index/index.md"]; !strings.Contains(p, "](../domains/core.md)") || !strings.Contains(p, "[All errors](../index.md)") {
		t.Errorf("index/index.md links:\n%s", p)
	}
	if p := pages["escape.md"]; !strings.Contains(p, "Use [`E_INDEX`](index/index.md)") {
		t.Errorf("deprecation notice does not link the replacement:\n%s", p)
	}
	if p := pages["index.md"]; !strings.Contains(p, "| 50 | [`E_OLD`](old.md) | 0.5.0 |  | gone \\| for good |") {
		t.Errorf("retired codes missing from the index:\n%s", p)
	}
	if p := pages["old.md"]; !strings.Contains(p, "# 50 `E_OLD` (retired)\n") || !strings.Contains(p, "::: danger Retired in 0.5.0\n") ||
		!strings.Contains(p, "| Problem type | `https://docs.example.com/errors/old` |") {
		t.Errorf("the retired error's page:\n%s", p)
	}
	// the index: one table of every error by code, sortable and filterable,
	// each row holding the other names of the error for the filter
	if p := pages["index.md"]; !strings.Contains(p, `<div class="errgen-table errgen-errors" data-errgen-sort data-errgen-filter>`) ||
		!strings.Contains(p, "| 3 | [<code>E_<wbr>ESCAPE</code>](escape.md) <span class=\"errgen-badge errgen-deprecated\">deprecated</span> <span class=\"errgen-keys\" hidden>escape escape https://docs.example.com/errors/escape</span> |") {
		t.Errorf("the index's table of errors:\n%s", p)
	}
}

func sortStrings(s []string) []string {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s
}

// TestDocsHostileText checks how catalog text lands in each context.
func TestDocsHostileText(t *testing.T) {
	pages := generate(t, hostile(t), markdown.Options{})
	for _, c := range []struct{ page, want string }{
		// table cells: pipes escaped, newlines gone, HTML and attributes inert
		{"domains/rpc.md", "| -32700 | [<code>E_<wbr>PARSE</code>](../parse.md) | Parse \\| error | 400 | never |"},
		{"index.md", "| [Core \\<script>alert(1)\\</script> \\{\\{ hack() \\}\\}](domains/core.md) |"},
		{"index.md", "| Line one line two \\| with pipe \\*and\\* \\_emphasis\\_ \\[link\\](http://x) \\&amp; \\{.red\\} |"},
		{"misc-html.md", "# 100 `E_MISC_HTML`: 1\\. Looks like a list\n"},
		// code spans: fence longer than the content's runs, pipes escaped in cells
		{"index/index.md", "| `a\\|b` | string | yes |"},
		{"index/index.md", "| ``c`d`` | string, one of `x\\|y`, ``` `` ```, `  spaced  ` |"},
		// templates in fenced blocks whose fence outruns the content's
		{"index/index.md", "````text\n```{a|b}```\n````\n"},
		// front matter: YAML double-quoted, escapes, </ broken for VitePress
		{"escape.md", `title: "3 E_ESCAPE: Terminal \u001b[31mred\u001b[0m ` + "\u202e" + `evil"`},
		{"domains/core.md", `title: "Core <script>alert(1)<\u200b/script> {{ hack() }} errors"`},
		{"domains/core.md", `description: "Line one\nline two | with pipe *and* _emphasis_ [link](http://x) &amp; {.red}"`},
		// docs: unclosed blocks closed before the page goes on
		{"internal.md", "```js\nconsole.log('{{ x }}')\n## not a heading\n```\n\n## How to fix it"},
		{"escape.md", "~~~~\nunclosed tilde fence\n~~~~\n\n## How to fix it"},
		{"misc-html.md", "<pre>\nunclosed pre\n\n\nstill pre\n</pre>\n\n## How to fix it"},
		// a fence inside a list item ends with the item: nothing added
		{"parse.md", "  ```go\n  unclosed fence inside the list\n\n## How to fix it"},
	} {
		if !strings.Contains(pages[c.page], c.want) {
			t.Errorf("%s lacks %q", c.page, c.want)
		}
	}
	for p, data := range pages {
		if !strings.Contains(data, "\n<div v-pre class=\"errgen ") || !strings.HasSuffix(data, "\n</div>\n") {
			t.Errorf("%s: body not wrapped in <div v-pre>", p)
		}
	}
}

// TestDocsTemplateOverride overrides one template file; only the part of
// the pages it renders changes, and a missing file falls back.
func TestDocsTemplateOverride(t *testing.T) {
	m := hostile(t)
	base := generate(t, m, markdown.Options{})
	orig, err := fs.ReadFile(templates.FS, "fields.md.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(orig), "| Field | Type | Required | Description |", "| Name | Kind | Required | About |", 1)
	if edited == string(orig) {
		t.Fatal("fields.md.tmpl has no header row to edit")
	}
	over := generate(t, m, markdown.Options{Templates: fstest.MapFS{
		"fields.md.tmpl": {Data: []byte(edited)},
		"README.txt":     {Data: []byte("not a template")},
	}})
	changed := 0
	for p, want := range base {
		got := over[p]
		wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
		if len(wl) != len(gl) {
			t.Errorf("%s: %d lines, want %d", p, len(gl), len(wl))
			continue
		}
		for i := range wl {
			if wl[i] == gl[i] {
				continue
			}
			changed++
			if wl[i] != "| Field | Type | Required | Description |" || gl[i] != "| Name | Kind | Required | About |" {
				t.Errorf("%s:%d changed beyond the override:\n- %s\n+ %s", p, i+1, wl[i], gl[i])
			}
		}
	}
	if changed == 0 {
		t.Error("the override changed nothing")
	}
}

// TestDocsTemplateErrors checks that a template error names the template
// file and line, at parse and at execution time.
func TestDocsTemplateErrors(t *testing.T) {
	m := hostile(t)
	for _, c := range []struct{ name, src, want string }{
		{"error.md.tmpl", "line one\nline two {{if}}\n", "template: error.md.tmpl:2: missing value for if"},
		{"error.md.tmpl", "ok\n\n{{.NoSuchField}}\n", "template: error.md.tmpl:3:2: executing \"error.md.tmpl\" at <.NoSuchField>: can't evaluate field NoSuchField"},
		{"index.md.tmpl", "{{nosuchfunc .}}\n", "template: index.md.tmpl:1: function \"nosuchfunc\" not defined"},
		{"fields.md.tmpl", "{{range .}}\n{{.Oops}}{{end}}", "template: fields.md.tmpl:2:2: executing \"fields.md.tmpl\" at <.Oops>"},
	} {
		_, err := markdown.Generate(gen.NewInput(m), markdown.Options{Templates: fstest.MapFS{c.name: {Data: []byte(c.src)}}})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: error %v, want it to contain %q", c.name, c.src, err, c.want)
		}
	}
}

// TestDocsDeterministic renders twice (the error pages are rendered in
// parallel).
func TestDocsDeterministic(t *testing.T) {
	m := errgentest.Model(t, catalog.MapFS{"errors.yaml": gencatalog.Generate(500)}, "errors.yaml")
	a, b := generate(t, m, markdown.Options{}), generate(t, m, markdown.Options{})
	if len(a) != 500+gencatalog.Domains+1 {
		t.Errorf("%d pages", len(a))
	}
	for p := range a {
		if a[p] != b[p] {
			t.Errorf("%s differs between runs", p)
		}
	}
}

func BenchmarkDocs(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		m := errgentest.Model(b, catalog.MapFS{"errors.yaml": gencatalog.Generate(n)}, "errors.yaml")
		b.Run(fmt.Sprintf("errors=%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := markdown.Generate(gen.NewInput(m), markdown.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestOverriddenPartialsReachErrorPages: overriding only a template the
// error page includes (examples.md.tmpl) or builds on (fields.md.tmpl)
// changes the error pages, whichever way they are rendered.
func TestOverriddenPartialsReachErrorPages(t *testing.T) {
	m := hostile(t)
	for _, c := range []struct{ name, old, new string }{
		{"examples.md.tmpl", "Plain response", "Plain body"},
		{"fields.md.tmpl", "| Field | Type |", "| Name | Kind |"},
	} {
		orig, err := fs.ReadFile(templates.FS, c.name)
		if err != nil {
			t.Fatal(err)
		}
		edited := strings.Replace(string(orig), c.old, c.new, 1)
		if edited == string(orig) {
			t.Fatalf("%s has no %q", c.name, c.old)
		}
		pages := generate(t, m, markdown.Options{Templates: fstest.MapFS{c.name: {Data: []byte(edited)}}})
		found := false
		for _, e := range m.Errors {
			page := pages[markdown.ErrorPath(e)]
			if strings.Contains(page, c.old) {
				t.Errorf("%s: %s still has the built-in %q", c.name, markdown.ErrorPath(e), c.old)
			}
			found = found || strings.Contains(page, c.new)
		}
		if !found {
			t.Errorf("%s: no error page shows the override", c.name)
		}
	}
}

// TestDocsSidebar: the VitePress sidebar is an ES module exporting the
// index, then each domain by range with its errors by code, then the
// retired errors that have a page, linked from the docs directory as the
// site's root; an error reads its code and symbol (a line break allowed
// after each underscore, never inside a word) with a badge when it is
// deprecated or retired; catalog text is HTML-escaped (the sidebar's text
// is HTML to VitePress), and errgen's header marks it.
func TestDocsSidebar(t *testing.T) {
	files, err := markdown.Generate(gen.NewInput(hostile(t)), markdown.Options{Source: "../catalog/errors.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	var data string
	for _, f := range files {
		if f.Path == markdown.SidebarPath {
			data = string(f.Data)
		}
	}
	head := "// " + gen.Header + "\n// source: ../../catalog/errors.yaml\n"
	body, ok := strings.CutPrefix(data, head)
	if !ok {
		t.Fatalf("sidebar starts %q", data[:min(len(data), 120)])
	}
	i := strings.Index(body, "export default [\n")
	if i < 0 || !strings.HasSuffix(body, "\n];\n") {
		t.Fatalf("no default export:\n%s", body)
	}
	// one item a line: a page, or a group whose items follow to "]},"
	type item struct {
		Text      string `json:"text"`
		Link      string `json:"link"`
		Collapsed bool   `json:"collapsed"`
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSuffix(body[i+len("export default [\n"):], "\n];\n"), "\n") {
		if line == "  ]}," {
			continue
		}
		text, group := strings.CutSuffix(strings.TrimSuffix(line, ","), `,"items":[`)
		if group {
			text += "}"
		}
		var it item
		if err := json.Unmarshal([]byte(text), &it); err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		if it.Collapsed != group {
			t.Errorf("%s: collapsed %v", it.Text, it.Collapsed)
		}
		indent := strings.Repeat(" ", len(line)-len(strings.TrimLeft(line, " "))-2)
		got = append(got, indent+it.Text+" "+it.Link)
	}
	want := []string{
		"All errors /",
		"JSON-RPC | protocol /domains/rpc",
		"  -32700 E_<wbr>PARSE /parse",
		"Core &lt;script&gt;alert(1)&lt;/script&gt; {{ hack() }} /domains/core",
		"  1 E_<wbr>INTERNAL /internal",
		"  2 E_<wbr>INDEX /index/",
		`  3 E_<wbr>ESCAPE <span class="errgen-badge errgen-deprecated">deprecated</span> /escape`,
		"misc /domains/misc",
		"  100 E_<wbr>MISC_<wbr>HTML /misc-html",
		"Retired /#retired",
		`  50 E_<wbr>OLD <span class="errgen-badge errgen-retired">retired</span> /old`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("sidebar:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if strings.Contains(data, "<script>") {
		t.Errorf("raw HTML in the sidebar")
	}
}

// TestVitePressConfig: the starter config uses the sidebar, errgen's
// search (local search ranking an error first, site.mjs), markdown and
// head, clean URLs and the path of problem_base as its base, and leaves
// dead-link checking on.
func TestVitePressConfig(t *testing.T) {
	c := string(markdown.VitePressConfig(hostile(t)))
	for _, want := range []string{"import sidebar from './sidebar.mjs'", "import errgen from './errgen/site.mjs'", "    sidebar,\n",
		"    search: errgen.search,\n", "  head: errgen.head,\n", "  markdown: errgen.markdown,\n", "cleanUrls: true", `  base: "/errors/",`} {
		if !strings.Contains(c, want) {
			t.Errorf("config lacks %q:\n%s", want, c)
		}
	}
	if strings.Contains(c, "ignoreDeadLinks") || strings.Contains(c, gen.Header) {
		t.Errorf("config turns dead-link checking off, or claims to be generated:\n%s", c)
	}
}

// TestDocsSensitivePerError: an error's sensitive list marks the fields
// it names on that error's page only, as its payloads redact them there
// only; another error of the same shape shows them unmarked, as it sends
// them.
func TestDocsSensitivePerError(t *testing.T) {
	const src = `errgen: 1
name: shared
version: 1.0.0
fallback: E_INTERNAL
domains:
  core: {range: [1, 99]}
details:
  pair:
    type: object
    required: [a, b]
    properties:
      a: {type: string}
      b: {type: string}
errors:
  E_INTERNAL: {code: 1, title: Internal, message: Internal error}
  E_HIDES: {code: 2, title: Hides, message: "Hides {b}", details: pair, sensitive: [a], examples: [{a: x1, b: y1}]}
  E_SHOWS: {code: 3, title: Shows, message: "Shows {b}", details: pair, examples: [{a: x1, b: y1}]}
`
	m := errgentest.Model(t, catalog.MapFS{"errors.yaml": []byte(src)}, "errors.yaml")
	pages := generate(t, m, markdown.Options{})
	marked := func(page, field string) bool {
		for _, line := range strings.Split(pages[page], "\n") {
			if strings.HasPrefix(line, "| `"+field+"` ") {
				return strings.Contains(line, "errgen-sensitive")
			}
		}
		t.Fatalf("%s: no row of %s:\n%s", page, field, pages[page])
		return false
	}
	for _, c := range []struct {
		page, field string
		want        bool
	}{{"hides.md", "a", true}, {"hides.md", "b", false}, {"shows.md", "a", false}, {"shows.md", "b", false}} {
		if got := marked(c.page, c.field); got != c.want {
			t.Errorf("%s: %s marked sensitive %v, want %v", c.page, c.field, got, c.want)
		}
	}
	// and the examples agree with the marks
	if !strings.Contains(pages["hides.md"], `"a": "<redacted>"`) || strings.Contains(pages["hides.md"], `"x1"`) {
		t.Errorf("hides.md: the example does not redact a:\n%s", pages["hides.md"])
	}
	if !strings.Contains(pages["shows.md"], `"a": "x1"`) {
		t.Errorf("shows.md: the example does not send a:\n%s", pages["shows.md"])
	}
}

// TestDocsDescription: an error page's description (its front matter's,
// which search engines and link previews show) is the doc's first
// paragraph; a code block, an HTML block or a table before it gives it
// no text.
func TestDocsDescription(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{"First paragraph,\nwrapped.\n\nSecond.", "First paragraph, wrapped."},
		{"```go\nfmt.Println(\"code\")\n```\n\nAfter the code.", "After the code."},
		{"````md\n```\ninner\n```\n````\n\nAfter a longer fence.", "After a longer fence."},
		{"<div class=\"note\">\nHTML text\n</div>\n\nAfter the HTML.", "After the HTML."},
		{"| a | b |\n|---|---|\n| 1 | 2 |\n\nAfter the table.", "After the table."},
		{"Before the code.\n```\ncode\n```", "Before the code."},
	} {
		src := "errgen: 1\nname: d\nversion: 1.0.0\nproblem_base: https://e.example.com/\nfallback: E_X\n" +
			"domains:\n  core: {range: [1, 99]}\nerrors:\n  E_X:\n    code: 1\n    title: X\n    message: x\n    doc: " + strconvQuote(c.doc) + "\n"
		m := errgentest.Model(t, catalog.MapFS{"errors.yaml": []byte(src)}, "errors.yaml")
		pages := generate(t, m, markdown.Options{})
		page, ok := pages["x.md"]
		if !ok {
			t.Fatalf("no page x.md among %d pages", len(pages))
		}
		if want := "description: " + strconvQuote(c.want); !strings.Contains(page, want+"\n") {
			t.Errorf("doc %q: page lacks %s:\n%s", c.doc, want, page)
		}
	}
}

// strconvQuote quotes s as a double-quoted YAML (and JSON) string.
func strconvQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// retryCatalog has an error of each retry class, one with a default delay
// and throttling, one with retryable alone.
const retryCatalog = `errgen: 1
name: demo
version: 1.0.0
fallback: E_INTERNAL
domains:
  common: {range: [1000, 1099]}
errors:
  E_INTERNAL:
    code: 1000
    title: Internal error
    message: An internal error occurred
    status: 500
    doc: Something failed.
  E_LIMITED:
    code: 1001
    title: Limited
    message: Too many requests
    status: 429
    retry: {class: after_delay, delay: 30s, throttling: true}
    doc: Slow down.
  E_BUSY:
    code: 1002
    title: Busy
    message: Busy
    status: 503
    retryable: true
    doc: Busy.
  E_STALE:
    code: 1003
    title: Stale session
    message: The session expired
    status: 401
    retry: after_change
    doc: Log in again.
  E_QUICK:
    code: 1004
    title: Quick
    message: Quick
    status: 503
    retry: {class: after_delay, delay: 1500ms}
    doc: Soon.
`

// TestDocsRetry: each error's retry class, default delay and throttling
// mark in plain words, on its page (facts and what a client does) and in
// the tables of errors.
func TestDocsRetry(t *testing.T) {
	m := errgentest.Model(t, catalog.MapFS{"errors.yaml": []byte(retryCatalog)}, "errors.yaml")
	pages := generate(t, m, markdown.Options{})
	for _, c := range []struct{ page, want string }{
		{"limited.md", "| Retry | after a delay (30 s by default; throttling) |\n"},
		{"limited.md", "**Retry after a delay.** The same request may succeed later (`retry`\nis `after_delay`, `retryable` true). Wait the `retryAfterMs` the error carries (30 s\nunless the server gives a delay of its own; an HTTP answer says the same in\n`Retry-After`, in whole seconds), then retry, with a cap on the attempts. The error reports throttling: the client sent too much, too\nfast; slow down its other requests as well. Its HTTP status, 429, is a client error"},
		{"busy.md", "| Retry | after a delay |\n"},
		{"busy.md", "Wait `retryAfterMs` when the error carries it (an HTTP\nanswer says the same in `Retry-After`, in whole seconds); without it, retry with a\ngrowing delay between attempts and a cap on them. Its HTTP status, 503,"},
		{"quick.md", "| Retry | after a delay (1.5 s by default) |\n"},
		{"stale.md", "| Retry | after a change |\n"},
		{"stale.md", "**Retry after a change.** The same request fails the same way again, but\na changed one may succeed (`retry` is `after_change`, `retryable` false):\nchange it first (see how to fix it, above), then send it again. Its HTTP status, 401,"},
		{"internal.md", "| Retry | never |\n"},
		{"internal.md", "**Do not retry.** Retrying does not help (`retry` is `never`, `retryable`\nfalse): the same request fails the same way again. See how to fix it,\nabove, or report the failure. Its HTTP status, 500,"},
		{"index.md", "| Title | HTTP status | Retry |\n"},
		{"index.md", "| Limited | 429 | after a delay (30 s by default; throttling) |\n"},
		{"index.md", "| Stale session | 401 | after a change |\n"},
		{"domains/common.md", "| Internal error | 500 | never |\n"},
	} {
		if !strings.Contains(pages[c.page], c.want) {
			t.Errorf("%s lacks %q:\n%s", c.page, c.want, pages[c.page])
		}
	}
	for _, p := range []string{"limited.md", "index.md"} {
		if strings.Contains(pages[p], "Retryable") {
			t.Errorf("%s still has a Retryable row or column", p)
		}
	}
}

// TestDocsRetryOldTemplates: templates written before retry classes, which
// show the retryable flag alone, still render.
func TestDocsRetryOldTemplates(t *testing.T) {
	m := errgentest.Model(t, catalog.MapFS{"errors.yaml": []byte(retryCatalog)}, "errors.yaml")
	pages := generate(t, m, markdown.Options{Templates: fstest.MapFS{
		"error.md.tmpl":  {Data: []byte("{{.Symbol}} retryable {{yesno .Retryable}}{{with .Client}}{{if .Retryable}}; retry{{if .RetryAfter}}, honour Retry-After{{end}}{{end}}{{end}}\n")},
		"errors.md.tmpl": {Data: []byte("{{range .Errors}}{{.Symbol}} {{yesno .Retryable}}\n{{end}}")},
	}})
	for p, want := range map[string]string{
		"limited.md": "E_LIMITED retryable yes; retry, honour Retry-After\n",
		"stale.md":   "E_STALE retryable no\n",
	} {
		if pages[p] != want {
			t.Errorf("%s = %q, want %q", p, pages[p], want)
		}
	}
	if !strings.Contains(pages["index.md"], "E_LIMITED yes\nE_BUSY yes\nE_STALE no\n") {
		t.Errorf("index.md:\n%s", pages["index.md"])
	}
}

func TestDuration(t *testing.T) {
	for ms, want := range map[int64]string{1: "1 ms", 999: "999 ms", 1000: "1 s", 1500: "1.5 s", 30_000: "30 s", 90_000: "90 s",
		120_000: "2 min", 5_400_000: "90 min", 3_600_000: "1 h", 86_400_000: "24 h"} {
		if got := markdown.Duration(ms); got != want {
			t.Errorf("Duration(%d) = %q, want %q", ms, got, want)
		}
	}
}
