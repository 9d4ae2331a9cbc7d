package errgenrt

import (
	"encoding/json"
	"errors"
	"fmt"
)

// FactsFormat is the version of the facts' JSON form this runtime reads.
const FactsFormat = 2

// ReadFacts returns the catalog that a facts document describes (the JSON
// `errgen generate -facts FILE` writes; errgen's schema/facts.schema.json),
// its details read as JSON ([JSONDetails]). errgen renders its conformance
// vectors and docs through it, and [ServeConformance] renders an input
// that carries its own catalog with it. It refuses facts of another
// format and facts it cannot build a catalog of: a member of the wrong
// type, a node of an unknown type, a shape or fallback that is not there,
// an error without statuses.
func ReadFacts(data []byte) (*Catalog, error) {
	var f facts
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("facts: %w", err)
	}
	if f.Format != FactsFormat {
		return nil, fmt.Errorf("facts of format %d: this runtime reads format %d", f.Format, FactsFormat)
	}
	r := &factsReader{shapes: map[string]*factsNode{}, objects: map[string]*Object{}, nodes: map[*factsNode]*Node{}}
	for _, s := range f.Shapes {
		if s.Node == nil || s.Node.Type != "object" {
			return nil, fmt.Errorf("facts: shape %q: want an object node", s.Name)
		}
		r.shapes[s.Name] = s.Node
	}
	defs := make([]*Def, 0, len(f.Errors))
	for i := range f.Errors {
		d, err := r.def(&f.Errors[i])
		if err != nil {
			return nil, fmt.Errorf("facts: error %q: %w", f.Errors[i].Symbol, err)
		}
		defs = append(defs, d)
	}
	c := NewCatalog(&Catalog{
		Name:          f.Name,
		Version:       f.Version,
		SchemaVersion: f.SchemaVersion,
		Limits:        f.Limits,
	}, defs, f.Fallback)
	if c.Fallback == nil {
		return nil, fmt.Errorf("facts: the fallback %q names no error", f.Fallback)
	}
	return c, nil
}

// The facts' JSON form: what a runtime reads of it.
type (
	facts struct {
		Format        int          `json:"facts"`
		Name          string       `json:"name"`
		Version       string       `json:"version"`
		SchemaVersion int          `json:"schemaVersion"`
		Limits        Limits       `json:"limits"`
		Fallback      string       `json:"fallback"`
		Shapes        []factsShape `json:"shapes"`
		Errors        []factsError `json:"errors"`
	}
	factsShape struct {
		Name string     `json:"name"`
		Node *factsNode `json:"node"`
	}
	factsError struct {
		Symbol          string          `json:"symbol"`
		Aliases         []string        `json:"aliases"`
		Code            int64           `json:"code"`
		WireCode        int64           `json:"wireCode"`
		Type            string          `json:"type"`
		Domain          string          `json:"domain"`
		Title           string          `json:"title"`
		ProblemType     string          `json:"problemType"`
		Statuses        []int           `json:"statuses"`
		Retryable       bool            `json:"retryable"`
		Retry           string          `json:"retry"`
		RetryAfterMs    int64           `json:"retryAfterMs"`
		Throttling      bool            `json:"throttling"`
		Deprecated      bool            `json:"deprecated"`
		ToolErrorsAsRPC bool            `json:"toolErrorsAsRpc"`
		NeedsDetails    bool            `json:"needsDetails"`
		Details         *factsNode      `json:"details"`
		Sensitive       []string        `json:"sensitive"`
		Message         factsTemplate   `json:"message"`
		UserMessage     *factsTemplate  `json:"userMessage"`
		Suggestions     []factsTemplate `json:"suggestions"`
	}
	factsTemplate struct {
		Source string `json:"source"`
	}
	factsNode struct {
		Type                 string          `json:"type"`
		Shape                string          `json:"shape"`
		Properties           []factsProperty `json:"properties"`
		AdditionalProperties *factsNode      `json:"additionalProperties"`
		Trim                 bool            `json:"trim"`
		Items                *factsNode      `json:"items"`
		Keep                 int             `json:"keep"`
		Sensitive            bool            `json:"sensitive"`
		Verbose              bool            `json:"verbose"`
		Sanitize             string          `json:"sanitize"`
		MaxBytes             int             `json:"maxBytes"`
		Exact                bool            `json:"exact"`
		Check                *factsCheck     `json:"check"`
		Replacement          json.RawMessage `json:"replacement"`
	}
	factsProperty struct {
		Name     string     `json:"name"`
		Required bool       `json:"required"`
		Node     *factsNode `json:"node"`
	}
	factsCheck struct {
		Enum             []string        `json:"enum"`
		Const            json.RawMessage `json:"const"`
		Patterns         []string        `json:"patterns"`
		Formats          []string        `json:"formats"`
		Minimum          *float64        `json:"minimum"`
		Maximum          *float64        `json:"maximum"`
		ExclusiveMinimum *float64        `json:"exclusiveMinimum"`
		ExclusiveMaximum *float64        `json:"exclusiveMaximum"`
		MultipleOf       float64         `json:"multipleOf"`
		MinLength        *int            `json:"minLength"`
		MaxLength        *int            `json:"maxLength"`
		MinItems         *int            `json:"minItems"`
		MaxItems         *int            `json:"maxItems"`
		UniqueItems      bool            `json:"uniqueItems"`
	}
)

// factsReader makes each node of the facts once: the nodes of a shape are
// shared by every node that names it, and a shape may contain itself.
type factsReader struct {
	shapes  map[string]*factsNode
	objects map[string]*Object
	nodes   map[*factsNode]*Node
}

var retryClasses = map[string]RetryClass{"never": RetryNever, "after_change": RetryAfterChange, "after_delay": RetryAfterDelay}

func (r *factsReader) def(e *factsError) (*Def, error) {
	retry, ok := retryClasses[e.Retry]
	if !ok {
		return nil, fmt.Errorf("retry %q: want never, after_change or after_delay", e.Retry)
	}
	if len(e.Statuses) == 0 {
		return nil, errors.New("no statuses")
	}
	d := &Def{
		Code:            e.Code,
		WireCode:        e.WireCode,
		Symbol:          e.Symbol,
		Aliases:         e.Aliases,
		Type:            e.Type,
		Domain:          e.Domain,
		Title:           e.Title,
		ProblemType:     e.ProblemType,
		Statuses:        e.Statuses,
		Retryable:       e.Retryable,
		Retry:           retry,
		RetryAfterMs:    e.RetryAfterMs,
		Throttling:      e.Throttling,
		Deprecated:      e.Deprecated,
		ToolErrorsAsRPC: e.ToolErrorsAsRPC,
		NeedsDetails:    e.NeedsDetails,
		Sensitive:       e.Sensitive,
		Message:         Template(e.Message.Source),
	}
	if e.UserMessage != nil {
		d.UserMessage = Template(e.UserMessage.Source)
	}
	for _, s := range e.Suggestions {
		d.Suggestions = append(d.Suggestions, Template(s.Source))
	}
	if e.Details != nil {
		if e.Details.Type != "object" {
			return nil, errors.New("details: want an object node")
		}
		n, err := r.node(e.Details)
		if err != nil {
			return nil, fmt.Errorf("details: %w", err)
		}
		d.Details = n
		d.NewDetails = func() Details { return NewJSONDetails(n) }
	}
	return d, nil
}

var nodeKinds = map[string]Kind{
	"string": KindString, "integer": KindInteger, "number": KindNumber, "boolean": KindBoolean,
	"array": KindArray, "object": KindObject, "any": KindAny,
}

var sanitizers = map[string]Sanitizer{"": SanitizeNone, "path": SanitizePath, "uri": SanitizeURI, "text": SanitizeText}

func (r *factsReader) node(n *factsNode) (*Node, error) {
	if n == nil {
		return nil, errors.New("a node is missing")
	}
	if out := r.nodes[n]; out != nil {
		return out, nil
	}
	kind, ok := nodeKinds[n.Type]
	if !ok {
		return nil, fmt.Errorf("node type %q: want string, integer, number, boolean, array, object or any", n.Type)
	}
	sanitize, ok := sanitizers[n.Sanitize]
	if !ok {
		return nil, fmt.Errorf("sanitize %q: want path, uri or text", n.Sanitize)
	}
	out := &Node{
		Kind:      kind,
		Sensitive: n.Sensitive,
		Verbose:   n.Verbose,
		Sanitize:  sanitize,
		MaxBytes:  n.MaxBytes,
		Exact:     n.Exact,
		Keep:      n.Keep,
		Check:     n.Check.check(),
	}
	r.nodes[n] = out
	if n.Replacement != nil {
		out.Replacement, out.HasReplacement = decodeJSON(n.Replacement), true
	}
	var err error
	switch kind {
	case KindArray:
		out.Items, err = r.node(n.Items)
	case KindObject:
		out.Object, err = r.object(n)
	}
	return out, err
}

// object returns the object of object node n: its shape's, or its own.
func (r *factsReader) object(n *factsNode) (*Object, error) {
	if n.Shape == "" {
		return r.fields(n)
	}
	if o := r.objects[n.Shape]; o != nil {
		return o, nil
	}
	s := r.shapes[n.Shape]
	if s == nil {
		return nil, fmt.Errorf("shape %q is not in the facts", n.Shape)
	}
	o := &Object{}
	r.objects[n.Shape] = o // before its fields: a shape may contain itself
	fields, err := r.fields(s)
	if err != nil {
		return nil, fmt.Errorf("shape %q: %w", n.Shape, err)
	}
	*o = *fields
	return o, nil
}

func (r *factsReader) fields(n *factsNode) (*Object, error) {
	o := &Object{Trim: n.Trim}
	var err error
	if n.AdditionalProperties != nil {
		if o.Extra, err = r.node(n.AdditionalProperties); err != nil {
			return nil, err
		}
	}
	for _, p := range n.Properties {
		node, err := r.node(p.Node)
		if err != nil {
			return nil, fmt.Errorf("property %q: %w", p.Name, err)
		}
		o.Fields = append(o.Fields, Field{Name: p.Name, Required: p.Required, Node: node})
	}
	return o, nil
}

func (c *factsCheck) check() *Check {
	if c == nil {
		return nil
	}
	out := &Check{
		Enum:             c.Enum,
		Patterns:         c.Patterns,
		Formats:          c.Formats,
		Minimum:          c.Minimum,
		Maximum:          c.Maximum,
		ExclusiveMinimum: c.ExclusiveMinimum,
		ExclusiveMaximum: c.ExclusiveMaximum,
		MultipleOf:       c.MultipleOf,
		MinLength:        c.MinLength,
		MaxLength:        c.MaxLength,
		MinItems:         c.MinItems,
		MaxItems:         c.MaxItems,
		UniqueItems:      c.UniqueItems,
	}
	if c.Const != nil {
		out.Const, out.HasConst = decodeJSON(c.Const), true
	}
	return out
}

// decodeJSON reads a JSON value as encoding/json decodes it into an
// interface (numbers float64).
func decodeJSON(raw json.RawMessage) any {
	var v any
	_ = json.Unmarshal(raw, &v)
	return v
}
