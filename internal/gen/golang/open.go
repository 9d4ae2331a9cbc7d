package golang

import (
	"fmt"

	"github.com/dave/jennifer/jen"
	"github.com/errgen/errgen/internal/facts"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/naming"
)

// An open object declares properties and admits other members
// (additionalProperties): its struct has an Extra map beside the declared
// fields, written after them, and JSON methods that keep the other members
// (see errgenrt.UnmarshalOpen and MarshalOpen).

// extraMember is the Go field of an open struct's other members.
func extraMember(t goType) jen.Code {
	return jen.Id(naming.GoExtraField).Map(jen.String()).Add(typeCode(t)).Tag(map[string]string{"json": "-"})
}

// extraComment documents the Extra field of an open struct.
func (g *generator) extraComment(s *model.Schema) jen.Code {
	text := fmt.Sprintf("%s holds the other members (additionalProperties), written after the declared fields by sorted key; a key named like a declared field is left out", naming.GoExtraField)
	if g.roots[s] {
		text += ", and so is, in a problem document (where the details are flattened), a key named like one of the document's own members"
	}
	return commentCode(text + ".")
}

// openDecls declares ExtraMembers, through which the runtime reads the
// other members of the open struct s (t their type).
func (g *generator) openDecls(f *jen.File, s *model.Schema, t goType) {
	extra := jen.Id("d").Dot(naming.GoExtraField)
	var members jen.Code
	if t.k.Class == facts.ClassAny {
		members = jen.Parens(jen.Op("*").Add(rt("AnyMap"))).Call(jen.Op("&").Add(extra))
	} else {
		mt := "extra" + s.GoName
		doc(f, fmt.Sprintf("%s is the %s of %s as an errgenrt.Map.", mt, naming.GoExtraField, s.GoName))
		f.Type().Id(mt).Map(jen.String()).Add(typeCode(t))
		m := jen.Parens(jen.Op("*").Id("m"))
		f.Func().Params(jen.Id("m").Op("*").Id(mt)).Id("Keys").Params().Index().String().Block(
			jen.Id("keys").Op(":=").Make(jen.Index().String(), jen.Lit(0), jen.Len(m.Clone())),
			jen.For(jen.Id("k").Op(":=").Range().Add(m.Clone())).Block(jen.Id("keys").Op("=").Append(jen.Id("keys"), jen.Id("k"))),
			jen.Return(jen.Id("keys")),
		)
		// a map element cannot be addressed: the value is copied first
		f.Func().Params(jen.Id("m").Op("*").Id(mt)).Id("Get").Params(jen.Id("k").String(), jen.Id("v").Op("*").Add(rt("Value"))).
			Block(jen.Id("x").Op(":=").Add(m.Clone().Index(jen.Id("k"))), g.elemFill(f, s.GoName+naming.GoExtraField, t, jen.Id("x")))
		members = jen.Parens(jen.Op("*").Id(mt)).Call(jen.Op("&").Add(extra))
	}
	doc(f, fmt.Sprintf("ExtraMembers implements errgenrt.OpenDetails: the other members, %s.", naming.GoExtraField))
	f.Func().Params(jen.Id("d").Op("*").Id(s.GoName)).Id("ExtraMembers").Params().Add(rt("Map")).Block(jen.Return(members))
}
