// Package typescript emits the npm package of a catalog: ESM JavaScript
// with runtime guards and parsers, .d.ts declarations that model every wire
// format as discriminated unions, a package.json and a README. The
// declarations need no build step in the consumer.
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
	"strconv"
	"strings"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/model"
)

// Options configure the TypeScript emitter.
type Options struct {
	Package string // npm package name; empty: outputs.ts.package, else derived from the catalog name
	Source  string // catalog path relative to the output directory, for the header
}

// PackageName derives an npm package name from a catalog name.
func PackageName(catalogName string) string { return catalogName + "-errors" }

// Generate returns package.json, index.js, index.d.ts and README.md.
func Generate(m *model.Catalog, opts Options) ([]gen.File, error) {
	pkg := opts.Package
	if pkg == "" {
		pkg = m.Outputs.TSPackage
	}
	if pkg == "" {
		pkg = PackageName(m.Name)
	}
	g := &generator{m: m, pkg: pkg, opts: opts}
	pj, err := g.packageJSON()
	if err != nil {
		return nil, err
	}
	return []gen.File{
		{Path: "README.md", Data: g.readme()},
		{Path: "index.d.ts", Data: g.declarations()},
		{Path: "index.js", Data: g.javascript()},
		{Path: "package.json", Data: pj},
	}, nil
}

type generator struct {
	m    *model.Catalog
	pkg  string
	opts Options
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

// shapeName returns the TypeScript name of the shape a $ref leads to.
func target(s *model.Shape) *model.Shape {
	for s.Schema.Ref != nil {
		s = s.Schema.Ref
	}
	return s
}

// tsType writes the type expression of a schema node.
func tsType(s *model.Schema, indent string) string {
	if s == nil {
		return "unknown"
	}
	if s.Ref != nil {
		return target(s.Ref).TSName
	}
	switch s.Type {
	case "string":
		if len(s.Enum) > 0 {
			seen := map[string]bool{}
			var alts []string
			for _, v := range s.Enum {
				if !seen[v] {
					seen[v] = true
					alts = append(alts, str(v))
				}
			}
			return strings.Join(alts, " | ")
		}
		return "string"
	case "integer", "number":
		return "number"
	case "boolean":
		return "boolean"
	case "array":
		return "Array<" + tsType(s.Items, indent) + ">"
	case "object":
		extra := "unknown" // what other members may hold
		if s.Additional != nil && len(s.Properties) == 0 {
			extra = tsType(s.Additional, indent)
		}
		if len(s.Properties) == 0 {
			return "{ [key: string]: " + extra + " }"
		}
		var b bytes.Buffer
		b.WriteString("{\n")
		writeProps(&b, s, indent+"  ")
		writeIndex(&b, s, indent+"  ")
		b.WriteString(indent + "}")
		return b.String()
	}
	return "unknown"
}

// writeIndex writes the index signature of an open object (properties
// beside additionalProperties): the type of its other members, which the
// declared properties' types must fit too.
func writeIndex(b *bytes.Buffer, s *model.Schema, indent string) {
	if s.Additional == nil {
		return
	}
	types := []string{tsType(s.Additional, indent)}
	optional := false
	for _, p := range s.Properties {
		types = append(types, tsType(p.Schema, indent))
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

func writeProps(b *bytes.Buffer, s *model.Schema, indent string) {
	for _, p := range s.Properties {
		jsdoc(b, indent, p.Schema.Description)
		opt := "?"
		if p.Required {
			opt = ""
		}
		b.WriteString(indent + key(p.Name) + opt + ": " + tsType(p.Schema, indent) + ";\n")
	}
}

// detailsTS returns the TypeScript type of e's details.
func detailsTS(e *model.Error) string {
	if e.Details == nil {
		return ""
	}
	return target(e.Details).TSName
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
		b.WriteString("// source: " + strings.Map(func(r rune) rune {
			if r < 0x20 || r == 0x2028 || r == 0x2029 {
				return ' '
			}
			return r
		}, g.opts.Source) + "\n")
	}
}

func (g *generator) packageJSON() ([]byte, error) {
	type exportEntry struct {
		Types   string `json:"types"`
		Default string `json:"default"`
	}
	pj := struct {
		Comment     string                 `json:"//"`
		Name        string                 `json:"name"`
		Version     string                 `json:"version"`
		Description string                 `json:"description"`
		Type        string                 `json:"type"`
		Main        string                 `json:"main"`
		Types       string                 `json:"types"`
		Exports     map[string]exportEntry `json:"exports"`
		Files       []string               `json:"files"`
		SideEffects bool                   `json:"sideEffects"`
	}{
		Comment:     gen.Header,
		Name:        g.pkg,
		Version:     g.m.Version,
		Description: "Error types, guards and metadata of the " + g.m.Name + " error catalog.",
		Type:        "module",
		Main:        "./index.js",
		Types:       "./index.d.ts",
		Exports:     map[string]exportEntry{".": {Types: "./index.d.ts", Default: "./index.js"}},
		Files:       []string{"index.js", "index.d.ts", "README.md"},
	}
	b, err := json.MarshalIndent(pj, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("package.json: %w", err)
	}
	return append(b, '\n'), nil
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
			writeProps(&b, s.Schema, "  ")
			writeIndex(&b, s.Schema, "  ")
			b.WriteString("}\n\n")
		} else {
			b.WriteString("export type " + s.TSName + " = " + tsType(s.Schema, "") + ";\n\n")
		}
	}

	// per error
	for _, e := range m.Errors {
		n := e.TSName
		doc := fmt.Sprintf("%s (%d): %s", e.Symbol, e.Code, e.Title)
		dep := deprecatedTag(e)
		details := detailsTS(e)
		detailsType := details
		if detailsType == "" {
			detailsType = "{ [key: string]: never }"
		}
		syms := symbolUnion(e)
		if m.Uses(model.FormatJSONRPC) {
			jsdoc(&b, "", "The data.context of "+doc, e.Doc, dep)
			b.WriteString("export interface " + n + "Context {\n  schemaVersion: number;\n  type: " + str(e.Type) + ";\n  details: " + detailsType + ";\n  userMessage?: string;\n  suggestions?: string[];\n  retryable: boolean;\n  debugInfo?: DebugInfo;\n}\n\n")
			jsdoc(&b, "", "The JSON-RPC error object of "+doc, dep)
			b.WriteString("export interface " + n + "RpcError {\n  code: " + strconv.FormatInt(e.WireCode, 10) + ";\n  message: string;\n  data: {\n    domain?: " + str(e.Domain.Name) + ";\n    symbol: " + syms + ";\n    retryable?: boolean;\n    context?: " + n + "Context;\n  };\n}\n\n")
		}
		if m.Uses(model.FormatProblem) {
			jsdoc(&b, "", "The RFC 9457 problem document of "+doc, dep)
			b.WriteString("export interface " + n + "Problem {\n  type: " + str(e.ProblemType) + ";\n  title: string;\n  status: " + literalStatuses(e.Statuses) + ";\n  detail?: string;\n  instance?: string;\n  timestamp?: string;\n  symbol?: " + syms + ";\n  retryable?: boolean;\n  userMessage?: string;\n  suggestions?: string[];\n  debugInfo?: DebugInfo;\n")
			if root := rootSchema(e); root != nil {
				writeProps(&b, root, "  ")
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
		d := detailsTS(e)
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

	tail := g.sections(declarationsTail)
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
// and aliases) in declarationsTail, which a catalog without JSON-RPC errors
// reads from another format's type.
const symbolsOfS = `RpcErrorBySymbol[S]["data"]["symbol"]`

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

// declarationsTail declares the catalog-independent part of index.d.ts:
// the envelopes the guards and parsers return, and the functions. Its
// "//@" lines mark what belongs to one wire format (see sections), as do
// those of runtimeJS.
const declarationsTail = `/** The type of one error's data.context, JSON-RPC error, problem document or plain response, by symbol; the union of all when S is left out. */
//@ jsonrpc
export type ContextOf<S extends ErrorSymbol = ErrorSymbol> = ContextBySymbol[S];
export type JsonRpcErrorOf<S extends ErrorSymbol = ErrorSymbol> = RpcErrorBySymbol[S];
//@ problem
export type ProblemOf<S extends ErrorSymbol = ErrorSymbol> = ProblemBySymbol[S];
//@ response
export type ResponseOf<S extends ErrorSymbol = ErrorSymbol> = ResponseBySymbol[S];
//@

//@ jsonrpc
/**
 * The data.context of an error of this catalog. isSymbol narrows it to one
 * error's type, with typed details.
 */
export interface ErrorContext {
  schemaVersion: number;
  type: ErrorType;
  details: unknown;
  userMessage?: string;
  suggestions?: string[];
  retryable: boolean;
  debugInfo?: DebugInfo;
}

/**
 * The error member of a JSON-RPC response carrying an error of this catalog,
 * named by data.symbol. isSymbol narrows it to one error's type. The caller's
 * legacy data keys are read with extensionsOf.
 */
export interface JsonRpcError {
  code: number;
  message: string;
  data: {
    domain?: ErrorDomain;
    symbol: ErrorSymbol;
    retryable?: boolean;
    context?: ErrorContext;
  };
}
//@

//@ problem
/**
 * An RFC 9457 problem document of an error of this catalog. isSymbol narrows
 * it to one error's type, whose detail fields are members of the document;
 * other extension members are read with extensionsOf.
 */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  timestamp?: string;
  symbol?: ErrorSymbol;
  retryable?: boolean;
  userMessage?: string;
  suggestions?: string[];
  debugInfo?: DebugInfo;
}
//@

//@ response
/** A plain error response of an error of this catalog. isSymbol narrows it to one error's type. */
export interface ErrorResponse {
  error: true;
  code: ErrorSymbol;
  message: string;
  details?: unknown;
}
//@

/** Any payload of this catalog's wire formats: a JSON-RPC error or its context, a problem document, a plain response. */
export type AnyError =
//@ jsonrpc
  | JsonRpcError
//@ problem
  | ProblemDetails
//@ response
  | ErrorResponse
//@ jsonrpc
  | ErrorContext
//@
  ;

/**
 * A well-formed errgen payload of an error this catalog does not know (from
 * a newer catalog, most often): what every format tells of any error.
 * raw is the payload itself.
 */
export interface UnknownError {
  readonly unknown: true;
  readonly format:
//@ jsonrpc
    | "jsonrpc"
//@ problem
    | "problem"
//@ response
    | "response"
//@ jsonrpc
    | "context"
//@
    ;
  /** The JSON-RPC error code. */
  readonly code?: number;
  readonly symbol?: string;
  /** The problem type URI, or the context type. */
  readonly type?: string;
  /** The message, or the problem detail. */
  readonly message?: string;
  readonly status?: number;
  /** The payload's own retryable flag; false when it has none. */
  readonly retryable: boolean;
  readonly raw: unknown;
}

//@ jsonrpc
/**
 * What the MCP TypeScript SDK's McpError holds (or any JSON-RPC error
 * object): fromMcpError, symbolOf, isSymbol and isRetryable take it.
 */
export interface McpErrorLike {
  code: number;
  message: string;
  data?: unknown;
}

/** Reports whether value is a data.context of this catalog, with its details' required fields present and typed. */
export declare function isErrorContext(value: unknown): value is ErrorContext;
/** Reports whether value is a JSON-RPC error object of this catalog: a known data.symbol, its wire code and domain, a valid context. */
export declare function isJsonRpcError(value: unknown): value is JsonRpcError;
//@ problem
/** Reports whether value is a problem document of this catalog: known type URI (and symbol), an allowed status, valid detail members. */
export declare function isProblemDetails(value: unknown): value is ProblemDetails;
//@ response
/** Reports whether value is a plain error response of this catalog. */
export declare function isErrorResponse(value: unknown): value is ErrorResponse;
//@
/** Reports whether value is what a parser returns for a well-formed payload of an error this catalog does not know. */
export declare function isUnknownError(value: unknown): value is UnknownError;

//@ jsonrpc
/**
 * Returns value (or the JSON it holds, when a string) as a context of this
 * catalog; an UnknownError for a well-formed context of another error;
 * undefined for anything else.
 */
export declare function parseErrorContext(value: unknown): ErrorContext | UnknownError | undefined;
/** The same for a JSON-RPC error object. */
export declare function parseJsonRpcError(value: unknown): JsonRpcError | UnknownError | undefined;
//@ problem
/**
 * Returns value (or the JSON it holds, when a string) as a problem document
 * of this catalog; an UnknownError for a well-formed problem document of
 * another error; undefined for anything else.
 */
export declare function parseProblemDetails(value: unknown): ProblemDetails | UnknownError | undefined;
//@ response
/**
 * Returns value (or the JSON it holds, when a string) as a plain error
 * response of this catalog; an UnknownError for a well-formed response of
 * another error; undefined for anything else.
 */
export declare function parseErrorResponse(value: unknown): ErrorResponse | UnknownError | undefined;
//@

//@ jsonrpc
/**
 * Returns the JSON-RPC error an MCP SDK error (an McpError, or its plain
 * shape) carries, its message without the SDK's "MCP error CODE: " prefix;
 * an UnknownError for an error of a newer catalog; undefined for anything
 * else, such as the SDK's own errors (unknown tool, resource not found),
 * which carry no data.symbol.
 */
export declare function fromMcpError(error: unknown): JsonRpcError | UnknownError | undefined;
//@ problem
/**
 * Returns the problem document an isError MCP tool result carries (in
 * structuredContent or as text content); an UnknownError for one of a newer
 * catalog; undefined for a successful result or the SDK's own error text
 * (such as invalid arguments).
 */
export declare function fromToolResult(result: unknown): ProblemDetails | UnknownError | undefined;
//@

/** Every input symbolOf, isSymbol and isRetryable take. */
export type ErrorInput =
  | AnyError
  | UnknownError
//@ jsonrpc
  | McpErrorLike
//@
  | ErrorSymbol;

/**
 * Returns the symbol of a payload: data.symbol of a JSON-RPC error (a wire
 * code alone never tells); the code of a plain response; for a problem
 * document its type URI, then its symbol member, then its status where one
 * error of that type allows it; the type of a context. An alias gives its
 * error's own symbol. undefined when the payload names no error of this
 * catalog.
 */
export declare function symbolOf(value: ErrorInput): ErrorSymbol | undefined;

/**
 * Narrows a payload to the error with the given symbol or alias. (The parameters are
 * the envelope types, not unions of every error, so that narrowing stays
 * cheap for the compiler however many errors the catalog holds.)
 */
//@ jsonrpc
export declare function isSymbol<S extends ErrorSymbol>(value: JsonRpcError | UnknownError | McpErrorLike, symbol: S): value is RpcErrorBySymbol[S];
//@ problem
export declare function isSymbol<S extends ErrorSymbol>(value: ProblemDetails | UnknownError, symbol: S): value is ProblemBySymbol[S];
//@ response
export declare function isSymbol<S extends ErrorSymbol>(value: ErrorResponse | UnknownError, symbol: S): value is ResponseBySymbol[S];
//@ jsonrpc
export declare function isSymbol<S extends ErrorSymbol>(value: ErrorContext | UnknownError, symbol: S): value is ContextBySymbol[S];
//@
export declare function isSymbol<S extends ErrorSymbol>(value: ErrorSymbol, symbol: S): value is RpcErrorBySymbol[S]["data"]["symbol"];
export declare function isSymbol<S extends ErrorSymbol>(value: unknown, symbol: S): boolean;

/**
 * Reports whether the error may be retried: the occurrence's own flag when it
 * carries one, else the catalog's; an UnknownError's own flag; false for a
 * payload of no catalog error.
 */
export declare function isRetryable(value: ErrorInput): boolean;

//@ jsonrpc problem
/**
 * Returns the members of a payload that are neither its format's own nor its
 * error's detail fields: a problem document's extension members (such as
 * tool), a JSON-RPC error's legacy data keys (method, requestId, …).
 */
export declare function extensionsOf(
  value:
//@ jsonrpc
    | JsonRpcError
//@ problem
    | ProblemDetails
//@ jsonrpc problem
): { readonly [member: string]: unknown };
//@

/** Looks up an error by its catalog code. */
export declare function byCode(code: number): ErrorMeta | undefined;
/** Looks up an error by symbol or alias. */
export declare function bySymbol(symbol: string): ErrorMeta | undefined;
/** Looks up an error by type. */
export declare function byType(type: string): ErrorMeta | undefined;
`

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

func rootSchema(e *model.Error) *model.Schema {
	if e.Details == nil {
		return nil
	}
	return e.Details.Schema.Resolved()
}

// fieldKind is the primitive check of one detail field in the JS guards.
func fieldKind(s *model.Schema) string {
	r := s.Resolved()
	if r == nil {
		return "unknown"
	}
	switch r.Type {
	case "string", "number", "integer", "boolean", "array", "object":
		return r.Type
	}
	return "unknown"
}

func (g *generator) javascript() []byte {
	m := g.m
	var b bytes.Buffer
	b.Grow(4096 + 600*len(m.Errors))
	g.header(&b)
	b.WriteString("\nexport const CATALOG_NAME = " + str(m.Name) + ";\n\n")
	b.WriteString("export const CATALOG = deepFreeze({\n  name: " + str(m.Name) + ",\n  version: " + str(m.Version) + ",\n  schemaVersion: " + strconv.Itoa(m.SchemaVersion) + ",\n  errors: {\n")
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
	b.WriteString("  },\n});\n\n")
	b.WriteString("const MAX_SUGGESTIONS = " + strconv.Itoa(m.Limits.MaxSuggestions) + ";\n\n")

	// detail field checks: symbol -> [[name, kind, required], ...]; null for no details
	b.WriteString("const FIELDS = {\n")
	for _, e := range m.Errors {
		root := rootSchema(e)
		if root == nil {
			b.WriteString("  " + e.Symbol + ": null,\n")
			continue
		}
		var parts []string
		for _, p := range root.Properties {
			parts = append(parts, "["+str(p.Name)+", "+str(fieldKind(p.Schema))+", "+strconv.FormatBool(p.Required)+"]")
		}
		b.WriteString("  " + e.Symbol + ": [" + strings.Join(parts, ", ") + "],\n")
	}
	b.WriteString("};\n\n")
	g.rules(&b)
	b.WriteString(g.sections(runtimeJS))
	return b.Bytes()
}

// rules writes the rules that runtimeJS checks payloads against, taken from
// the Go that enforces them: the catalog's naming patterns and the members
// each format has of its own, which errgenrt writes.
func (g *generator) rules(b *bytes.Buffer) {
	jsonrpc, problem := g.m.Uses(model.FormatJSONRPC), g.m.Uses(model.FormatProblem)
	b.WriteString("// The naming rules of errgen catalogs, which any well-formed payload follows.\n")
	b.WriteString("const SYMBOL_RE = /" + model.SymbolRE.String() + "/;\n")
	if jsonrpc {
		b.WriteString("const TYPE_RE = /" + model.TypeRE.String() + "/;\n")
	}
	if jsonrpc || problem {
		b.WriteString("\n// The members each format has of its own.\n")
	}
	if jsonrpc {
		b.WriteString("const RPC_DATA_MEMBERS = [" + strings.Join(quoted(errgenrt.JSONRPCDataMembers()), ", ") + "];\n")
	}
	if problem {
		b.WriteString("const PROBLEM_MEMBERS = [" + strings.Join(quoted(errgenrt.ProblemMembers()), ", ") + "];\n")
	}
	b.WriteString("\n")
}

// runtimeJS is the catalog-independent part of index.js.
const runtimeJS = `function deepFreeze(o) {
  for (const v of Object.values(o)) {
    if (typeof v === "object" && v !== null) deepFreeze(v);
  }
  return Object.freeze(o);
}

const ERRORS = CATALOG.errors;
const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
const BY_CODE = new Map();
const BY_TYPE = new Map();
//@ problem
const BY_PROBLEM = new Map();
//@
const BY_SYMBOL = new Map(); // by symbol and by alias
for (const meta of Object.values(ERRORS)) {
  for (const s of [meta.symbol, ...(meta.aliases ?? [])]) BY_SYMBOL.set(s, meta);
  BY_CODE.set(meta.code, meta);
  BY_TYPE.set(meta.type, meta);
//@ problem
  BY_PROBLEM.set(meta.problemType, [...(BY_PROBLEM.get(meta.problemType) ?? []), meta]);
//@
}

function isObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function isStringList(v) {
  return Array.isArray(v) && v.every((s) => typeof s === "string");
}

// optional reports whether o's member name is absent or passes check.
function optional(o, name, check) {
  return !has(o, name) || check(o[name]);
}

const isString = (v) => typeof v === "string";
const isBoolean = (v) => typeof v === "boolean";
//@ jsonrpc problem

// isDateTime reports whether s is an RFC 3339 date-time (JSON Schema's
// format "date-time").
const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|([+-])(\d{2}):(\d{2}))$/;
function isDateTime(s) {
  const m = isString(s) && DATE_TIME_RE.exec(s);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  const days = [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (month < 1 || month > 12 || day < 1 || day > days[month - 1] || hour > 23 || minute > 59 || second > 60) return false;
  return m[9] === undefined || (Number(m[10]) <= 23 && Number(m[11]) <= 59);
}

function debugInfoShape(v) {
  return isObject(v) && isDateTime(v.timestamp) && optional(v, "errorChain", (c) => isStringList(c) && c.length <= 5) &&
    optional(v, "requestId", isString) && optional(v, "serverVersion", isString);
}
//@

function hasKind(v, kind) {
  switch (kind) {
    case "string": return typeof v === "string";
    case "number": return typeof v === "number" && Number.isFinite(v);
    case "integer": return Number.isInteger(v);
    case "boolean": return typeof v === "boolean";
    case "array": return Array.isArray(v);
    case "object": return isObject(v);
    default: return true;
  }
}

// checkFields holds an object's detail fields to the symbol's shape.
function checkFields(obj, symbol) {
  const fields = FIELDS[symbol];
  if (fields === null) return true;
  for (const [name, kind, required] of fields) {
    if (!has(obj, name) || obj[name] === undefined) {
      if (required) return false;
      continue;
    }
    if (!hasKind(obj[name], kind)) return false;
  }
  return true;
}

// The shape of each format's payload, whatever its error.
//@ jsonrpc
function contextShape(v) {
  return isObject(v) && Number.isInteger(v.schemaVersion) && isString(v.type) && isObject(v.details) && isBoolean(v.retryable) &&
    optional(v, "userMessage", isString) && optional(v, "suggestions", isStringList) && optional(v, "debugInfo", debugInfoShape);
}

function rpcShape(v) {
  return isObject(v) && Number.isInteger(v.code) && isString(v.message) && isObject(v.data) && isString(v.data.symbol) &&
    optional(v.data, "domain", isString) && optional(v.data, "retryable", isBoolean) && optional(v.data, "context", contextShape);
}

//@ problem
function problemShape(v) {
  return isObject(v) && isString(v.type) && isString(v.title) && Number.isInteger(v.status) &&
    ["detail", "instance", "symbol", "userMessage"].every((name) => optional(v, name, isString)) && optional(v, "timestamp", isDateTime) &&
    optional(v, "retryable", isBoolean) && optional(v, "suggestions", isStringList) && optional(v, "debugInfo", debugInfoShape);
}

//@ response
function responseShape(v) {
  return isObject(v) && v.error === true && isString(v.code) && isString(v.message) && optional(v, "details", isObject);
}

//@ jsonrpc problem
// fewSuggestions reports whether an object's suggestions, if any, are
// within the catalog's limit.
function fewSuggestions(v) {
  return !has(v, "suggestions") || v.suggestions.length <= MAX_SUGGESTIONS;
}

//@ jsonrpc
function checkContext(v, meta) {
  if (!contextShape(v) || v.type !== meta.type || v.schemaVersion !== CATALOG.schemaVersion || !fewSuggestions(v)) return false;
  return FIELDS[meta.symbol] === null ? Object.keys(v.details).length === 0 : checkFields(v.details, meta.symbol);
}

export function isErrorContext(value) {
  if (!contextShape(value)) return false;
  const meta = BY_TYPE.get(value.type);
  return meta !== undefined && checkContext(value, meta);
}

export function isJsonRpcError(value) {
  if (!rpcShape(value) || !BY_SYMBOL.has(value.data.symbol)) return false;
  const data = value.data;
  const meta = BY_SYMBOL.get(data.symbol);
  if (value.code !== meta.wireCode) return false;
  if (has(data, "domain") && data.domain !== meta.domain) return false;
  return !has(data, "context") || checkContext(data.context, meta);
}

//@ problem
// problemMatches returns the errors a problem document may be: those of its
// type URI, then of its symbol member, then allowing its status, then whose
// detail fields its members hold.
function problemMatches(value) {
  let metas = BY_PROBLEM.get(value.type) ?? [];
  if (has(value, "symbol")) metas = metas.filter((m) => BY_SYMBOL.get(value.symbol) === m);
  return metas.filter((m) => m.statuses.includes(value.status) && checkFields(value, m.symbol));
}

export function isProblemDetails(value) {
  return problemShape(value) && fewSuggestions(value) && problemMatches(value).length > 0;
}

//@ response
export function isErrorResponse(value) {
  if (!responseShape(value) || !BY_SYMBOL.has(value.code)) return false;
  const symbol = BY_SYMBOL.get(value.code).symbol;
  if (FIELDS[symbol] === null) return !has(value, "details") || Object.keys(value.details).length === 0;
  return isObject(value.details) && checkFields(value.details, symbol);
}
//@

// A well-formed payload that names no error of this catalog is an unknown
// error; one that names an error of this catalog but breaks its rules is
// no payload at all.
function unknownError(format, raw, props) {
  const u = { unknown: true, format };
  for (const [k, v] of Object.entries(props)) {
    if (v !== undefined) u[k] = v;
  }
  u.retryable = typeof props.retryable === "boolean" ? props.retryable : false;
  u.raw = raw;
  return Object.freeze(u);
}

//@ jsonrpc
function unknownContext(v) {
  if (!contextShape(v) || !TYPE_RE.test(v.type) || BY_TYPE.has(v.type)) return undefined;
  return unknownError("context", v, { type: v.type, retryable: v.retryable });
}

function unknownRpc(v) {
  if (!rpcShape(v) || !SYMBOL_RE.test(v.data.symbol) || BY_SYMBOL.has(v.data.symbol)) return undefined;
  const ctx = v.data.context;
  return unknownError("jsonrpc", v, {
    code: v.code, symbol: v.data.symbol, type: ctx?.type, message: v.message, retryable: v.data.retryable ?? ctx?.retryable,
  });
}

//@ problem
function unknownProblem(v) {
  if (!problemShape(v)) return undefined;
  if (has(v, "symbol") ? !SYMBOL_RE.test(v.symbol) || BY_SYMBOL.has(v.symbol) : (BY_PROBLEM.get(v.type) ?? []).some((m) => m.statuses.includes(v.status))) {
    return undefined;
  }
  return unknownError("problem", v, { symbol: v.symbol, type: v.type, message: v.detail, status: v.status, retryable: v.retryable });
}

//@ response
function unknownResponse(v) {
  if (!responseShape(v) || !SYMBOL_RE.test(v.code) || BY_SYMBOL.has(v.code)) return undefined;
  return unknownError("response", v, { symbol: v.code, message: v.message });
}
//@

export function isUnknownError(value) {
  return isObject(value) && value.unknown === true && isString(value.format) && has(value, "raw");
}

function json(value) {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

//@ jsonrpc
export function parseErrorContext(value) {
  const v = json(value);
  return isErrorContext(v) ? v : unknownContext(v);
}

export function parseJsonRpcError(value) {
  const v = json(value);
  return isJsonRpcError(v) ? v : unknownRpc(v);
}

//@ problem
export function parseProblemDetails(value) {
  const v = json(value);
  return isProblemDetails(v) ? v : unknownProblem(v);
}

//@ response
export function parseErrorResponse(value) {
  const v = json(value);
  return isErrorResponse(v) ? v : unknownResponse(v);
}

//@ jsonrpc
// mcpPrefix is what the MCP TypeScript SDK's McpError puts before a
// JSON-RPC error's message.
function mcpPrefix(code) {
  return "MCP error " + code + ": ";
}

export function fromMcpError(error) {
  if (!isObject(error) || !Number.isInteger(error.code) || !isString(error.message)) return undefined;
  const prefix = mcpPrefix(error.code);
  const message = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  const value = { code: error.code, message };
  if (has(error, "data")) value.data = error.data;
  return parseJsonRpcError(value);
}

//@ problem
export function fromToolResult(result) {
  if (!isObject(result) || result.isError !== true) return undefined;
  if (result.structuredContent !== undefined) {
    const structured = parseProblemDetails(result.structuredContent);
    if (structured !== undefined) return structured;
  }
  if (!Array.isArray(result.content)) return undefined;
  for (const item of result.content) {
    if (!isObject(item) || item.type !== "text" || !isString(item.text)) continue;
    const problem = parseProblemDetails(item.text);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
//@

export function symbolOf(value) {
  if (isString(value)) return BY_SYMBOL.get(value)?.symbol;
  if (!isObject(value) || isUnknownError(value)) return undefined;
//@ response
  if (value.error === true) return isErrorResponse(value) ? BY_SYMBOL.get(value.code).symbol : undefined;
//@ jsonrpc
  if (Number.isInteger(value.code) && isString(value.message)) {
    // a JSON-RPC error names its error in data.symbol; a code alone does not
    // tell (catalogs, SDKs and other servers share codes)
    const rpc = { code: value.code, message: value.message, data: value.data };
    return isJsonRpcError(rpc) ? BY_SYMBOL.get(value.data.symbol).symbol : undefined;
  }
//@ problem
  if (problemShape(value)) {
    const metas = problemMatches(value);
    return metas.length === 1 ? metas[0].symbol : undefined;
  }
//@ jsonrpc
  if (isErrorContext(value)) return BY_TYPE.get(value.type).symbol;
//@
  return undefined;
}

export function isSymbol(value, symbol) {
  const canonical = BY_SYMBOL.get(symbol)?.symbol;
  return canonical !== undefined && symbolOf(value) === canonical;
}

export function isRetryable(value) {
  if (isUnknownError(value)) return value.retryable;
  const symbol = symbolOf(value);
  if (symbol === undefined) return false;
  if (isObject(value)) {
    for (const flag of [value.retryable, value.data?.retryable, value.data?.context?.retryable]) {
      if (isBoolean(flag)) return flag;
    }
  }
  return ERRORS[symbol].retryable;
}

//@ jsonrpc problem
export function extensionsOf(value) {
  const out = {};
  if (!isObject(value)) return Object.freeze(out);
//@ jsonrpc
  if (Number.isInteger(value.code) && isObject(value.data)) {
    for (const [k, v] of Object.entries(value.data)) {
      if (!RPC_DATA_MEMBERS.includes(k)) out[k] = v;
    }
    return Object.freeze(out);
  }
//@ problem
  const symbol = symbolOf(value);
  const fields = symbol === undefined ? null : FIELDS[symbol];
  for (const [k, v] of Object.entries(value)) {
    if (!PROBLEM_MEMBERS.includes(k) && !(fields ?? []).some((f) => f[0] === k)) out[k] = v;
  }
//@ jsonrpc problem
  return Object.freeze(out);
}
//@

export function byCode(code) {
  return BY_CODE.get(code);
}

export function bySymbol(symbol) {
  return BY_SYMBOL.get(symbol);
}

export function byType(type) {
  return BY_TYPE.get(type);
}
`

func (g *generator) readme() []byte {
	m := g.m
	var b bytes.Buffer
	b.WriteString("<!-- " + gen.Header + " -->\n\n")
	b.WriteString("# " + mdText(g.pkg) + "\n\n")
	b.WriteString("Types, guards and metadata of the " + mdText(m.Name) + " error catalog, version " + mdText(m.Version) + ". ")
	b.WriteString("ESM JavaScript with TypeScript declarations; no dependencies, no build step.\n\n")
	sym := str(g.exampleSymbol())
	switch {
	case g.m.Uses(model.FormatJSONRPC):
		b.WriteString("```ts\nimport { parseJsonRpcError, isSymbol, isRetryable, CATALOG } from " + str(g.pkg) + ";\n\n")
		b.WriteString("const err = parseJsonRpcError(response.error);\nif (err && isSymbol(err, " + sym + ")) {\n  console.log(err.data.context?.details);\n}\n```\n\n")
	case g.m.Uses(model.FormatProblem):
		b.WriteString("```ts\nimport { parseProblemDetails, isSymbol, isRetryable, CATALOG } from " + str(g.pkg) + ";\n\n")
		b.WriteString("const problem = parseProblemDetails(await response.json());\nif (problem && isSymbol(problem, " + sym + ")) {\n  console.log(problem.status, problem.detail);\n}\n```\n\n")
	default:
		b.WriteString("```ts\nimport { parseErrorResponse, isSymbol, isRetryable, CATALOG } from " + str(g.pkg) + ";\n\n")
		b.WriteString("const body = parseErrorResponse(await response.json());\nif (body && isSymbol(body, " + sym + ")) {\n  console.log(body.message);\n}\n```\n\n")
	}
	b.WriteString(g.sections(readmeExports))
	b.WriteString("| `isRetryable`, `symbolOf`, `byCode`, `bySymbol`, `byType`, `CATALOG` | metadata |\n")
	return b.Bytes()
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
