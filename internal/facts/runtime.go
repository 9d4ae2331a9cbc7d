package facts

import (
	"encoding/json"

	"github.com/errgen/errgen/errgenrt"
)

// Tables are the errgenrt nodes of a catalog's facts, each made once (the
// nodes of a shape are shared by every node that names it).
type Tables struct {
	shapes  map[string]*Node
	objects map[string]*errgenrt.Object
	nodes   map[*Node]*errgenrt.Node
}

// Runtime returns the tables of c's nodes.
func Runtime(c *Catalog) *Tables {
	t := &Tables{shapes: map[string]*Node{}, objects: map[string]*errgenrt.Object{}, nodes: map[*Node]*errgenrt.Node{}}
	for _, s := range c.Shapes {
		t.shapes[s.Name] = s.Node
	}
	return t
}

// Node returns the errgenrt node of n.
func (t *Tables) Node(n *Node) *errgenrt.Node { return t.node(n) }

func (t *Tables) node(n *Node) *errgenrt.Node {
	if n == nil {
		return nil
	}
	if out := t.nodes[n]; out != nil {
		return out
	}
	out := &errgenrt.Node{
		Kind:      kindOf(n.Type),
		Sensitive: n.Sensitive,
		Verbose:   n.Verbose,
		Sanitize:  SanitizerOf(n.Sanitize),
		MaxBytes:  n.MaxBytes,
		Exact:     n.Exact,
		Keep:      n.Keep,
		Check:     RuntimeCheck(n.Check),
	}
	t.nodes[n] = out
	if n.Replacement != nil {
		out.Replacement, out.HasReplacement = Decode(*n.Replacement), true
	}
	switch n.Type {
	case "array":
		out.Items = t.node(n.Items)
	case "object":
		out.Object = t.object(n)
	}
	return out
}

// object returns the errgenrt object of object node n: its shape's, or
// its own.
func (t *Tables) object(n *Node) *errgenrt.Object {
	if n.Shape != "" {
		if o := t.objects[n.Shape]; o != nil {
			return o
		}
		o := &errgenrt.Object{}
		t.objects[n.Shape] = o // before its fields: a shape may contain itself
		*o = *t.fields(t.shapes[n.Shape])
		return o
	}
	return t.fields(n)
}

func (t *Tables) fields(n *Node) *errgenrt.Object {
	o := &errgenrt.Object{Trim: n.Trim, Extra: t.node(n.AdditionalProperties)}
	if n == nil {
		return o
	}
	for _, p := range n.Properties {
		o.Fields = append(o.Fields, errgenrt.Field{Name: p.Name, Required: p.Required, Node: t.node(p.Node)})
	}
	return o
}

func kindOf(typ string) errgenrt.Kind {
	switch typ {
	case "string":
		return errgenrt.KindString
	case "integer":
		return errgenrt.KindInteger
	case "number":
		return errgenrt.KindNumber
	case "boolean":
		return errgenrt.KindBoolean
	case "array":
		return errgenrt.KindArray
	case "object":
		return errgenrt.KindObject
	}
	return errgenrt.KindAny
}

// SanitizerOf returns the errgenrt sanitizer of an x-sanitize mode.
func SanitizerOf(mode string) errgenrt.Sanitizer {
	switch mode {
	case "path":
		return errgenrt.SanitizePath
	case "uri":
		return errgenrt.SanitizeURI
	case "text":
		return errgenrt.SanitizeText
	}
	return errgenrt.SanitizeNone
}

// RuntimeCheck returns the errgenrt check of c (nil: nil).
func RuntimeCheck(c *Check) *errgenrt.Check {
	if c == nil {
		return nil
	}
	out := &errgenrt.Check{
		Enum:        c.Enum,
		Patterns:    c.Patterns,
		Formats:     c.Formats,
		MinLength:   c.MinLength,
		MaxLength:   c.MaxLength,
		MinItems:    c.MinItems,
		MaxItems:    c.MaxItems,
		UniqueItems: c.UniqueItems,
	}
	if c.Const != nil {
		out.Const, out.HasConst = Decode(*c.Const), true
	}
	out.Minimum = float(c.Minimum)
	out.Maximum = float(c.Maximum)
	out.ExclusiveMinimum = float(c.ExclusiveMinimum)
	out.ExclusiveMaximum = float(c.ExclusiveMaximum)
	if f := float(c.MultipleOf); f != nil {
		out.MultipleOf = *f
	}
	return out
}

func float(n *json.Number) *float64 {
	if n == nil {
		return nil
	}
	f, err := n.Float64()
	if err != nil {
		return nil
	}
	return &f
}

// Decode reads a JSON value as encoding/json decodes it into an interface
// (numbers float64).
func Decode(raw json.RawMessage) any {
	var v any
	_ = json.Unmarshal(raw, &v)
	return v
}
