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
	"sort"
	"strconv"
	"strings"

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
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			b, _ := json.Marshal(s) // escapes, HTML-safe
			return string(b)
		}
	}
	return `"` + s + `"` // nothing json.Marshal would escape
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
		if len(s.Properties) == 0 {
			return "{ [key: string]: unknown }"
		}
		var b bytes.Buffer
		b.WriteString("{\n")
		writeProps(&b, s, indent+"  ")
		b.WriteString(indent + "}")
		return b.String()
	}
	return "unknown"
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
		symbols = append(symbols, str(e.Symbol))
		types = append(types, str(e.Type))
	}
	for _, d := range m.Domains {
		domains = append(domains, str(d.Name))
	}
	union("ErrorCode", "Every catalog error code.", codes)
	union("ErrorSymbol", "Every catalog error symbol.", symbols)
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
			b.WriteString("}\n\n")
		} else {
			b.WriteString("export type " + s.TSName + " = " + tsType(s.Schema, "") + ";\n\n")
		}
	}

	// per error
	var contexts, rpcs, problems, responses []string
	for _, e := range m.Errors {
		n := e.TSName
		doc := fmt.Sprintf("%s (%d): %s", e.Symbol, e.Code, e.Title)
		dep := deprecatedTag(e)
		details := detailsTS(e)
		detailsType := details
		if detailsType == "" {
			detailsType = "{ [key: string]: never }"
		}
		jsdoc(&b, "", "The data.context of "+doc, e.Doc, dep)
		b.WriteString("export interface " + n + "Context {\n  schemaVersion: number;\n  type: " + str(e.Type) + ";\n  details: " + detailsType + ";\n  userMessage?: string;\n  suggestions?: string[];\n  retryable: boolean;\n  debugInfo?: DebugInfo;\n}\n\n")
		jsdoc(&b, "", "The JSON-RPC error object of "+doc, dep)
		b.WriteString("export interface " + n + "RpcError {\n  code: " + strconv.FormatInt(e.WireCode, 10) + ";\n  message: string;\n  data: {\n    domain?: " + str(e.Domain.Name) + ";\n    symbol: " + str(e.Symbol) + ";\n    retryable?: boolean;\n    context?: " + n + "Context;\n    [key: string]: unknown;\n  };\n}\n\n")
		jsdoc(&b, "", "The RFC 9457 problem document of "+doc, dep)
		b.WriteString("export interface " + n + "Problem {\n  type: " + str(e.ProblemType) + ";\n  title: string;\n  status: " + literalStatuses(e.Statuses) + ";\n  detail?: string;\n  instance?: string;\n  timestamp?: string;\n  symbol?: " + str(e.Symbol) + ";\n  retryable?: boolean;\n  debugInfo?: DebugInfo;\n")
		if root := rootSchema(e); root != nil {
			writeProps(&b, root, "  ")
		}
		b.WriteString("  [extension: string]: unknown;\n}\n\n")
		jsdoc(&b, "", "The plain error response of "+doc, dep)
		b.WriteString("export interface " + n + "Response {\n  error: true;\n  code: " + str(e.Symbol) + ";\n  message: string;\n")
		if details != "" {
			b.WriteString("  details: " + details + ";\n")
		} else {
			b.WriteString("  details?: never;\n")
		}
		b.WriteString("}\n\n")
		contexts = append(contexts, n+"Context")
		rpcs = append(rpcs, n+"RpcError")
		problems = append(problems, n+"Problem")
		responses = append(responses, n+"Response")
	}
	union("ErrorContext", "data.context of any catalog error, discriminated by type.", contexts)
	union("JsonRpcError", "The error member of a JSON-RPC response, discriminated by data.symbol (see isSymbol).", rpcs)
	union("ProblemDetails", "An RFC 9457 problem document, discriminated by its type URI.", problems)
	union("ErrorResponse", "A plain error response, discriminated by code.", responses)

	bySymbol := func(name, suffix, doc string) {
		jsdoc(&b, "", doc)
		b.WriteString("export interface " + name + " {\n")
		for _, e := range m.Errors {
			b.WriteString("  " + e.Symbol + ": " + e.TSName + suffix + ";\n")
		}
		b.WriteString("}\n\n")
	}
	bySymbol("ContextBySymbol", "Context", "The context type of each symbol.")
	bySymbol("RpcErrorBySymbol", "RpcError", "The JSON-RPC error type of each symbol.")
	bySymbol("ProblemBySymbol", "Problem", "The problem document type of each symbol.")
	bySymbol("ResponseBySymbol", "Response", "The plain response type of each symbol.")
	jsdoc(&b, "", "The details type of each symbol (undefined for errors without details).")
	b.WriteString("export interface DetailsBySymbol {\n")
	for _, e := range m.Errors {
		d := detailsTS(e)
		if d == "" {
			d = "undefined"
		}
		b.WriteString("  " + e.Symbol + ": " + d + ";\n")
	}
	b.WriteString("}\n\n")

	// metadata
	jsdoc(&b, "", "Static metadata of one catalog error.")
	b.WriteString("export interface ErrorMeta {\n  readonly code: number;\n  readonly wireCode: number;\n  readonly symbol: ErrorSymbol;\n  readonly type: ErrorType;\n  readonly domain: ErrorDomain;\n  readonly title: string;\n  readonly status: number;\n  readonly statuses: readonly number[];\n  readonly problemType: string;\n  readonly retryable: boolean;\n  readonly deprecated: boolean;\n  readonly replacedBy?: ErrorSymbol;\n}\n\n")
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
		b.WriteString("    };\n")
	}
	b.WriteString("  };\n};\n\n")

	b.WriteString(`/** Any payload errgen servers send: a JSON-RPC error, a problem document, a plain response or a context. */
export type AnyError = JsonRpcError | ProblemDetails | ErrorResponse | ErrorContext;

/** Reports whether value is a data.context of this catalog, with its details' required fields present and typed. */
export declare function isErrorContext(value: unknown): value is ErrorContext;
/** Reports whether value is a JSON-RPC error object of this catalog: known symbol, its wire code and domain, a valid context. */
export declare function isJsonRpcError(value: unknown): value is JsonRpcError;
/** Reports whether value is a problem document of this catalog: known type URI, an allowed status, valid detail members. */
export declare function isProblemDetails(value: unknown): value is ProblemDetails;
/** Reports whether value is a plain error response of this catalog. */
export declare function isErrorResponse(value: unknown): value is ErrorResponse;

/** Returns value (or the JSON it holds, when a string) as a context, or undefined when it is not one. */
export declare function parseErrorContext(value: unknown): ErrorContext | undefined;
/** Returns value (or the JSON it holds, when a string) as a JSON-RPC error object, or undefined. */
export declare function parseJsonRpcError(value: unknown): JsonRpcError | undefined;
/** Returns value (or the JSON it holds, when a string) as a problem document, or undefined. */
export declare function parseProblemDetails(value: unknown): ProblemDetails | undefined;
/** Returns value (or the JSON it holds, when a string) as a plain error response, or undefined. */
export declare function parseErrorResponse(value: unknown): ErrorResponse | undefined;

/**
 * What the MCP TypeScript SDK's McpError holds (or any JSON-RPC error
 * object): fromMcpError, symbolOf, isSymbol and isRetryable take it.
 */
export interface McpErrorLike {
  code: number;
  message: string;
  data?: unknown;
}

/**
 * Returns an MCP SDK error (an McpError, or its plain shape) as this
 * catalog's JSON-RPC error object, its message without the SDK's
 * "MCP error CODE: " prefix; undefined for anything else, such as the SDK's
 * own errors (unknown tool, resource not found), which carry no data.symbol.
 */
export declare function fromMcpError(error: unknown): JsonRpcError | undefined;
/**
 * Returns the problem document an isError MCP tool result carries (in
 * structuredContent or as text content), or undefined: a successful result,
 * or the SDK's own error text (such as invalid arguments).
 */
export declare function fromToolResult(result: unknown): ProblemDetails | undefined;

/**
 * Returns the symbol of a payload: data.symbol of a JSON-RPC error (a wire
 * code alone never tells), the code of a plain response, the type URI (and
 * symbol) of a problem document, the type of a context; undefined when the
 * payload names no error of this catalog.
 */
export declare function symbolOf(value: AnyError | McpErrorLike | ErrorSymbol): ErrorSymbol | undefined;

/**
 * Narrows a payload to the error with the given symbol. (The parameters are
 * structural on purpose: checking each predicate against a union parameter
 * would cost the compiler time quadratic in the number of errors.)
 */
export declare function isSymbol<S extends ErrorSymbol>(value: { code: number; message: string; data?: unknown }, symbol: S): value is RpcErrorBySymbol[S];
export declare function isSymbol<S extends ErrorSymbol>(value: { error: true; code: string }, symbol: S): value is ResponseBySymbol[S];
export declare function isSymbol<S extends ErrorSymbol>(value: { type: string; title: string; status: number }, symbol: S): value is ProblemBySymbol[S];
export declare function isSymbol<S extends ErrorSymbol>(value: { type: string; details: unknown }, symbol: S): value is ContextBySymbol[S];
export declare function isSymbol<S extends ErrorSymbol>(value: ErrorSymbol, symbol: S): value is S;

/**
 * Reports whether the error may be retried: the occurrence's own flag when it
 * carries one, else the catalog's; false for a payload of no catalog error.
 */
export declare function isRetryable(value: AnyError | McpErrorLike | ErrorSymbol): boolean;

/** Looks up an error by its catalog code. */
export declare function byCode(code: number): ErrorMeta | undefined;
/** Looks up an error by symbol. */
export declare function bySymbol(symbol: string): ErrorMeta | undefined;
/** Looks up an error by type. */
export declare function byType(type: string): ErrorMeta | undefined;
`)
	return b.Bytes()
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
		b.WriteString("},\n")
	}
	b.WriteString("  },\n});\n\n")

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
	b.WriteString(runtimeJS)
	return b.Bytes()
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
const BY_PROBLEM = new Map();
for (const meta of Object.values(ERRORS)) {
  BY_CODE.set(meta.code, meta);
  BY_TYPE.set(meta.type, meta);
  BY_PROBLEM.set(meta.problemType, [...(BY_PROBLEM.get(meta.problemType) ?? []), meta]);
}

function isObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

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

function checkContext(v, meta) {
  if (!isObject(v) || v.type !== meta.type) return false;
  if (has(v, "schemaVersion") && typeof v.schemaVersion !== "number") return false;
  if (!isObject(v.details)) return false;
  if (FIELDS[meta.symbol] === null ? Object.keys(v.details).length > 0 : !checkFields(v.details, meta.symbol)) return false;
  if (has(v, "userMessage") && typeof v.userMessage !== "string") return false;
  if (has(v, "suggestions") && !(Array.isArray(v.suggestions) && v.suggestions.every((s) => typeof s === "string"))) return false;
  if (has(v, "retryable") && typeof v.retryable !== "boolean") return false;
  if (has(v, "debugInfo") && !isObject(v.debugInfo)) return false;
  return true;
}

export function isErrorContext(value) {
  if (!isObject(value) || typeof value.type !== "string") return false;
  const meta = BY_TYPE.get(value.type);
  return meta !== undefined && checkContext(value, meta);
}

export function isJsonRpcError(value) {
  if (!isObject(value) || !Number.isInteger(value.code) || typeof value.message !== "string") return false;
  const data = value.data;
  if (!isObject(data) || typeof data.symbol !== "string" || !has(ERRORS, data.symbol)) return false;
  const meta = ERRORS[data.symbol];
  if (value.code !== meta.wireCode) return false;
  if (has(data, "domain") && data.domain !== meta.domain) return false;
  if (has(data, "retryable") && typeof data.retryable !== "boolean") return false;
  if (has(data, "context") && !checkContext(data.context, meta)) return false;
  return true;
}

function problemCandidates(value) {
  const candidates = BY_PROBLEM.get(value.type) ?? [];
  if (has(value, "symbol")) return candidates.filter((m) => m.symbol === value.symbol);
  return candidates;
}

export function isProblemDetails(value) {
  if (!isObject(value) || typeof value.type !== "string" || typeof value.title !== "string" || !Number.isInteger(value.status)) return false;
  for (const name of ["detail", "instance", "timestamp"]) {
    if (has(value, name) && typeof value[name] !== "string") return false;
  }
  if (has(value, "retryable") && typeof value.retryable !== "boolean") return false;
  return problemCandidates(value).some((m) => m.statuses.includes(value.status) && checkFields(value, m.symbol));
}

export function isErrorResponse(value) {
  if (!isObject(value) || value.error !== true || typeof value.code !== "string" || typeof value.message !== "string") return false;
  if (!has(ERRORS, value.code)) return false;
  if (FIELDS[value.code] === null) return !has(value, "details");
  return isObject(value.details) && checkFields(value.details, value.code);
}

function json(value) {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

export function parseErrorContext(value) {
  const v = json(value);
  return isErrorContext(v) ? v : undefined;
}

export function parseJsonRpcError(value) {
  const v = json(value);
  return isJsonRpcError(v) ? v : undefined;
}

export function parseProblemDetails(value) {
  const v = json(value);
  return isProblemDetails(v) ? v : undefined;
}

export function parseErrorResponse(value) {
  const v = json(value);
  return isErrorResponse(v) ? v : undefined;
}

// mcpPrefix is what the MCP TypeScript SDK's McpError puts before a
// JSON-RPC error's message.
function mcpPrefix(code) {
  return "MCP error " + code + ": ";
}

export function fromMcpError(error) {
  if (!isObject(error) || !Number.isInteger(error.code) || typeof error.message !== "string") return undefined;
  const prefix = mcpPrefix(error.code);
  const message = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  const value = { code: error.code, message };
  if (has(error, "data")) value.data = error.data;
  return isJsonRpcError(value) ? value : undefined;
}

export function fromToolResult(result) {
  if (!isObject(result) || result.isError !== true) return undefined;
  const structured = parseProblemDetails(result.structuredContent);
  if (structured !== undefined) return structured;
  if (!Array.isArray(result.content)) return undefined;
  for (const item of result.content) {
    if (!isObject(item) || item.type !== "text" || typeof item.text !== "string") continue;
    const problem = parseProblemDetails(item.text);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

export function symbolOf(value) {
  if (typeof value === "string") return has(ERRORS, value) ? value : undefined;
  if (!isObject(value)) return undefined;
  if (value.error === true && typeof value.code === "string") return has(ERRORS, value.code) ? value.code : undefined;
  if (Number.isInteger(value.code) && typeof value.message === "string") {
    // a JSON-RPC error names its error in data.symbol; a code alone does not
    // tell (catalogs, SDKs and other servers share codes)
    if (!isObject(value.data) || typeof value.data.symbol !== "string" || !has(ERRORS, value.data.symbol)) return undefined;
    return ERRORS[value.data.symbol].wireCode === value.code ? value.data.symbol : undefined;
  }
  if (typeof value.title === "string" && typeof value.type === "string") {
    const metas = problemCandidates(value).filter((m) => checkFields(value, m.symbol));
    return metas.length === 1 ? metas[0].symbol : undefined;
  }
  if (typeof value.type === "string") return BY_TYPE.get(value.type)?.symbol;
  return undefined;
}

export function isSymbol(value, symbol) {
  return symbolOf(value) === symbol;
}

export function isRetryable(value) {
  if (typeof value === "string") return has(ERRORS, value) ? ERRORS[value].retryable : false;
  if (!(isJsonRpcError(value) || isProblemDetails(value) || isErrorResponse(value) || isErrorContext(value))) return false;
  for (const flag of [value.retryable, value.data?.retryable, value.data?.context?.retryable]) {
    if (typeof flag === "boolean") return flag;
  }
  const symbol = symbolOf(value);
  return symbol !== undefined && ERRORS[symbol].retryable;
}

export function byCode(code) {
  return BY_CODE.get(code);
}

export function bySymbol(symbol) {
  return has(ERRORS, symbol) ? ERRORS[symbol] : undefined;
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
	b.WriteString("```ts\nimport { parseJsonRpcError, isSymbol, isRetryable, CATALOG } from " + str(g.pkg) + ";\n\n")
	b.WriteString("const err = parseJsonRpcError(response.error);\nif (err && isSymbol(err, " + str(g.exampleSymbol()) + ")) {\n  console.log(err.data.context?.details);\n}\n```\n\n")
	b.WriteString("| export | what |\n|---|---|\n")
	b.WriteString("| `JsonRpcError`, `ProblemDetails`, `ErrorResponse`, `ErrorContext` | unions of the three wire formats and the JSON-RPC `data.context` |\n")
	b.WriteString("| `isJsonRpcError`, `isProblemDetails`, `isErrorResponse`, `isErrorContext` | guards taking `unknown` |\n")
	b.WriteString("| `parseJsonRpcError`, `parseProblemDetails`, `parseErrorResponse`, `parseErrorContext` | the same, also from a JSON string; `undefined` when invalid |\n")
	b.WriteString("| `fromMcpError`, `fromToolResult` | the catalog error an MCP TypeScript SDK `McpError` or an `isError` tool result carries; `undefined` for the SDK's own errors |\n")
	b.WriteString("| `isSymbol(value, symbol)` | narrows a payload to one error |\n")
	b.WriteString("| `isRetryable`, `symbolOf`, `byCode`, `bySymbol`, `byType`, `CATALOG` | metadata |\n\n")
	b.WriteString(strconv.Itoa(len(m.Errors)) + " errors in " + strconv.Itoa(len(m.Domains)) + " domains.\n")
	return b.Bytes()
}

func (g *generator) exampleSymbol() string {
	syms := make([]string, 0, len(g.m.Errors))
	for _, e := range g.m.Errors {
		if e.Details != nil {
			syms = append(syms, e.Symbol)
		}
	}
	if len(syms) == 0 {
		return g.m.Errors[0].Symbol
	}
	sort.Strings(syms)
	return syms[0]
}

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
