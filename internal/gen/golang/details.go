package golang

import (
	"fmt"
	"strconv"

	"github.com/dave/jennifer/jen"
	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/gotype"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/naming"
)

// typeCode is the Go type t.
func typeCode(t gotype.Type) *jen.Statement {
	switch t.Kind {
	case gotype.String:
		return jen.String()
	case gotype.Enum:
		return jen.Id(t.Name)
	case gotype.Int:
		return jen.Int64()
	case gotype.Float:
		return jen.Float64()
	case gotype.Bool:
		return jen.Bool()
	case gotype.Slice:
		return jen.Index().Add(typeCode(*t.Elem))
	case gotype.Struct:
		var s *jen.Statement
		if t.Builtin() {
			s = rt("FieldErrors")
		} else {
			s = jen.Id(t.Name)
		}
		if t.Ptr {
			return jen.Op("*").Add(s)
		}
		return s
	case gotype.Map:
		return jen.Map(jen.String()).Any()
	}
	return jen.Any()
}

// shapeWhat is how the doc comments of a shape's types name it.
func shapeWhat(s *model.Shape) string {
	if s.Inline {
		return "the details of " + s.Owner.Symbol
	}
	return "detail shape " + s.Name
}

// genTypes emits the struct and enum types of a schema tree.
func (g *generator) genTypes(f *jen.File, s *model.Schema, what string) {
	if s == nil || s.Ref != nil {
		return
	}
	switch {
	case s.Type == "object" && (len(s.Properties) > 0 || g.roots[s]) && s.GoName != "":
		g.genStruct(f, s, what)
		for _, p := range s.Properties {
			g.genTypes(f, p.Schema, what+", property "+strconv.Quote(p.Name))
		}
		g.genTypes(f, s.Additional, what+", additionalProperties")
	case s.Type == "string" && len(s.Enum) > 0 && s.GoName != "":
		doc(f, fmt.Sprintf("%s is %s.", s.GoName, what), s.Description)
		f.Type().Id(s.GoName).String()
		var defs []jen.Code
		seen := map[string]bool{}
		for _, v := range s.Enum {
			if seen[v] {
				continue
			}
			seen[v] = true
			defs = append(defs, jen.Id(naming.GoEnumConst(s.GoName, v)).Id(s.GoName).Op("=").Lit(v))
		}
		f.Const().Defs(defs...)
	case s.Type == "array":
		g.genTypes(f, s.Items, what+" items")
	}
}

// fieldVars declares the errgenrt.Field variable of each property of s.
func (g *generator) fieldVars(f *jen.File, s *model.Schema) {
	var defs []jen.Code
	for _, p := range s.Properties {
		defs = append(defs, jen.Id(fieldVar(s, p)).Op("=").Add(fieldValue(gotype.Field(p, g.sensitive))))
	}
	if _, open := gotype.Extra(s); open {
		defs = append(defs, jen.Id(extraFieldVar(s)).Op("=").Add(fieldValue(gotype.ExtraField(s))))
	}
	if len(defs) > 0 {
		f.Var().Defs(defs...)
	}
}

// fieldValue is the composite literal of an errgenrt.Field, zero values
// left out.
func fieldValue(fl errgenrt.Field) *jen.Statement {
	var items []jen.Code
	if fl.Name != "" {
		items = append(items, keyed("Name", jen.Lit(fl.Name)))
	}
	if fl.Sensitive {
		items = append(items, keyed("Sensitive", jen.True()))
	}
	if fl.Verbose {
		items = append(items, keyed("Verbose", jen.True()))
	}
	if fl.Sanitize != errgenrt.SanitizeNone {
		items = append(items, keyed("Sanitize", rt(gotype.SanitizerIdent(fl.Sanitize))))
	}
	if fl.MaxBytes > 0 {
		items = append(items, keyed("MaxBytes", jen.Lit(fl.MaxBytes)))
	}
	if fl.Exact {
		items = append(items, keyed("Exact", jen.True()))
	}
	return rt("Field").Values(items...)
}

// fieldVar is the package-level errgenrt.Field variable of a property.
func fieldVar(owner *model.Schema, p *model.Property) string {
	return "field_" + owner.GoName + "_" + p.GoName
}

func (g *generator) genStruct(f *jen.File, s *model.Schema, what string) {
	g.fieldVars(f, s)
	doc(f, fmt.Sprintf("%s is %s.", s.GoName, what), s.Description)
	var fields []jen.Code
	for _, p := range s.Properties {
		ti := gotype.Of(p.Schema)
		t := typeCode(ti)
		tag := p.Name
		if !p.Required {
			tag += ",omitempty"
			if ti.Pointable() {
				t = jen.Op("*").Add(t)
			}
		}
		if p.Schema.Description != "" {
			fields = append(fields, commentCode(p.Schema.Description))
		}
		fields = append(fields, jen.Id(p.GoName).Add(t).Tag(map[string]string{"json": tag}))
	}
	extra, open := gotype.Extra(s)
	if open {
		fields = append(fields, g.extraComment(s), extraMember(extra))
	}
	f.Type().Id(s.GoName).Struct(fields...)

	body := []jen.Code{jen.Id("dst").Op("=").Id("e").Dot("Open").Call(jen.Id("dst"))}
	for _, p := range s.Properties {
		body = append(body, g.appendStmts(g.memberOf(s, p))...)
	}
	if open {
		body = append(body, g.extraStmts(s, extra)...)
	}
	body = append(body, jen.Return(jen.Id("e").Dot("Close").Call(jen.Id("dst"))))
	doc(f, "AppendJSON implements errgenrt.Details.")
	f.Func().Params(jen.Id("d").Op("*").Id(s.GoName)).Id("AppendJSON").
		Params(jen.Id("e").Op("*").Add(rt("Encoder")), jen.Id("dst").Index().Byte()).Index().Byte().
		Block(body...)

	if g.roots[s] {
		g.rootDecls(f, s)
	}
	if open {
		g.openDecls(f, s)
	}
}

func (g *generator) memberOf(s *model.Schema, p *model.Property) member {
	return member{fieldVar(s, p), p.GoName, gotype.Of(p.Schema), !p.Required, gotype.Trim(s)}
}

// rootDecls declares what the struct s has as the details of an error: the
// names of its top-level fields (errgenrt.Def.DetailFields), the function
// that returns it empty (errgenrt.Def.ZeroDetails), and its Placeholder
// method, which renders a field into a message. Placeholder finds the
// field by its place in the list of names: a switch on the names as
// strings took several times as long to compile.
func (g *generator) rootDecls(f *jen.File, s *model.Schema) {
	t := gotype.Type{Kind: gotype.Struct, Name: s.GoName, Schema: s}
	fields := fieldsVar(t)
	cases := make([]jen.Code, len(s.Properties))
	for i, p := range s.Properties {
		cases[i] = jen.Case(jen.Lit(i)).Block(g.textStmt(g.memberOf(s, p)))
	}
	g.fieldsDecl(f, s)
	doc(f, fmt.Sprintf("%s returns empty %s, the ZeroDetails of the errors with these details.", zeroName(s.GoName), s.GoName))
	f.Func().Add(zeroFunc(t)).Params().Add(rt("Details")).Block(jen.Return(jen.New(jen.Id(s.GoName))))
	doc(f, fmt.Sprintf("Placeholder implements errgenrt.Placeholders: the text of the field named field (one of %s) in a message.", fieldsName(s.GoName)))
	f.Func().Params(jen.Id("d").Op("*").Id(s.GoName)).Id("Placeholder").
		Params(jen.Id("t").Op("*").Add(rt("Text")), jen.Id("field").String()).
		Block(jen.Switch(jen.Qual("slices", "Index").Call(fields.Clone(), jen.Id("field"))).Block(cases...))
}

// fieldsDecl declares the names of the fields of struct s: for an error's
// details its DetailFields, for an open object the names its other members
// may not take.
func (g *generator) fieldsDecl(f *jen.File, s *model.Schema) {
	fields := fieldsVar(structType(s))
	names := make([]jen.Code, len(s.Properties))
	for i, p := range s.Properties {
		names[i] = jen.Lit(p.Name)
	}
	if g.roots[s] {
		doc(f, fmt.Sprintf("%s are the top-level fields of %s, the DetailFields of the errors with these details.", fieldsName(s.GoName), s.GoName))
	} else {
		doc(f, fmt.Sprintf("%s are the fields of %s.", fieldsName(s.GoName), s.GoName))
	}
	f.Var().Add(fields).Op("=").Index().String().Values(names...)
}

// fieldsVar is the list of the top-level fields of details type t.
func fieldsVar(t gotype.Type) *jen.Statement {
	if t.Builtin() {
		return rt("FieldErrorsFields")
	}
	return jen.Id(fieldsName(t.Name))
}

// fieldsName is the name of the list of the top-level fields of the struct
// named name.
func fieldsName(name string) string { return "fields" + name }

// zeroName is the name of the function returning an empty struct named name.
func zeroName(name string) string { return "zero" + name }

// zeroFunc is the function that returns empty details of type t.
func zeroFunc(t gotype.Type) *jen.Statement {
	if t.Builtin() {
		return rt("ZeroFieldErrors")
	}
	return jen.Id(zeroName(t.Name))
}

// member is what the statements of one property of a struct are made of:
// its field variable, its Go field (of the receiver d), its type, whether
// it is optional, and whether a minimal payload leaves it out when it is
// (gotype.Trim of its struct).
type member struct {
	fieldVar, goName string
	ti               gotype.Type
	optional         bool
	trim             bool
}

// appendStmts writes the statements that append one property.
func (g *generator) appendStmts(m member) []jen.Code {
	field := jen.Op("&").Id(m.fieldVar)
	ti := m.ti
	v := jen.Id("d").Dot(m.goName)
	optional := m.optional
	deref := v.Clone()
	if optional && ti.Pointable() {
		deref = jen.Op("*").Add(v.Clone())
	}
	assign := func(call *jen.Statement) jen.Code { return jen.Id("dst").Op("=").Add(call) }
	var write []jen.Code
	switch ti.Kind {
	case gotype.String:
		write = []jen.Code{assign(jen.Id("e").Dot("String").Call(jen.Id("dst"), field, deref))}
	case gotype.Enum:
		write = []jen.Code{assign(jen.Id("e").Dot("String").Call(jen.Id("dst"), field, jen.String().Call(deref)))}
	case gotype.Int:
		write = []jen.Code{assign(jen.Id("e").Dot("Int").Call(jen.Id("dst"), field, deref))}
	case gotype.Float:
		write = []jen.Code{assign(jen.Id("e").Dot("Float").Call(jen.Id("dst"), field, deref))}
	case gotype.Bool:
		write = []jen.Code{assign(jen.Id("e").Dot("Bool").Call(jen.Id("dst"), field, deref))}
	case gotype.Any, gotype.Map:
		write = []jen.Code{assign(jen.Id("e").Dot("Any").Call(jen.Id("dst"), field, v.Clone()))}
	case gotype.Struct:
		switch {
		case ti.Ptr && !optional:
			write = []jen.Code{jen.If(v.Clone().Op("==").Nil()).Block(
				assign(jen.Id("e").Dot("Details").Call(jen.Id("dst"), field, jen.New(typeCode(gotype.Type{Kind: gotype.Struct, Name: ti.Name})))),
			).Else().Block(
				assign(jen.Id("e").Dot("Details").Call(jen.Id("dst"), field, v.Clone())),
			)}
		case ti.Ptr || optional:
			write = []jen.Code{assign(jen.Id("e").Dot("Details").Call(jen.Id("dst"), field, v.Clone()))}
		default:
			write = []jen.Code{assign(jen.Id("e").Dot("Details").Call(jen.Id("dst"), field, jen.Op("&").Add(v.Clone())))}
		}
	case gotype.Slice:
		write = []jen.Code{jen.If(jen.Id("e").Dot("Emit").Call(field)).Block(
			assign(jen.Id("e").Dot("Key").Call(jen.Id("dst"), field)),
			assign(jen.Id("e").Dot("OpenArray").Call(jen.Id("dst"))),
			g.items(m.fieldVar, ti, v.Clone(), 0),
			assign(jen.Id("e").Dot("CloseArray").Call(jen.Id("dst"))),
		)}
	}
	switch {
	case !optional:
		return write
	case m.trim:
		return []jen.Code{jen.If(v.Clone().Op("!=").Nil().Op("&&").Id("e").Dot("Full").Call()).Block(write...)}
	}
	return []jen.Code{jen.If(v.Clone().Op("!=").Nil()).Block(write...)}
}

// items writes the loop that appends the items of a slice expression of
// type st: every item, or in a minimal payload the first st.Keep.
func (g *generator) items(fieldName string, st gotype.Type, slice *jen.Statement, depth int) jen.Code {
	i := jen.Id("i" + strconv.Itoa(depth))
	item := slice.Clone().Index(i.Clone())
	return jen.For(i.Clone().Op(":=").Range().Id("e").Dot("Keep").Call(jen.Len(slice.Clone()), jen.Lit(st.Keep))).Block(g.value(fieldName, *st.Elem, item, depth)...)
}

// value writes the statements that append one value of type elem, item,
// as an array item or the value of a member whose key is written: strings
// under the rules of the field variable fieldName. depth numbers the loops
// of nested arrays.
func (g *generator) value(fieldName string, elem gotype.Type, item *jen.Statement, depth int) []jen.Code {
	field := jen.Op("&").Id(fieldName)
	assign := func(call *jen.Statement) jen.Code { return jen.Id("dst").Op("=").Add(call) }
	var body []jen.Code
	switch elem.Kind {
	case gotype.String:
		body = []jen.Code{assign(jen.Id("e").Dot("StringValue").Call(jen.Id("dst"), field, item))}
	case gotype.Enum:
		body = []jen.Code{assign(jen.Id("e").Dot("StringValue").Call(jen.Id("dst"), field, jen.String().Call(item)))}
	case gotype.Int:
		body = []jen.Code{assign(jen.Id("e").Dot("IntValue").Call(jen.Id("dst"), item))}
	case gotype.Float:
		body = []jen.Code{assign(jen.Id("e").Dot("FloatValue").Call(jen.Id("dst"), item))}
	case gotype.Bool:
		body = []jen.Code{assign(jen.Id("e").Dot("BoolValue").Call(jen.Id("dst"), item))}
	case gotype.Any, gotype.Map:
		body = []jen.Code{assign(jen.Id("e").Dot("AnyValue").Call(jen.Id("dst"), field, item))}
	case gotype.Struct:
		if elem.Ptr {
			body = []jen.Code{jen.If(item.Clone().Op("==").Nil()).Block(
				assign(jen.New(typeCode(gotype.Type{Kind: gotype.Struct, Name: elem.Name})).Dot("AppendJSON").Call(jen.Id("e"), jen.Id("dst"))),
			).Else().Block(
				assign(item.Clone().Dot("AppendJSON").Call(jen.Id("e"), jen.Id("dst"))),
			)}
		} else {
			body = []jen.Code{assign(item.Clone().Dot("AppendJSON").Call(jen.Id("e"), jen.Id("dst")))}
		}
	case gotype.Slice:
		body = []jen.Code{
			assign(jen.Id("e").Dot("OpenArray").Call(jen.Id("dst"))),
			g.items(fieldName, elem, item, depth+1),
			assign(jen.Id("e").Dot("CloseArray").Call(jen.Id("dst"))),
		}
	}
	return body
}

// textStmt writes the statement that renders one property of a struct
// (the receiver d) into the template text t.
func (g *generator) textStmt(m member) jen.Code {
	field := jen.Op("&").Id(m.fieldVar)
	v := jen.Id("d").Dot(m.goName)
	ti := m.ti
	optional := m.optional && ti.Pointable()
	switch ti.Kind {
	case gotype.String, gotype.Enum:
		if optional {
			if ti.Kind == gotype.Enum {
				return jen.If(v.Clone().Op("!=").Nil()).Block(jen.Id("t").Dot("Str").Call(field, jen.String().Call(jen.Op("*").Add(v))))
			}
			return jen.Id("t").Dot("OptStr").Call(field, v)
		}
		if ti.Kind == gotype.Enum {
			return jen.Id("t").Dot("Str").Call(field, jen.String().Call(v))
		}
		return jen.Id("t").Dot("Str").Call(field, v)
	case gotype.Int, gotype.Float, gotype.Bool:
		method := map[gotype.Kind]string{gotype.Int: "Int", gotype.Float: "Float", gotype.Bool: "Bool"}[ti.Kind]
		if optional {
			method = "Opt" + method
		}
		return jen.Id("t").Dot(method).Call(field, v)
	case gotype.Slice:
		// a list of strings is its items' text; any other array is written
		// as the details carry it, then joined (errgenrt.Text.Array)
		call := jen.Id("t").Dot("Strings").Call(field, v.Clone())
		if ti.Elem.Kind != gotype.String {
			call = jen.Id("t").Dot("Array").Call(field, jen.Func().Params(jen.Id("e").Op("*").Add(rt("Encoder")), jen.Id("dst").Index().Byte()).Index().Byte().Block(
				jen.Id("dst").Op("=").Id("e").Dot("OpenArray").Call(jen.Id("dst")),
				g.items(m.fieldVar, ti, v.Clone(), 0),
				jen.Return(jen.Id("e").Dot("CloseArray").Call(jen.Id("dst"))),
			))
		}
		if m.optional {
			return jen.If(v.Clone().Op("!=").Nil()).Block(call) // absent: no text
		}
		return call
	case gotype.Struct:
		if !ti.Ptr && !optional {
			return jen.Id("t").Dot("JSON").Call(field, jen.Op("&").Add(v))
		}
		return jen.If(v.Clone().Op("!=").Nil()).Block(jen.Id("t").Dot("JSON").Call(field, v))
	}
	return jen.Id("t").Dot("JSON").Call(field, v)
}
