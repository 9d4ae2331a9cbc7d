// Package markdown emits the error reference of a catalog as markdown
// pages for a docs site: an index of every error by domain (with the
// retired codes), one page per domain, and one page per error at the
// error's slug — the slug its problem type URI ends with, so a
// problem_base pointing at the published docs makes every type URI land
// on its page.
//
// The pages are rendered from the text/template files of the templates
// package (overridable file by file, see [Options]). Every decision is
// made here, in the views the templates receive; the templates only lay
// them out, escaping catalog text with the helpers of the FuncMap:
//
//	text S          S escaped for inline markdown (paragraph, heading, list)
//	cell S          S escaped for a table cell (same as text)
//	code S          S as an inline code span
//	cellcode S      S as an inline code span inside a table cell
//	fence LANG S    S as a fenced code block
//	indent N S      S with every line indented by N spaces
//	yaml S          S as a YAML double-quoted scalar (front matter)
//	join LIST SEP   strings.Join
//	yesno B         "yes" or "no"
//	symbol S        S as an HTML code element that breaks only after an
//	                underscore (for link text in a table)
//
// Example payloads are rendered by the errgenrt runtime itself through
// internal/runtimemodel, with the default options and a fixed timestamp
// and instance, and indented two spaces a level as encoding/json's Indent
// would (see pretty).
//
// Pages carry stable sidebar positions (sidebar_position, weight), so that
// adding an error rewrites no other error's page: an error page's is the
// error's code, a domain page's the low end of the domain's range.
//
// Page bodies are wrapped in <div v-pre> so that Vue-based generators
// (VitePress) never read catalog text as template syntax ({{ }}); other
// generators ignore the attribute.
//
// For a VitePress site rooted at the docs directory, Generate also writes
// the sidebar (.vitepress/sidebar.mjs), and [VitePressConfig] is the
// starter config that uses it.
package markdown

import (
	"bytes"
	"html"
	"io/fs"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"text/template"
	"unicode/utf8"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/runtimemodel"
)

// Options configure the markdown emitter.
type Options struct {
	// Templates holds *.md.tmpl files overriding the built-in templates
	// of the same name (a file it lacks falls back to the built-in one;
	// a file the built-ins lack is parsed too, for use as a partial).
	// Nil: the built-in templates only.
	Templates fs.FS
	// Source is the catalog path relative to the output directory, for
	// the header; empty leaves the source line out.
	Source string
}

// Template names: the page templates every template set has.
const (
	indexTemplate   = "index.md.tmpl"
	domainTemplate  = "domain.md.tmpl"
	errorTemplate   = "error.md.tmpl"
	retiredTemplate = "retired.md.tmpl"
	fieldsTemplate  = "fields.md.tmpl"
)

// Generate returns the docs of m: index.md, domains/NAME.md, one SLUG.md
// per error, one SLUG.md per retired error at the slug it had (when that
// is known and no error has it now), the VitePress sidebar
// .vitepress/sidebar.mjs and errgen's theme and config parts under
// .vitepress/errgen/ (see [SiteDir]), sorted by path.
func Generate(in *gen.Input, opts Options) ([]gen.File, error) {
	m := in.Model
	t, err := loadTemplates(opts.Templates)
	if err != nil {
		return nil, err
	}
	g := &generator{m: m, opts: opts, rm: runtimemodel.Build(in), t: t}
	g.info = &catalogInfo{Name: m.Name, Version: m.Version, Errors: len(m.Errors), Domains: len(m.Domains), Formats: formatsOf(m)}

	files := make([]gen.File, 0, len(m.Errors)+len(m.Domains)+1)
	var buf bytes.Buffer
	index, err := g.exec(&buf, indexTemplate, g.indexView())
	if err != nil {
		return nil, err
	}
	files = append(files, gen.File{Path: indexPath, Data: index})
	for _, d := range m.Domains {
		data, err := g.exec(&buf, domainTemplate, g.domainPage(d))
		if err != nil {
			return nil, err
		}
		files = append(files, gen.File{Path: domainPath(d), Data: data})
	}
	if err := g.detailTables(&buf); err != nil {
		return nil, err
	}
	pages, err := g.errorPages()
	if err != nil {
		return nil, err
	}
	files = append(files, pages...)
	for _, r := range m.Retired {
		p := g.retiredPath(r)
		if p == "" {
			continue
		}
		data, err := g.exec(&buf, retiredTemplate, g.retiredPage(r, p))
		if err != nil {
			return nil, err
		}
		files = append(files, gen.File{Path: p, Data: data})
	}
	sidebar, err := g.sidebar()
	if err != nil {
		return nil, err
	}
	files = append(files, gen.File{Path: SidebarPath, Data: sidebar})
	site, err := g.siteFiles()
	if err != nil {
		return nil, err
	}
	files = append(files, site...)
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, nil
}

type generator struct {
	m      *model.Catalog
	opts   Options
	rm     *runtimemodel.Catalog
	t      *template.Template
	info   *catalogInfo
	shapes map[detailsKey]*Details // the details view of each shape an error uses, with its sensitive list
}

// detailsKey names the details view of an error: its shape and the
// fields its own sensitive list names, which mark them on its page.
type detailsKey struct {
	shape     *model.Shape
	sensitive string
}

func detailsKeyOf(e *model.Error) detailsKey {
	names := slices.Clone(e.Sensitive)
	slices.Sort(names)
	return detailsKey{e.Details, strings.Join(names, "\x00")}
}

// detailTables builds the details view of every shape an error uses, once
// per shape and sensitive list, with its tables rendered by fields.md.tmpl.
func (g *generator) detailTables(buf *bytes.Buffer) error {
	g.shapes = map[detailsKey]*Details{}
	for _, e := range g.m.Errors {
		if e.Details == nil || g.shapes[detailsKeyOf(e)] != nil {
			continue
		}
		d := g.details(e)
		var err error
		if d.Table, err = g.fieldsTable(buf, d.Fields); err != nil {
			return err
		}
		for _, s := range d.Shapes {
			if s.Table, err = g.fieldsTable(buf, s.Fields); err != nil {
				return err
			}
		}
		g.shapes[detailsKeyOf(e)] = d
	}
	return nil
}

// fieldsTable renders a details table with fields.md.tmpl.
func (g *generator) fieldsTable(buf *bytes.Buffer, fields []Field) (string, error) {
	buf.Reset()
	err := g.t.ExecuteTemplate(buf, fieldsTemplate, fields)
	return buf.String(), err
}

// errorPages renders the error pages, the bulk of the docs, on every CPU:
// a worker per CPU takes the next page until none is left (a goroutine
// per page would grow a new stack in the templates' recursion each time).
// The result is in catalog order and, on failure, the error of the first
// failing page.
func (g *generator) errorPages() ([]gen.File, error) {
	errs := g.m.Errors
	files := make([]gen.File, len(errs))
	fails := make([]error, len(errs))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(errs)) {
		wg.Go(func() {
			var buf bytes.Buffer
			for k := int(next.Add(1) - 1); k < len(errs); k = int(next.Add(1) - 1) {
				e := errs[k]
				data, err := g.exec(&buf, errorTemplate, g.errorPage(e))
				files[k], fails[k] = gen.File{Path: ErrorPath(e), Data: data}, err
			}
		})
	}
	wg.Wait() // the failures are in fails, kept in page order
	for _, err := range fails {
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}

// exec renders the template name on view through buf, which it resets
// first, and returns a copy of the page: a worker's buffer grows once to its
// largest page instead of each page growing its own from nothing.
func (g *generator) exec(buf *bytes.Buffer, name string, view any) ([]byte, error) {
	buf.Reset()
	if err := g.t.ExecuteTemplate(buf, name, view); err != nil {
		return nil, err
	}
	return bytes.Clone(buf.Bytes()), nil
}

// Page paths, relative to the output directory.
const indexPath = "index.md"

func domainPath(d *model.Domain) string { return "domains/" + d.Name + ".md" }

// ErrorPath returns the path of e's page in the docs directory: SLUG.md;
// the one slug that would take the index's name, "index", gets
// index/index.md (served at …/index/).
func ErrorPath(e *model.Error) string { return slugPath(e.Slug) }

// slugPath returns the path of the page at slug (see ErrorPath).
func slugPath(slug string) string {
	if slug == "index" {
		return "index/index.md"
	}
	return slug + ".md"
}

// link returns the relative link from the page at path from to the page at
// path to (both relative to the output directory).
func link(from, to string) string {
	depth := strings.Count(from, "/")
	return strings.Repeat("../", depth) + to
}

// page is what every page's view has: Header, Source, Catalog, Path and
// Index, as plain fields of each view. (Embedded, they would be promoted
// fields, which text/template finds by searching the view's type on every
// use: an eighth of the docs' time.)
type page struct {
	Header  string       // errgen's generated-file header text
	Source  string       // the catalog, relative to the page's directory; "" unknown
	Catalog *catalogInfo // the catalog
	Path    string       // the page's path in the docs directory
	Index   string       // link to the index page
}

type catalogInfo struct {
	Name    string
	Version string
	Errors  int // number of errors
	Domains int // number of domains
	Formats formatsView
}

// formatsView tells the pages which wire formats the catalog uses (its
// `formats`), so that they show only those.
type formatsView struct {
	JSONRPC, Problem, Response bool
	HTTP                       bool // problem documents or plain responses: HTTP statuses matter
}

func formatsOf(m *model.Catalog) formatsView {
	v := formatsView{JSONRPC: m.Uses(model.FormatJSONRPC), Problem: m.Uses(model.FormatProblem), Response: m.Uses(model.FormatResponse)}
	v.HTTP = v.Problem || v.Response
	return v
}

func (g *generator) page(path string) page {
	src := g.opts.Source
	if src != "" && !strings.HasPrefix(src, "/") && !(len(src) > 1 && src[1] == ':') {
		src = link(path, src)
	}
	return page{Header: gen.Header, Source: flat(src), Catalog: g.info, Path: path, Index: link(path, indexPath)}
}

// indexView is the view of index.md.tmpl.
type indexView struct {
	Header, Source, Path, Index string // see page
	Catalog                     *catalogInfo
	Domains                     []*domainView // by range
	Errors                      []errorRow    // every error, by code
	Retired                     []retiredView // by code
	// AtIndex is the error whose slug is "index", nil for none: its
	// problem type URI, problem_base + "index", is the index's own
	// address on a static host (…/index is …/index.html), so the index
	// leads to its page (index/index.md) first.
	AtIndex *errorRef
}

// domainView is a domain with its errors, links relative to the page that
// shows it.
type domainView struct {
	Name        string
	Title       string // the domain's title, else its name
	Description string
	Prefix      string // symbols start with E_<Prefix>_ or <Prefix>_; "" none
	Low, High   int64  // the code range
	Reserved    bool   // the JSON-RPC reserved block
	Link        string // to the domain page
	Errors      []errorRow
}

// errorRow is one error in a table.
type errorRow struct {
	Code       int64
	Symbol     string
	Aliases    []string // more symbols of the error
	Type       string
	Title      string
	Statuses   string // "413, 400"
	Retryable  bool   // Retry.Class is after_delay
	Retry      RetryView
	Deprecated bool
	Link       string // to the error page
	// Keys are the other names a developer may hold of the error, space
	// separated, for a filter or a search to find it by: its type, slug,
	// aliases, JSON-RPC code (when not its code) and problem type URI.
	Keys string
}

// errorTableView is the view of errors.md.tmpl: a table of errors, which
// the site's theme sorts (and, with Filter, filters).
type errorTableView struct {
	Formats formatsView
	Errors  []errorRow
	Filter  bool
}

// retiredView is a retired error, links relative to the page that shows
// it.
type retiredView struct {
	Code        string // "" when the entry has none
	Symbol      string
	Type        string // the type it had; "" unknown
	Slug        string // the slug it had; "" unknown
	ProblemType string // the problem type URI it had; "" unknown
	Since       string
	Note        string
	ReplacedBy  *errorRef // nil when none is named
	Link        string    // to its page; "" when it has none
}

func (g *generator) indexView() *indexView {
	pg := g.page(indexPath)
	v := &indexView{Header: pg.Header, Source: pg.Source, Catalog: pg.Catalog, Path: pg.Path, Index: pg.Index}
	for _, d := range g.m.Domains {
		v.Domains = append(v.Domains, g.domainView(d, indexPath))
	}
	v.Errors = make([]errorRow, len(g.m.Errors))
	for i, e := range g.m.Errors {
		v.Errors[i] = g.errorRow(e, indexPath)
		v.Errors[i].Keys = errorKeys(e, g.info.Formats)
		if e.Slug == "index" {
			v.AtIndex = &errorRef{Code: e.Code, Symbol: e.Symbol, Title: e.Title, Link: link(indexPath, ErrorPath(e))}
		}
	}
	for _, r := range g.m.Retired {
		v.Retired = append(v.Retired, g.retiredView(r, indexPath))
	}
	return v
}

// errorKeys returns the Keys of e's row.
func errorKeys(e *model.Error, f formatsView) string {
	keys := []string{e.Type, e.Slug}
	keys = append(keys, e.AliasSymbols()...)
	if f.JSONRPC && e.WireCode != e.Code {
		keys = append(keys, strconv.FormatInt(e.WireCode, 10))
	}
	if f.Problem {
		keys = append(keys, flat(e.ProblemType))
	}
	return strings.Join(keys, " ")
}

func (g *generator) errorRow(e *model.Error, from string) errorRow {
	return errorRow{Code: e.Code, Symbol: e.Symbol, Aliases: e.AliasSymbols(), Type: e.Type, Title: e.Title,
		Statuses: statusList(e.Statuses), Retryable: e.Retryable, Retry: Retry(e), Deprecated: e.Deprecated != nil,
		Link: link(from, ErrorPath(e))}
}

func (g *generator) retiredView(r *model.Retired, from string) retiredView {
	rv := retiredView{Symbol: r.Symbol, Type: r.Type, Slug: r.Slug, Since: r.Since, Note: r.Note}
	if r.HasCode {
		rv.Code = strconv.FormatInt(r.Code, 10)
	}
	if g.info.Formats.Problem {
		rv.ProblemType = r.ProblemType
	}
	if e := r.ReplacedBy; e != nil {
		rv.ReplacedBy = &errorRef{Code: e.Code, Symbol: e.Symbol, Title: e.Title, Link: link(from, ErrorPath(e))}
	}
	if p := g.retiredPath(r); p != "" {
		rv.Link = link(from, p)
	}
	return rv
}

// retiredPath returns the path of the page of a retired error: at the slug
// it had, so that its problem type URI still leads to a page about it;
// "" when its type is unknown or an error has that type now (whose page is
// there).
func (g *generator) retiredPath(r *model.Retired) string {
	if r.Slug == "" || g.m.ByType(r.Type) != nil {
		return ""
	}
	return slugPath(r.Slug)
}

func (g *generator) domainView(d *model.Domain, from string) *domainView {
	v := &domainView{Name: d.Name, Title: d.Title, Description: d.Description, Prefix: d.Prefix,
		Low: d.Low, High: d.High, Reserved: d.Reserved, Link: link(from, domainPath(d))}
	if v.Title == "" {
		v.Title = d.Name
	}
	v.Errors = make([]errorRow, len(d.Errors))
	for i, e := range d.Errors {
		v.Errors[i] = g.errorRow(e, from)
	}
	return v
}

func statusList(list []int) string {
	parts := make([]string, len(list))
	for i, s := range list {
		parts[i] = strconv.Itoa(s)
	}
	return strings.Join(parts, ", ")
}

// domainPage is the view of domain.md.tmpl.
type domainPage struct {
	Header, Source, Path, Index string // see page
	Catalog                     *catalogInfo
	Position                    int64 // sidebar position: the low end of the domain's range
	Domain                      *domainView
}

func (g *generator) domainPage(d *model.Domain) *domainPage {
	path := domainPath(d)
	pg := g.page(path)
	return &domainPage{Header: pg.Header, Source: pg.Source, Catalog: pg.Catalog, Path: pg.Path, Index: pg.Index,
		Position: d.Low, Domain: g.domainView(d, path)}
}

// retiredPage is the view of retired.md.tmpl: the page a retired error
// keeps at the slug it had.
type retiredPage struct {
	Header, Source, Path, Index string // see page
	Catalog                     *catalogInfo
	Position                    int64  // sidebar position: the code, else after every 32-bit code
	Label                       string // its code and symbol: "2599 E_FS_LEGACY_LOCK"
	Retired                     retiredView
}

func (g *generator) retiredPage(r *model.Retired, path string) *retiredPage {
	pg := g.page(path)
	v := &retiredPage{Header: pg.Header, Source: pg.Source, Catalog: pg.Catalog, Path: pg.Path, Index: pg.Index,
		Position: 1 << 31, Label: retiredLabel(r), Retired: g.retiredView(r, path)}
	if r.HasCode {
		v.Position = r.Code
	}
	return v
}

// errorPage is the view of error.md.tmpl.
type errorPage struct {
	Header, Source, Path, Index string // see page
	Catalog                     *catalogInfo
	Position                    int64  // sidebar position: the error's code, which adding another error does not change
	Label                       string // its code and symbol, "2502 E_FS_FILE_TOO_LARGE": titles and sidebar
	Code                        int64
	WireCode                    int64 // the JSON-RPC error.code
	Symbol                      string
	Aliases                     []string // more symbols of the error, which the wire never carries
	Type                        string
	Slug                        string
	Title                       string
	Description                 string // one line for the front matter: the doc's first paragraph, else the title
	ProblemType                 string
	Statuses                    string // "413 (default), 400"
	Retryable                   bool   // Retry.Class is after_delay
	Retry                       RetryView
	Domain                      *domainRef
	Since                       string
	Deprecated                  *deprecationView // nil unless deprecated
	Message                     string           // template sources
	UserMessage                 string           // "" when none
	Suggestions                 []string
	// Placeholders reports whether a template has a {field} placeholder.
	Placeholders bool
	Details      *Details // nil when the error has no details
	Doc          string   // the doc markdown, closed, its headings below the page's (see safeDoc); "" none
	// Examples holds the one example the page shows: the first catalog
	// example (or, for an error without details, the error itself); none
	// for an error with details but no example.
	Examples     []exampleView
	ExampleCount int // the catalog's examples of the error
	Client       clientView
}

// clientView is what a client should make of the error.
type clientView struct {
	Retryable  bool // Retry.Class is after_delay
	Retry      RetryView
	Status     int   // the default HTTP status
	Others     []int // the other statuses it may be sent with
	Server     bool  // the default status is a server error (5xx)
	RetryAfter bool  // a status that may carry Retry-After (429, 503) is among them
}

// RetryView is an error's retry class, default delay and throttling mark,
// also in plain words.
type RetryView struct {
	Class      string // never, after_change or after_delay
	Delay      string // the default delay in plain words ("30 s"); "" none
	DelayMs    int64  // the default delay in milliseconds; 0 none
	Throttling bool   // the error reports throttling
	// Note is the default delay and the throttling mark in plain words,
	// "" for neither: "30 s by default; throttling".
	Note string
	// Text is all of it in plain words: "after a delay (30 s by default;
	// throttling)", "after a delay", "after a change", "never".
	Text string
}

// Retry returns e's retry class, default delay and throttling mark (the
// model gives a delay and the mark only to after_delay).
func Retry(e *model.Error) RetryView {
	v := RetryView{Class: string(e.Retry), DelayMs: e.RetryAfterMs, Throttling: e.Throttling}
	var note []string
	if e.RetryAfterMs > 0 {
		v.Delay = Duration(e.RetryAfterMs)
		note = append(note, v.Delay+" by default")
	}
	if v.Throttling {
		note = append(note, "throttling")
	}
	v.Note = strings.Join(note, "; ")
	switch e.Retry {
	case errgenrt.RetryAfterDelay:
		v.Text = "after a delay"
		if v.Note != "" {
			v.Text += " (" + v.Note + ")"
		}
	case errgenrt.RetryAfterChange:
		v.Text = "after a change"
	default:
		v.Text = "never"
	}
	return v
}

// Duration returns a delay in milliseconds in plain words: "500 ms",
// "1.5 s", "30 s", "2 min", "1 h".
func Duration(ms int64) string {
	switch {
	case ms >= 3_600_000 && ms%3_600_000 == 0:
		return strconv.FormatInt(ms/3_600_000, 10) + " h"
	case ms >= 60_000 && ms%60_000 == 0:
		return strconv.FormatInt(ms/60_000, 10) + " min"
	case ms >= 1000:
		return strconv.FormatFloat(float64(ms)/1000, 'f', -1, 64) + " s"
	}
	return strconv.FormatInt(ms, 10) + " ms"
}

type domainRef struct {
	Name  string
	Title string // title, else name
	Link  string
}

type deprecationView struct {
	Since      string
	Note       string
	ReplacedBy *errorRef // nil when none is named
}

type errorRef struct {
	Code   int64
	Symbol string
	Title  string
	Link   string
}

// Details describes an error's details for a reference: the fields of its
// shape, and the shapes they reach through $ref, each once.
type Details struct {
	Shape       string // the shape's name; "" for inline details
	Anchor      string // the id the details' shape is linked by, from the fields of its shapes (see ShapeAnchor); "" for inline details
	Builtin     bool   // the built-in field_errors
	Description string
	Type        string // the root's type when it is not an object with fields
	Fields      []Field
	Table       string // Fields rendered by fields.md.tmpl ("" for no fields)
	Shapes      []*ShapeFields
}

// ShapeFields describes a shape a detail field refers to.
type ShapeFields struct {
	Name        string
	Anchor      string // the id of its heading (see ShapeAnchor)
	Description string
	Type        string // the shape's type, for a shape that is not an object with fields
	Values      []string
	Constraints []string
	Fields      []Field
	Table       string // Fields rendered by fields.md.tmpl ("" for no fields)
}

// Field is one row of a details table. Nested fields have dotted paths
// (a.b), array items [] (a[].b), the other members of an open map *
// (a.*, see OtherMembers).
type Field struct {
	Path        string
	Type        string   // plain text: "string", "array of integer", "node"
	Values      []string // enum values
	Constraints []string // plain text: "≥ 0", "format uri", "pattern ^a+$"
	Required    bool
	Description string
	// Notes are the field's marks in plain text: "sensitive: redacted
	// unless sensitive values are shown", "verbose only", "sanitized
	// (path) unless sensitive values are shown", "at most 2048 bytes".
	Notes []string
	// Shape is the shape the field's type names (its $ref, or that of the
	// innermost items of an array), whose table the page shows under
	// ShapeAnchor; Type then ends with it ("array of node"). "" for none.
	Shape string
	// The marks of Notes, for badges.
	Sensitive bool   // redacted unless sensitive values are shown
	Verbose   bool   // sent in verbose mode only
	Sanitize  string // the x-sanitize mode; "" none
	MaxBytes  int64  // x-max-bytes; 0 unset
	// Remarks are the notes that are no mark, for the description.
	Remarks []string
}

// TypeHead returns the field's type without the shape it names at its
// end ("array of" for "array of node"; "" for "node"), for a page that
// links the shape.
func (f Field) TypeHead() string { return strings.TrimSpace(strings.TrimSuffix(f.Type, f.Shape)) }

// ShapeAnchor returns the id of the heading of the table of the shape the
// field's type names.
func (f Field) ShapeAnchor() string { return ShapeAnchor(f.Shape) }

// ShapeAnchor returns the id of the heading of the table of the shape
// named name on an error page.
func ShapeAnchor(name string) string { return "shape-" + name }

// exampleView is one catalog example in the wire formats the catalog
// uses, pretty JSON ("" for a format it does not use).
type exampleView struct {
	N        int    // from 1
	JSONRPC  string // the JSON-RPC error object
	Problem  string // the RFC 9457 problem document
	Response string // the plain response
}

func (g *generator) errorPage(e *model.Error) *errorPage {
	path := ErrorPath(e)
	pg := g.page(path)
	v := &errorPage{
		Header: pg.Header, Source: pg.Source, Catalog: pg.Catalog, Path: pg.Path, Index: pg.Index, Position: e.Code, Label: errorLabel(e),
		Code: e.Code, WireCode: e.WireCode, Symbol: e.Symbol, Aliases: e.AliasSymbols(), Type: e.Type, Slug: e.Slug, Title: e.Title,
		ProblemType: e.ProblemType, Retryable: e.Retryable, Retry: Retry(e), Since: e.Since,
		Message: e.Message.Source, Doc: safeDoc(e.Doc),
	}
	v.Description = summary(e.Doc)
	if v.Description == "" {
		v.Description = e.Title
	}
	st := make([]string, len(e.Statuses))
	for i, s := range e.Statuses {
		st[i] = strconv.Itoa(s)
		if i == 0 && len(e.Statuses) > 1 {
			st[i] += " (default)"
		}
	}
	v.Statuses = strings.Join(st, ", ")
	d := e.Domain
	v.Domain = &domainRef{Name: d.Name, Title: d.Title, Link: link(path, domainPath(d))}
	if v.Domain.Title == "" {
		v.Domain.Title = d.Name
	}
	if dep := e.Deprecated; dep != nil {
		v.Deprecated = &deprecationView{Since: dep.Since, Note: dep.Note}
		if r := dep.ReplacedBy; r != nil {
			v.Deprecated.ReplacedBy = &errorRef{Code: r.Code, Symbol: r.Symbol, Title: r.Title, Link: link(path, ErrorPath(r))}
		}
	}
	if e.UserMessage != nil {
		v.UserMessage = e.UserMessage.Source
	}
	v.Placeholders = !e.Message.IsLiteral()
	if e.UserMessage != nil && !e.UserMessage.IsLiteral() {
		v.Placeholders = true
	}
	for _, s := range e.Suggestions {
		v.Suggestions = append(v.Suggestions, s.Source)
		v.Placeholders = v.Placeholders || !s.IsLiteral()
	}
	v.Details = g.shapes[detailsKeyOf(e)]
	v.Examples, v.ExampleCount = g.examples(e), len(e.Examples)
	v.Client = clientView{Retryable: e.Retryable, Retry: v.Retry, Status: e.Statuses[0], Others: e.Statuses[1:], Server: e.Statuses[0] >= 500}
	for _, st := range e.Statuses {
		v.Client.RetryAfter = v.Client.RetryAfter || st == 429 || st == 503
	}
	return v
}

// summary returns the first paragraph of a doc as one line of at most 200
// bytes, for front matter descriptions. Blocks that are no paragraph are
// passed over whole: a fenced code block up to its closing fence, an HTML
// block or a table up to the next blank line.
func summary(doc string) string {
	var lines []string
	fence := ""       // the opening fence of the code block the line is in
	skipping := false // in an HTML block or a table
scan:
	for _, l := range strings.Split(strings.ReplaceAll(doc, "\r\n", "\n"), "\n") {
		l = strings.TrimSpace(l)
		switch {
		case fence != "":
			if closesFence(l, fence) {
				fence = ""
			}
			continue
		case strings.HasPrefix(l, "```") || strings.HasPrefix(l, "~~~"):
			if len(lines) > 0 {
				break scan
			}
			fence = l[:len(l)-len(strings.TrimLeft(l, l[:1]))]
			continue
		case l == "":
			if len(lines) > 0 {
				break scan
			}
			skipping = false
			continue
		case skipping:
			continue
		case strings.HasPrefix(l, "|") || strings.HasPrefix(l, "<"):
			if len(lines) > 0 {
				break scan
			}
			skipping = true
			continue
		}
		lines = append(lines, strings.TrimLeft(l, "#> "))
	}
	s := strings.Join(strings.Fields(flat(strings.Join(lines, " "))), " ")
	if len(s) > 200 {
		cut := 197
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = strings.TrimRight(s[:cut], " ") + "..."
	}
	return s
}

// closesFence reports whether line l closes the code block opened by
// fence: a run of the fence's character at least as long, and nothing
// after it.
func closesFence(l, fence string) bool {
	run := strings.TrimLeft(l, fence[:1])
	return run == "" && len(l) >= len(fence)
}

// examples renders the first catalog example of e in the wire formats the
// catalog uses; an error without details gets one rendering, an error with
// details but no example none.
func (g *generator) examples(e *model.Error) []exampleView {
	var values []any
	switch {
	case len(e.Examples) > 0:
		values = []any{e.Examples[0].Value}
	case e.Details == nil:
		values = []any{nil}
	}
	o := gen.ExampleOptions()
	out := make([]exampleView, len(values))
	for i, v := range values {
		err := g.rm.New(e, v)
		out[i] = exampleView{N: i + 1}
		f := g.info.Formats
		if f.JSONRPC {
			out[i].JSONRPC = pretty(err.AppendJSONRPC(nil, &o))
		}
		if f.Problem {
			out[i].Problem = pretty(err.AppendProblem(nil, &o))
		}
		if f.Response {
			out[i].Response = pretty(err.AppendResponse(nil, &o))
		}
	}
	return out
}

// pretty returns the compact JSON text raw, as the runtime writes it (no
// space outside strings), indented by two spaces a level as encoding/json's
// Indent does: a line per member and element, "key": value, and {} and []
// kept whole. The runtime's JSON is valid, so unlike Indent it does not scan
// every byte to check it: it copies each string whole and breaks lines
// only at the punctuation between. In strings, the escapes \u003c, \u003e
// and \u0026, which the runtime writes for <, > and & (so that a payload
// is safe inside HTML), are shown as the characters they stand for: the
// same JSON value, which reads "<redacted>" as a reader expects.
func pretty(raw []byte) string {
	b := make([]byte, 0, len(raw)+len(raw)/2)
	depth := 0
	newline := func() {
		b = append(b, '\n')
		for range depth {
			b = append(b, "  "...)
		}
	}
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; c {
		case '"':
			j := i + 1
			for j < len(raw) && raw[j] != '"' {
				if raw[j] == '\\' {
					j++
				}
				j++
			}
			b = appendString(b, raw[i:min(j+1, len(raw))])
			i = j
		case '{', '[':
			b = append(b, c)
			if i+1 < len(raw) && (raw[i+1] == '}' || raw[i+1] == ']') {
				b = append(b, raw[i+1])
				i++
				continue
			}
			depth++
			newline()
		case '}', ']':
			depth--
			newline()
			b = append(b, c)
		case ',':
			b = append(b, c)
			newline()
		case ':':
			b = append(b, ':', ' ')
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

// appendString appends the JSON string s (quotes included) to b, its
// escapes of <, > and & replaced by the characters.
func appendString(b, s []byte) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b = append(b, s[i])
			continue
		}
		if s[i+1] == 'u' && i+6 <= len(s) {
			switch string(s[i+2 : i+6]) {
			case "003c", "003C":
				b, i = append(b, '<'), i+5
				continue
			case "003e", "003E":
				b, i = append(b, '>'), i+5
				continue
			case "0026":
				b, i = append(b, '&'), i+5
				continue
			}
		}
		b = append(b, s[i], s[i+1]) // an escape: both bytes
		i++
	}
	return b
}

// DetailsOf returns the details tables of e, or nil when e has none.
func DetailsOf(m *model.Catalog, e *model.Error) *Details {
	if e.Details == nil {
		return nil
	}
	g := &generator{m: m}
	return g.details(e)
}

// details builds the details tables of e.
func (g *generator) details(e *model.Error) *Details {
	sh := e.Details
	v := &Details{Description: sh.Schema.Description}
	for sh.Schema.Ref != nil && sh.Inline {
		sh = sh.Schema.Ref // inline details that only name a shape
	}
	if !sh.Inline {
		v.Shape, v.Anchor, v.Builtin = sh.Name, ShapeAnchor(sh.Name), sh.Builtin
	}
	if v.Description == "" {
		v.Description = sh.Schema.Description
	}
	// the fields the error's own sensitive list names: its details'
	// top-level properties, redacted in this error's payloads (another
	// error of the same shape sends them as its own list says)
	sensitive := map[*model.Property]bool{}
	r := e.Details.Schema.Resolved()
	for _, name := range e.Sensitive {
		if p := r.Property(name); p != nil {
			sensitive[p] = true
		}
	}
	w := &walker{g: g, seen: map[*model.Shape]bool{sh: true}, sensitive: sensitive}
	s := sh.Schema
	switch {
	case s.Ref != nil:
		w.ref(s.Ref)
		v.Type = s.Ref.Name
	case s.Type == "object" && len(s.Properties) > 0:
		w.collect(&v.Fields, s, "")
		for i := range v.Fields {
			if v.Fields[i].Path == OtherMembers {
				const clash = "not in problem documents when named like one of their members (type, title, status, …)"
				v.Fields[i].Notes = append(v.Fields[i].Notes, clash)
				v.Fields[i].Remarks = append(v.Fields[i].Remarks, clash)
			}
		}
	default:
		v.Type = typeText(s)
	}
	for len(w.queue) > 0 {
		next := w.queue[0]
		w.queue = w.queue[1:]
		w.shapeRows(next)
	}
	v.Shapes = w.shapes
	return v
}

// walker collects the field rows of a schema and the shapes they refer to,
// each shape once.
type walker struct {
	g         *generator
	seen      map[*model.Shape]bool
	shapes    []*ShapeFields
	queue     []*model.Shape
	sensitive map[*model.Property]bool // named by the error's sensitive list
}

func (w *walker) collect(rows *[]Field, s *model.Schema, prefix string) {
	for _, p := range s.Properties {
		ps := p.Schema
		row := Field{Path: prefix + p.Name, Required: p.Required, Description: ps.Description}
		row.Type, row.Values, row.Constraints = w.describe(ps)
		row.Shape = shapeOf(ps)
		if row.Description == "" && ps.Ref != nil {
			row.Description = ps.Ref.Schema.Description
		}
		row.marks(ps, w.sensitive[p])
		*rows = append(*rows, row)
		w.nested(rows, ps, prefix+p.Name)
	}
	// the other members of an open object: one row named *
	if a := s.Additional; a != nil && len(s.Properties) > 0 {
		row := Field{Path: prefix + OtherMembers, Description: "Any other member."}
		if a.Description != "" {
			row.Description += " " + a.Description
		}
		row.Type, row.Values, row.Constraints = w.describe(a)
		row.Shape = shapeOf(a)
		row.marks(a, false)
		*rows = append(*rows, row)
		w.nested(rows, a, prefix+OtherMembers)
	}
}

// shapeOf returns the name of the shape schema s names: its $ref, or that
// of its innermost array items; "" for none.
func shapeOf(s *model.Schema) string {
	for s != nil && s.Ref == nil && s.Type == "array" {
		s = s.Items
	}
	if s == nil || s.Ref == nil {
		return ""
	}
	return s.Ref.Name
}

// OtherMembers is the path segment of the row that describes the other
// members of an open object (properties beside additionalProperties).
const OtherMembers = "*"

// nested collects the rows of the inline object a field of schema s at
// path holds, also as array items: dotted rows (a.b, a[].b).
func (w *walker) nested(rows *[]Field, s *model.Schema, path string) {
	inner := s
	for inner != nil && inner.Ref == nil && inner.Type == "array" {
		inner, path = inner.Items, path+"[]"
	}
	if inner != nil && inner.Ref == nil && inner.Type == "object" && len(inner.Properties) > 0 {
		w.collect(rows, inner, path+".")
	}
}

// marks sets the marks of a field of schema s, and their notes: its
// extension keywords; sensitive also when an error's sensitive list names
// it. Verbose mode lifts neither redaction nor scrubbing: only the
// options' ShowSensitive does.
func (f *Field) marks(s *model.Schema, sensitive bool) {
	f.Sensitive, f.Verbose, f.Sanitize, f.MaxBytes = s.Sensitive || sensitive, s.Verbose, s.Sanitize, s.MaxBytes
	if f.Sensitive {
		f.Notes = append(f.Notes, "sensitive: redacted unless sensitive values are shown")
	}
	if f.Verbose {
		f.Notes = append(f.Notes, "verbose only")
	}
	if f.Sanitize != "" {
		f.Notes = append(f.Notes, "sanitized ("+f.Sanitize+") unless sensitive values are shown")
	}
	if f.MaxBytes > 0 {
		f.Notes = append(f.Notes, "at most "+strconv.FormatInt(f.MaxBytes, 10)+" bytes")
	}
}

// describe returns the plain-text type of a schema, its enum values and
// constraints, queueing the shapes it refers to.
func (w *walker) describe(s *model.Schema) (string, []string, []string) {
	if s.Ref != nil {
		w.ref(s.Ref)
		return s.Ref.Name, nil, constraints(s)
	}
	t := typeText(s)
	var values []string
	if s.Type == "array" {
		for it := s.Items; it != nil; it = it.Items {
			if it.Ref != nil {
				w.ref(it.Ref)
				break
			}
			if it.Type != "array" {
				values = it.Enum
				break
			}
		}
	} else {
		values = s.Enum
	}
	return t, values, constraints(s)
}

func (w *walker) ref(sh *model.Shape) {
	if !w.seen[sh] {
		w.seen[sh] = true
		w.queue = append(w.queue, sh)
	}
}

func (w *walker) shapeRows(sh *model.Shape) {
	v := &ShapeFields{Name: sh.Name, Anchor: ShapeAnchor(sh.Name), Description: sh.Schema.Description}
	w.shapes = append(w.shapes, v)
	s := sh.Schema
	if s.Ref != nil {
		w.ref(s.Ref)
		v.Type = s.Ref.Name
		return
	}
	if s.Type == "object" && len(s.Properties) > 0 {
		w.collect(&v.Fields, s, "")
		return
	}
	v.Type, v.Values, v.Constraints = w.describe(s)
}

// typeText names the type of a schema node in plain text.
func typeText(s *model.Schema) string {
	if s == nil {
		return "any JSON value"
	}
	if s.Ref != nil {
		return s.Ref.Name
	}
	switch s.Type {
	case "":
		return "any JSON value"
	case "array":
		return "array of " + typeText(s.Items)
	case "string":
		if s.Format != "" {
			return "string (" + s.Format + ")"
		}
	}
	return s.Type
}

// constraints lists a node's bounds in plain text.
func constraints(s *model.Schema) []string {
	var out []string
	if s.Minimum != "" && s.Maximum != "" {
		out = append(out, s.Minimum+" to "+s.Maximum)
	} else if s.Minimum != "" {
		out = append(out, "≥ "+s.Minimum)
	} else if s.Maximum != "" {
		out = append(out, "≤ "+s.Maximum)
	}
	if s.MinLength != nil {
		out = append(out, "at least "+strconv.FormatInt(*s.MinLength, 10)+" characters")
	}
	if s.MaxLength != nil {
		out = append(out, "at most "+strconv.FormatInt(*s.MaxLength, 10)+" characters")
	}
	if s.Pattern != "" {
		out = append(out, "pattern "+s.Pattern)
	}
	return out
}

// loadTemplates parses the template set: the built-in files, each replaced
// by the file of the same name in override, plus the override's other
// *.md.tmpl files. Every template is named after its file, so text/template
// errors read "template: FILE:LINE: …".
func loadTemplates(override fs.FS) (*template.Template, error) {
	if override == nil {
		builtin.once.Do(func() { builtin.t, builtin.err = parseTemplates(nil) })
		return builtin.t, builtin.err
	}
	return parseTemplates(override)
}

var builtin struct {
	once sync.Once
	t    *template.Template
	err  error
}

var funcs = template.FuncMap{
	"text":     text,
	"cell":     text,
	"code":     code,
	"cellcode": cellcode,
	"fence":    fence,
	"tab":      tab,
	"errorTable": func(f formatsView, errors []errorRow, filter bool) errorTableView {
		return errorTableView{Formats: f, Errors: errors, Filter: filter}
	},
	"indent": indent,
	"yaml":   yaml,
	"join":   strings.Join,
	"yesno":  yesno,
	"symbol": symbolHTML,
}

// symbolHTML returns a symbol as an HTML code element that may break after
// each underscore, never inside a word, for a link's text in a narrow
// table column: <code>E_<wbr>FS_<wbr>LOCKED</code>. A symbol is letters,
// digits and underscores; anything else is escaped all the same.
func symbolHTML(s string) string {
	return "<code>" + strings.ReplaceAll(html.EscapeString(s), "_", "_<wbr>") + "</code>"
}
