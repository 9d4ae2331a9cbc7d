package jsonschema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/gen"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/runtimemodel"
)

// OpenAPIVersion is the version of the OpenAPI Specification the OpenAPI
// output follows: 3.1, whose schemas are JSON Schema 2020-12.
const OpenAPIVersion = "3.1.0"

// OpenAPIDefaultFile is the name of the OpenAPI document when none is given.
const OpenAPIDefaultFile = "errors.openapi.json"

// componentsBase is where the OpenAPI document's schemas are.
const componentsBase = "#/components/schemas/"

// The fixed components of the OpenAPI document beside one schema and one
// response per error (named by its symbol) and one response per HTTP
// status (StatusResponse).
const (
	SchemaProblem      = "Problem"        // the members every problem document of the catalog has
	ResponseProblem    = "ProblemDetails" // any problem document of the catalog
	ResponsePlain      = "ErrorResponse"  // the plain {error, code, message, details} envelope
	HeaderRetryAfter   = "Retry-After"
	problemContentType = errgenrt.ProblemContentType
)

// StatusResponse returns the name of the response of an HTTP status: one
// of the problem documents of the errors that allow it.
func StatusResponse(status int) string { return "Problem" + strconv.Itoa(status) }

// GenerateOpenAPI returns the OpenAPI 3.1 document of in's catalog (its
// schemas in OpenAPI's default dialect, JSON Schema 2020-12 with the
// discriminator and externalDocs keywords, so it declares none): its
// components hold, for every error, the schema of its problem document
// and a response with the catalog's example; a response per HTTP status,
// a oneOf of the errors that allow it discriminated by type; the plain
// envelope; and the Retry-After header errgen's HTTP helpers send. It
// describes no path: a team's own document refers to its components.
func GenerateOpenAPI(in *gen.Input, opts Options) ([]gen.File, error) {
	m := in.Model
	name := opts.File
	if name == "" {
		name = OpenAPIDefaultFile
	}
	g := &generator{m: m, opts: opts, refBase: componentsBase}
	doc := g.openAPI(runtimemodel.Build(in))
	data := appendJSON(make([]byte, 0, 32768+len(m.Errors)*3072), doc, 0, 0)
	data = append(data, '\n')
	return []gen.File{{Path: name, Data: data}}, nil
}

func (g *generator) openAPI(rt *runtimemodel.Catalog) object {
	m := g.m
	g.prepare()
	header := gen.Header
	if g.opts.Source != "" {
		header += " Source: " + g.opts.Source
	}
	schemas := object{}
	responses := object{}
	for _, info := range g.errs {
		schemas.add(info.e.Symbol, g.errorProblem(info))
		responses.add(info.e.Symbol, g.errorResponseObject(info, rt))
	}
	for _, status := range g.statuses() {
		responses.add(StatusResponse(status), g.statusResponse(status))
	}
	responses.add(ResponseProblem, object{
		{"description", fmt.Sprintf("An error of the %s catalog, as an RFC 9457 problem document.", m.Name)},
		{"headers", object{{HeaderRetryAfter, object{{"$ref", "#/components/headers/" + HeaderRetryAfter}}}}},
		{"content", object{{problemContentType, object{{"schema", object{{"$ref", g.ref(DefProblemDetails)}}}}}}},
	})
	responses.add(ResponsePlain, object{
		{"description", fmt.Sprintf("An error of the %s catalog, as a plain response: {error: true, code: SYMBOL, message, details}.", m.Name)},
		{"content", object{{"application/json", object{{"schema", object{{"$ref", g.ref(DefErrorResponse)}}}}}}},
	})

	all := make([]*model.Error, len(g.errs))
	for i, info := range g.errs {
		all[i] = info.e
	}
	schemas.add(DefProblemDetails, append(object{{"description", fmt.Sprintf("An RFC 9457 problem document of an error of the %s catalog.", m.Name)}}, g.oneOfErrors(all)...))
	schemas.add(SchemaProblem, g.problemBase())
	schemas.add(DefErrorResponse, g.errorResponse())
	schemas.add(DefDebugInfo, debugInfo())
	schemas.add(DefEmptyDetails, object{
		{"description", "The details of an error that has none: an empty object."},
		{"type", "object"},
		{"maxProperties", 0},
	})
	for _, s := range m.Shapes {
		if def, ok := g.inline[s]; ok {
			schemas.add(ShapeDef(s), def)
			continue
		}
		schemas.add(ShapeDef(s), g.plainSchema(s.Schema.Source))
	}
	schemas = append(schemas, g.variants...)
	if len(g.ruleDefs) > 0 {
		schemas.add(DefAny, object{{"description", "Accepts any value: the parts of long rule lists refer to it."}})
		schemas = append(schemas, g.ruleDefs...)
	}

	info := object{
		{"title", fmt.Sprintf("%s errors", m.Name)},
		{"version", m.Version},
		{"description", fmt.Sprintf("The errors of the %s error catalog, version %s, as OpenAPI components: "+
			"a schema and a response per error (named by its symbol), a response per HTTP status (Problem404, …: "+
			"one of the problem documents of the errors that allow it, told apart by type), "+
			"ProblemDetails (any error of the catalog), ErrorResponse (the plain envelope) and the Retry-After header. "+
			"Refer to them from your own document: $ref: '%s#/components/responses/Problem404'.", m.Name, m.Version, OpenAPIDefaultFile)},
	}
	if m.Package.License != "" {
		info.add("license", object{{"name", m.Package.License}, {"identifier", m.Package.License}})
	}
	return object{
		{"x-errgen", header}, // first, so the header is on the file's second line
		{"openapi", OpenAPIVersion},
		{"info", info},
		{"servers", []any{object{{"url", "/"}, {"description", "The API that refers to these components: this document describes no path of its own."}}}},
		{"paths", object{}},
		{"components", object{
			{"schemas", schemas},
			{"responses", responses},
			{"headers", object{{HeaderRetryAfter, object{
				{"description", "How many seconds to wait before retrying: the problem document's retryAfterMs rounded up to whole seconds. errgen's HTTP helpers send it with every error that carries a retry delay."},
				{"schema", object{{"type", "integer"}, {"minimum", 0}}},
			}}}},
		}},
	}
}

// errorProblem is the schema of the problem document of one error: its
// type URI and symbol as consts, its allowed statuses, and its detail
// fields flattened as the wire has them.
func (g *generator) errorProblem(info *errInfo) object {
	e := info.e
	flat := g.flattened(info)
	detailProps, _ := flat.get("properties").(object)
	detailReq, _ := flat.get("required").([]string)
	properties := props(
		member{"type", typed("string", object{{"const", e.ProblemType}})},
		member{"status", typed("integer", statuses(e))},
		member{"symbol", typed("string", object{{"const", e.Symbol}})},
	)
	properties = append(properties, detailProps...)
	desc := e.Title + "."
	if sens := g.sensitiveFields(info); len(sens) > 0 {
		desc += fmt.Sprintf(" Sensitive: %s, written as %q unless the server shows sensitive values.", strings.Join(sens, ", "), Redacted)
	}
	o := object{
		{"title", e.Symbol},
		{"description", desc},
	}
	if e.Deprecated != nil {
		o.add("deprecated", true)
	}
	if docs := docsURL(e); docs != "" {
		o.add("externalDocs", object{{"description", "The error's page"}, {"url", docs}})
	}
	o.add("allOf", []any{object{{"$ref", g.ref(SchemaProblem)}}})
	o.add("type", "object")
	if len(detailReq) > 0 {
		o.add("required", detailReq)
	}
	o.add("properties", properties)
	return o
}

// problemBase is the schema of the members every problem document has.
func (g *generator) problemBase() object {
	return object{
		{"description", "The members of every problem document (RFC 9457, application/problem+json) errgen writes; an error's detail fields are flattened into it beside them, and caller extensions such as tool may follow."},
		{"type", "object"},
		{"required", []string{"type", "title", "status", "symbol"}},
		{"properties", props(
			member{"type", describe("The problem type URI.", object{{"type", "string"}})},
			member{"title", object{{"type", "string"}}},
			member{"status", describe("The HTTP status.", typed("integer", object{{"minimum", 400}, {"maximum", 599}}))},
			member{"detail", describe("The error's message.", object{{"type", "string"}})},
			member{"instance", describe("A URI reference naming this occurrence (urn:uuid:… by default).", object{{"type", "string"}})},
			member{"timestamp", object{{"type", "string"}, {"format", "date-time"}}},
			member{"symbol", describe("The error's symbol.", typed("string", object{{"pattern", symbolPattern}}))},
			member{"retryable", object{{"type", "boolean"}}},
			retryMember(), retryAfterMember(),
			member{"userMessage", describe("Text for end users (an extension member).", object{{"type", "string"}})},
			member{"suggestions", describe("Actionable suggestions (an extension member).", g.suggestions())},
			member{"debugInfo", object{{"$ref", g.ref(DefDebugInfo)}}},
		)},
	}
}

// sensitiveFields lists the top-level detail fields written redacted.
func (g *generator) sensitiveFields(info *errInfo) []string {
	if info.root == nil {
		return nil
	}
	props := info.root.Get("properties")
	if props == nil {
		return nil
	}
	var out []string
	for _, m := range props.Members {
		x := m.Value.Get("x-sensitive")
		if x != nil && x.Kind == catalog.Bool && x.Bool || slices.Contains(info.e.Sensitive, m.Key) {
			out = append(out, m.Key)
		}
	}
	return out
}

// docsURL is the error's docs page: its problem type URI when that is a
// web address (a catalog's problem_base is where its docs are published).
func docsURL(e *model.Error) string {
	if strings.HasPrefix(e.ProblemType, "https://") || strings.HasPrefix(e.ProblemType, "http://") {
		return e.ProblemType
	}
	return ""
}

// errorResponseObject is the response of one error: its problem document
// with the catalog's first example rendered as errgen's runtime writes it.
func (g *generator) errorResponseObject(info *errInfo, rt *runtimemodel.Catalog) object {
	e := info.e
	desc := fmt.Sprintf("%s (%s), HTTP %s.", e.Title, e.Symbol, joinInts(e.Statuses))
	if docs := docsURL(e); docs != "" {
		desc += fmt.Sprintf(" See [%s](%s).", e.Symbol, docs)
	}
	media := object{{"schema", object{{"$ref", g.ref(e.Symbol)}}}}
	if ex := example(e, rt); ex != nil {
		media.add("example", ex)
	}
	r := object{{"description", desc}}
	if e.Retry == errgenrt.RetryAfterDelay {
		r.add("headers", object{{HeaderRetryAfter, object{{"$ref", "#/components/headers/" + HeaderRetryAfter}}}})
	}
	r.add("content", object{{problemContentType, media}})
	return r
}

// example renders the problem document of e's first catalog example (or,
// without details, of the error itself) with the fixed example clock and
// instance; nil for an error with details and no example.
func example(e *model.Error, rt *runtimemodel.Catalog) any {
	var v any
	switch {
	case len(e.Examples) > 0:
		v = e.Examples[0].Value
	case e.Details != nil:
		return nil
	}
	o := gen.ExampleOptions()
	doc, err := decodeOrdered(rt.New(e, v).AppendProblem(nil, &o))
	if err != nil {
		return nil
	}
	return doc
}

// statuses returns every HTTP status some error allows, in order.
func (g *generator) statuses() []int {
	seen := map[int]bool{}
	var out []int
	for _, e := range g.m.Errors {
		for _, s := range e.Statuses {
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	sort.Ints(out)
	return out
}

// statusResponse is the response of one HTTP status: one of the problem
// documents of the errors that allow it, discriminated by type (by symbol
// where two of them share a type URI).
func (g *generator) statusResponse(status int) object {
	var errs []*model.Error
	for _, e := range g.m.Errors {
		if slices.Contains(e.Statuses, status) {
			errs = append(errs, e)
		}
	}
	symbols := make([]string, len(errs))
	retry := false
	for i, e := range errs {
		symbols[i] = e.Symbol
		retry = retry || e.Retry == errgenrt.RetryAfterDelay
	}
	schema := g.oneOfErrors(errs)
	text := http.StatusText(status)
	if text == "" {
		text = "HTTP " + strconv.Itoa(status)
	}
	r := object{{"description", fmt.Sprintf("%s: %s.", text, strings.Join(symbols, ", "))}}
	if retry {
		r.add("headers", object{{HeaderRetryAfter, object{{"$ref", "#/components/headers/" + HeaderRetryAfter}}}})
	}
	r.add("content", object{{problemContentType, object{{"schema", schema}}}})
	return r
}

// oneOfErrors is the schema of a problem document of one of errs: its
// schema for one error, else a oneOf discriminated by type (by symbol
// when two of them share a type URI).
func (g *generator) oneOfErrors(errs []*model.Error) object {
	if len(errs) == 1 {
		return object{{"$ref", g.ref(errs[0].Symbol)}}
	}
	prop := "type"
	uris := map[string]bool{}
	for _, e := range errs {
		if uris[e.ProblemType] {
			prop = "symbol"
		}
		uris[e.ProblemType] = true
	}
	refs := make([]any, len(errs))
	mapping := object{}
	for i, e := range errs {
		refs[i] = object{{"$ref", g.ref(e.Symbol)}}
		key := e.ProblemType
		if prop == "symbol" {
			key = e.Symbol
		}
		mapping.add(key, g.ref(e.Symbol))
	}
	return object{{"oneOf", refs}, {"discriminator", object{{"propertyName", prop}, {"mapping", mapping}}}}
}

func joinInts(vals []int) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = strconv.Itoa(v)
	}
	return strings.Join(parts, ", ")
}

// decodeOrdered decodes JSON into object, []any, string, bool,
// json.Number and nil, keeping the members' order.
func decodeOrdered(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return decodeValue(dec)
}

func decodeValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		if t == '{' {
			o := object{}
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				o.add(k.(string), v)
			}
			_, err := dec.Token()
			return o, err
		}
		a := []any{}
		for dec.More() {
			v, err := decodeValue(dec)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		_, err := dec.Token()
		return a, err
	}
	return tok, nil
}
