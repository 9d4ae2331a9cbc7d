package model

import (
	"strconv"

	"github.com/errgen/errgen/internal/diag"
	"github.com/errgen/errgen/internal/naming"
)

// rustIdentifiers names the Rust types of the detail shapes — a struct per
// object, an enum per string enum, as the Rust emitter declares them — and
// reports every clash the Go names do not: two types of one name, or two
// values of an enum that become one variant. The other Rust names need no
// check of their own: an error's names come from its type, a field's from
// its property's words, and two of them meet only where the Go or
// TypeScript names do, which are checked already.
func (b *builder) rustIdentifiers(goIDs *idents) {
	ids := newIdents(b, "Rust", nil)
	ids.reported = goIDs.reported // a clash of the Go names is told once
	// the variants of ErrorCode: the types in Pascal case, distinct as the
	// TypeScript names are, save Self, which Rust reserves (SelfValue)
	variants := newIdents(b, "Rust", nil)
	variants.reported = goIDs.reported
	for _, e := range b.m.Errors {
		if e.GoName != "" {
			variants.claim("ErrorCode::"+naming.RustVariant(e.Type), "error "+e.Symbol, e.Pos)
		}
	}
	for _, s := range b.m.Shapes {
		what := "detail shape " + s.Name
		switch {
		case s.Builtin:
			s.RustName = "FieldErrors" // the runtime's own
			continue
		case s.Inline:
			if s.Owner.GoName == "" {
				continue // its type was reported
			}
			what = "inline details of " + s.Owner.Symbol
			s.RustName = naming.RustTypeName(naming.Rust(s.Owner.Type) + "Details")
		default:
			s.RustName = naming.RustTypeName(naming.Rust(s.Name))
		}
		ids.claim(s.RustName, what, s.Pos)
		if s.Schema != nil && s.Schema.Ref == nil && s.Schema.Type == "object" {
			s.Schema.RustName = s.RustName // an error's details: a struct even without properties
		}
		b.rustTypes(ids, s.Schema, s.RustName, what, s.Pos, true)
	}
}

// rustTypes names the Rust types a schema needs — structs for objects with
// properties, enums for string enums — as goTypes names the Go ones.
// claimed tells that the caller has claimed name already.
func (b *builder) rustTypes(ids *idents, s *Schema, name, what string, pos diag.Pos, claimed bool) {
	if s == nil || s.Ref != nil {
		return
	}
	if !claimed {
		name = naming.RustTypeName(name)
	}
	switch {
	case s.Type == "object" && len(s.Properties) > 0:
		s.RustName = name
		if !claimed {
			ids.claim(name, what, pos)
		}
		for _, p := range s.Properties {
			b.rustTypes(ids, p.Schema, name+naming.Rust(p.Name), what+" property "+p.Name, p.Pos, false)
		}
		if s.Additional != nil {
			at := pos
			if s.Additional.Source != nil {
				at = s.Additional.Source.Pos
			}
			b.rustTypes(ids, s.Additional, name+"Extra", what+" additionalProperties", at, false)
		}
	case s.Type == "string" && len(s.Enum) > 0:
		s.RustName = name
		if !claimed {
			ids.claim(name, what, pos)
		}
		variants := map[string]string{}
		for _, v := range s.Enum {
			variant := naming.RustVariant(v)
			switch first, ok := variants[variant]; {
			case !ok:
				variants[variant] = v
			case first != v && naming.Go(first) != naming.Go(v): // a repeated enum value is the validator's concern, and the Go clash reported
				b.diags.Errorf(pos, "enum values %s and %s of %s both become the Rust variant %s::%s; rename one of them", strconv.Quote(first), strconv.Quote(v), what, name, variant)
			}
		}
	case s.Type == "array":
		b.rustTypes(ids, s.Items, name+"Item", what+" items", pos, false)
	}
}
