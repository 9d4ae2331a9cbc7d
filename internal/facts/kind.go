package facts

import "github.com/errgen/errgen/internal/model"

// Class is what a detail value is, in terms every output maps to a type
// of its language: Go and Rust declare structs and enums, TypeScript
// interfaces and literal unions, Python TypedDicts and Literals, all from
// the same classes.
type Class uint8

// The classes of detail value.
const (
	ClassAny     Class = iota // any JSON value: a schema without type
	ClassString               // a string
	ClassEnum                 // a string of the values Schema.Enum lists
	ClassInteger              // an integer
	ClassNumber               // a number
	ClassBoolean              // a boolean
	ClassArray                // an array of Items
	// ClassObject is an object of declared properties (Schema.Properties):
	// a type of its own in every output.
	ClassObject
	// ClassMap is an object without declared properties: string keys and
	// values of Extra. An error's details are one when their schema
	// declares no property; Go and Rust still give them a struct.
	ClassMap
	// ClassFieldErrors is the built-in field_errors shape, which every
	// runtime declares itself.
	ClassFieldErrors
)

// Kind is the language-neutral type of a detail value: what a schema node
// holds once its $ref chain is followed. The facts resolve it once per
// schema when they are built (see Catalog.Kind) and every output reads it
// there — each names the types its language declares from Schema and
// Shape (GoName, RustName, TSName, …) — rather than each deciding again
// what a schema holds. The facts' JSON leaves it out: it is for the
// emitters, and the runtimes read the nodes' own fields.
type Kind struct {
	Class Class
	// Schema is the schema that defines the value: the node's own, or the
	// one its $ref chain ends at. It declares an Object's properties and
	// an Enum's values, and holds the type names the model gave it.
	Schema *model.Schema
	// Shape is the shape whose type the value is: the shape the node's
	// $ref chain ends at, or the shape whose root schema the node is; nil
	// for a value declared inside a shape.
	Shape *model.Shape
	// Ref is set on a value reached through $ref: it is Shape's, whose
	// type may contain itself, so an output that holds a struct in place
	// (Go) holds this one by reference.
	Ref bool
	// Items is the kind of an Array's items (never nil: ClassAny for an
	// array without items).
	Items *Kind
	// Extra is the kind of the members an Object or a Map holds beside its
	// declared properties (additionalProperties); nil when its schema
	// admits none: an Object then holds its properties alone, a Map any
	// members.
	Extra *Kind
}

// Kind returns the kind of a value of schema s, a node of one of the
// catalog's shapes, as Build resolved it; for a nil schema, ClassAny. The
// kind of a schema the catalog does not hold is resolved afresh and not
// kept: the emitters read the catalog from several goroutines.
func (c *Catalog) Kind(s *model.Schema) *Kind {
	if k, ok := c.kinds[s]; ok {
		return k
	}
	r := kinds{}
	r.walk(s, nil)
	r.link()
	return r.of(s)
}

// Details returns the kind of e's details: their shape's, the shape its
// $ref chain ends at, declared in place (Ref unset); nil when e has none.
// It is ClassFieldErrors, ClassObject, or ClassMap for details that
// declare no property.
func (c *Catalog) Details(e *model.Error) *Kind {
	if e.Details == nil {
		return nil
	}
	return c.Kind(target(e.Details).Schema)
}

// target follows the $ref chain of shape s to the shape that declares its
// type.
func target(s *model.Shape) *model.Shape {
	for i := 0; s.Schema.Ref != nil && i < 1000; i++ { // the model breaks $ref cycles
		s = s.Schema.Ref
	}
	return s
}

// kinds resolves the kinds of the schema nodes of shapes: a kind for every
// node first (walk), then each array's items and object's other members
// linked to the kinds of their schemas (link). In two passes, because a
// shape may contain itself — an array of itself, say — and its kinds then
// form a cycle, which a single recursive pass would never finish.
type kinds map[*model.Schema]*Kind

// resolveKinds returns the kinds of every schema node of m's shapes.
func resolveKinds(m *model.Catalog) kinds {
	r := kinds{}
	for _, s := range m.Shapes {
		r.walk(s.Schema, s)
	}
	r.link()
	return r
}

// walk makes the kind of s and of the nodes below it, and of the shape
// its $ref leads to; root is the shape whose root schema s is, nil for a
// node inside a shape.
func (r kinds) walk(s *model.Schema, root *model.Shape) {
	if s == nil || r[s] != nil {
		return
	}
	k := &Kind{Schema: s, Shape: root}
	r[s] = k
	if s.Ref != nil {
		t := target(s.Ref)
		k.Schema, k.Shape, k.Ref = t.Schema, t, true
		r.walk(t.Schema, t) // its items and other members are the target's
	}
	if k.Shape != nil && k.Shape.Builtin {
		k.Class = ClassFieldErrors
	} else {
		k.Class = classOf(k.Schema)
	}
	if s.Ref != nil {
		return
	}
	for _, p := range s.Properties {
		r.walk(p.Schema, nil)
	}
	r.walk(s.Items, nil)
	r.walk(s.Additional, nil)
}

// classOf is the class of a schema declared in place.
func classOf(s *model.Schema) Class {
	switch s.Type {
	case "string":
		if len(s.Enum) > 0 {
			return ClassEnum
		}
		return ClassString
	case "integer":
		return ClassInteger
	case "number":
		return ClassNumber
	case "boolean":
		return ClassBoolean
	case "array":
		return ClassArray
	case "object":
		if len(s.Properties) > 0 {
			return ClassObject
		}
		return ClassMap
	}
	return ClassAny
}

// link sets the items and other members of every kind to the kinds of the
// schemas that declare them, every one of which walk has made.
func (r kinds) link() {
	for _, k := range r {
		switch k.Class {
		case ClassArray:
			k.Items = r.of(k.Schema.Items)
		case ClassObject, ClassMap:
			if k.Schema.Additional != nil {
				k.Extra = r.of(k.Schema.Additional)
			}
		}
	}
}

// of returns the kind of s; ClassAny for a nil schema.
func (r kinds) of(s *model.Schema) *Kind {
	if k := r[s]; k != nil {
		return k
	}
	return &Kind{}
}
