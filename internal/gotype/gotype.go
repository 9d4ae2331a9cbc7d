// Package gotype holds the rules that make detail schemas Go: the Go type
// of each schema node and which properties are sensitive. The Go emitter
// (internal/gen/golang) writes these types; the tables the runtime reads
// them through are the catalog's facts (internal/facts).
package gotype

import (
	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/model"
)

// Kind is the kind of a Go type.
type Kind uint8

// The kinds of Go type a schema node gets.
const (
	Any    Kind = iota // any: a node without type
	String             // string
	Enum               // a named string type with a constant per value
	Int                // int64
	Float              // float64
	Bool               // bool
	Slice              // []Elem
	Struct             // a generated struct, or errgenrt.FieldErrors
	Map                // map[string]any: an object without properties
)

// Type is the Go type of a schema node.
type Type struct {
	Kind Kind
	// Name is the type name of an Enum or Struct; "" for the built-in
	// errgenrt.FieldErrors.
	Name string
	// Ptr is set on a Struct reached through $ref: such a field is always
	// a pointer, since shapes may contain themselves.
	Ptr bool
	// Schema is the object schema a generated Struct is declared from, or
	// the string schema of an Enum.
	Schema *model.Schema
	Elem   *Type // Slice: the item type
	// Keep is, for a Slice, how many items a minimal payload keeps (its
	// schema's minItems; -1 for all): model.KeepItems.
	Keep int
}

// Builtin reports whether t is the built-in errgenrt.FieldErrors.
func (t Type) Builtin() bool { return t.Kind == Struct && t.Name == "" }

// Pointable reports whether an optional field of this type is a pointer;
// slices, maps and untyped values tell absence by nil already.
func (t Type) Pointable() bool {
	switch t.Kind {
	case String, Enum, Int, Float, Bool:
		return true
	case Struct:
		return !t.Ptr
	}
	return false
}

// Of returns the Go type of a schema node; names come from the model.
func Of(s *model.Schema) Type {
	if s == nil {
		return Type{Kind: Any}
	}
	if s.Ref != nil {
		target := s.Ref
		for target.Schema.Ref != nil {
			target = target.Schema.Ref
		}
		ts := target.Schema
		switch {
		case target.Builtin:
			return Type{Kind: Struct, Ptr: true}
		case ts.Type == "object" && len(ts.Properties) > 0:
			return Type{Kind: Struct, Name: ts.GoName, Ptr: true, Schema: ts}
		}
		t := Of(ts)
		if t.Kind == Slice {
			t.Keep = model.KeepItems(s) // the $ref node's own keywords count too
		}
		return t
	}
	switch s.Type {
	case "string":
		if len(s.Enum) > 0 && s.GoName != "" {
			return Type{Kind: Enum, Name: s.GoName, Schema: s}
		}
		return Type{Kind: String}
	case "integer":
		return Type{Kind: Int}
	case "number":
		return Type{Kind: Float}
	case "boolean":
		return Type{Kind: Bool}
	case "array":
		elem := Of(s.Items)
		return Type{Kind: Slice, Elem: &elem, Keep: model.KeepItems(s)}
	case "object":
		if len(s.Properties) > 0 && s.GoName != "" {
			return Type{Kind: Struct, Name: s.GoName, Schema: s}
		}
		return Type{Kind: Map}
	}
	return Type{Kind: Any}
}

// Details returns the Go type of e's details, the struct its constructor
// takes (following inline details that are nothing but a $ref), and false
// when e has none.
func Details(e *model.Error) (Type, bool) {
	if e.Details == nil {
		return Type{}, false
	}
	s := e.Details
	for s.Schema.Ref != nil {
		s = s.Schema.Ref
	}
	if s.Builtin {
		return Type{Kind: Struct}, true
	}
	return Type{Kind: Struct, Name: s.GoName, Schema: s.Schema}, true
}

// Trim reports whether a minimal payload leaves out the optional fields of
// the struct of object schema s (model.Trimmable).
func Trim(s *model.Schema) bool { return model.Trimmable(s) }

// Sensitive returns the properties some error lists under `sensitive`.
// Each error redacts only the fields its own list names (the Go struct of a
// shape is shared, the list is the error's definition's); the set serves
// what must hold for any error of the shape, such as the maximal vectors'
// values.
func Sensitive(m *model.Catalog) map[*model.Property]bool {
	out := map[*model.Property]bool{}
	for _, e := range m.Errors {
		if e.Details == nil {
			continue
		}
		r := e.Details.Schema.Resolved()
		for _, name := range e.Sensitive {
			if p := r.Property(name); p != nil {
				out[p] = true
			}
		}
	}
	return out
}

// Def returns the runtime definition of e without its link to the catalog
// and without ZeroDetails, which needs the Go type of the details: the
// values the Go emitter writes as e's composite literal, and the
// definition internal/runtimemodel interprets. Templates are their catalog
// text; an empty user_message is none.
func Def(e *model.Error) *errgenrt.Def {
	d := &errgenrt.Def{
		Code:        e.Code,
		WireCode:    e.WireCode,
		Symbol:      e.Symbol,
		Aliases:     e.AliasSymbols(),
		Type:        e.Type,
		Domain:      e.Domain.Name,
		Title:       e.Title,
		ProblemType: e.ProblemType,
		Statuses:    append([]int(nil), e.Statuses...),
		Retryable:   e.Retryable,
		Deprecated:  e.Deprecated != nil,
		Message:     errgenrt.Template(e.Message.Source),

		ToolErrorsAsRPC: e.MCPToolErrors == model.ToolErrorsError,
		NeedsDetails:    !e.EmptyDetailsValid,
	}
	if e.UserMessage != nil {
		d.UserMessage = errgenrt.Template(e.UserMessage.Source)
	}
	for _, s := range e.Suggestions {
		d.Suggestions = append(d.Suggestions, errgenrt.Template(s.Source))
	}
	return d
}

// Extra returns the Go type of the other members of an open object — one
// whose schema admits members besides its declared properties
// (additionalProperties) — and false for any other schema. Its struct
// holds them in a map[string]T beside the declared fields; a struct value
// is a pointer there, since map elements cannot be addressed. Only a
// struct has other members: an object with additionalProperties alone is
// a map (Kind Map, see Of), save the root of an error's details, which is
// always a struct (see Details) and then holds nothing but them.
func Extra(s *model.Schema) (Type, bool) {
	if s == nil || s.Ref != nil || s.Type != "object" || s.Additional == nil {
		return Type{}, false
	}
	t := Of(s.Additional)
	if t.Kind == Struct {
		t.Ptr = true
	}
	return t, true
}

// Field is what the conformance vectors' maximal details read of a
// property (internal/gen/conformance): its wire name and errgen's keywords
// on it.
type Field struct {
	Name      string
	Sensitive bool
	Verbose   bool
	Sanitize  errgenrt.Sanitizer
	MaxBytes  int
	Exact     bool
}

// FieldOf returns the Field of property p; sensitive is the set
// [Sensitive] returns.
func FieldOf(p *model.Property, sensitive map[*model.Property]bool) Field {
	ps := p.Schema
	return Field{
		Name:      p.Name,
		Sensitive: ps.Sensitive || sensitive[p],
		Verbose:   ps.Verbose,
		Sanitize:  sanitizerOf(ps.Sanitize),
		MaxBytes:  int(ps.MaxBytes),
		Exact:     model.Exact(ps),
	}
}

// ExtraFieldOf returns the Field of the other members of the open object s.
func ExtraFieldOf(s *model.Schema) Field {
	a := s.Additional
	return Field{
		Sensitive: a.Sensitive,
		Verbose:   a.Verbose,
		Sanitize:  sanitizerOf(a.Sanitize),
		MaxBytes:  int(a.MaxBytes),
		Exact:     model.Exact(a),
	}
}

func sanitizerOf(keyword string) errgenrt.Sanitizer {
	switch keyword {
	case "path":
		return errgenrt.SanitizePath
	case "uri":
		return errgenrt.SanitizeURI
	case "text":
		return errgenrt.SanitizeText
	}
	return errgenrt.SanitizeNone
}
