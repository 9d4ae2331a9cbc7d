// Package facts is the language-neutral description of a catalog that
// every runtime writes its payloads from: each error's codes, names,
// statuses and templates, and each detail schema as a tree of nodes with
// every keyword resolved — errgen's extension keywords, the constraints
// the runtimes check, how a minimal payload shortens a value, and the
// value a required field that breaks its schema is written as — beside the
// constants the runtimes share (the redaction marker, the bounds of the
// wire, the members a payload writes itself).
//
// errgen builds the facts once per run from the model (Build), every
// keyword already resolved there (model.ResolveKeywords), and hands them
// with the model to every output (gen.Input): the Go emitter writes them
// as errgenrt tables, the TypeScript, Rust and Python emitters as theirs,
// internal/runtimemodel turns them into an errgenrt catalog for the
// conformance vectors and the docs, and the facts output
// (internal/gen/factsfile, `errgen generate -facts`) writes them as JSON
// (schema/facts.schema.json) for a runtime written by hand.
//
// Beside what the JSON holds, the facts resolve the language-neutral kind
// of every schema node (Kind: a string, an enum, an array of items, an
// object of declared properties, a map, the built-in field_errors, …),
// which the Go, Rust, TypeScript and Python emitters declare their types
// from, each in its language, rather than each reading the schemas anew.
package facts

import (
	"encoding/json"
	"math"
	"sort"
	"strconv"
	"sync/atomic"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/tmpl"
)

// Format is the version of the facts' JSON form.
const Format = 2

// FieldErrors is the name of the built-in shape.
const FieldErrors = "field_errors"

// Catalog is the facts of one catalog.
type Catalog struct {
	Format        int     `json:"facts"`
	Name          string  `json:"name"`
	Version       string  `json:"version"`
	SchemaVersion int     `json:"schemaVersion"`
	Limits        Limits  `json:"limits"`
	Fallback      string  `json:"fallback"` // the symbol of the error any other error becomes
	Rules         Rules   `json:"rules"`
	Shapes        []Shape `json:"shapes"` // the object shapes nodes name, by name
	Errors        []Error `json:"errors"` // by code

	// kinds are the kinds of every schema node of the model's shapes, for
	// the emitters (Kind); not part of the JSON.
	kinds kinds
}

// Limits are the catalog's payload bounds.
type Limits struct {
	MaxDataBytes   int `json:"maxDataBytes"`
	MaxStringBytes int `json:"maxStringBytes"`
	MaxSuggestions int `json:"maxSuggestions"`
}

// Rules are the constants of the wire every runtime shares, from errgenrt.
// The runtimes read them from the facts; where one writes a constant as a
// literal instead (a precompiled expression, a doc comment),
// TestRuntimeLiterals holds the literal to its source here or in errgenrt.
type Rules struct {
	Redacted           string   `json:"redacted"`
	MinimalStringBytes []int    `json:"minimalStringBytes"`
	DebugStringBytes   int      `json:"debugStringBytes"`
	ErrorChainEntries  int      `json:"errorChainEntries"`
	UntypedDepth       int      `json:"untypedDepth"`
	MinMaxDataBytes    int      `json:"minMaxDataBytes"`
	MinMaxStringBytes  int      `json:"minMaxStringBytes"`
	MaxRetryAfterMs    int      `json:"maxRetryAfterMs"`
	ProblemMembers     []string `json:"problemMembers"`
	JSONRPCDataMembers []string `json:"jsonrpcDataMembers"`
}

// Shape is a named object shape: nodes of type object name it rather than
// repeat it (shapes may contain themselves).
type Shape struct {
	Name string `json:"name"`
	Node *Node  `json:"node"`
}

// Error is one error of the catalog.
type Error struct {
	Symbol          string     `json:"symbol"`
	Aliases         []string   `json:"aliases,omitempty"`
	Code            int64      `json:"code"`
	WireCode        int64      `json:"wireCode"`
	Type            string     `json:"type"`
	Domain          string     `json:"domain"`
	Title           string     `json:"title"`
	ProblemType     string     `json:"problemType"`
	Statuses        []int      `json:"statuses"`
	Retryable       bool       `json:"retryable"`
	Retry           string     `json:"retry"`                  // never, after_change or after_delay
	RetryAfterMs    int64      `json:"retryAfterMs,omitempty"` // the default retry delay; absent: none
	Throttling      bool       `json:"throttling,omitempty"`
	Deprecated      bool       `json:"deprecated,omitempty"`
	ReplacedBy      string     `json:"replacedBy,omitempty"`
	ToolErrorsAsRPC bool       `json:"toolErrorsAsRpc,omitempty"`
	NeedsDetails    bool       `json:"needsDetails,omitempty"` // its empty details break their schema
	Details         *Node      `json:"details,omitempty"`      // an object node; absent: none
	Sensitive       []string   `json:"sensitive,omitempty"`    // top-level fields its sensitive list redacts
	Message         Template   `json:"message"`
	UserMessage     *Template  `json:"userMessage,omitempty"`
	Suggestions     []Template `json:"suggestions,omitempty"`
}

// Template is a template as the catalog writes it, and parsed: literal
// text and {field} placeholders ({{ and }} already literal braces).
type Template struct {
	Source string `json:"source"`
	Parts  []Part `json:"parts"`
}

// Part is one part of a template: literal Text, or the placeholder of a
// top-level detail Field.
type Part struct {
	Text  string `json:"text,omitempty"`
	Field string `json:"field,omitempty"`
}

// Node is one node of a detail schema (see errgenrt.Node, which it
// describes field for field).
type Node struct {
	Type string `json:"type"` // string, integer, number, boolean, array, object or any
	// Shape names the object shape (Shapes) of an object node that is one;
	// an object node without it declares its Properties here.
	Shape                string     `json:"shape,omitempty"`
	Properties           []Property `json:"properties,omitempty"`
	AdditionalProperties *Node      `json:"additionalProperties,omitempty"` // object: its other members; absent: none are written
	Trim                 bool       `json:"trim,omitempty"`                 // object: a minimal payload leaves its optional properties out
	Items                *Node      `json:"items,omitempty"`                // array
	Keep                 int        `json:"keep,omitempty"`                 // array: the items a minimal payload keeps (-1: all)

	Sensitive bool   `json:"sensitive,omitempty"`
	Verbose   bool   `json:"verbose,omitempty"`
	Sanitize  string `json:"sanitize,omitempty"` // path, uri or text
	MaxBytes  int    `json:"maxBytes,omitempty"`
	Exact     bool   `json:"exact,omitempty"`

	Check *Check `json:"check,omitempty"`
	// Replacement is the value a required property of this node that
	// breaks its checks is written as; absent: none.
	Replacement *json.RawMessage `json:"replacement,omitempty"`

	// Kind is the language-neutral type of the node's value (Catalog.Kind
	// of the schema it is made from; an error's details and a shape have
	// their shape's): what the emitters read, never written to the JSON,
	// so that the facts file and the runtimes' embedded facts stay as
	// they are.
	Kind *Kind `json:"-"`
}

// Property is one declared property of an object node.
type Property struct {
	Name     string `json:"name"`
	Required bool   `json:"required,omitempty"`
	Node     *Node  `json:"node"`
}

// Check is what a node's schema requires of a value, each keyword applying
// to the values of its type (see errgenrt.Check), as the model resolves it.
type Check = model.Check

// ChecksPatterns reports whether a node of the facts checks a pattern or
// a format: a runtime then needs a regular expression engine (the Rust
// crate depends on one only then).
func (c *Catalog) ChecksPatterns() bool {
	var visit func(n *Node) bool
	visit = func(n *Node) bool {
		if n == nil {
			return false
		}
		if n.Check != nil && (len(n.Check.Patterns) > 0 || len(n.Check.Formats) > 0) {
			return true
		}
		if visit(n.Items) || visit(n.AdditionalProperties) {
			return true
		}
		for _, p := range n.Properties {
			if visit(p.Node) {
				return true
			}
		}
		return false
	}
	for _, s := range c.Shapes {
		if visit(s.Node) {
			return true
		}
	}
	for _, e := range c.Errors {
		if visit(e.Details) {
			return true
		}
	}
	return false
}

// RuleValues returns the shared constants as errgenrt defines them.
func RuleValues() Rules {
	return Rules{
		Redacted:           errgenrt.Redacted,
		MinimalStringBytes: errgenrt.MinimalStringBytes[:],
		DebugStringBytes:   errgenrt.DebugStringBytes,
		ErrorChainEntries:  errgenrt.ErrorChainEntries,
		UntypedDepth:       errgenrt.UntypedDepth,
		MinMaxDataBytes:    errgenrt.MinMaxDataBytes,
		MinMaxStringBytes:  errgenrt.MinMaxStringBytes,
		MaxRetryAfterMs:    errgenrt.MaxRetryAfterMs,
		ProblemMembers:     errgenrt.ProblemMembers(),
		JSONRPCDataMembers: errgenrt.JSONRPCDataMembers(),
	}
}

// builds counts the runs of Build in this process (BuildCount).
var builds atomic.Uint64

// BuildCount returns how many times Build has run in this process: a run
// of errgen builds the facts once and hands them to every output
// (gen.Input), which the CLI's tests hold it to.
func BuildCount() uint64 { return builds.Load() }

// Build returns the facts of m.
func Build(m *model.Catalog) *Catalog {
	builds.Add(1)
	b := &builder{m: m, shapes: map[string]*Node{}, sensitive: map[*model.Error]bool{}, kinds: resolveKinds(m)}
	c := &Catalog{
		Format:        Format,
		Name:          m.Name,
		Version:       m.Version,
		SchemaVersion: m.SchemaVersion,
		Limits:        Limits{m.Limits.MaxDataBytes, m.Limits.MaxStringBytes, m.Limits.MaxSuggestions},
		Rules:         RuleValues(),
		Shapes:        []Shape{},
		Errors:        []Error{},
		kinds:         b.kinds,
	}
	if m.Fallback != nil {
		c.Fallback = m.Fallback.Symbol
	}
	for _, e := range m.Errors {
		c.Errors = append(c.Errors, b.error(e))
	}
	b.replacements(m)
	names := make([]string, 0, len(b.shapes))
	for name := range b.shapes {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		c.Shapes = append(c.Shapes, Shape{Name: name, Node: b.shapes[name]})
	}
	return c
}

type builder struct {
	m      *model.Catalog
	shapes map[string]*Node // named object shapes, by name
	// required are the nodes of required properties, with where they sit,
	// for their replacements.
	required  []*requiredNode
	sensitive map[*model.Error]bool
	kinds     kinds // the kinds of the schema nodes, each node's Kind
}

type requiredNode struct {
	node  *Node
	shape string   // the shape the path starts at ("" for an error's inline details)
	owner string   // the error of inline details
	path  []string // property names and "*" for items, from the shape's root
}

func (b *builder) error(e *model.Error) Error {
	out := Error{
		Symbol:          e.Symbol,
		Aliases:         e.AliasSymbols(),
		Code:            e.Code,
		WireCode:        e.WireCode,
		Type:            e.Type,
		Domain:          e.Domain.Name,
		Title:           e.Title,
		ProblemType:     e.ProblemType,
		Statuses:        append([]int(nil), e.Statuses...),
		Retryable:       e.Retryable,
		Retry:           string(e.Retry),
		RetryAfterMs:    e.RetryAfterMs,
		Throttling:      e.Throttling,
		Deprecated:      e.Deprecated != nil,
		ToolErrorsAsRPC: e.MCPToolErrors == model.ToolErrorsError,
		NeedsDetails:    !e.EmptyDetailsValid,
		Message:         template(e.Message),
	}
	if e.Deprecated != nil && e.Deprecated.ReplacedBy != nil {
		out.ReplacedBy = e.Deprecated.ReplacedBy.Symbol
	}
	if e.UserMessage != nil {
		t := template(e.UserMessage)
		out.UserMessage = &t
	}
	for _, s := range e.Suggestions {
		out.Suggestions = append(out.Suggestions, template(s))
	}
	if e.Details != nil {
		out.Details = b.details(e)
		// the error's sensitive list beyond the fields the schema marks
		r := e.Details.Schema.Resolved()
		for _, name := range e.Sensitive {
			if p := r.Property(name); p == nil || !p.Schema.Sensitive {
				out.Sensitive = append(out.Sensitive, name)
			}
		}
	}
	return out
}

func template(t *tmpl.Template) Template {
	out := Template{Source: t.Source, Parts: []Part{}}
	for _, p := range t.Parts {
		if p.Field != "" {
			out.Parts = append(out.Parts, Part{Field: p.Field})
		} else if p.Literal != "" {
			out.Parts = append(out.Parts, Part{Text: p.Literal})
		}
	}
	return out
}

// details returns the node of e's details: its shape's, named, or its
// inline object.
func (b *builder) details(e *model.Error) *Node {
	s := e.Details
	for s.Schema.Ref != nil && !s.Builtin {
		s = s.Schema.Ref
	}
	if !s.Inline { // a named shape, the built-in field_errors among them
		b.shape(s)
		return &Node{Type: "object", Shape: s.Name, Kind: b.kinds.of(s.Schema)}
	}
	n := &Node{Kind: b.kinds.of(s.Schema)}
	b.fill(n, s.Schema, []*model.Schema{s.Schema}, "", e.Symbol, nil, 0)
	if n.Type != "object" { // a root of any other schema: an object of what it has
		n.Type = "object"
	}
	return n
}

// shape declares the named object shape s, once.
func (b *builder) shape(s *model.Shape) {
	if _, ok := b.shapes[s.Name]; ok {
		return
	}
	n := &Node{Kind: b.kinds.of(s.Schema)}
	b.shapes[s.Name] = n // before its properties: it may contain itself
	b.fill(n, s.Schema, []*model.Schema{s.Schema}, s.Name, "", nil, 0)
	n.Type = "object"
}

// node returns the node of schema s, the value of a property or an item,
// at path from shape (or the inline details of owner).
func (b *builder) node(s *model.Schema, shape, owner string, path []string, depth int) *Node {
	if depth > 64 {
		return &Node{Type: "any", Kind: b.kinds.of(s)}
	}
	// a $ref to an object shape names it; to another shape, the target's
	// keywords and the referring nodes' apply together
	var chain []*model.Schema
	verbose := false // x-verbose anywhere along the $ref chain
	r := s
	for r.Ref != nil {
		verbose = verbose || r.Verbose
		chain = append(chain, r)
		t := r.Ref
		if t.Builtin { // field_errors, from its schema as every shape (model.Shape.Builtin)
			b.shape(t)
			return &Node{Type: "object", Shape: FieldErrors, Verbose: verbose || t.Schema.Verbose, Kind: b.kinds.of(s)}
		}
		if res := t.Schema.Resolved(); res != nil && res.Type == "object" && len(res.Properties) > 0 {
			for t.Schema.Ref != nil && !t.Schema.Ref.Builtin {
				t = t.Schema.Ref
			}
			b.shape(t)
			return &Node{Type: "object", Shape: t.Name, Verbose: verbose || t.Schema.Verbose, Kind: b.kinds.of(s)}
		}
		r = t.Schema
	}
	chain = append(chain, r)
	n := &Node{Kind: b.kinds.of(s)}
	b.fill(n, s, chain, shape, owner, path, depth)
	return n
}

// fill makes n the node of schema s, whose keywords are those of chain
// (s's own and those of the shapes its $ref leads to), as the model
// resolves them.
func (b *builder) fill(n *Node, s *model.Schema, chain []*model.Schema, shape, owner string, path []string, depth int) {
	r := s.Resolved()
	n.Type = r.Type
	if n.Type == "" {
		n.Type = "any"
	}
	k := model.ResolveKeywords(chain...)
	n.Check, n.Sensitive, n.Verbose, n.Sanitize, n.MaxBytes = k.Check, k.Sensitive, k.Verbose, k.Sanitize, k.MaxBytes
	switch n.Type {
	case "string", "any":
		n.Exact = model.Exact(s)
	case "array":
		n.Keep = model.KeepItems(s)
		if r.Items != nil {
			n.Items = b.node(r.Items, shape, owner, append(path, "*"), depth+1)
		} else {
			n.Items = &Node{Type: "any", Kind: &Kind{}} // an array without items: items of any value
		}
		if model.Exact(s) {
			exactStrings(n.Items)
		}
	case "object":
		n.Trim = model.Trimmable(r)
		for _, p := range r.Properties {
			at := append(append([]string(nil), path...), p.Name)
			pn := b.node(p.Schema, shape, owner, at, depth+1)
			n.Properties = append(n.Properties, Property{Name: p.Name, Required: p.Required, Node: pn})
			if p.Required && pn.Shape == "" {
				b.required = append(b.required, &requiredNode{node: pn, shape: shape, owner: owner, path: at})
			}
		}
		if r.Additional != nil {
			n.AdditionalProperties = b.node(r.Additional, shape, owner, append(path, "+"), depth+1)
			if len(r.Properties) == 0 && model.Exact(s) {
				exactStrings(n.AdditionalProperties)
			}
		} else if len(r.Properties) == 0 && !k.Closed {
			// an object without properties: any members
			n.AdditionalProperties = &Node{Type: "any", Exact: model.Exact(s), Kind: &Kind{}}
		}
	}
}

// exactStrings marks the strings of n exact: its schema's parent
// constrains them.
func exactStrings(n *Node) {
	switch n.Type {
	case "string", "any":
		n.Exact = true
	case "array":
		exactStrings(n.Items)
	}
}

// replacements sets the Replacement of each node of a required property:
// the first value of its empty value, its const, its first enum value, the
// catalog's examples' values there, and its bounds, that passes its checks.
func (b *builder) replacements(m *model.Catalog) {
	rt := Runtime(&Catalog{Shapes: b.shapeList()}) // the shapes as errgenrt nodes
	for _, r := range b.required {
		if r.node.Check == nil && r.node.Type != "object" && r.node.Type != "array" {
			continue // any value of its type passes
		}
		node := rt.node(r.node)
		for _, cand := range b.candidates(m, r) {
			if node.Valid(cand) {
				raw, _ := json.Marshal(cand)
				msg := json.RawMessage(raw)
				r.node.Replacement = &msg
				break
			}
		}
	}
}

func (b *builder) shapeList() []Shape {
	var out []Shape
	for name, n := range b.shapes {
		out = append(out, Shape{Name: name, Node: n})
	}
	return out
}

// candidates returns the values a required node may be replaced by, in
// the order they are tried.
func (b *builder) candidates(m *model.Catalog, r *requiredNode) []any {
	n := r.node
	var out []any
	switch n.Type {
	case "string":
		out = append(out, "")
	case "integer", "number":
		out = append(out, json.Number("0"))
	case "boolean":
		out = append(out, false)
	case "array":
		out = append(out, []any{})
	case "object":
		out = append(out, map[string]any{})
	case "any":
		out = append(out, nil)
	}
	if c := n.Check; c != nil {
		if c.Const != nil {
			var v any
			_ = json.Unmarshal(*c.Const, &v)
			out = append(out, v)
		}
		for _, v := range c.Enum {
			out = append(out, v)
		}
	}
	for _, e := range m.Errors {
		if !b.uses(e, r) {
			continue
		}
		for _, ex := range e.Examples {
			out = append(out, at(ex.Value, r.path)...)
		}
	}
	if c := n.Check; c != nil && (n.Type == "integer" || n.Type == "number") {
		for _, bound := range []*json.Number{c.Minimum, c.Maximum} {
			if bound != nil {
				out = append(out, *bound)
			}
		}
		if c.ExclusiveMinimum != nil {
			f, _ := c.ExclusiveMinimum.Float64()
			out = append(out, json.Number(strconv.FormatFloat(math.Floor(f)+1, 'f', -1, 64)))
		}
		if c.ExclusiveMaximum != nil {
			f, _ := c.ExclusiveMaximum.Float64()
			out = append(out, json.Number(strconv.FormatFloat(math.Ceil(f)-1, 'f', -1, 64)))
		}
	}
	return out
}

// uses reports whether e's details hold the node at r.
func (b *builder) uses(e *model.Error, r *requiredNode) bool {
	if e.Details == nil {
		return false
	}
	if r.shape == "" {
		return e.Symbol == r.owner
	}
	s := e.Details
	for s.Schema.Ref != nil && !s.Builtin {
		s = s.Schema.Ref
	}
	return s.Name == r.shape && !s.Inline
}

// at returns the values at path ("*": every item) in the JSON value v.
func at(v any, path []string) []any {
	if len(path) == 0 {
		return []any{v}
	}
	switch x := v.(type) {
	case map[string]any:
		if it, ok := x[path[0]]; ok {
			return at(it, path[1:])
		}
	case []any:
		if path[0] == "*" {
			var out []any
			for _, it := range x {
				out = append(out, at(it, path[1:])...)
			}
			return out
		}
	}
	return nil
}
