package model

import (
	"strconv"

	"github.com/errgen/errgen/internal/diag"
	"github.com/errgen/errgen/internal/naming"
)

// claim is who took a generated identifier.
type claim struct {
	what string
	pos  diag.Pos
}

type idents struct {
	b        *builder
	lang     string
	taken    map[string]claim
	reported map[[2]string]bool // pairs of parties already told about
}

func (ids *idents) claim(name, what string, pos diag.Pos) {
	if first, ok := ids.taken[name]; ok {
		pair := [2]string{what, first.what}
		if ids.reported[pair] {
			return
		}
		ids.reported[pair] = true
		if first.what == "" {
			ids.b.diags.Errorf(pos, "%s would be the %s identifier %s, which errgen reserves for its own declarations", what, ids.lang, name)
		} else {
			ids.b.diags.Errorf(pos, "%s and %s (at %s) both become the %s identifier %s", what, first.what, first.pos, ids.lang, name)
		}
		return
	}
	ids.taken[name] = claim{what, pos}
}

func newIdents(b *builder, lang string, reserved map[string]bool) *idents {
	n := len(reserved) + 6*len(b.m.Errors) + 2*len(b.m.Shapes) + len(b.m.Domains)
	ids := &idents{b: b, lang: lang, taken: make(map[string]claim, n), reported: map[[2]string]bool{}}
	for name := range reserved {
		ids.taken[name] = claim{}
	}
	return ids
}

// identifiers computes the Go and TypeScript names of errors, domains, shapes
// and fields, and reports every clash with the position of both parties.
func (b *builder) identifiers() {
	goIDs := newIdents(b, "Go", naming.GoReserved)
	tsIDs := newIdents(b, "TypeScript", naming.TSReserved)
	for _, d := range b.m.Domains {
		d.GoName = naming.GoDomainConst(d.Name)
		goIDs.claim(d.GoName, "domain "+d.Name, d.Pos)
	}
	for _, e := range b.m.Errors {
		if !TypeRE.MatchString(e.Type) || b.m.byType[e.Type] != e {
			continue // reported already
		}
		e.GoName, e.TSName = naming.Go(e.Type), naming.TS(e.Type)
		// a type like "error" or "json" would make the TypeScript names
		// ErrorContext or JsonRpcError, which the package declares itself:
		// such a base takes an "Error" suffix instead of failing
		for reservedTS(e.TSName) {
			e.TSName += "Error"
		}
		what := "error " + e.Symbol
		for _, id := range naming.GoErrorIdents(e.GoName) {
			goIDs.claim(id, what, e.Pos)
		}
		for _, id := range naming.TSErrorIdents(e.TSName) {
			tsIDs.claim(id, what, e.Pos)
		}
		for _, a := range e.Aliases {
			a.GoName = naming.GoAlias(a.Symbol)
			for _, id := range naming.GoAliasIdents(a.GoName) {
				goIDs.claim(id, "alias "+a.Symbol+" of "+e.Symbol, a.Pos)
			}
		}
	}
	for _, s := range b.m.Shapes {
		what := "detail shape " + s.Name
		switch {
		case s.Builtin:
			s.GoName, s.TSName = naming.Go(s.Name), naming.TS(s.Name)
		case s.Inline:
			if s.Owner.GoName == "" {
				continue
			}
			what = "inline details of " + s.Owner.Symbol
			s.GoName, s.TSName = naming.GoInlineDetails(s.Owner.GoName), s.Owner.TSName+"Details"
			goIDs.claim(s.GoName, what, s.Pos)
			tsIDs.claim(s.TSName, what, s.Pos)
		default:
			s.GoName, s.TSName = naming.Go(s.Name), naming.TS(s.Name)
			goIDs.claim(s.GoName, what, s.Pos)
			tsIDs.claim(s.TSName, what, s.Pos)
		}
		b.goTypes(goIDs, s.Schema, s.GoName, what, s.Pos, true)
	}
	b.rustIdentifiers(goIDs)
}

// goTypes names the Go types a schema needs — structs for objects with
// properties, string types for enums — and the fields of each struct.
// claimed tells that the caller has claimed name already: s is the root of
// a shape, which is a struct even without properties (its other members
// then are all it holds).
func (b *builder) goTypes(ids *idents, s *Schema, name, what string, pos diag.Pos, claimed bool) {
	if s == nil || s.Ref != nil {
		return
	}
	switch {
	case s.Type == "object" && (len(s.Properties) > 0 || claimed):
		s.GoName = name
		if !claimed {
			ids.claim(name, what, pos)
		}
		fields := map[string]*Property{}
		open := s.Additional != nil
		for _, p := range s.Properties {
			p.GoName = naming.Go(p.Name)
			if naming.GoReservedFields[p.GoName] {
				b.diags.Errorf(p.Pos, "detail property %q of %s would be the Go field %s, which is a method of every generated detail struct", p.Name, what, p.GoName)
				continue
			}
			if open && naming.GoOpenReserved[p.GoName] {
				b.diags.Errorf(p.Pos, "detail property %q of %s would be the Go field %s, which the struct of an object with additionalProperties declares itself (%s holds its other members)", p.Name, what, p.GoName, naming.GoExtraField)
				continue
			}
			if first := fields[p.GoName]; first != nil {
				b.diags.Errorf(p.Pos, "detail properties %q and %q (at %s) of %s both become the Go field %s", p.Name, first.Name, first.Pos, what, p.GoName)
				continue
			}
			fields[p.GoName] = p
			b.goTypes(ids, p.Schema, name+p.GoName, what+" property "+p.Name, p.Pos, false)
		}
		if open {
			at := pos
			if s.Additional.Source != nil {
				at = s.Additional.Source.Pos
			}
			b.goTypes(ids, s.Additional, name+naming.GoExtraField, what+" additionalProperties", at, false)
		}
	case s.Type == "string" && len(s.Enum) > 0:
		s.GoName = name
		if !claimed {
			ids.claim(name, what, pos)
		}
		seen := map[string]bool{}
		for _, v := range s.Enum {
			if seen[v] {
				continue // a repeated enum value is the validator's concern
			}
			seen[v] = true
			ids.claim(naming.GoEnumConst(name, v), what+" enum value "+strconv.Quote(v), pos)
		}
	case s.Type == "array":
		b.goTypes(ids, s.Items, name+"Item", what+" items", pos, false)
	}
}

func reservedTS(base string) bool {
	for _, id := range naming.TSErrorIdents(base) {
		if naming.TSReserved[id] {
			return true
		}
	}
	return false
}
