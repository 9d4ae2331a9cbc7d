package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/errgen/errgen/internal/catalog"
	"github.com/errgen/errgen/internal/diag"
	"github.com/errgen/errgen/internal/naming"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// keywords of JSON Schema 2020-12, by what their value is.
var (
	schemaKeywords = set("items", "contains", "additionalProperties", "propertyNames",
		"if", "then", "else", "not", "unevaluatedItems", "unevaluatedProperties", "contentSchema")
	schemaListKeywords = set("prefixItems", "allOf", "anyOf", "oneOf")
	schemaMapKeywords  = set("properties", "patternProperties", "dependentSchemas")
	valueKeywords      = set("$comment", "type", "const", "enum", "multipleOf", "maximum",
		"exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern",
		"maxItems", "minItems", "uniqueItems", "maxContains", "minContains", "maxProperties",
		"minProperties", "required", "dependentRequired", "title", "description", "default",
		"deprecated", "readOnly", "writeOnly", "examples", "format", "contentEncoding",
		"contentMediaType")
	unsupportedKeywords = set("$schema", "$id", "$anchor", "$dynamicRef", "$dynamicAnchor",
		"$vocabulary", "$defs", "definitions", "$recursiveRef", "$recursiveAnchor")
	extensionKeywords = set("x-verbose", "x-sensitive", "x-max-bytes", "x-sanitize")
	// uncheckedKeywords are the keywords of JSON Schema 2020-12 the
	// runtimes do not check a detail value against before they write it
	// (they check type, enum, const, pattern, format, the numeric bounds,
	// multipleOf, the length bounds, items, minItems, maxItems,
	// uniqueItems, properties, required and additionalProperties): a
	// detail schema may not hold them, since a payload could then break it.
	uncheckedKeywords = set("allOf", "anyOf", "oneOf", "not", "if", "then", "else", "prefixItems", "contains",
		"minContains", "maxContains", "unevaluatedItems", "unevaluatedProperties", "patternProperties",
		"propertyNames", "dependentRequired", "dependentSchemas", "minProperties", "maxProperties", "contentSchema")

	// the formats JSON Schema 2020-12 defines.
	knownFormats = set("date-time", "date", "time", "duration", "email", "idn-email",
		"hostname", "idn-hostname", "ipv4", "ipv6", "uri", "uri-reference", "iri",
		"iri-reference", "uuid", "uri-template", "json-pointer", "relative-json-pointer", "regex")

	supportedTypes = set("object", "string", "integer", "number", "boolean", "array")
	sanitizeKinds  = set("path", "uri", "text")
)

// SubschemaKind tells what a JSON Schema keyword's value holds.
type SubschemaKind int

// The kinds of keyword value.
const (
	NoSubschema   SubschemaKind = iota // plain data (type, enum, required, …)
	OneSubschema                       // a schema (items, not, if, …)
	SubschemaList                      // a list of schemas (allOf, prefixItems, …)
	SubschemaMap                       // a map of schemas (properties, …)
)

// KeywordSubschemas classifies a JSON Schema 2020-12 keyword by what its
// value holds, for the emitters that walk detail schemas as the model does.
func KeywordSubschemas(key string) SubschemaKind {
	switch {
	case schemaKeywords[key]:
		return OneSubschema
	case schemaListKeywords[key]:
		return SubschemaList
	case schemaMapKeywords[key]:
		return SubschemaMap
	}
	return NoSubschema
}

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

func sortedKeys(m map[string]bool) string { return strings.Join(sortedList(m), ", ") }

// uncheckedHint names what says what an unchecked keyword says, in a form
// the runtimes check.
func uncheckedHint(key string) string {
	switch key {
	case "anyOf", "oneOf", "allOf", "not", "if", "then", "else":
		return "enum, const, pattern, format or bounds on the value itself"
	case "prefixItems", "contains", "minContains", "maxContains", "unevaluatedItems":
		return "items, minItems, maxItems or uniqueItems"
	}
	return "properties, required and additionalProperties"
}

func sortedList(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// knownKeywords are the keywords a detail schema may hold, for "did you
// mean" hints.
var knownKeywords = func() []string {
	var all []string
	for _, m := range []map[string]bool{schemaKeywords, schemaListKeywords, schemaMapKeywords, valueKeywords, extensionKeywords} {
		all = append(all, sortedList(m)...)
	}
	all = append(all, "$ref")
	sort.Strings(all)
	return all
}()

// schemaParser turns detail-schema Values into [Schema] trees, reporting
// what errgen cannot generate code for. Refs are resolved by name afterwards.
type schemaParser struct {
	all    []*Schema // every schema node parsed, for checks after $ref resolution
	diags  *diag.List
	refs   []pendingRef
	broken map[*Shape]bool // shapes with a diagnostic of their own
}

type pendingRef struct {
	owner *Shape
	s     *Schema
	name  string
	pos   diag.Pos
}

// shape parses the schema of s, noting whether it is broken.
func (p *schemaParser) shape(s *Shape, v *catalog.Value) {
	before := len(*p.diags)
	cur := len(p.refs)
	s.Schema = p.parse(v)
	for i := cur; i < len(p.refs); i++ {
		p.refs[i].owner = s
	}
	if len(*p.diags) > before {
		p.broken[s] = true
	}
}

func (p *schemaParser) parse(v *catalog.Value) *Schema {
	s := &Schema{Source: v}
	if v.Kind == catalog.Bool {
		return s // true / false are valid subschemas: any value / no value
	}
	if v.Kind != catalog.Object {
		p.diags.Errorf(v.Pos, "a schema must be a mapping, got %s", v.Kind.Article())
		return s
	}
	for _, m := range v.Members {
		key, val := m.Key, m.Value
		switch {
		case key == "$ref":
			if val.Kind != catalog.String {
				p.diags.Errorf(val.Pos, "$ref must be a shape name, got %s", val.Kind.Article())
				continue
			}
			p.refs = append(p.refs, pendingRef{s: s, name: val.Str, pos: val.Pos})
		case key == "type":
			if val.Kind != catalog.String || !supportedTypes[val.Str] {
				p.diags.Errorf(val.Pos, "type must be one of %s (omit it for any JSON value)", sortedKeys(supportedTypes))
				continue
			}
			s.Type = val.Str
		case key == "properties":
			if val.Kind != catalog.Object {
				p.diags.Errorf(val.Pos, "properties must be a mapping of property schemas, got %s", val.Kind.Article())
				continue
			}
			for _, pm := range val.Members {
				s.Properties = append(s.Properties, &Property{Name: pm.Key, Pos: pm.KeyPos, Schema: p.parse(pm.Value)})
			}
		case key == "items":
			s.Items = p.parse(val)
		case key == "additionalProperties":
			if a := p.parse(val); val.Kind != catalog.Bool || val.Bool {
				s.Additional = a
			}
		case key == "enum":
			vals, ok := val.StringList()
			if !ok {
				p.diags.Errorf(val.Pos, "enum must be a list of strings")
				continue
			}
			s.Enum = vals
		case key == "format":
			if val.Kind == catalog.String && !knownFormats[val.Str] {
				p.diags.Errorf(val.Pos, "unknown format %q; want one of %s", val.Str, sortedKeys(knownFormats))
				continue
			}
			s.Format = val.Str
		case key == "description":
			s.Description = val.Str
		case key == "pattern":
			s.Pattern = val.Str
		case key == "minimum", key == "maximum":
			if val.Kind == catalog.Number {
				if key == "minimum" {
					s.Minimum = string(val.Num)
				} else {
					s.Maximum = string(val.Num)
				}
			}
		case key == "minLength", key == "maxLength":
			if val.Kind == catalog.Number && val.Int {
				n, _ := strconv.ParseInt(string(val.Num), 10, 64)
				if key == "minLength" {
					s.MinLength = &n
				} else {
					s.MaxLength = &n
				}
			}
		case key == "x-verbose", key == "x-sensitive":
			if val.Kind != catalog.Bool {
				p.diags.Errorf(val.Pos, "%s must be true or false", key)
				continue
			}
			if key == "x-verbose" {
				s.Verbose = val.Bool
			} else {
				s.Sensitive = val.Bool
			}
		case key == "x-max-bytes":
			n, err := strconv.ParseInt(string(val.Num), 10, 64)
			if val.Kind != catalog.Number || !val.Int || err != nil || n < 4 {
				p.diags.Errorf(val.Pos, "x-max-bytes must be an integer of at least 4")
				continue
			}
			s.MaxBytes = n
		case key == "x-sanitize":
			if val.Kind != catalog.String || !sanitizeKinds[val.Str] {
				p.diags.Errorf(val.Pos, "x-sanitize must be one of %s", sortedKeys(sanitizeKinds))
				continue
			}
			s.Sanitize = val.Str
		case strings.HasPrefix(key, "x-"):
			if near := naming.Closest(key, sortedList(extensionKeywords)); near != "" {
				p.diags.Errorf(m.KeyPos, "unknown extension keyword %q; did you mean %q?", key, near)
				continue
			}
			p.diags.Errorf(m.KeyPos, "unknown extension keyword %q; want one of %s", key, sortedKeys(extensionKeywords))
		case unsupportedKeywords[key]:
			p.diags.Errorf(m.KeyPos, "keyword %q is not supported in detail schemas (use $ref: NAME to reuse a shape)", key)
		case uncheckedKeywords[key]:
			p.diags.Errorf(m.KeyPos, "keyword %q: errgen's runtimes do not check a detail value against it, so a payload could break the schema; say it with %s, or split the error", key, uncheckedHint(key))
		case key == "multipleOf":
			if f, err := strconv.ParseFloat(string(val.Num), 64); val.Kind != catalog.Number || err != nil || f <= 0 || f != math.Trunc(f) {
				p.diags.Errorf(val.Pos, "multipleOf must be a positive integer: the readers of the wire disagree on fractions (0.3 is a multiple of 0.1 to one, not to another)")
			}
		case valueKeywords[key]:
		default:
			if near := naming.Closest(key, knownKeywords); near != "" {
				p.diags.Errorf(m.KeyPos, "unknown keyword %q in detail schema (not a JSON Schema 2020-12 keyword); did you mean %q?", key, near)
				continue
			}
			p.diags.Errorf(m.KeyPos, "unknown keyword %q in detail schema (not a JSON Schema 2020-12 keyword)", key)
		}
	}
	if req := v.Member("required"); req != nil {
		names, ok := req.Value.StringList()
		if !ok {
			p.diags.Errorf(req.Value.Pos, "required must be a list of property names")
		}
		for i, name := range names {
			prop := findProp(s.Properties, name)
			if prop == nil {
				p.diags.Errorf(req.Value.Items[i].Pos, "required names %q, which is not under properties", name)
				continue
			}
			prop.Required = true
		}
	}
	p.all = append(p.all, s)
	return s
}

// stringOrAny reports whether s, with $ref followed, is a string or untyped
// schema.
func stringOrAny(s *Schema) bool {
	r := s.Resolved()
	return r != nil && (r.Type == "" || r.Type == "string")
}

// describe names the kind of value a schema stands for, for messages.
func describe(s *Schema) string {
	r := s.Resolved()
	what := "an untyped value"
	switch r.Type {
	case "object", "array", "integer":
		what = "an " + r.Type
	case "string", "number", "boolean":
		what = "a " + r.Type
	}
	if s.Ref != nil {
		what += " (through $ref " + s.Ref.Name + ")"
	}
	return what
}

// checkExtensions checks the extension keywords that depend on a field's
// type, once every $ref is resolved.
func (p *schemaParser) checkExtensions() {
	for _, s := range p.all {
		v := s.Source
		if m := v.Member("enum"); m != nil && s.Ref != nil && len(s.Enum) > 0 {
			// the enums of a $ref chain all hold: some value must be in each
			common := s.Enum
			for t := s.Ref.Schema; t != nil; {
				if len(t.Enum) > 0 {
					common = slices.DeleteFunc(slices.Clone(common), func(x string) bool { return !slices.Contains(t.Enum, x) })
				}
				if t.Ref == nil {
					break
				}
				t = t.Ref.Schema
			}
			if len(common) == 0 {
				p.diags.Errorf(m.KeyPos, "enum shares no value with the enum of $ref %s: no value is valid; list values of both, or drop one enum", s.Ref.Name)
			}
		}
		p.checkBounds(s)
		if r := s.Resolved(); r != nil && (r.Type == "boolean" || r.Type == "array" || r.Type == "object") {
			for _, kw := range []string{"enum", "const"} {
				if m := v.Member(kw); m != nil {
					p.diags.Errorf(m.KeyPos, "keyword %q on %s field: errgen's runtimes check it on strings, numbers and untyped values only, so a payload could break the schema; drop it, or say it on the values inside", kw, describe(s))
				}
			}
		}
		if s.Sensitive && !stringOrAny(s) {
			p.diags.Errorf(v.Member("x-sensitive").KeyPos, "x-sensitive on %s field: only string or untyped fields can be redacted%s", describe(s), onItems(s))
		}
		if s.MaxBytes != 0 && !stringOrAny(s) {
			p.diags.Errorf(v.Member("x-max-bytes").KeyPos, "x-max-bytes on %s field: only strings are truncated%s", describe(s), onItems(s))
		}
		if s.Sanitize != "" && !stringOrAny(s) {
			p.diags.Errorf(v.Member("x-sanitize").KeyPos, "x-sanitize on %s field: only strings are sanitized%s", describe(s), onItems(s))
		} else if s.Sanitize != "" {
			if kw, why := sanitizeConflict(s); kw != "" {
				p.diags.Errorf(v.Member("x-sanitize").KeyPos, "x-sanitize: %s rewrites the value, which its %s may then refuse: %s; drop one of them", s.Sanitize, kw, why)
			}
		}
	}
	p.checkRequiredVerbose()
	p.checkItems()
}

// checkBounds refuses a lower bound above its upper one (minLength and
// maxLength, minItems and maxItems, minimum or exclusiveMinimum and
// maximum or exclusiveMaximum): no value keeps both, so the field could
// never be sent, and a required one would turn every occurrence of its
// error into the fallback. The keywords of s and of the shapes its $ref
// leads to apply together, as the runtimes read them; bounds that clash
// within those shapes alone are refused there, once.
func (p *schemaParser) checkBounds(s *Schema) {
	chain := []*Schema{s}
	for t := s; t.Ref != nil && t.Ref.Schema != nil && len(chain) < 1000; t = t.Ref.Schema {
		chain = append(chain, t.Ref.Schema)
	}
	low, high, why := clash(ResolveKeywords(chain...).Check)
	if low == "" {
		return
	}
	if l, _, _ := clash(ResolveKeywords(chain[1:]...).Check); l != "" {
		return
	}
	m := s.Source.Member(low)
	if m == nil {
		m = s.Source.Member(high)
	}
	if m == nil {
		return
	}
	with := ""
	if s.Ref != nil {
		with = " (with those of $ref " + s.Ref.Name + ")"
	}
	p.diags.Errorf(m.KeyPos, "%s%s: no value keeps both, so the field could never be sent; lower %s or raise %s", why, with, low, high)
}

// clash returns the first pair of bounds of c that no value keeps: the
// lower keyword, the upper one and why ("" when none clash).
func clash(c *Check) (low, high, why string) {
	if c == nil {
		return "", "", ""
	}
	counts := []struct {
		low, high string
		min, max  *int
	}{
		{"minLength", "maxLength", c.MinLength, c.MaxLength},
		{"minItems", "maxItems", c.MinItems, c.MaxItems},
	}
	for _, b := range counts {
		if b.min != nil && b.max != nil && *b.min > *b.max {
			return b.low, b.high, fmt.Sprintf("%s %d is above %s %d", b.low, *b.min, b.high, *b.max)
		}
	}
	numbers := []struct {
		low, high string
		min, max  *json.Number
		open      bool // either bound exclusive: equal bounds clash too
	}{
		{"minimum", "maximum", c.Minimum, c.Maximum, false},
		{"exclusiveMinimum", "maximum", c.ExclusiveMinimum, c.Maximum, true},
		{"minimum", "exclusiveMaximum", c.Minimum, c.ExclusiveMaximum, true},
		{"exclusiveMinimum", "exclusiveMaximum", c.ExclusiveMinimum, c.ExclusiveMaximum, true},
	}
	for _, b := range numbers {
		if b.min == nil || b.max == nil {
			continue
		}
		lo, ok1 := new(big.Rat).SetString(string(*b.min))
		hi, ok2 := new(big.Rat).SetString(string(*b.max))
		if !ok1 || !ok2 {
			continue
		}
		if lo.Cmp(hi) > 0 {
			return b.low, b.high, fmt.Sprintf("%s %s is above %s %s", b.low, *b.min, b.high, *b.max)
		}
		if b.open && lo.Cmp(hi) == 0 {
			return b.low, b.high, fmt.Sprintf("%s %s is not below %s %s", b.low, *b.min, b.high, *b.max)
		}
	}
	return "", "", ""
}

// onItems suggests, for a keyword on an array, putting it on the items.
func onItems(s *Schema) string {
	if r := s.Resolved(); r != nil && r.Type == "array" {
		return "; put it on items, which it then applies to"
	}
	return ""
}

// checkItems refuses what an array's items cannot have: x-verbose (an
// item cannot be left out) and, in an array with uniqueItems, redaction or
// scrubbing, which could make two items alike.
func (p *schemaParser) checkItems() {
	for _, s := range p.all {
		if s.Items == nil {
			continue
		}
		if m := s.Items.Source.Member("x-verbose"); m != nil && s.Items.Verbose {
			p.diags.Errorf(m.KeyPos, "x-verbose on items: an item cannot be left out of its array; put x-verbose on the array's property")
		}
		if v := s.Source.Get("uniqueItems"); v != nil && v.Kind == catalog.Bool && v.Bool {
			for _, kw := range []string{"x-sensitive", "x-sanitize"} {
				if m := s.Items.Source.Member(kw); m != nil && (kw == "x-sanitize" || s.Items.Sensitive) {
					p.diags.Errorf(m.KeyPos, "%s on the items of an array with uniqueItems: redacted or scrubbed items may come out alike, which uniqueItems refuses; drop one of them", kw)
				}
			}
		}
	}
}

func findProp(props []*Property, name string) *Property {
	for _, p := range props {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// WireJSON returns the JSON form of a detail schema for validators: errgen's
// extension keywords removed and each $ref rewritten by ref.
func WireJSON(v *catalog.Value, ref func(name string) string) any {
	return wireSchema(v, ref)
}

func wireSchema(v *catalog.Value, ref func(string) string) any {
	if v.Kind != catalog.Object {
		return v.JSON()
	}
	out := make(map[string]any, len(v.Members))
	for _, m := range v.Members {
		key, val := m.Key, m.Value
		switch {
		case strings.HasPrefix(key, "x-"):
		case key == "$ref" && val.Kind == catalog.String:
			out[key] = ref(val.Str)
		case schemaKeywords[key]:
			out[key] = wireSchema(val, ref)
		case schemaListKeywords[key] && val.Kind == catalog.Array:
			items := make([]any, len(val.Items))
			for i, it := range val.Items {
				items[i] = wireSchema(it, ref)
			}
			out[key] = items
		case schemaMapKeywords[key] && val.Kind == catalog.Object:
			props := make(map[string]any, len(val.Members))
			for _, pm := range val.Members {
				props[pm.Key] = wireSchema(pm.Value, ref)
			}
			out[key] = props
		default:
			out[key] = val.JSON()
		}
	}
	return out
}

// validators compiles detail shapes with a JSON Schema 2020-12 compiler and
// validates examples, mapping every failure back to a catalog position.
type validators struct {
	diags    *diag.List
	compiler *jsonschema.Compiler
	byURL    map[string]*Shape // resource URL -> shape
	cache    *compileCache
	printer  *message.Printer
}

// compileCache holds the compilations of shapes, shared by the validators
// of the workers that check a catalog's errors side by side: a compiled
// schema only reads, so one worker's compilation serves every worker, and
// each shape is compiled once however many workers meet it.
type compileCache struct {
	mu    sync.Mutex
	shape map[*Shape]*compilation
	same  map[string]*compilation // wire schema of an inline shape -> its compilation
}

// compilation is a shape being compiled by one worker; done is closed when
// sch is set (nil: the shape does not compile).
type compilation struct {
	done chan struct{}
	sch  *jsonschema.Schema
}

func newCompileCache() *compileCache {
	return &compileCache{shape: map[*Shape]*compilation{}, same: map[string]*compilation{}}
}

const shapeURLBase = "errgen:///"

func shapeURL(s *Shape) string {
	if s.Inline {
		return shapeURLBase + "inline/" + url.PathEscape(s.Owner.Symbol) + ".json"
	}
	return shapeURLBase + "details/" + url.PathEscape(s.Name) + ".json"
}

// newValidators returns validators reporting into diags; cache, shared
// with other validators of the same shapes, may be nil.
func newValidators(diags *diag.List, byURL map[string]*Shape, cache *compileCache) *validators {
	if cache == nil {
		cache = newCompileCache()
	}
	vs := &validators{
		diags:    diags,
		compiler: jsonschema.NewCompiler(),
		byURL:    byURL,
		cache:    cache,
		printer:  message.NewPrinter(language.English),
	}
	vs.compiler.DefaultDraft(jsonschema.Draft2020)
	assertFormats(vs.compiler)
	vs.compiler.UseLoader(shapeLoader(byURL))
	return vs
}

func shapeRef(name string) string { return shapeURLBase + "details/" + url.PathEscape(name) + ".json" }

// shapeLoader hands the compiler the wire form of a shape on demand and
// refuses every other URL: detail schemas may only refer to each other.
type shapeLoader map[string]*Shape

func (l shapeLoader) Load(u string) (any, error) {
	if s := l[u]; s != nil {
		return WireJSON(s.Schema.Source, shapeRef), nil
	}
	return nil, fmt.Errorf("cannot load %s: only $ref to shapes under details is supported", u)
}

// schema returns the compiled shape, compiling it the first time; nil when
// it does not compile (reported, once, by the worker compiling it). A
// worker asking for a shape another is compiling waits for it.
func (vs *validators) schema(s *Shape) *jsonschema.Schema {
	c := vs.cache
	c.mu.Lock()
	if p, ok := c.shape[s]; ok {
		c.mu.Unlock()
		<-p.done
		return p.sch
	}
	p := &compilation{done: make(chan struct{})}
	c.shape[s] = p
	c.mu.Unlock()
	p.sch = vs.compile(s)
	close(p.done)
	return p.sch
}

// compile compiles s and reports a schema error. An inline shape whose
// wire schema is that of one compiled before takes its compilation: a large
// catalog repeats a few layouts of details many times, and compiling, which
// validates the schema against the meta-schema, was most of the time spent
// on examples. Only sound compilations are shared, so each broken shape
// reports its own errors at its own positions.
func (vs *validators) compile(s *Shape) *jsonschema.Schema {
	key := ""
	if s.Inline {
		key = sameKey(s)
	}
	if key != "" {
		c := vs.cache
		c.mu.Lock()
		p, ok := c.same[key]
		if !ok {
			p = &compilation{done: make(chan struct{})}
			c.same[key] = p
		}
		c.mu.Unlock()
		if ok {
			if <-p.done; p.sch != nil {
				return p.sch
			}
			return vs.compileOwn(s) // the layout is broken: report it here too
		}
		p.sch = vs.compileOwn(s)
		close(p.done)
		return p.sch
	}
	return vs.compileOwn(s)
}

// compileOwn compiles s with the validators' compiler, reporting its errors.
func (vs *validators) compileOwn(s *Shape) *jsonschema.Schema {
	sch, err := vs.compiler.Compile(shapeURL(s))
	if err != nil {
		vs.report(s, err)
		return nil
	}
	regexFormats(sch)
	return sch
}

// sameKey is the wire schema of s as JSON (object keys sorted), or "" when
// the schema holds a keyword besides $ref that names or places resources
// ($id, $anchor, $schema, …): its compilation then depends on its URL.
func sameKey(s *Shape) string {
	b, err := json.Marshal(WireJSON(s.Schema.Source, shapeRef))
	if err != nil || bytes.Count(b, []byte(`"$`)) != bytes.Count(b, []byte(`"$ref"`)) {
		return ""
	}
	return string(b)
}

func (vs *validators) report(s *Shape, err error) {
	var sve *jsonschema.SchemaValidationError
	var rxe *jsonschema.InvalidRegexError
	switch {
	case errors.As(err, &sve):
		var src *catalog.Value
		if owner := vs.byURL[strings.SplitN(sve.URL, "#", 2)[0]]; owner != nil {
			src = owner.Schema.Source
		}
		var ve *jsonschema.ValidationError
		if src == nil || !errors.As(sve.Err, &ve) {
			vs.diags.Errorf(s.Pos, "detail shape %q is not valid JSON Schema: %v", s.Name, sve.Err)
			return
		}
		for _, leaf := range leaves(ve) {
			at := src.At(leaf.InstanceLocation)
			if k, ok := leaf.ErrorKind.(*kind.Format); ok && k.Want == "regex" && k.Err != nil {
				// a pattern, which the meta-schema reads with RegexpEngine
				vs.diags.Errorf(at.Pos, "invalid pattern %q: %v", k.Got, k.Err)
				continue
			}
			vs.diags.Errorf(at.Pos, "invalid detail schema at %s: %s", pointer(leaf.InstanceLocation), leaf.ErrorKind.LocalizedString(vs.printer))
		}
	case errors.As(err, &rxe):
		parts := strings.SplitN(rxe.URL, "#", 2)
		pos := s.Pos
		if owner := vs.byURL[parts[0]]; owner != nil && len(parts) == 2 {
			pos = owner.Schema.Source.At(splitPointer(parts[1])).Pos
		}
		vs.diags.Errorf(pos, "invalid pattern %q: %v", rxe.Regex, rxe.Err)
	default:
		vs.diags.Errorf(s.Pos, "detail shape %q does not compile: %s", s.Name, strings.ReplaceAll(err.Error(), shapeURLBase, ""))
	}
}

// validate checks one example (ex, in its JSON form v) against its compiled
// shape.
func (vs *validators) validate(sch *jsonschema.Schema, e *Error, i int, ex *catalog.Value, v any) {
	err := sch.Validate(v)
	if err == nil {
		return
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		vs.diags.Errorf(ex.Pos, "example %d of %s: %v", i+1, e.Symbol, err)
		return
	}
	for _, leaf := range leaves(ve) {
		at := ex.At(leaf.InstanceLocation)
		vs.diags.Errorf(at.Pos, "example %d of %s does not match its details at %s: %s", i+1, e.Symbol, pointer(leaf.InstanceLocation), leaf.ErrorKind.LocalizedString(vs.printer))
	}
}

// failures validates v against sch and returns each failure as
// "POINTER: reason"; none when v matches.
func (vs *validators) failures(sch *jsonschema.Schema, v any) []string {
	err := sch.Validate(v)
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []string{err.Error()}
	}
	var out []string
	for _, leaf := range leaves(ve) {
		out = append(out, pointer(leaf.InstanceLocation)+": "+leaf.ErrorKind.LocalizedString(vs.printer))
	}
	sort.Strings(out) // the validator's order follows map iteration
	return out
}

func leaves(ve *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(ve.Causes) == 0 {
		return []*jsonschema.ValidationError{ve}
	}
	var out []*jsonschema.ValidationError
	for _, c := range ve.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}

func pointer(tokens []string) string {
	if len(tokens) == 0 {
		return "/"
	}
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1"))
	}
	return b.String()
}

func splitPointer(ptr string) []string {
	ptr = strings.TrimPrefix(ptr, "/")
	if ptr == "" {
		return nil
	}
	toks := strings.Split(ptr, "/")
	for i, t := range toks {
		if u, err := url.PathUnescape(t); err == nil {
			t = u
		}
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	return toks
}

// builtinFieldErrors is the built-in field_errors shape.
func builtinFieldErrors() *catalog.Value {
	str := func(s string) *catalog.Value { return &catalog.Value{Kind: catalog.String, Str: s} }
	obj := func(members ...catalog.Member) *catalog.Value {
		return &catalog.Value{Kind: catalog.Object, Members: members}
	}
	mem := func(k string, v *catalog.Value) catalog.Member { return catalog.Member{Key: k, Value: v} }
	return obj(
		mem("description", str("Validation failures aggregated by field.")),
		mem("type", str("object")),
		mem("required", &catalog.Value{Kind: catalog.Array, Items: []*catalog.Value{str("fieldErrors"), str("totalErrors")}}),
		mem("properties", obj(
			mem("fieldErrors", obj(
				mem("description", str("Messages for each invalid field.")),
				mem("type", str("object")),
				mem("additionalProperties", obj(
					mem("type", str("array")),
					mem("items", obj(mem("type", str("string")))),
				)),
			)),
			mem("totalErrors", obj(
				mem("description", str("Number of messages in fieldErrors.")),
				mem("type", str("integer")),
				mem("minimum", &catalog.Value{Kind: catalog.Number, Num: json.Number("0"), Int: true}),
			)),
		)),
	)
}
