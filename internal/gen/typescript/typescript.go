// Package typescript emits the npm package of a catalog: what it
// generates from the catalog — catalog.js (metadata and the guards' field
// checks), facts.js (the catalog's facts, internal/facts, which the server
// runtime writes every payload from) and the types of index.d.ts — beside
// the catalog-independent runtime it copies from runtime/ts (the
// client's guards and parsers, the server runtime, its MCP and HTTP
// adapters, its OpenTelemetry module and the conformance runner), a
// package.json and a README. ESM with declarations: no dependencies (the
// MCP SDK and the OpenTelemetry API are optional peers of the entries that
// need them) and no build step in the consumer.
//
// The emitter prints its files a line at a time (internal/gen/printer)
// rather than through text templates: nearly every line is an escaped
// literal, and one escaping function per context (JS string, JSDoc,
// property key) is easier to hold right than template pipelines.
package typescript

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/facts"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/gen/printer"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/runtime/ts"
)

// Options configure the TypeScript emitter.
type Options struct {
	Package string // npm package name; empty: outputs.ts.package, else derived from the catalog name
	Source  string // catalog path relative to the output directory, for the header
}

// PackageName derives an npm package name from a catalog name.
func PackageName(catalogName string) string { return catalogName + "-errors" }

// generated are the files the emitter writes from the catalog; the others
// are runtime/ts's.
var generated = []string{"README.md", "catalog.js", "constructors.d.ts", "constructors.js", "facts.js", "index.d.ts", "package.json"}

// Files returns the names of every file of a package, sorted: the same for
// every catalog.
func Files() []string {
	out := append(append([]string(nil), generated...), ts.Files()...)
	sort.Strings(out)
	return out
}

// Generate returns the files of the package (see Files).
func Generate(in *gen.Input, opts Options) ([]gen.File, error) {
	m := in.Model
	pkg := opts.Package
	if pkg == "" {
		pkg = m.Outputs["ts.package"]
	}
	if pkg == "" {
		pkg = PackageName(m.Name)
	}
	g := &generator{m: m, facts: in.Facts, pkg: pkg, opts: opts}
	pj, err := g.packageJSON()
	if err != nil {
		return nil, err
	}
	fj, err := g.factsJS()
	if err != nil {
		return nil, err
	}
	files := []gen.File{
		{Path: "README.md", Data: g.readme()},
		{Path: "catalog.js", Data: g.catalogJS()},
		{Path: "constructors.d.ts", Data: g.constructorsDTS()},
		{Path: "constructors.js", Data: g.constructorsJS()},
		{Path: "facts.js", Data: fj},
		{Path: "index.d.ts", Data: g.declarations()},
		{Path: "package.json", Data: pj},
	}
	for _, name := range ts.Files() {
		files = append(files, gen.File{Path: name, Data: g.runtimeFile(name)})
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, nil
}

// runtimeFile returns a file of runtime/ts as the package holds it: the
// header, then its text without the parts of formats the catalog does not
// use, and without the "// @ts-check" that type-checks it in this
// repository.
func (g *generator) runtimeFile(name string) []byte {
	text := strings.TrimPrefix(ts.Source(name), "// @ts-check\n")
	p := g.newFile(len(text) + 256)
	g.sections(p, text)
	return p.Content()
}

// newFile returns the printer of a generated file of about size bytes,
// its header written.
func (g *generator) newFile(size int) *printer.Printer {
	p := printer.New("  ", size)
	p.P("// ", gen.Header)
	if g.opts.Source != "" {
		p.P("// source: ", jsLine(g.opts.Source))
	}
	return p
}

type generator struct {
	m     *model.Catalog
	facts *facts.Catalog // the catalog's facts, which facts.js holds
	pkg   string
	opts  Options
}

// str writes s as a JavaScript/TypeScript string literal: JSON escaping,
// which also escapes U+2028/U+2029 and <, >, &.
func str(s string) string {
	return string(errgenrt.AppendJSONString(nil, s, true))
}

var identRE = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// key writes a property key: bare when it is an identifier, quoted otherwise.
func key(name string) string {
	if identRE.MatchString(name) {
		return name
	}
	return str(name)
}

// jsdoc writes a /** */ comment of paragraphs, an empty line between
// them; the text cannot end the comment early.
func jsdoc(p *printer.Printer, paragraphs ...string) {
	var lines []string
	for _, para := range paragraphs {
		if strings.TrimSpace(para) == "" {
			continue
		}
		if len(lines) > 0 {
			lines = append(lines, "")
		}
		for _, l := range strings.Split(strings.TrimRight(para, "\n"), "\n") {
			l = strings.ReplaceAll(l, "*/", "*\\/")
			l = strings.Map(func(r rune) rune {
				if r < 0x20 && r != '\t' || r == 0x7f || r == 0xfeff {
					return ' '
				}
				return r
			}, l)
			lines = append(lines, strings.TrimRight(l, " \t"))
		}
	}
	p.JSDoc(lines)
}

func deprecatedTag(e *model.Error) string {
	if e.Deprecated == nil {
		return ""
	}
	s := "@deprecated"
	if e.Deprecated.Since != "" {
		s += " since " + e.Deprecated.Since
	}
	if r := e.Deprecated.ReplacedBy; r != nil {
		s += "; use " + r.Symbol + " instead"
	}
	if e.Deprecated.Note != "" {
		s += ". " + e.Deprecated.Note
	}
	return s
}

// typeExpr is the type expression of a schema node as it is printed:
// head alone for a type on one line; else a type that holds an object
// literal of declared properties, printed head (ending in its "{"), the
// members of obj a level in, and tail (from its "}").
type typeExpr struct {
	head string
	obj  *model.Schema
	tail string
}

// tsType returns the type expression of a schema node.
func (g *generator) tsType(s *model.Schema) typeExpr {
	return g.kindType(g.facts.Kind(s))
}

// kindType returns the type expression of a value of kind k (the catalog's
// facts resolve what each schema node holds): a shape's interface or
// alias where a $ref names it (FieldErrors for the built-in shape), else
// the value's type in place.
func (g *generator) kindType(k *facts.Kind) typeExpr {
	if k.Ref || k.Class == facts.ClassFieldErrors {
		return typeExpr{head: k.Shape.TSName}
	}
	switch k.Class {
	case facts.ClassEnum:
		seen := map[string]bool{}
		var alts []string
		for _, v := range k.Schema.Enum {
			if !seen[v] {
				seen[v] = true
				alts = append(alts, str(v))
			}
		}
		return typeExpr{head: strings.Join(alts, " | ")}
	case facts.ClassString:
		return typeExpr{head: "string"}
	case facts.ClassInteger, facts.ClassNumber:
		return typeExpr{head: "number"}
	case facts.ClassBoolean:
		return typeExpr{head: "boolean"}
	case facts.ClassArray:
		return g.kindType(k.Items).wrap("Array<", ">")
	case facts.ClassMap:
		if k.Extra == nil {
			return typeExpr{head: "{ [key: string]: unknown }"}
		}
		return g.kindType(k.Extra).wrap("{ [key: string]: ", " }") // the type of every member
	case facts.ClassObject:
		return typeExpr{head: "{", obj: k.Schema, tail: "}"}
	}
	return typeExpr{head: "unknown"}
}

// wrap returns the type open + t + close.
func (t typeExpr) wrap(open, close string) typeExpr {
	if t.obj == nil {
		return typeExpr{head: open + t.head + close}
	}
	return typeExpr{head: open + t.head, obj: t.obj, tail: t.tail + close}
}

// printType prints the line prefix + t + suffix: on one line, or with the
// members of t's object literal a level in.
func (g *generator) printType(p *printer.Printer, prefix string, t typeExpr, suffix string) {
	if t.obj == nil {
		p.P(prefix, t.head, suffix)
		return
	}
	p.P(prefix, t.head)
	p.In()
	g.members(p, t.obj)
	p.Out()
	p.P(t.tail, suffix)
}

// members prints the members of an object type of declared properties:
// each property, then the index signature of an open one.
func (g *generator) members(p *printer.Printer, s *model.Schema) {
	g.props(p, s)
	g.index(p, s)
}

// index prints the index signature of an open object (properties beside
// additionalProperties): the type of its other members, which the
// declared properties' types must fit too.
func (g *generator) index(p *printer.Printer, s *model.Schema) {
	extra := g.facts.Kind(s).Extra
	if extra == nil {
		return
	}
	types := []typeExpr{g.kindType(extra)}
	optional := false
	for _, prop := range s.Properties {
		types = append(types, g.tsType(prop.Schema))
		optional = optional || !prop.Required
	}
	if optional {
		types = append(types, typeExpr{head: "undefined"})
	}
	var alts []string
	seen := map[string]bool{}
	for _, t := range types {
		if t.head == "unknown" || t.obj != nil {
			alts = []string{"unknown"} // an untyped or multi-line member: any value
			break
		}
		if !seen[t.head] {
			seen[t.head] = true
			alts = append(alts, t.head)
		}
	}
	p.P("[key: string]: ", strings.Join(alts, " | "), ";")
}

// props prints the declared properties of an object type, each with its
// description.
func (g *generator) props(p *printer.Printer, s *model.Schema) {
	for _, prop := range s.Properties {
		jsdoc(p, prop.Schema.Description)
		opt := "?"
		if prop.Required && !prop.Schema.Verbose { // x-verbose: absent outside verbose mode, as the wire schema says
			opt = ""
		}
		g.printType(p, key(prop.Name)+opt+": ", g.tsType(prop.Schema), ";")
	}
}

// detailsTS returns the TypeScript type of e's details: their shape's
// interface or alias ("" for none).
func (g *generator) detailsTS(e *model.Error) string {
	if k := g.facts.Details(e); k != nil {
		return k.Shape.TSName
	}
	return ""
}

// joinInts writes the numbers of list, sep between them.
func joinInts(list []int, sep string) string {
	var b []byte
	for i, n := range list {
		if i > 0 {
			b = append(b, sep...)
		}
		b = strconv.AppendInt(b, int64(n), 10)
	}
	return string(b)
}

// Entry points of the package: the client (the catalog's types, guards and
// parsers), the server runtime, its MCP and HTTP adapters, and its
// OpenTelemetry module.
var entries = []struct{ path, file string }{
	{".", "index"},
	{"./server", "server"},
	{"./mcp", "mcp"},
	{"./http", "http"},
	{"./otel", "otel"},
}

// MCPSDK is the version range of the MCP TypeScript SDK the MCP adapter is
// made for: an optional peer dependency.
const MCPSDK = "^1.32.2"

// OTelAPI and OTelLogsAPI are the version ranges of the OpenTelemetry API
// packages the OpenTelemetry module (./otel) imports: optional peer
// dependencies, which only a server that installs it needs. The logs API
// is still 0.x, each minor version a release of its own.
const (
	OTelAPI     = "^1.9.0"
	OTelLogsAPI = ">=0.200.0 <1"
)

// peers are the package's peer dependencies, all optional: each serves
// one entry, which only the servers that import it need.
var peers = map[string]string{
	"@modelcontextprotocol/sdk": MCPSDK,
	"@opentelemetry/api":        OTelAPI,
	"@opentelemetry/api-logs":   OTelLogsAPI,
}

func (g *generator) packageJSON() ([]byte, error) {
	type exportEntry struct {
		Types   string `json:"types"`
		Default string `json:"default"`
	}
	type optional struct {
		Optional bool `json:"optional"`
	}
	exports := object{}
	for _, e := range entries {
		exports = append(exports, member{e.path, exportEntry{Types: "./" + e.file + ".d.ts", Default: "./" + e.file + ".js"}})
	}
	var files []string
	for _, name := range Files() {
		if name != "package.json" {
			files = append(files, name)
		}
	}
	pj := struct {
		Comment              string              `json:"//"`
		Name                 string              `json:"name"`
		Version              string              `json:"version"`
		Description          string              `json:"description"`
		Keywords             []string            `json:"keywords,omitempty"`
		Homepage             string              `json:"homepage,omitempty"`
		Repository           *npmRepository      `json:"repository,omitempty"`
		License              string              `json:"license,omitempty"`
		Author               string              `json:"author,omitempty"`
		Contributors         []string            `json:"contributors,omitempty"`
		Type                 string              `json:"type"`
		Main                 string              `json:"main"`
		Types                string              `json:"types"`
		Exports              object              `json:"exports"`
		Files                []string            `json:"files"`
		SideEffects          bool                `json:"sideEffects"`
		PeerDependencies     map[string]string   `json:"peerDependencies"`
		PeerDependenciesMeta map[string]optional `json:"peerDependenciesMeta"`
	}{
		Comment:              gen.Header,
		Name:                 g.pkg,
		Version:              g.m.Package.Version,
		Description:          "Error types, guards and metadata of the " + g.m.Name + " error catalog, and the server runtime that sends its errors.",
		Keywords:             g.m.Package.Keywords,
		Homepage:             g.m.Package.Homepage,
		Repository:           repositoryOf(g.m.Package.Repository),
		License:              g.m.Package.License,
		Type:                 "module",
		Main:                 "./index.js",
		Types:                "./index.d.ts",
		Exports:              exports,
		Files:                files,
		PeerDependencies:     peers,
		PeerDependenciesMeta: map[string]optional{},
	}
	for name := range peers {
		pj.PeerDependenciesMeta[name] = optional{Optional: true}
	}
	if a := g.m.Package.Authors; len(a) > 0 {
		pj.Author, pj.Contributors = a[0], a[1:]
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // an author's <email> as it is
	enc.SetIndent("", "  ")
	if err := enc.Encode(pj); err != nil {
		return nil, fmt.Errorf("package.json: %w", err)
	}
	return b.Bytes(), nil
}

// npmRepository is package.json's repository.
type npmRepository struct {
	Type string `json:"type"`
	URL  string `json:"url"`
}

// repositoryOf returns the repository of a package.json as npm writes it
// when it publishes (which otherwise rewrites it, with a warning): a
// repository of GitHub, GitLab or Bitbucket as git+https://HOST/OWNER/NAME.git,
// any other as it is.
func repositoryOf(u string) *npmRepository {
	if u == "" {
		return nil
	}
	for _, host := range []string{"github.com", "gitlab.com", "bitbucket.org"} {
		for _, scheme := range []string{"https://", "http://"} {
			path, ok := strings.CutPrefix(u, scheme+host+"/")
			if !ok {
				continue
			}
			path = strings.TrimSuffix(strings.TrimSuffix(path, "/"), ".git")
			if parts := strings.Split(path, "/"); len(parts) == 2 && parts[0] != "" && parts[1] != "" {
				return &npmRepository{"git", "git+https://" + host + "/" + path + ".git"}
			}
		}
	}
	return &npmRepository{"git", u}
}

// member and object write a JSON object with its members in order.
type member struct {
	key   string
	value any
}

type object []member

func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(m.key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(m.value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// declarations returns index.d.ts: the catalog's types — its unions of
// codes, symbols, types and domains, the detail shapes, each error's
// payload types in the formats the catalog uses and the maps of them by
// symbol, the metadata — then runtime/ts's tail, the declarations of the
// guards and parsers over them.
func (g *generator) declarations() []byte {
	m := g.m
	tail := ts.Source(ts.Tail)
	p := g.newFile(len(tail) + 4096 + 2600*len(m.Errors)) // about what an error takes: no regrowing
	p.P()
	jsdoc(p, "Errors of the "+m.Name+" catalog, version "+m.Version+".")
	p.P("export declare const CATALOG_NAME: ", str(m.Name), ";")
	p.P()
	g.unions(p)
	jsdoc(p, "Debug information, present only when the server runs in verbose mode.")
	p.P("export interface DebugInfo {")
	p.In()
	p.P("errorChain?: string[];")
	p.P("requestId?: string;")
	p.P("timestamp?: string;")
	p.P("serverVersion?: string;")
	p.Out()
	p.P("}")
	p.P()
	g.shapes(p)
	g.payloads(p)
	g.bySymbol(p)
	g.metadata(p)
	g.sections(p, tail)
	return p.Content()
}

// unions prints the unions of every code, symbol, type and domain.
func (g *generator) unions(p *printer.Printer) {
	var codes, symbols, types, domains []string
	seenCode := map[int64]bool{}
	for _, e := range g.m.Errors {
		if !seenCode[e.Code] {
			seenCode[e.Code] = true
			codes = append(codes, strconv.FormatInt(e.Code, 10))
		}
		for _, sym := range e.Symbols() {
			symbols = append(symbols, str(sym))
		}
		types = append(types, str(e.Type))
	}
	for _, d := range g.m.Domains {
		domains = append(domains, str(d.Name))
	}
	union(p, "ErrorCode", "Every catalog error code.", codes)
	union(p, "ErrorSymbol", "Every catalog error symbol, aliases included.", symbols)
	union(p, "ErrorType", "Every catalog error type (data.context.type).", types)
	union(p, "ErrorDomain", "Every catalog domain.", domains)
}

// union prints the type name, the union of items, one to a line.
func union(p *printer.Printer, name, doc string, items []string) {
	jsdoc(p, doc)
	if len(items) == 0 {
		p.P("export type ", name, " = never;")
		p.P()
		return
	}
	p.P("export type ", name, " =")
	p.In()
	for _, it := range items {
		p.P("| ", it)
	}
	p.P(";")
	p.Out()
	p.P()
}

// shapes prints the type of each detail shape that declares one.
func (g *generator) shapes(p *printer.Printer) {
	for _, s := range g.m.Shapes {
		if s.Schema.Ref != nil {
			continue
		}
		if s.Builtin {
			jsdoc(p, "Validation failures aggregated by field (the built-in field_errors shape).")
			p.P("export interface FieldErrors {")
			p.In()
			p.P("/** Messages for each invalid field. */")
			p.P("fieldErrors: { [field: string]: string[] };")
			p.P("/** Number of messages in fieldErrors. */")
			p.P("totalErrors: number;")
			p.Out()
			p.P("}")
			p.P()
			continue
		}
		what := "Detail shape " + s.Name + "."
		if s.Inline {
			what = "Details of " + s.Owner.Symbol + "."
		}
		jsdoc(p, what, s.Schema.Description)
		if s.Schema.Type == "object" && len(s.Schema.Properties) > 0 {
			p.P("export interface ", s.TSName, " {")
			p.In()
			g.members(p, s.Schema)
			p.Out()
			p.P("}")
		} else {
			g.printType(p, "export type "+s.TSName+" = ", g.tsType(s.Schema), ";")
		}
		p.P()
	}
}

// payloads prints the types of each error's payloads in the formats the
// catalog uses: its JSON-RPC context and error object, its problem
// document, its plain response.
func (g *generator) payloads(p *printer.Printer) {
	m := g.m
	protocol := map[*model.Error]bool{}
	for _, e := range m.ProtocolErrors() {
		protocol[e] = true
	}
	for _, e := range m.Errors {
		n := e.TSName
		doc := e.Symbol + " (" + strconv.FormatInt(e.Code, 10) + "): " + e.Title
		dep := deprecatedTag(e)
		details := g.detailsTS(e)
		syms := symbolUnion(e)
		if m.Uses(model.FormatJSONRPC) {
			detailsType := details
			if detailsType == "" {
				detailsType = "{ [key: string]: never }"
			}
			jsdoc(p, "The data.context of "+doc, e.Doc, dep)
			p.P("export interface ", n, "Context {")
			p.In()
			p.P("schemaVersion: number;")
			p.P("type: ", str(e.Type), ";")
			p.P("details: ", detailsType, ";")
			p.P("userMessage?: string;")
			p.P("suggestions?: string[];")
			p.P("retryable: boolean;")
			p.P("debugInfo?: DebugInfo;")
			p.Out()
			p.P("}")
			p.P()
			jsdoc(p, "The JSON-RPC error object of "+doc, dep)
			data := "data"
			if protocol[e] {
				data = "data?" // a protocol error, named by its code, may come without data
			}
			p.P("export interface ", n, "RpcError {")
			p.In()
			p.P("code: ", strconv.FormatInt(e.WireCode, 10), ";")
			p.P("message: string;")
			p.P(data, ": {")
			p.In()
			p.P("domain?: ", str(e.Domain.Name), ";")
			p.P("symbol?: ", syms, ";")
			p.P("retryable?: boolean;")
			retryMembers(p)
			p.P("context?: ", n, "Context;")
			p.Out()
			p.P("};")
			p.Out()
			p.P("}")
			p.P()
		}
		if m.Uses(model.FormatProblem) {
			jsdoc(p, "The RFC 9457 problem document of "+doc, dep)
			p.P("export interface ", n, "Problem {")
			p.In()
			p.P("type: ", str(e.ProblemType), ";")
			p.P("title: string;")
			p.P("status: ", joinInts(e.Statuses, " | "), ";")
			p.P("detail?: string;")
			p.P("instance?: string;")
			p.P("timestamp?: string;")
			p.P("symbol?: ", syms, ";")
			p.P("retryable?: boolean;")
			retryMembers(p)
			p.P("userMessage?: string;")
			p.P("suggestions?: string[];")
			p.P("debugInfo?: DebugInfo;")
			if k := g.facts.Details(e); k != nil {
				g.props(p, k.Schema)
			}
			p.Out()
			p.P("}")
			p.P()
		}
		if m.Uses(model.FormatResponse) {
			jsdoc(p, "The plain error response of "+doc, dep)
			p.P("export interface ", n, "Response {")
			p.In()
			p.P("error: true;")
			p.P("code: ", syms, ";")
			p.P("message: string;")
			if details != "" {
				p.P("details: ", details, ";")
			} else {
				p.P("details?: never;")
			}
			retryMembers(p)
			p.Out()
			p.P("}")
			p.P()
		}
	}
}

// retryMembers prints the members of a payload's retry class and delay,
// optional: a server older than retry classes sends neither.
func retryMembers(p *printer.Printer) {
	p.P("retry?: RetryClass;")
	p.P("retryAfterMs?: number;")
}

// bySymbol prints the maps of each symbol (aliases included) to its
// error's types: its payload types, its details.
func (g *generator) bySymbol(p *printer.Printer) {
	m := g.m
	payload := func(name, suffix, doc string) {
		jsdoc(p, doc)
		p.P("export interface ", name, " {")
		p.In()
		for _, e := range m.Errors {
			for _, sym := range e.Symbols() {
				p.P(sym, ": ", e.TSName, suffix, ";")
			}
		}
		p.Out()
		p.P("}")
		p.P()
	}
	if m.Uses(model.FormatJSONRPC) {
		payload("ContextBySymbol", "Context", "The context type of each symbol.")
		payload("RpcErrorBySymbol", "RpcError", "The JSON-RPC error type of each symbol.")
	}
	if m.Uses(model.FormatProblem) {
		payload("ProblemBySymbol", "Problem", "The problem document type of each symbol.")
	}
	if m.Uses(model.FormatResponse) {
		payload("ResponseBySymbol", "Response", "The plain response type of each symbol.")
	}
	jsdoc(p, "The details type of each symbol (undefined for errors without details).")
	p.P("export interface DetailsBySymbol {")
	p.In()
	for _, e := range m.Errors {
		d := g.detailsTS(e)
		if d == "" {
			d = "undefined"
		}
		for _, sym := range e.Symbols() {
			p.P(sym, ": ", d, ";")
		}
	}
	p.Out()
	p.P("}")
	p.P()
}

// metadata prints the type of an error's metadata, and the type of
// CATALOG, every error's metadata as literal types.
func (g *generator) metadata(p *printer.Printer) {
	m := g.m
	jsdoc(p, "Static metadata of one catalog error.")
	p.P("export interface ErrorMeta {")
	p.In()
	p.P("readonly code: number;")
	p.P("readonly wireCode: number;")
	p.P("readonly symbol: ErrorSymbol;")
	p.P("readonly type: ErrorType;")
	p.P("readonly domain: ErrorDomain;")
	p.P("readonly title: string;")
	p.P("readonly status: number;")
	p.P("readonly statuses: readonly number[];")
	p.P("readonly problemType: string;")
	p.P("readonly retryable: boolean;")
	p.P("/** When a failed request may be sent again: never, after a change, or as it is after a delay. */")
	p.P("readonly retry: RetryClass;")
	p.P("/** The catalog's default delay before a retry, in whole ms (only with after_delay). */")
	p.P("readonly retryAfterMs?: number;")
	p.P("/** The error is the server's throttling (only with after_delay). */")
	p.P("readonly throttling?: boolean;")
	p.P("readonly deprecated: boolean;")
	p.P("readonly replacedBy?: ErrorSymbol;")
	p.P("/** More symbols of the error, which lookups and guards accept; the wire carries symbol. */")
	p.P("readonly aliases?: readonly ErrorSymbol[];")
	p.Out()
	p.P("}")
	p.P()
	jsdoc(p, "The catalog metadata, by symbol.")
	p.P("export declare const CATALOG: {")
	p.In()
	p.P("readonly name: ", str(m.Name), ";")
	p.P("readonly version: ", str(m.Version), ";")
	p.P("readonly schemaVersion: ", strconv.Itoa(m.SchemaVersion), ";")
	p.P("readonly errors: {")
	p.In()
	for _, e := range m.Errors {
		jsdoc(p, e.Title, deprecatedTag(e))
		p.P("readonly ", e.Symbol, ": {")
		p.In()
		p.P("readonly code: ", strconv.FormatInt(e.Code, 10), ";")
		p.P("readonly wireCode: ", strconv.FormatInt(e.WireCode, 10), ";")
		p.P("readonly symbol: ", str(e.Symbol), ";")
		p.P("readonly type: ", str(e.Type), ";")
		p.P("readonly domain: ", str(e.Domain.Name), ";")
		p.P("readonly title: ", str(e.Title), ";")
		p.P("readonly status: ", strconv.Itoa(e.Status()), ";")
		p.P("readonly statuses: readonly [", joinInts(e.Statuses, ", "), "];")
		p.P("readonly problemType: ", str(e.ProblemType), ";")
		p.P("readonly retryable: ", strconv.FormatBool(e.Retryable), ";")
		p.P("readonly retry: ", str(string(e.Retry)), ";")
		if e.RetryAfterMs > 0 {
			p.P("readonly retryAfterMs: ", strconv.FormatInt(e.RetryAfterMs, 10), ";")
		}
		if e.Throttling {
			p.P("readonly throttling: true;")
		}
		p.P("readonly deprecated: ", strconv.FormatBool(e.Deprecated != nil), ";")
		if e.Deprecated != nil && e.Deprecated.ReplacedBy != nil {
			p.P("readonly replacedBy: ", str(e.Deprecated.ReplacedBy.Symbol), ";")
		}
		if len(e.Aliases) > 0 {
			p.P("readonly aliases: readonly [", strings.Join(quoted(e.AliasSymbols()), ", "), "];")
		}
		p.Out()
		p.P("};")
	}
	p.Out()
	p.P("};")
	p.Out()
	p.P("};")
	p.P()
}

// sections prints the lines of text that belong to the wire formats the
// catalog uses. A line "//@ FORMAT…" starts a part kept when the catalog
// uses one of the formats it names and none it names after a "!"
// ("//@ response !jsonrpc": the response format but not JSON-RPC); a line
// "//@" starts a part always kept. The marker lines themselves are
// dropped.
func (g *generator) sections(p *printer.Printer, text string) {
	kept := true
	for text != "" {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		if f, ok := strings.CutPrefix(line, "//@"); ok {
			kept = g.keeps(f)
			continue
		}
		if kept {
			p.P(line)
		}
	}
}

// keeps reports whether the catalog keeps the part of a marker: fields
// names the formats of which it must use one, or none, and after a "!"
// the formats it must not use.
func (g *generator) keeps(fields string) bool {
	named, uses := false, false
	for _, name := range strings.Fields(fields) {
		if not, ok := strings.CutPrefix(name, "!"); ok {
			if g.m.Uses(not) {
				return false
			}
			continue
		}
		named = true
		uses = uses || g.m.Uses(name)
	}
	return !named || uses
}

// symbolUnion is the type of the members that name e: its symbol, or any
// of its aliases.
func symbolUnion(e *model.Error) string { return strings.Join(quoted(e.Symbols()), " | ") }

func quoted(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = str(s)
	}
	return out
}

// fieldKind is the primitive check of one detail field in the JS guards:
// its node's JSON type.
func fieldKind(n *facts.Node) string {
	switch n.Type {
	case "string", "number", "integer", "boolean", "array", "object":
		return n.Type
	}
	return "unknown"
}

// properties returns the declared properties of the object node n: its
// shape's, or its own.
func (g *generator) properties(n *facts.Node) []facts.Property {
	if n.Shape == "" {
		return n.Properties
	}
	for _, s := range g.facts.Shapes {
		if s.Name == n.Shape {
			return s.Node.Properties
		}
	}
	return nil
}

// catalogJS returns catalog.js: the catalog's metadata and what the guards
// check of each error's details, which index.js reads.
func (g *generator) catalogJS() []byte {
	m := g.m
	p := g.newFile(4096 + 600*len(m.Errors))
	p.P()
	p.P("// The facts of the ", jsLine(m.Name), " catalog that index.js and server.js read.")
	p.P()
	p.P("export const CATALOG_NAME = ", str(m.Name), ";")
	p.P()
	p.P("export const CATALOG = {")
	p.In()
	p.P("name: ", str(m.Name), ",")
	p.P("version: ", str(m.Version), ",")
	p.P("schemaVersion: ", strconv.Itoa(m.SchemaVersion), ",")
	p.P("errors: {")
	p.In()
	for _, e := range m.Errors {
		more := ", retry: " + str(string(e.Retry))
		if e.RetryAfterMs > 0 {
			more += ", retryAfterMs: " + strconv.FormatInt(e.RetryAfterMs, 10)
		}
		if e.Throttling {
			more += ", throttling: true"
		}
		more += ", deprecated: " + strconv.FormatBool(e.Deprecated != nil)
		if e.Deprecated != nil && e.Deprecated.ReplacedBy != nil {
			more = ", replacedBy: " + str(e.Deprecated.ReplacedBy.Symbol)
		}
		if len(e.Aliases) > 0 {
			more += ", aliases: [" + strings.Join(quoted(e.AliasSymbols()), ", ") + "]"
		}
		p.P(e.Symbol, ": {code: ", strconv.FormatInt(e.Code, 10), ", wireCode: ", strconv.FormatInt(e.WireCode, 10),
			", symbol: ", str(e.Symbol), ", type: ", str(e.Type), ", domain: ", str(e.Domain.Name), ", title: ", str(e.Title),
			", status: ", strconv.Itoa(e.Status()), ", statuses: [", joinInts(e.Statuses, ", "), "], problemType: ", str(e.ProblemType),
			", retryable: ", strconv.FormatBool(e.Retryable), more, "},")
	}
	p.Out()
	p.P("},")
	p.Out()
	p.P("};")
	p.P()
	p.P("// The most suggestions a payload carries.")
	p.P("export const MAX_SUGGESTIONS = ", strconv.Itoa(m.Limits.MaxSuggestions), ";")
	p.P()

	// detail field checks: symbol -> [[name, kind, required], ...]; null for no details
	p.P("// Each error's top-level detail fields: [name, JSON type, required]; null for an error without details.")
	p.P("export const FIELDS = {")
	p.In()
	for _, e := range g.facts.Errors {
		if e.Details == nil {
			p.P(e.Symbol, ": null,")
			continue
		}
		var parts []string
		for _, prop := range g.properties(e.Details) {
			required := prop.Required && !prop.Node.Verbose // x-verbose: absent outside verbose mode
			parts = append(parts, "["+str(prop.Name)+", "+str(fieldKind(prop.Node))+", "+strconv.FormatBool(required)+"]")
		}
		p.P(e.Symbol, ": [", strings.Join(parts, ", "), "],")
	}
	p.Out()
	p.P("};")
	p.P()
	var reserved []string
	for _, d := range m.Domains {
		if d.Reserved {
			reserved = append(reserved, str(d.Name))
		}
	}
	p.P("// The domains of the JSON-RPC protocol's own errors: a code alone names one of their errors that no other error shares it with.")
	p.P("export const RESERVED_DOMAINS = [", strings.Join(reserved, ", "), "];")
	p.P()
	g.rules(p)
	return p.Content()
}

// rules prints the rules index.js checks payloads against: the catalog's
// naming patterns, and the members each format has of its own (the facts'
// rules, which the server runtime reads from facts.js; the client keeps
// its copy so that it bundles without the facts).
func (g *generator) rules(p *printer.Printer) {
	p.P("// The naming rules of errgen catalogs, which any well-formed payload follows.")
	p.P("export const SYMBOL_RE = /", model.SymbolRE.String(), "/;")
	p.P("export const TYPE_RE = /", model.TypeRE.String(), "/;")
	p.P()
	p.P("// The members each format has of its own.")
	p.P("export const RPC_DATA_MEMBERS = [", strings.Join(quoted(g.facts.Rules.JSONRPCDataMembers), ", "), "];")
	p.P("export const PROBLEM_MEMBERS = [", strings.Join(quoted(g.facts.Rules.ProblemMembers), ", "), "];")
	p.P()
	p.P("// The most entries of debugInfo.errorChain.")
	p.P("export const ERROR_CHAIN_ENTRIES = ", strconv.Itoa(g.facts.Rules.ErrorChainEntries), ";")
	p.P()
	p.P("// The longest delay before a retry a payload carries (retryAfterMs), in ms.")
	p.P("export const MAX_RETRY_AFTER_MS = ", strconv.Itoa(g.facts.Rules.MaxRetryAfterMs), ";")
}

// jsLine makes text fit on one line of a // comment.
func jsLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x2028 || r == 0x2029 || r == 0x85 {
			return ' '
		}
		return r
	}, s)
}

func (g *generator) readme() []byte {
	m := g.m
	p := printer.New("  ", 4096)
	p.P("<!-- ", gen.Header, " -->")
	p.P()
	p.P("# ", mdText(g.pkg))
	p.P()
	p.P("Types, guards and metadata of the ", mdText(m.Name), " error catalog, version ", mdText(m.Version), ", and the server runtime that sends its errors. ",
		"ESM JavaScript with TypeScript declarations; no dependencies, no build step.")
	p.P()
	p.P("## Clients")
	p.P()
	sym := str(g.exampleSymbol())
	p.P("```ts")
	switch {
	case g.m.Uses(model.FormatJSONRPC):
		p.P("import { parseJsonRpcError, isSymbol, isRetryable, CATALOG } from ", str(g.pkg), ";")
		p.P()
		p.P("const err = parseJsonRpcError(response.error);")
		p.P("if (err && isSymbol(err, ", sym, ")) {")
		p.P("  console.log(err.data?.context?.details);")
	case g.m.Uses(model.FormatProblem):
		p.P("import { parseProblemDetails, isSymbol, isRetryable, CATALOG } from ", str(g.pkg), ";")
		p.P()
		p.P("const problem = parseProblemDetails(await response.json());")
		p.P("if (problem && isSymbol(problem, ", sym, ")) {")
		p.P("  console.log(problem.status, problem.detail);")
	default:
		p.P("import { parseErrorResponse, isSymbol, isRetryable, CATALOG } from ", str(g.pkg), ";")
		p.P()
		p.P("const body = parseErrorResponse(await response.json());")
		p.P("if (body && isSymbol(body, ", sym, ")) {")
		p.P("  console.log(body.message);")
	}
	p.P("}")
	p.P("```")
	p.P()
	g.sections(p, readmeExports)
	p.P("| `isRetryable`, `symbolOf`, `byCode`, `bySymbol`, `byType`, `CATALOG` | metadata |")
	p.P("| `retryAdvice` | what to do about any payload: `retry` (after `delayMs`, when it says), `change` the request, or `never` |")
	p.P()
	g.readmeServer(p)
	return p.Content()
}

// readmeServer prints the README's part on the server runtime: a raise
// and a render of the fallback's error, and the entry points.
func (g *generator) readmeServer(p *printer.Printer) {
	p.P("## Servers")
	p.P()
	// an npm package name holds no backtick: it stands in a code span as it is
	p.P("`", g.pkg, "/server` raises the catalog's errors and renders them byte for byte as errgen's Go runtime does; ",
		"`/mcp` connects it to the MCP TypeScript SDK and `/http` writes problem documents to HTTP responses. ",
		"A client that imports the package's root bundles none of it.")
	p.P()
	fb := g.m.Fallback
	args := str(fb.Symbol) + ", undefined" // an error without details takes none
	if fb.Details != nil {
		args = str(fb.Symbol) + ", details"
	}
	p.P("```ts")
	p.P("import { newError, fromError, renderJsonRpcError } from ", str(g.pkg+"/server"), ";")
	p.P("import { withToolErrors, handleErrors } from ", str(g.pkg+"/mcp"), ";")
	p.P("import { writeProblem, problemResponse, sendProblem } from ", str(g.pkg+"/http"), ";")
	p.P()
	p.P("throw newError(", args, ", { cause: err }); // details typed by the catalog")
	p.P("writeProblem(res, fromError(thrown));      // application/problem+json, the error's status")
	p.P("```")
	p.P()
	p.P("| export | what |")
	p.P("|---|---|")
	p.P("| `./server`: `newError`, `errorOf`, `fromError`, `isCatalogError`, `CatalogError` | raise an error with typed details; turn anything thrown into the catalog's (its fallback, the text only a cause); log it without its secrets (`verboseError`, `logValue`, `util.inspect`) |")
	p.P("| `./server`: `renderJsonRpcError`, `renderProblem`, `problemOf`, `renderResponse`, `renderToolResult`, `jsonRpcParts`, `optionsFromEnv`, `onViolation`, `onSend` | the wire formats, redacted, scrubbed, checked against the detail schema and bounded as the catalog says; hooks that learn of values that break it and of each error response the adapters send |")
	p.P("| `./mcp`: `withToolErrors`, `handleErrors`, `toolResult`, `toMcpError` | failing MCP tools as isError results with the problem document; JSON-RPC errors from every other handler |")
	p.P("| `./http`: `writeProblem`, `problemResponse`, `sendProblem` | a problem document on a node:http (Express) response, as a Fetch API Response, on a Fastify reply |")
	p.P("| `./otel`: `install`, `record` | OpenTelemetry (`npm i @opentelemetry/api @opentelemetry/api-logs`): each error sent on the active span, as an `exception` log record and counted by `errgen.errors` |")
	p.P("| `conformance.mjs` | the conformance runner: `errgen conformance -vectors vectors.json -- node conformance.mjs` |")
}

// readmeExports is the README's table of exports, its "//@" lines marking
// what belongs to one wire format (see sections).
const readmeExports = `| export | what |
|---|---|
//@ jsonrpc
| ` + "`JsonRpcError`, `ErrorContext`, `JsonRpcErrorOf<S>`, `ContextOf<S>`" + ` | the JSON-RPC error object and its ` + "`data.context`" + `; one error's types by symbol (discriminated unions of every error without ` + "`S`" + `) |
| ` + "`isJsonRpcError`, `isErrorContext`, `parseJsonRpcError`, `parseErrorContext`" + ` | guards taking ` + "`unknown`" + `, and parsers that also take a JSON string |
| ` + "`fromMcpError`" + ` | the catalog error an MCP TypeScript SDK ` + "`McpError`" + ` carries; ` + "`undefined`" + ` for the SDK's own errors |
//@ problem
| ` + "`ProblemDetails`, `ProblemOf<S>`" + ` | the RFC 9457 problem document; one error's type by symbol (a discriminated union of every error without ` + "`S`" + `) |
| ` + "`isProblemDetails`, `parseProblemDetails`" + ` | guard taking ` + "`unknown`" + `, and parser that also takes a JSON string |
| ` + "`fromToolResult`" + ` | the problem document an ` + "`isError`" + ` MCP tool result carries; ` + "`undefined`" + ` for the SDK's own errors |
//@ response
| ` + "`ErrorResponse`, `ResponseOf<S>`" + ` | the plain response; one error's type by symbol (a discriminated union of every error without ` + "`S`" + `) |
| ` + "`isErrorResponse`, `parseErrorResponse`" + ` | guard taking ` + "`unknown`" + `, and parser that also takes a JSON string |
//@
| ` + "`isUnknownError`" + ` | what a parser returns for an error of a newer catalog (` + "`undefined`" + ` for an invalid payload) |
//@ jsonrpc problem
| ` + "`extensionsOf`" + ` | a payload's members beyond its typed ones |
//@
| ` + "`isSymbol(value, symbol)`" + ` | narrows a payload to one error |
`

// exampleSymbol is the symbol the README's example narrows to: the
// fallback's, which a catalog keeps while its errors come and go.
func (g *generator) exampleSymbol() string { return g.m.Fallback.Symbol }

// mdText escapes text for a markdown paragraph or heading.
func mdText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\\', '`', '*', '_', '{', '}', '[', ']', '<', '>', '(', ')', '#', '+', '-', '.', '!', '|':
			b.WriteRune('\\')
			b.WriteRune(r)
		case '\n', '\r', 0x2028, 0x2029:
			b.WriteRune(' ')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
