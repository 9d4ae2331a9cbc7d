// Package typescript emits the npm package of a catalog: what it
// generates from the catalog — catalog.js (metadata and the guards' field
// checks), facts.js (the catalog's facts, internal/facts, which the server
// runtime writes every payload from) and the types of index.d.ts — beside
// the catalog-independent runtime it copies from runtime/ts (the
// client's guards and parsers, the server runtime, its MCP and HTTP
// adapters and the conformance runner), a package.json and a README. ESM
// with declarations: no dependencies and no build step in the consumer.
//
// The emitter writes its files with a small builder rather than text
// templates: nearly every line is an escaped literal, and one escaping
// function per context (JS string, JSDoc, property key) is easier to hold
// right than template pipelines.
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
	var b bytes.Buffer
	g.header(&b)
	text := strings.TrimPrefix(ts.Source(name), "// @ts-check\n")
	b.WriteString(g.sections(text))
	return b.Bytes()
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

// jsdoc writes a /** */ comment of the given lines at an indent; the text
// cannot end the comment early.
func jsdoc(b *bytes.Buffer, indent string, paragraphs ...string) {
	var lines []string
	for _, p := range paragraphs {
		if strings.TrimSpace(p) == "" {
			continue
		}
		if len(lines) > 0 {
			lines = append(lines, "")
		}
		for _, l := range strings.Split(strings.TrimRight(p, "\n"), "\n") {
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
	if len(lines) == 0 {
		return
	}
	b.WriteString(indent + "/**\n")
	for _, l := range lines {
		if l == "" {
			b.WriteString(indent + " *\n")
		} else {
			b.WriteString(indent + " * " + l + "\n")
		}
	}
	b.WriteString(indent + " */\n")
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

// tsType writes the type expression of a schema node.
func (g *generator) tsType(s *model.Schema, indent string) string {
	return g.kindType(g.facts.Kind(s), indent)
}

// kindType writes the type expression of a value of kind k (the catalog's
// facts resolve what each schema node holds): a shape's interface or
// alias where a $ref names it (FieldErrors for the built-in shape), else
// the value's type in place.
func (g *generator) kindType(k *facts.Kind, indent string) string {
	if k.Ref || k.Class == facts.ClassFieldErrors {
		return k.Shape.TSName
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
		return strings.Join(alts, " | ")
	case facts.ClassString:
		return "string"
	case facts.ClassInteger, facts.ClassNumber:
		return "number"
	case facts.ClassBoolean:
		return "boolean"
	case facts.ClassArray:
		return "Array<" + g.kindType(k.Items, indent) + ">"
	case facts.ClassMap:
		extra := "unknown" // what other members may hold
		if k.Extra != nil {
			extra = g.kindType(k.Extra, indent)
		}
		return "{ [key: string]: " + extra + " }"
	case facts.ClassObject:
		var b bytes.Buffer
		b.WriteString("{\n")
		g.writeProps(&b, k.Schema, indent+"  ")
		g.writeIndex(&b, k.Schema, indent+"  ")
		b.WriteString(indent + "}")
		return b.String()
	}
	return "unknown"
}

// writeIndex writes the index signature of an open object (properties
// beside additionalProperties): the type of its other members, which the
// declared properties' types must fit too.
func (g *generator) writeIndex(b *bytes.Buffer, s *model.Schema, indent string) {
	extra := g.facts.Kind(s).Extra
	if extra == nil {
		return
	}
	types := []string{g.kindType(extra, indent)}
	optional := false
	for _, p := range s.Properties {
		types = append(types, g.tsType(p.Schema, indent))
		optional = optional || !p.Required
	}
	if optional {
		types = append(types, "undefined")
	}
	var alts []string
	seen := map[string]bool{}
	for _, t := range types {
		if t == "unknown" || strings.Contains(t, "\n") {
			alts = []string{"unknown"} // an untyped or multi-line member: any value
			break
		}
		if !seen[t] {
			seen[t] = true
			alts = append(alts, t)
		}
	}
	b.WriteString(indent + "[key: string]: " + strings.Join(alts, " | ") + ";\n")
}

func (g *generator) writeProps(b *bytes.Buffer, s *model.Schema, indent string) {
	for _, p := range s.Properties {
		jsdoc(b, indent, p.Schema.Description)
		opt := "?"
		if p.Required {
			opt = ""
		}
		b.WriteString(indent + key(p.Name) + opt + ": " + g.tsType(p.Schema, indent) + ";\n")
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

func literalStatuses(list []int) string {
	parts := make([]string, len(list))
	for i, s := range list {
		parts[i] = strconv.Itoa(s)
	}
	return strings.Join(parts, " | ")
}

func (g *generator) header(b *bytes.Buffer) {
	b.WriteString("// " + gen.Header + "\n")
	if g.opts.Source != "" {
		b.WriteString("// source: " + jsLine(g.opts.Source) + "\n")
	}
}

// Entry points of the package: the client (the catalog's types, guards and
// parsers), the server runtime, and its MCP and HTTP adapters.
var entries = []struct{ path, file string }{
	{".", "index"},
	{"./server", "server"},
	{"./mcp", "mcp"},
	{"./http", "http"},
}

// MCPSDK is the version range of the MCP TypeScript SDK the MCP adapter is
// made for: an optional peer dependency.
const MCPSDK = "^1.32.2"

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
		PeerDependencies:     map[string]string{"@modelcontextprotocol/sdk": MCPSDK},
		PeerDependenciesMeta: map[string]optional{"@modelcontextprotocol/sdk": {Optional: true}},
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

func (g *generator) declarations() []byte {
	m := g.m
	var b bytes.Buffer
	b.Grow(4096 + 2600*len(m.Errors)) // about what an error takes: no regrowing
	g.header(&b)
	b.WriteString("\n")
	jsdoc(&b, "", fmt.Sprintf("Errors of the %s catalog, version %s.", m.Name, m.Version))
	b.WriteString("export declare const CATALOG_NAME: " + str(m.Name) + ";\n\n")

	union := func(name, doc string, items []string) {
		jsdoc(&b, "", doc)
		if len(items) == 0 {
			b.WriteString("export type " + name + " = never;\n\n")
			return
		}
		b.WriteString("export type " + name + " =\n")
		for _, it := range items {
			b.WriteString("  | " + it + "\n")
		}
		b.WriteString("  ;\n\n")
	}
	var codes, symbols, types, domains []string
	seenCode := map[int64]bool{}
	for _, e := range m.Errors {
		if !seenCode[e.Code] {
			seenCode[e.Code] = true
			codes = append(codes, strconv.FormatInt(e.Code, 10))
		}
		for _, sym := range e.Symbols() {
			symbols = append(symbols, str(sym))
		}
		types = append(types, str(e.Type))
	}
	for _, d := range m.Domains {
		domains = append(domains, str(d.Name))
	}
	union("ErrorCode", "Every catalog error code.", codes)
	union("ErrorSymbol", "Every catalog error symbol, aliases included.", symbols)
	union("ErrorType", "Every catalog error type (data.context.type).", types)
	union("ErrorDomain", "Every catalog domain.", domains)

	jsdoc(&b, "", "Debug information, present only when the server runs in verbose mode.")
	b.WriteString("export interface DebugInfo {\n  errorChain?: string[];\n  requestId?: string;\n  timestamp?: string;\n  serverVersion?: string;\n}\n\n")

	// detail shapes
	for _, s := range m.Shapes {
		if s.Schema.Ref != nil {
			continue
		}
		if s.Builtin {
			jsdoc(&b, "", "Validation failures aggregated by field (the built-in field_errors shape).")
			b.WriteString("export interface FieldErrors {\n  /** Messages for each invalid field. */\n  fieldErrors: { [field: string]: string[] };\n  /** Number of messages in fieldErrors. */\n  totalErrors: number;\n}\n\n")
			continue
		}
		what := "Detail shape " + s.Name + "."
		if s.Inline {
			what = "Details of " + s.Owner.Symbol + "."
		}
		jsdoc(&b, "", what, s.Schema.Description)
		if s.Schema.Type == "object" && len(s.Schema.Properties) > 0 {
			b.WriteString("export interface " + s.TSName + " {\n")
			g.writeProps(&b, s.Schema, "  ")
			g.writeIndex(&b, s.Schema, "  ")
			b.WriteString("}\n\n")
		} else {
			b.WriteString("export type " + s.TSName + " = " + g.tsType(s.Schema, "") + ";\n\n")
		}
	}

	// per error
	protocol := map[*model.Error]bool{}
	for _, e := range m.ProtocolErrors() {
		protocol[e] = true
	}
	for _, e := range m.Errors {
		n := e.TSName
		doc := fmt.Sprintf("%s (%d): %s", e.Symbol, e.Code, e.Title)
		dep := deprecatedTag(e)
		details := g.detailsTS(e)
		detailsType := details
		if detailsType == "" {
			detailsType = "{ [key: string]: never }"
		}
		syms := symbolUnion(e)
		if m.Uses(model.FormatJSONRPC) {
			jsdoc(&b, "", "The data.context of "+doc, e.Doc, dep)
			b.WriteString("export interface " + n + "Context {\n  schemaVersion: number;\n  type: " + str(e.Type) + ";\n  details: " + detailsType + ";\n  userMessage?: string;\n  suggestions?: string[];\n  retryable: boolean;\n  debugInfo?: DebugInfo;\n}\n\n")
			jsdoc(&b, "", "The JSON-RPC error object of "+doc, dep)
			data := "data"
			if protocol[e] {
				data = "data?" // a protocol error, named by its code, may come without data
			}
			b.WriteString("export interface " + n + "RpcError {\n  code: " + strconv.FormatInt(e.WireCode, 10) + ";\n  message: string;\n  " + data + ": {\n    domain?: " + str(e.Domain.Name) + ";\n    symbol?: " + syms + ";\n    retryable?: boolean;\n    context?: " + n + "Context;\n  };\n}\n\n")
		}
		if m.Uses(model.FormatProblem) {
			jsdoc(&b, "", "The RFC 9457 problem document of "+doc, dep)
			b.WriteString("export interface " + n + "Problem {\n  type: " + str(e.ProblemType) + ";\n  title: string;\n  status: " + literalStatuses(e.Statuses) + ";\n  detail?: string;\n  instance?: string;\n  timestamp?: string;\n  symbol?: " + syms + ";\n  retryable?: boolean;\n  userMessage?: string;\n  suggestions?: string[];\n  debugInfo?: DebugInfo;\n")
			if k := g.facts.Details(e); k != nil {
				g.writeProps(&b, k.Schema, "  ")
			}
			b.WriteString("}\n\n")
		}
		if m.Uses(model.FormatResponse) {
			jsdoc(&b, "", "The plain error response of "+doc, dep)
			b.WriteString("export interface " + n + "Response {\n  error: true;\n  code: " + syms + ";\n  message: string;\n")
			if details != "" {
				b.WriteString("  details: " + details + ";\n")
			} else {
				b.WriteString("  details?: never;\n")
			}
			b.WriteString("}\n\n")
		}
	}

	bySymbol := func(name, suffix, doc string) {
		jsdoc(&b, "", doc)
		b.WriteString("export interface " + name + " {\n")
		for _, e := range m.Errors {
			for _, sym := range e.Symbols() {
				b.WriteString("  " + sym + ": " + e.TSName + suffix + ";\n")
			}
		}
		b.WriteString("}\n\n")
	}
	if m.Uses(model.FormatJSONRPC) {
		bySymbol("ContextBySymbol", "Context", "The context type of each symbol.")
		bySymbol("RpcErrorBySymbol", "RpcError", "The JSON-RPC error type of each symbol.")
	}
	if m.Uses(model.FormatProblem) {
		bySymbol("ProblemBySymbol", "Problem", "The problem document type of each symbol.")
	}
	if m.Uses(model.FormatResponse) {
		bySymbol("ResponseBySymbol", "Response", "The plain response type of each symbol.")
	}
	jsdoc(&b, "", "The details type of each symbol (undefined for errors without details).")
	b.WriteString("export interface DetailsBySymbol {\n")
	for _, e := range m.Errors {
		d := g.detailsTS(e)
		if d == "" {
			d = "undefined"
		}
		for _, sym := range e.Symbols() {
			b.WriteString("  " + sym + ": " + d + ";\n")
		}
	}
	b.WriteString("}\n\n")

	// metadata
	jsdoc(&b, "", "Static metadata of one catalog error.")
	b.WriteString("export interface ErrorMeta {\n  readonly code: number;\n  readonly wireCode: number;\n  readonly symbol: ErrorSymbol;\n  readonly type: ErrorType;\n  readonly domain: ErrorDomain;\n  readonly title: string;\n  readonly status: number;\n  readonly statuses: readonly number[];\n  readonly problemType: string;\n  readonly retryable: boolean;\n  readonly deprecated: boolean;\n  readonly replacedBy?: ErrorSymbol;\n  /** More symbols of the error, which lookups and guards accept; the wire carries symbol. */\n  readonly aliases?: readonly ErrorSymbol[];\n}\n\n")
	jsdoc(&b, "", "The catalog metadata, by symbol.")
	b.WriteString("export declare const CATALOG: {\n  readonly name: " + str(m.Name) + ";\n  readonly version: " + str(m.Version) + ";\n  readonly schemaVersion: " + strconv.Itoa(m.SchemaVersion) + ";\n  readonly errors: {\n")
	for _, e := range m.Errors {
		jsdoc(&b, "    ", e.Title, deprecatedTag(e))
		b.WriteString("    readonly " + e.Symbol + ": {\n")
		b.WriteString("      readonly code: " + strconv.FormatInt(e.Code, 10) + ";\n")
		b.WriteString("      readonly wireCode: " + strconv.FormatInt(e.WireCode, 10) + ";\n")
		b.WriteString("      readonly symbol: " + str(e.Symbol) + ";\n")
		b.WriteString("      readonly type: " + str(e.Type) + ";\n")
		b.WriteString("      readonly domain: " + str(e.Domain.Name) + ";\n")
		b.WriteString("      readonly title: " + str(e.Title) + ";\n")
		b.WriteString("      readonly status: " + strconv.Itoa(e.Status()) + ";\n")
		b.WriteString("      readonly statuses: readonly [" + strings.ReplaceAll(literalStatuses(e.Statuses), " | ", ", ") + "];\n")
		b.WriteString("      readonly problemType: " + str(e.ProblemType) + ";\n")
		b.WriteString("      readonly retryable: " + strconv.FormatBool(e.Retryable) + ";\n")
		b.WriteString("      readonly deprecated: " + strconv.FormatBool(e.Deprecated != nil) + ";\n")
		if e.Deprecated != nil && e.Deprecated.ReplacedBy != nil {
			b.WriteString("      readonly replacedBy: " + str(e.Deprecated.ReplacedBy.Symbol) + ";\n")
		}
		if len(e.Aliases) > 0 {
			b.WriteString("      readonly aliases: readonly [" + strings.Join(quoted(e.AliasSymbols()), ", ") + "];\n")
		}
		b.WriteString("    };\n")
	}
	b.WriteString("  };\n};\n\n")

	tail := g.sections(ts.Source(ts.Tail))
	if !m.Uses(model.FormatJSONRPC) {
		// the symbols that name S, from a type of a format the catalog uses
		of := `ResponseBySymbol[S]["code"]`
		if !m.Uses(model.FormatResponse) {
			of = `NonNullable<ProblemBySymbol[S]["symbol"]>`
		}
		tail = strings.Replace(tail, symbolsOfS, of, 1)
	}
	b.WriteString(tail)
	return b.Bytes()
}

// symbolsOfS is the type of the symbols that name the error S (its symbol
// and aliases) in the declarations' tail, which a catalog without JSON-RPC
// errors reads from another format's type.
const symbolsOfS = `NonNullable<NonNullable<RpcErrorBySymbol[S]["data"]>["symbol"]>`

// sections returns text without the parts that belong to wire formats the
// catalog does not use. A line "//@ FORMAT…" starts a part kept when the
// catalog uses one of the formats it names, a line "//@" a part always
// kept; the marker lines themselves are dropped.
func (g *generator) sections(text string) string {
	var b strings.Builder
	b.Grow(len(text))
	kept := true
	for text != "" {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		if f, ok := strings.CutPrefix(line, "//@"); ok {
			kept = f == ""
			for _, name := range strings.Fields(f) {
				kept = kept || g.m.Uses(name)
			}
			continue
		}
		if kept {
			b.WriteString(line)
			b.WriteByte('\n')
		}
	}
	return b.String()
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
	var b bytes.Buffer
	b.Grow(4096 + 600*len(m.Errors))
	g.header(&b)
	b.WriteString("\n// The facts of the " + jsLine(m.Name) + " catalog that index.js and server.js read.\n\n")
	b.WriteString("export const CATALOG_NAME = " + str(m.Name) + ";\n\n")
	b.WriteString("export const CATALOG = {\n  name: " + str(m.Name) + ",\n  version: " + str(m.Version) + ",\n  schemaVersion: " + strconv.Itoa(m.SchemaVersion) + ",\n  errors: {\n")
	for _, e := range m.Errors {
		statuses := make([]string, len(e.Statuses))
		for i, s := range e.Statuses {
			statuses[i] = strconv.Itoa(s)
		}
		b.WriteString("    " + e.Symbol + ": {code: " + strconv.FormatInt(e.Code, 10) + ", wireCode: " + strconv.FormatInt(e.WireCode, 10) +
			", symbol: " + str(e.Symbol) + ", type: " + str(e.Type) + ", domain: " + str(e.Domain.Name) + ", title: " + str(e.Title) +
			", status: " + strconv.Itoa(e.Status()) + ", statuses: [" + strings.Join(statuses, ", ") + "], problemType: " + str(e.ProblemType) +
			", retryable: " + strconv.FormatBool(e.Retryable) + ", deprecated: " + strconv.FormatBool(e.Deprecated != nil))
		if e.Deprecated != nil && e.Deprecated.ReplacedBy != nil {
			b.WriteString(", replacedBy: " + str(e.Deprecated.ReplacedBy.Symbol))
		}
		if len(e.Aliases) > 0 {
			b.WriteString(", aliases: [" + strings.Join(quoted(e.AliasSymbols()), ", ") + "]")
		}
		b.WriteString("},\n")
	}
	b.WriteString("  },\n};\n\n")
	b.WriteString("// The most suggestions a payload carries.\n")
	b.WriteString("export const MAX_SUGGESTIONS = " + strconv.Itoa(m.Limits.MaxSuggestions) + ";\n\n")

	// detail field checks: symbol -> [[name, kind, required], ...]; null for no details
	b.WriteString("// Each error's top-level detail fields: [name, JSON type, required]; null for an error without details.\n")
	b.WriteString("export const FIELDS = {\n")
	for _, e := range g.facts.Errors {
		if e.Details == nil {
			b.WriteString("  " + e.Symbol + ": null,\n")
			continue
		}
		var parts []string
		for _, p := range g.properties(e.Details) {
			parts = append(parts, "["+str(p.Name)+", "+str(fieldKind(p.Node))+", "+strconv.FormatBool(p.Required)+"]")
		}
		b.WriteString("  " + e.Symbol + ": [" + strings.Join(parts, ", ") + "],\n")
	}
	b.WriteString("};\n\n")
	var reserved []string
	for _, d := range m.Domains {
		if d.Reserved {
			reserved = append(reserved, str(d.Name))
		}
	}
	b.WriteString("// The domains of the JSON-RPC protocol's own errors: a code alone names one of their errors that no other error shares it with.\n")
	b.WriteString("export const RESERVED_DOMAINS = [" + strings.Join(reserved, ", ") + "];\n\n")
	g.rules(&b)
	return b.Bytes()
}

// rules writes the rules index.js checks payloads against: the catalog's
// naming patterns, and the members each format has of its own (the facts'
// rules, which the server runtime reads from facts.js; the client keeps
// its copy so that it bundles without the facts).
func (g *generator) rules(b *bytes.Buffer) {
	b.WriteString("// The naming rules of errgen catalogs, which any well-formed payload follows.\n")
	b.WriteString("export const SYMBOL_RE = /" + model.SymbolRE.String() + "/;\n")
	b.WriteString("export const TYPE_RE = /" + model.TypeRE.String() + "/;\n")
	b.WriteString("\n// The members each format has of its own.\n")
	b.WriteString("export const RPC_DATA_MEMBERS = [" + strings.Join(quoted(g.facts.Rules.JSONRPCDataMembers), ", ") + "];\n")
	b.WriteString("export const PROBLEM_MEMBERS = [" + strings.Join(quoted(g.facts.Rules.ProblemMembers), ", ") + "];\n")
	b.WriteString("\n// The most entries of debugInfo.errorChain.\n")
	b.WriteString("export const ERROR_CHAIN_ENTRIES = " + strconv.Itoa(g.facts.Rules.ErrorChainEntries) + ";\n")
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
	var b bytes.Buffer
	b.WriteString("<!-- " + gen.Header + " -->\n\n")
	b.WriteString("# " + mdText(g.pkg) + "\n\n")
	b.WriteString("Types, guards and metadata of the " + mdText(m.Name) + " error catalog, version " + mdText(m.Version) + ", and the server runtime that sends its errors. ")
	b.WriteString("ESM JavaScript with TypeScript declarations; no dependencies, no build step.\n\n")
	b.WriteString("## Clients\n\n")
	sym := str(g.exampleSymbol())
	switch {
	case g.m.Uses(model.FormatJSONRPC):
		b.WriteString("```ts\nimport { parseJsonRpcError, isSymbol, isRetryable, CATALOG } from " + str(g.pkg) + ";\n\n")
		b.WriteString("const err = parseJsonRpcError(response.error);\nif (err && isSymbol(err, " + sym + ")) {\n  console.log(err.data?.context?.details);\n}\n```\n\n")
	case g.m.Uses(model.FormatProblem):
		b.WriteString("```ts\nimport { parseProblemDetails, isSymbol, isRetryable, CATALOG } from " + str(g.pkg) + ";\n\n")
		b.WriteString("const problem = parseProblemDetails(await response.json());\nif (problem && isSymbol(problem, " + sym + ")) {\n  console.log(problem.status, problem.detail);\n}\n```\n\n")
	default:
		b.WriteString("```ts\nimport { parseErrorResponse, isSymbol, isRetryable, CATALOG } from " + str(g.pkg) + ";\n\n")
		b.WriteString("const body = parseErrorResponse(await response.json());\nif (body && isSymbol(body, " + sym + ")) {\n  console.log(body.message);\n}\n```\n\n")
	}
	b.WriteString(g.sections(readmeExports))
	b.WriteString("| `isRetryable`, `symbolOf`, `byCode`, `bySymbol`, `byType`, `CATALOG` | metadata |\n\n")
	g.readmeServer(&b)
	return b.Bytes()
}

// readmeServer writes the README's part on the server runtime: a raise and
// a render of the fallback's error, and the entry points.
func (g *generator) readmeServer(b *bytes.Buffer) {
	b.WriteString("## Servers\n\n")
	// an npm package name holds no backtick: it stands in a code span as it is
	b.WriteString("`" + g.pkg + "/server` raises the catalog's errors and renders them byte for byte as errgen's Go runtime does; ")
	b.WriteString("`/mcp` connects it to the MCP TypeScript SDK and `/http` writes problem documents to HTTP responses. ")
	b.WriteString("A client that imports the package's root bundles none of it.\n\n")
	fb := g.m.Fallback
	args := str(fb.Symbol) + ", undefined" // an error without details takes none
	if fb.Details != nil {
		args = str(fb.Symbol) + ", details"
	}
	b.WriteString("```ts\nimport { newError, fromError, renderJsonRpcError } from " + str(g.pkg+"/server") + ";\n")
	b.WriteString("import { withToolErrors, handleErrors } from " + str(g.pkg+"/mcp") + ";\n")
	b.WriteString("import { writeProblem, problemResponse, sendProblem } from " + str(g.pkg+"/http") + ";\n\n")
	b.WriteString("throw newError(" + args + ", { cause: err }); // details typed by the catalog\n")
	b.WriteString("writeProblem(res, fromError(thrown));      // application/problem+json, the error's status\n```\n\n")
	b.WriteString("| export | what |\n|---|---|\n")
	b.WriteString("| `./server`: `newError`, `errorOf`, `fromError`, `isCatalogError`, `CatalogError` | raise an error with typed details; turn anything thrown into the catalog's (its fallback, the text only a cause); log it without its secrets (`verboseError`, `logValue`, `util.inspect`) |\n")
	b.WriteString("| `./server`: `renderJsonRpcError`, `renderProblem`, `problemOf`, `renderResponse`, `renderToolResult`, `jsonRpcParts`, `optionsFromEnv`, `onViolation` | the wire formats, redacted, scrubbed, checked against the detail schema and bounded as the catalog says; a hook that learns of values that break it |\n")
	b.WriteString("| `./mcp`: `withToolErrors`, `handleErrors`, `toolResult`, `toMcpError` | failing MCP tools as isError results with the problem document; JSON-RPC errors from every other handler |\n")
	b.WriteString("| `./http`: `writeProblem`, `problemResponse`, `sendProblem` | a problem document on a node:http (Express) response, as a Fetch API Response, on a Fastify reply |\n")
	b.WriteString("| `conformance.mjs` | the conformance runner: `errgen conformance -vectors vectors.json -- node conformance.mjs` |\n")
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
