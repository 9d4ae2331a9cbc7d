package golang

import (
	"fmt"

	"github.com/dave/jennifer/jen"
	"github.com/errgen/errgen/internal/gotype"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/naming"
)

// An open object declares properties and admits other members
// (additionalProperties): its struct has an Extra map beside the declared
// fields, written after them, and JSON methods that keep the other members
// (see errgenrt.ExtraKeys, UnmarshalOpen and MarshalOpen).

// extraField is the Go field of an open struct's other members.
func extraMember(t gotype.Type) jen.Code {
	return jen.Id(naming.GoExtraField).Map(jen.String()).Add(typeCode(t)).Tag(map[string]string{"json": "-"})
}

// extraFieldVar is the errgenrt.Field variable of an open struct's other
// members.
func extraFieldVar(s *model.Schema) string { return "field_" + s.GoName + "_" + naming.GoExtraField }

// extraComment documents the Extra field of an open struct.
func (g *generator) extraComment(s *model.Schema) jen.Code {
	text := fmt.Sprintf("%s holds the other members (additionalProperties), written after the declared fields by sorted key; a key named like a declared field is left out", naming.GoExtraField)
	if g.roots[s] {
		text += ", and so is, in a problem document (where the details are flattened), a key named like one of the document's own members"
	}
	return commentCode(text + ".")
}

// extraStmts writes the statements of AppendJSON that append the other
// members of the open struct s (the receiver d).
func (g *generator) extraStmts(s *model.Schema, t gotype.Type) []jen.Code {
	fieldVar := extraFieldVar(s)
	keys := rt("ExtraKeys").Call(jen.Id("e"), jen.Op("&").Id(fieldVar), jen.Id("d"), jen.Id("d").Dot(naming.GoExtraField), fieldsVar(structType(s)))
	body := []jen.Code{
		jen.Id("v").Op(":=").Id("d").Dot(naming.GoExtraField).Index(jen.Id("k")),
		jen.Id("dst").Op("=").Id("e").Dot("ExtraKey").Call(jen.Id("dst"), jen.Id("k")),
	}
	body = append(body, g.value(fieldVar, t, jen.Id("v"), 0)...)
	return []jen.Code{jen.For(jen.List(jen.Id("_"), jen.Id("k")).Op(":=").Range().Add(keys)).Block(body...)}
}

func structType(s *model.Schema) gotype.Type {
	return gotype.Type{Kind: gotype.Struct, Name: s.GoName, Schema: s}
}

// openDecls declares what the open struct s needs besides its type, its
// field variables (fieldVars) and AppendJSON: the names of its declared
// fields (declared with the details helpers when s is an error's
// details), and its UnmarshalJSON and MarshalJSON methods.
func (g *generator) openDecls(f *jen.File, s *model.Schema) {
	fields := fieldsVar(structType(s))
	if !g.roots[s] {
		g.fieldsDecl(f, s)
	}
	ptrs := make([]jen.Code, len(s.Properties))
	for i, p := range s.Properties {
		ptrs[i] = jen.Op("&").Id("d").Dot(p.GoName)
	}
	doc(f, fmt.Sprintf("UnmarshalJSON reads the declared fields by their exact names (%s) and every other member into %s.", fieldsName(s.GoName), naming.GoExtraField))
	f.Func().Params(jen.Id("d").Op("*").Id(s.GoName)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(
		jen.Return(rt("UnmarshalOpen").Call(jen.Id("data"), fields.Clone(), jen.Index().Any().Values(ptrs...), jen.Op("&").Id("d").Dot(naming.GoExtraField))),
	)
	doc(f, fmt.Sprintf("MarshalJSON writes the declared fields as encoding/json does, then the members of %s in sorted order, leaving out a key named like a declared field.", naming.GoExtraField))
	f.Func().Params(jen.Id("d").Id(s.GoName)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Type().Id("declared").Id(s.GoName),
		jen.Return(rt("MarshalOpen").Call(jen.Id("declared").Call(jen.Id("d")), fields.Clone(), jen.Id("d").Dot(naming.GoExtraField))),
	)
}
