// Package jsonschema emits the JSON Schema (draft 2020-12) of a catalog's
// wire payloads: its root validates data.context of a JSON-RPC error, and
// $defs holds the entry points JsonRpcError, ProblemDetails and
// ErrorResponse beside one entry per detail shape.
//
// The schema is strict where the catalog knows the answer (unknown types,
// symbols, codes and problem type URIs are rejected; details are checked
// against their error's schema; a JSON-RPC code, a domain, a problem type
// URI and status must be the error's own) and lenient where older peers
// differ (legacy data keys, data without context, problem documents without
// symbol, retryable or timestamp). Every payload the errgenrt runtime writes
// validates, including truncated, redacted, sanitized and minimal ones.
//
// The rules that tie a payload to one error are if/then pairs in the
// allOf of each entry point, one per group of errors that share what the
// rule checks (a detail schema, a wire code, a domain, a status list, a type
// URI), each keyed by a const or enum of one member. A validator does a
// constant amount of work per rule, so validation is linear in the size of
// the catalog, and a failure is reported at the member that breaks the
// rule. Long rule lists are cut into $defs parts (see maxAllOf).
//
// The schema compiles under Ajv 2020 with strict: true (every strict rule
// an error) and ajv-formats, and under santhosh-tekuri/jsonschema with
// format and content assertions: a required name has a properties entry
// beside it (see present), and a keyword that applies to one JSON type has
// that type beside it (see has).
package jsonschema

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/model"
)

// DefaultFile is the default name of the emitted schema.
const DefaultFile = "error-context.schema.json"

// Draft is the JSON Schema dialect of the output.
const Draft = "https://json-schema.org/draft/2020-12/schema"

// Options configure the JSON Schema emitter.
type Options struct {
	File   string // output file name; empty: DefaultFile
	Source string // catalog path relative to the output, for the $comment

	maxRules int // rules per allOf before they are cut into parts; 0: maxAllOf (tests set it lower)
}

// The fixed $defs entries. Detail shapes live under "details.…" keys,
// which never collide with these.
const (
	DefErrorContext   = "ErrorContext"
	DefJSONRPCError   = "JsonRpcError"
	DefProblemDetails = "ProblemDetails"
	DefErrorResponse  = "ErrorResponse"
	DefDebugInfo      = "DebugInfo"
	DefEmptyDetails   = "EmptyDetails"

	// The forward-compatible entry points: a payload of an error of this
	// catalog, exactly as above, or a well-formed payload of an error the
	// catalog does not know (of a newer catalog, most often).
	DefAnyErrorContext   = "AnyErrorContext"
	DefAnyJSONRPCError   = "AnyJsonRpcError"
	DefAnyProblemDetails = "AnyProblemDetails"
	DefAnyErrorResponse  = "AnyErrorResponse"
	DefAnyEnvelope       = "AnyEnvelope" // any of the three wire formats
)

// Twin returns the forward-compatible Any… entry point of an exact one
// (DefJSONRPCError → DefAnyJSONRPCError, …), or "" for another name.
func Twin(def string) string {
	switch def {
	case DefErrorContext, DefJSONRPCError, DefProblemDetails, DefErrorResponse:
		return "Any" + def
	}
	return ""
}

// The naming rules of errgen catalogs, which any well-formed payload
// follows.
var (
	symbolPattern = model.SymbolRE.String()
	typePattern   = model.TypeRE.String()
)

// ID returns the $id of the schema of a catalog:
// urn:errgen:<name>:schema:error-context. It does not depend on where the
// file is published, and does not meet the urn:errgen:<name>:<slug> problem
// type URIs of a catalog without problem_base (slugs have no colon).
func ID(m *model.Catalog) string { return "urn:errgen:" + m.Name + ":schema:error-context" }

// ShapeDef returns the $defs key of a detail shape: details.<name> for a
// named or built-in shape, details.inline.<SYMBOL> for inline details.
// Shape names and symbols hold no dot, so the keys cannot collide.
func ShapeDef(s *model.Shape) string {
	if s.Inline {
		return "details.inline." + s.Owner.Symbol
	}
	return "details." + s.Name
}

// variantDef is the $defs key of a named shape as one error uses it, when
// the error's sensitive list widens fields the shape alone keeps strict.
func variantDef(s *model.Shape, e *model.Error) string {
	return "details." + s.Name + ".for." + e.Symbol
}

// Ref returns the JSON Pointer reference to a $defs key, escaped for a
// pointer (~0, ~1) and a URI fragment.
func Ref(def string) string {
	tok := strings.ReplaceAll(strings.ReplaceAll(def, "~", "~0"), "/", "~1")
	return "#/$defs/" + fragmentEscape(tok)
}

// fragmentEscape percent-encodes what a URI fragment may not hold.
func fragmentEscape(s string) string {
	const safe = "-._~!$&'()*+,;=:@/?"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte(safe, c) >= 0 {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}

// Generate returns the schema file of in.
func Generate(in *gen.Input, opts Options) ([]gen.File, error) {
	m := in.Model
	name := opts.File
	if name == "" {
		name = DefaultFile
	}
	g := &generator{m: m, opts: opts}
	doc := g.document()
	data := appendJSON(make([]byte, 0, 16384+len(m.Errors)*1536), doc, 0, 0)
	data = append(data, '\n')
	return []gen.File{{Path: name, Data: data}}, nil
}

type generator struct {
	m       *model.Catalog
	opts    Options
	refBase string // where definitions are: "" for the schema's $defs (see ref)

	errs     []*errInfo
	inline   map[*model.Shape]any   // inline shapes, widened for their error's sensitive fields
	variants []member               // per-error variants of named shapes
	ruleDefs []member               // rules of the envelopes, when cut into chunks
	memo     map[*catalog.Value]any // detail schema nodes converted without extra sensitive fields
	flat     map[string]object      // flattened details by $defs key
}

// errInfo is what the envelope rules need of one error.
type errInfo struct {
	e       *model.Error
	details string          // $defs key of its details
	root    *catalog.Value  // the detail schema that declares the properties
	extra   map[string]bool // sensitive fields its $defs entry widens; nil: none beyond the shape's
	code    string          // wire code, as a grouping key
	status  string          // allowed statuses, as a grouping key
}

// plainSchema is detailSchema(v, false, nil), converted once per node.
func (g *generator) plainSchema(v *catalog.Value) any {
	if s, ok := g.memo[v]; ok {
		return s
	}
	s := g.detailSchema(v, false, nil)
	g.memo[v] = s
	return s
}

// ref returns the reference to a definition of the document: Ref(def)
// in the JSON Schema, #/components/schemas/… in the OpenAPI document.
func (g *generator) ref(def string) string {
	if g.refBase == "" {
		return Ref(def)
	}
	return g.refBase + fragmentEscape(def)
}

func (g *generator) shapeRef(name string) string {
	if s := g.m.Shape(name); s != nil {
		return g.ref(ShapeDef(s))
	}
	return g.ref("details." + name)
}

func (g *generator) document() object {
	m := g.m
	g.prepare()
	comment := gen.Header
	if g.opts.Source != "" {
		comment += " Source: " + g.opts.Source
	}
	doc := object{
		{"$comment", comment}, // first, so the header is on the file's second line
		{"$schema", Draft},
		{"$id", ID(m)},
		{"title", fmt.Sprintf("%s %s error payloads", m.Name, m.Version)},
		{"description", fmt.Sprintf("Wire payloads of the %s error catalog, version %s. "+
			"The root validates data.context of a JSON-RPC error (the same as #/$defs/%s); "+
			"#/$defs/%s validates the error member of a JSON-RPC response, #/$defs/%s an RFC 9457 problem document "+
			"and #/$defs/%s a plain error response. Each of them has an Any… twin (#/$defs/%s, …, and #/$defs/%s for any of the three formats) "+
			"that also accepts a well-formed payload of an error this catalog does not know.",
			m.Name, m.Version, DefErrorContext, DefJSONRPCError, DefProblemDetails, DefErrorResponse, DefAnyJSONRPCError, DefAnyEnvelope)},
		{"$ref", g.ref(DefErrorContext)},
	}
	defs := object{
		{DefErrorContext, g.errorContext()},
		{DefJSONRPCError, g.jsonRPCError()},
		{DefProblemDetails, g.problemDetails()},
		{DefErrorResponse, g.errorResponse()},
		{DefAnyErrorContext, g.anyOf(DefErrorContext, g.unknownContext())},
		{DefAnyJSONRPCError, g.anyOf(DefJSONRPCError, g.unknownJSONRPCError())},
		{DefAnyProblemDetails, g.anyOf(DefProblemDetails, g.unknownProblem())},
		{DefAnyErrorResponse, g.anyOf(DefErrorResponse, g.unknownResponse())},
		{DefAnyEnvelope, object{
			{"description", "Any errgen payload in one of the three wire formats, of an error of this catalog or of one it does not know."},
			{"anyOf", []any{object{{"$ref", g.ref(DefAnyJSONRPCError)}}, object{{"$ref", g.ref(DefAnyProblemDetails)}}, object{{"$ref", g.ref(DefAnyErrorResponse)}}}},
		}},
		{DefDebugInfo, debugInfo()},
		{DefEmptyDetails, object{
			{"description", "The details of an error that has none: an empty object."},
			{"type", "object"},
			{"maxProperties", 0},
		}},
	}
	for _, s := range m.Shapes {
		if def, ok := g.inline[s]; ok {
			defs.add(ShapeDef(s), def)
			continue
		}
		defs.add(ShapeDef(s), g.plainSchema(s.Schema.Source))
	}
	defs = append(defs, g.variants...)
	if len(g.ruleDefs) > 0 {
		defs.add(DefAny, object{{"description", "Accepts any value. The parts of long rule lists refer to it only so that Ajv, which inlines a $ref target without a $ref of its own, compiles each part as a function of its own."}})
		defs = append(defs, g.ruleDefs...)
	}
	doc.add("$defs", defs)
	return doc
}

// prepare resolves, for every error, the $defs entry of its details.
func (g *generator) prepare() {
	g.errs = make([]*errInfo, len(g.m.Errors))
	g.inline = map[*model.Shape]any{}
	g.memo = map[*catalog.Value]any{}
	g.flat = map[string]object{}
	for i, e := range g.m.Errors {
		info := &errInfo{e: e, details: DefEmptyDetails, code: strconv.FormatInt(e.WireCode, 10), status: statusKey(e)}
		g.errs[i] = info
		if e.Details == nil {
			continue
		}
		info.root = resolvedSource(e.Details)
		info.details = ShapeDef(e.Details)
		switch {
		case e.Details.Inline:
			// the sensitive fields of inline details widen the shape itself
			// (through its $ref when it is one and must)
			if len(e.Sensitive) > 0 {
				info.extra = set(e.Sensitive...)
			}
			src := e.Details.Schema.Source
			if src != info.root && g.needsVariant(info.root, e) {
				src = info.root
			}
			conv := g.detailSchema(src, false, info.extra)
			g.inline[e.Details] = conv
			if src == info.root {
				g.flat[info.details] = flatOf(conv)
			}
		case g.needsVariant(info.root, e):
			info.extra = set(e.Sensitive...)
			info.details = variantDef(e.Details, e)
			g.variants = append(g.variants, member{info.details, g.detailSchema(info.root, false, info.extra)})
		}
	}
}

// flattened is {"properties": …, "required": …} of an error's detail
// fields, as flattened into a problem document.
func (g *generator) flattened(info *errInfo) object {
	f, ok := g.flat[info.details]
	if !ok {
		if info.extra == nil {
			f = flatOf(g.plainSchema(info.root))
		} else {
			f = flatOf(g.detailSchema(info.root, false, info.extra))
		}
		g.flat[info.details] = f
	}
	return append(object(nil), f...)
}

// flatOf picks properties and required of a converted object schema.
func flatOf(conv any) object {
	root, _ := conv.(object)
	props, _ := root.get("properties").(object)
	f := object{{"properties", props}}
	if props == nil {
		f[0].value = object{}
	}
	if req, ok := root.get("required").([]string); ok && len(req) > 0 {
		f.add("required", req)
	}
	return f
}

// needsVariant reports whether e's sensitive list names a top-level field
// of its (named) shape that the shape's own schema would not accept as
// "<redacted>".
func (g *generator) needsVariant(root *catalog.Value, e *model.Error) bool {
	props := root.Get("properties")
	for _, name := range e.Sensitive {
		p := props.Get(name)
		if p == nil {
			continue
		}
		if !acceptsAnyString(g.plainSchema(p)) {
			if x := p.Get("x-sensitive"); x == nil || !x.Bool {
				return true
			}
		}
	}
	return false
}

// ---------------------------------------------------------------- helpers

// oneOfValues is {"const": v} for one value, {"enum": [...]} for several.
func oneOfValues[T string | int64 | int](vals []T) object {
	if len(vals) == 1 {
		return object{{"const", vals[0]}}
	}
	if strs, ok := any(vals).([]string); ok {
		return object{{"enum", strs}}
	}
	items := make([]any, len(vals))
	for i, v := range vals {
		items[i] = v
	}
	return object{{"enum", items}}
}

func typed(t string, rest object) object { return append(object{{"type", t}}, rest...) }

func describe(text string, o object) object { return append(object{{"description", text}}, o...) }

// has builds {"required": [name], "properties": {name: schema}}: the
// condition "member name is present and matches". Where it applies to a
// member's value rather than to the envelope, wrap it in typed("object", …):
// Ajv's strictTypes wants a type beside properties at each new instance.
func has(name string, schema any) object {
	req, ok := requiredOne[name]
	if !ok {
		req = []string{name}
	}
	return object{{"required", req}, {"properties", object{{name, schema}}}}
}

// present is has(name, true): the condition "member name is present",
// whatever its value. The properties entry changes nothing a validator
// accepts; it is there for Ajv's strictRequired, which refuses a required
// name that no properties beside it (or before it at the same instance)
// declares, and whose answer would otherwise depend on where the schema
// object sits (a $defs part of a cut rule list sees no properties before
// it).
func present(name string) object { return has(name, true) }

// requiredOne holds {"required": [name]} lists for the members rules test,
// shared (the writer does not change them).
var requiredOne = map[string][]string{
	"code": {"code"}, "data": {"data"}, "domain": {"domain"}, "symbol": {"symbol"},
	"context": {"context"}, "type": {"type"},
}

func props(members ...member) object { return object(members) }

func statuses(e *model.Error) object {
	return oneOfValues(e.Statuses)
}

// ---------------------------------------------------------------- envelope

func debugInfo() object {
	return object{
		{"description", fmt.Sprintf("Debugging aids, written in verbose mode only: the cause chain (at most %d entries of at most %d bytes), the request id, the time and the server version.", errgenrt.ErrorChainEntries, errgenrt.DebugStringBytes)},
		{"type", "object"},
		{"required", []string{"timestamp"}},
		{"properties", props(
			member{"errorChain", typed("array", object{{"maxItems", errgenrt.ErrorChainEntries}, {"items", object{{"type", "string"}}}})},
			member{"requestId", object{{"type", "string"}}},
			member{"timestamp", object{{"type", "string"}, {"format", "date-time"}}},
			member{"serverVersion", object{{"type", "string"}}},
		)},
	}
}

// group is a set of errors that share something (a detail schema, a wire
// code, a domain, a status list, a type URI), in code order.
type group struct {
	key  string
	errs []*errInfo
}

// groupBy groups the errors by key, in code order of each group's first
// error; errors whose key is "" are left out.
func (g *generator) groupBy(key func(*errInfo) string) []*group {
	var out []*group
	index := map[string]*group{}
	for _, info := range g.errs {
		k := key(info)
		if k == "" {
			continue
		}
		gr := index[k]
		if gr == nil {
			gr = &group{key: k}
			index[k] = gr
			out = append(out, gr)
		}
		gr.errs = append(gr.errs, info)
	}
	return out
}

// symbols are the symbols of the group's errors, each followed by its
// aliases: a payload may name an error by any of them.
func (gr *group) symbols() []string {
	out := make([]string, 0, len(gr.errs))
	for _, info := range gr.errs {
		out = append(out, info.e.Symbols()...)
	}
	return out
}

func (gr *group) types() []string {
	out := make([]string, len(gr.errs))
	for i, info := range gr.errs {
		out[i] = info.e.Type
	}
	return out
}

func (g *generator) types() []string {
	return (&group{errs: g.errs}).types()
}

func (g *generator) symbols() []string {
	return (&group{errs: g.errs}).symbols()
}

// rule is {"if": cond, "then": then}.
func rule(cond, then object) object { return object{{"if", cond}, {"then", then}} }

// detailsRules returns, per group of errors sharing a detail schema, the
// rule "if member key names one of them, details must fit the schema".
func (g *generator) detailsRules(key string, name func(*errInfo) string) []any {
	var rules []any
	for _, gr := range g.groupBy(func(i *errInfo) string { return i.details }) {
		vals := make([]string, len(gr.errs))
		for i, info := range gr.errs {
			vals[i] = name(info)
		}
		rules = append(rules, rule(has(key, oneOfValues(vals)),
			object{{"properties", object{{"details", object{{"$ref", g.ref(gr.key)}}}}}}))
	}
	return rules
}

func (g *generator) errorContext() object {
	m := g.m
	ctx := object{
		{"description", "data.context of a JSON-RPC error: the error's type, its details (checked against the schema of the error with that type), and what a client may show or do."},
		{"type", "object"},
		{"required", []string{"schemaVersion", "type", "details", "retryable"}},
		{"properties", props(
			member{"schemaVersion", describe("The catalog's schema_version.", typed("integer", object{{"const", m.SchemaVersion}}))},
			member{"type", describe("The error's type.", typed("string", object{{"enum", g.types()}}))},
			member{"details", describe("The error's details; {} for an error without details.", object{{"type", "object"}})},
			member{"userMessage", describe("Text for end users.", object{{"type", "string"}})},
			member{"suggestions", describe("Actionable suggestions.", g.suggestions())},
			member{"retryable", describe("Whether the operation may be retried.", object{{"type", "boolean"}})},
			member{"debugInfo", object{{"$ref", g.ref(DefDebugInfo)}}},
		)},
	}
	if rules := g.detailsRules("type", func(i *errInfo) string { return i.e.Type }); len(rules) > 0 {
		g.addRules(&ctx, DefErrorContext, rules)
	}
	return ctx
}

// jsonRPCError ties code, domain, symbol and type together with one rule
// per wire code ("code W: data.symbol and data.context.type, when present,
// are those of an error with wire code W"), one per domain (the same for
// data.domain, which also narrows code), and one per error tying its symbol
// to its type. Since every code, domain, symbol and type is one of the
// catalog's, these say exactly "when data names an error, code, domain,
// symbol and type are all that error's", in as many rules as there are
// wire codes, domains and errors.
func (g *generator) jsonRPCError() object {
	byCode := g.groupBy(func(i *errInfo) string { return i.code })
	codes := make([]int64, len(byCode))
	for i, gr := range byCode {
		codes[i] = gr.errs[0].e.WireCode
	}
	byDomain := g.groupBy(func(i *errInfo) string { return i.e.Domain.Name })
	domains := make([]string, len(byDomain))
	for i, gr := range byDomain {
		domains[i] = gr.key
	}
	// a symbol names the error whose type the context must have (where the
	// rule of its wire code does not already say so)
	shared := map[string]bool{}
	for _, gr := range byCode {
		shared[gr.key] = len(gr.errs) > 1
	}
	var ties []any
	for _, info := range g.errs {
		if shared[info.code] {
			ties = append(ties, rule(has("symbol", oneOfValues(info.e.Symbols())),
				object{{"properties", object{{"context", typed("object", object{{"properties", object{{"type", object{{"const", info.e.Type}}}}}})}}}}))
		}
	}
	data := object{
		{"description", "The error's symbol and domain, retryable and context, each optional, beside the caller's legacy keys (method, requestId, …). The symbol names the error whose type the context must have."},
		{"type", "object"},
		{"properties", props(
			member{"domain", describe("The error's domain.", typed("string", object{{"enum", domains}}))},
			member{"symbol", describe("The error's symbol.", typed("string", object{{"enum", g.symbols()}}))},
			member{"retryable", object{{"type", "boolean"}}},
			retryMember(), retryAfterMember(),
			member{"context", object{{"$ref", g.ref(DefErrorContext)}}},
		)},
	}
	if len(ties) > 0 {
		g.addRules(&data, DefJSONRPCError+".data", ties)
	}
	rpc := object{
		{"description", "The error member of a JSON-RPC 2.0 response ({code, message, data?}) carrying an error of this catalog, named by data.symbol, else by data.context.type, else — a protocol error of a reserved domain — by a code no other error has: code must be its wire code, data.domain its domain and data.context of its type. (Any other code names no error alone: catalogs, MCP SDKs and other servers share codes.)"},
		{"type", "object"},
		{"required", []string{"code", "message"}},
		{"properties", props(
			member{"code", describe("The error's wire code (wire_code, else code).", typed("integer", object{{"enum", anys(codes)}}))},
			member{"message", object{{"type", "string"}}},
			member{"data", data},
		)},
		{"additionalProperties", false},
		{"anyOf", g.rpcNamed()},
	}
	// data's symbol and context.type as those of the group's errors
	dataOf := func(gr *group) object {
		return typed("object", object{{"properties", object{
			{"symbol", oneOfValues(gr.symbols())},
			{"context", typed("object", object{{"properties", object{{"type", oneOfValues(gr.types())}}}})},
		}}})
	}
	var rules []any
	if len(byCode) > 1 {
		for _, gr := range byCode {
			rules = append(rules, rule(has("code", object{{"const", gr.errs[0].e.WireCode}}),
				object{{"properties", object{{"data", dataOf(gr)}}}}))
		}
	}
	for _, gr := range byDomain {
		var codes []int64
		seen := map[int64]bool{}
		for _, info := range gr.errs {
			if !seen[info.e.WireCode] {
				seen[info.e.WireCode] = true
				codes = append(codes, info.e.WireCode)
			}
		}
		then := object{}
		if len(byCode) > 1 {
			then.add("code", oneOfValues(codes))
		}
		if len(byDomain) > 1 {
			then.add("data", dataOf(gr))
		}
		if len(then) > 0 {
			rules = append(rules, rule(has("data", typed("object", has("domain", object{{"const", gr.key}}))),
				object{{"properties", then}}))
		}
	}
	if len(rules) > 0 {
		g.addRules(&rpc, DefJSONRPCError, rules)
	}
	return rpc
}

// problemDetails ties the type URI to the symbol with one rule per URI, and
// checks status and flattened details with one rule per group of errors
// sharing a status list or a detail schema, keyed on the type URI (or, for
// errors whose URI others share, on symbol); a document with a shared URI
// and no symbol must fit one of the errors that have it.
func (g *generator) problemDetails() object {
	byURI := g.groupBy(func(i *errInfo) string { return i.e.ProblemType })
	shared := map[string]bool{}
	uris := make([]string, len(byURI))
	for i, gr := range byURI {
		uris[i] = gr.key
		shared[gr.key] = len(gr.errs) > 1
	}
	// names is the condition "the document names one of the group's errors":
	// by its type URI, or by symbol where the URI is shared
	names := func(gr *group) object {
		var unique, symbols []string
		for _, info := range gr.errs {
			if shared[info.e.ProblemType] {
				symbols = append(symbols, info.e.Symbols()...)
			} else {
				unique = append(unique, info.e.ProblemType)
			}
		}
		switch {
		case len(symbols) == 0:
			return has("type", oneOfValues(unique))
		case len(unique) == 0:
			return has("symbol", oneOfValues(symbols))
		}
		return object{{"anyOf", []any{
			has("type", oneOfValues(unique)),
			has("symbol", oneOfValues(symbols)),
		}}}
	}
	problem := object{
		{"description", "An RFC 9457 problem document (application/problem+json). The error's detail fields are flattened into it as extension members, beside caller extensions such as tool. The error is named by its type URI, or by symbol when several errors share the URI (about:blank); a document with a shared URI and no symbol must fit one of the errors that have it."},
		{"type", "object"},
		{"required", []string{"type", "title", "status"}},
		{"properties", props(
			member{"type", describe("The problem type URI.", typed("string", object{{"enum", uris}}))},
			member{"title", object{{"type", "string"}}},
			member{"status", describe("The HTTP status: one the error allows.", typed("integer", object{{"minimum", 400}, {"maximum", 599}}))},
			member{"detail", object{{"type", "string"}}},
			member{"instance", describe("A URI reference naming this occurrence (urn:uuid:… by default).", object{{"type", "string"}})},
			member{"timestamp", object{{"type", "string"}, {"format", "date-time"}}},
			member{"symbol", describe("The error's symbol.", typed("string", object{{"enum", g.symbols()}}))},
			member{"retryable", object{{"type", "boolean"}}},
			retryMember(), retryAfterMember(),
			member{"userMessage", describe("Text for end users (an extension member).", object{{"type", "string"}})},
			member{"suggestions", describe("Actionable suggestions (an extension member).", g.suggestions())},
			member{"debugInfo", object{{"$ref", g.ref(DefDebugInfo)}}},
		)},
	}
	var rules []any
	if len(byURI) > 1 {
		for _, gr := range byURI {
			rules = append(rules, rule(has("type", object{{"const", gr.key}}),
				object{{"properties", object{{"symbol", oneOfValues(gr.symbols())}}}}))
		}
	}
	for _, gr := range g.groupBy(func(i *errInfo) string { return i.status }) {
		rules = append(rules, rule(names(gr), object{{"properties", object{{"status", statuses(gr.errs[0].e)}}}}))
	}
	for _, gr := range g.groupBy(func(i *errInfo) string {
		if i.e.Details == nil {
			return ""
		}
		return i.details
	}) {
		rules = append(rules, rule(names(gr), g.flattened(gr.errs[0])))
	}
	for _, gr := range byURI {
		if len(gr.errs) < 2 {
			continue
		}
		alts := make([]any, len(gr.errs))
		for i, info := range gr.errs {
			alt := g.flattened(info)
			alt[0].value = append(object{{"status", statuses(info.e)}}, alt[0].value.(object)...)
			alts[i] = alt
		}
		cond := has("type", object{{"const", gr.key}})
		cond.add("not", present("symbol"))
		rules = append(rules, rule(cond, object{{"anyOf", alts}}))
	}
	if len(rules) > 0 {
		g.addRules(&problem, DefProblemDetails, rules)
	}
	return problem
}

func statusKey(e *model.Error) string {
	parts := make([]string, len(e.Statuses))
	for i, s := range e.Statuses {
		parts[i] = strconv.Itoa(s)
	}
	return strings.Join(parts, ",")
}

func (g *generator) errorResponse() object {
	resp := object{
		{"description", "A plain error response: {error: true, code: SYMBOL, message, details}: details fit the schema of the error's details; an error without details has none, or {}."},
		{"type", "object"},
		{"required", []string{"error", "code", "message"}},
		{"properties", props(
			member{"error", object{{"const", true}}},
			member{"code", describe("The error's symbol.", typed("string", object{{"enum", g.symbols()}}))},
			member{"message", object{{"type", "string"}}},
			member{"details", object{{"type", "object"}}},
			retryMember(), retryAfterMember(),
		)},
	}
	// per group of errors sharing a detail schema: details present and
	// fitting it; for errors without details, absent or {}
	var rules []any
	for _, gr := range g.groupBy(func(i *errInfo) string { return i.details }) {
		then := object{{"properties", object{{"details", object{{"$ref", g.ref(gr.key)}}}}}}
		if gr.key != DefEmptyDetails {
			then = append(object{{"required", []string{"details"}}}, then...)
		}
		rules = append(rules, rule(has("code", oneOfValues(gr.symbols())), then))
	}
	if len(rules) > 0 {
		g.addRules(&resp, DefErrorResponse, rules)
	}
	return resp
}

// retryMember is the member retry: the occurrence's retry class. An
// error of another catalog (the Any… entry points) may carry a class a
// newer errgen adds, so those take any string.
func retryMember() member {
	return member{"retry", describe("Whether and when a client may retry: never; after_change (the same request fails again, a changed one may not); after_delay (after retryAfterMs when present).",
		typed("string", object{{"enum", []string{string(errgenrt.RetryNever), string(errgenrt.RetryAfterChange), string(errgenrt.RetryAfterDelay)}}}))}
}

// retryAfterMember is the member retryAfterMs: the retry delay.
func retryAfterMember() member {
	return member{"retryAfterMs", describe("How long to wait before retrying, in milliseconds (retry after_delay only).",
		typed("integer", object{{"minimum", 0}, {"maximum", errgenrt.MaxRetryAfterMs}}))}
}

func (g *generator) suggestions() object {
	return typed("array", object{{"maxItems", g.m.Limits.MaxSuggestions}, {"items", object{{"type", "string"}}}})
}

// ---------------------------------------------------------------- any error

// anyOf is an Any… entry: the exact entry def, or the well-formed payload of
// an error the catalog does not know.
func (g *generator) anyOf(def string, unknown object) object {
	return object{
		{"description", fmt.Sprintf("A payload of #/$defs/%s, or a well-formed one of an error this catalog does not know: %s", def, unknown.get("description"))},
		{"anyOf", []any{object{{"$ref", g.ref(def)}}, unknown.without("description")}},
	}
}

// unknownName is the condition "the string follows the naming rule
// pattern and names none of known".
func unknownName(pattern string, known []string) object {
	return typed("string", object{{"pattern", pattern}, {"not", object{{"enum", known}}}})
}

// contextShape is a well-formed data.context of any error.
func (g *generator) contextShape() object {
	return typed("object", object{
		{"required", []string{"schemaVersion", "type", "details", "retryable"}},
		{"properties", props(
			member{"schemaVersion", object{{"type", "integer"}}},
			member{"type", object{{"type", "string"}}},
			member{"details", object{{"type", "object"}}},
			member{"userMessage", object{{"type", "string"}}},
			member{"suggestions", typed("array", object{{"items", object{{"type", "string"}}}})},
			member{"retryable", object{{"type", "boolean"}}},
			member{"debugInfo", object{{"$ref", g.ref(DefDebugInfo)}}},
		)},
	})
}

func (g *generator) unknownContext() object {
	return append(object{{"description", "a context whose type no error of this catalog has."}},
		typed("object", object{{"allOf", []any{g.contextShape(), object{{"properties", object{{"type", unknownName(typePattern, g.types())}}}}}}})...)
}

// rpcNamed is the condition "the JSON-RPC error names an error": by
// data.symbol, by data.context.type, or by a protocol error's code
// (model.ProtocolErrors). Which error it names, and that the payload keeps
// its rules, the entry's properties and rules say.
func (g *generator) rpcNamed() []any {
	names := []any{
		has("data", typed("object", present("symbol"))),
		has("data", typed("object", present("context"))),
	}
	if codes := g.protocolCodes(); len(codes) > 0 {
		names = append(names, has("code", oneOfValues(codes)))
	}
	return names
}

// protocolCodes are the wire codes that name an error alone, in code order.
func (g *generator) protocolCodes() []int64 {
	var codes []int64
	for _, e := range g.m.ProtocolErrors() {
		codes = append(codes, e.WireCode)
	}
	return codes
}

// unknownJSONRPCError is a well-formed error object ({code, message,
// data?}) that names no error of the catalog: its data.symbol (one of
// errgen's naming rule) is none of the catalog's; or it has no such symbol
// and its data.context.type (one of the naming rule) is none of the
// catalog's; or it has neither and its code is no protocol error's.
func (g *generator) unknownJSONRPCError() object {
	symbolNames := has("data", typed("object", has("symbol", typed("string", object{{"pattern", symbolPattern}}))))
	typeNames := has("data", typed("object", has("context", typed("object", has("type", typed("string", object{{"pattern", typePattern}}))))))
	byCode := []any{object{{"not", symbolNames}}, object{{"not", typeNames}}}
	if codes := g.protocolCodes(); len(codes) > 0 {
		byCode = append(byCode, object{{"properties", object{{"code", object{{"not", oneOfValues(codes)}}}}}})
	}
	return object{
		{"description", "an error object ({code, message, data?} and nothing else) that names no error of this catalog: its data.symbol, else its data.context.type, is none of this catalog's, or it has neither and its code is no protocol error's of this catalog."},
		{"type", "object"},
		{"required", []string{"code", "message"}},
		{"properties", props(
			member{"code", object{{"type", "integer"}}},
			member{"message", object{{"type", "string"}}},
			member{"data", object{}},
		)},
		{"additionalProperties", false},
		{"anyOf", []any{
			has("data", typed("object", has("symbol", unknownName(symbolPattern, g.symbols())))),
			object{{"allOf", []any{
				object{{"not", symbolNames}},
				has("data", typed("object", has("context", typed("object", has("type", unknownName(typePattern, g.types())))))),
			}}},
			object{{"allOf", byCode}},
		}},
	}
}

// unknownProblem is a problem document whose symbol member no error of the
// catalog has, or, without one, whose status no error of its type URI
// allows.
func (g *generator) unknownProblem() object {
	var statusRules []any
	for _, gr := range g.groupBy(func(i *errInfo) string { return i.e.ProblemType }) {
		var allowed []int
		seen := map[int]bool{}
		for _, info := range gr.errs {
			for _, st := range info.e.Statuses {
				if !seen[st] {
					seen[st] = true
					allowed = append(allowed, st)
				}
			}
		}
		statusRules = append(statusRules, rule(has("type", object{{"const", gr.key}}),
			object{{"properties", object{{"status", object{{"not", oneOfValues(allowed)}}}}}}))
	}
	return object{
		{"description", "a problem document whose symbol no error of this catalog has, or without a symbol, whose status no error of its type URI allows."},
		{"type", "object"},
		{"required", []string{"type", "title", "status"}},
		{"properties", props(
			member{"type", object{{"type", "string"}}},
			member{"title", object{{"type", "string"}}},
			member{"status", object{{"type", "integer"}}},
			member{"detail", object{{"type", "string"}}},
			member{"instance", object{{"type", "string"}}},
			member{"timestamp", object{{"type", "string"}, {"format", "date-time"}}},
			member{"symbol", object{{"type", "string"}}},
			member{"retryable", object{{"type", "boolean"}}},
			member{"retry", object{{"type", "string"}}},
			retryAfterMember(),
			member{"userMessage", object{{"type", "string"}}},
			member{"suggestions", typed("array", object{{"items", object{{"type", "string"}}}})},
			member{"debugInfo", object{{"$ref", g.ref(DefDebugInfo)}}},
		)},
		{"if", present("symbol")},
		{"then", object{{"properties", object{{"symbol", unknownName(symbolPattern, g.symbols())}}}}},
		{"else", object{{"allOf", statusRules}}},
	}
}

func (g *generator) unknownResponse() object {
	return object{
		{"description", "a plain response whose code no error of this catalog has."},
		{"type", "object"},
		{"required", []string{"error", "code", "message"}},
		{"properties", props(
			member{"error", object{{"const", true}}},
			member{"code", unknownName(symbolPattern, g.symbols())},
			member{"message", object{{"type", "string"}}},
			member{"details", object{{"type", "object"}}},
			member{"retry", object{{"type", "string"}}},
			retryAfterMember(),
		)},
	}
}

// anys returns vals as a []any, as the values of an array.
func anys[T any](vals []T) []any {
	out := make([]any, len(vals))
	for i, v := range vals {
		out[i] = v
	}
	return out
}

// maxAllOf bounds the rules of one allOf. Ajv compiles a schema into one
// JavaScript function, inlining every $ref target that holds no $ref of its
// own, and nests the code of each subschema of an allOf inside the success
// branch of the one before: 10,000 rules in one function overflow its code
// generator's stack, and the function's frame the call stack. A longer
// list is cut into $defs entries NAME.rules.0, NAME.rules.1, … of at most
// maxAllOf rules, each with a $ref to #/$defs/Any (which accepts anything)
// so that Ajv compiles it as a function of its own, and the schema's allOf
// refers to them (through more such entries if there are more than
// maxAllOf of them).
const maxAllOf = 100

// DefAny is the $defs entry that accepts any value (see maxAllOf).
const DefAny = "Any"

// addRules adds rules to schema o (the $defs entry name) as its allOf.
func (g *generator) addRules(o *object, name string, rules []any) {
	limit := g.opts.maxRules
	if limit <= 0 {
		limit = maxAllOf
	}
	for n := 0; len(rules) > limit; {
		var refs []any
		for i := 0; i < len(rules); i += limit {
			key := name + ".rules." + strconv.Itoa(n)
			n++
			g.ruleDefs = append(g.ruleDefs, member{key, object{
				{"description", fmt.Sprintf("A part of the rules of %s.", name)},
				{"type", "object"},
				{"$ref", g.ref(DefAny)},
				{"allOf", rules[i:min(i+limit, len(rules))]},
			}})
			refs = append(refs, object{{"$ref", g.ref(key)}})
		}
		rules = refs
	}
	o.add("allOf", rules)
}
