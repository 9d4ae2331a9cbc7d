package golang

import (
	"fmt"
	"strconv"

	"github.com/dave/jennifer/jen"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/naming"
)

type kind int

const (
	kAny kind = iota
	kString
	kEnum
	kInt
	kFloat
	kBool
	kSlice
	kStruct
	kMap
)

// typeInfo is the Go type of a schema node.
type typeInfo struct {
	kind kind
	name string // kEnum, kStruct: the type name; "" for errgenrt.FieldErrors
	ptr  bool   // kStruct reached through $ref: always a pointer (shapes may recurse)
	elem *typeInfo
}

// pointable reports whether an optional field of this type is a pointer;
// slices, maps and untyped values tell absence by nil already.
func (t typeInfo) pointable() bool {
	switch t.kind {
	case kString, kEnum, kInt, kFloat, kBool:
		return true
	case kStruct:
		return !t.ptr
	}
	return false
}

func (t typeInfo) code() *jen.Statement {
	switch t.kind {
	case kString:
		return jen.String()
	case kEnum:
		return jen.Id(t.name)
	case kInt:
		return jen.Int64()
	case kFloat:
		return jen.Float64()
	case kBool:
		return jen.Bool()
	case kSlice:
		return jen.Index().Add(t.elem.code())
	case kStruct:
		var s *jen.Statement
		if t.name == "" {
			s = rt("FieldErrors")
		} else {
			s = jen.Id(t.name)
		}
		if t.ptr {
			return jen.Op("*").Add(s)
		}
		return s
	case kMap:
		return jen.Map(jen.String()).Any()
	}
	return jen.Any()
}

// typeOf maps a schema node to its Go type; names come from the model.
func (g *generator) typeOf(s *model.Schema, _ string) typeInfo {
	if s == nil {
		return typeInfo{kind: kAny}
	}
	if s.Ref != nil {
		target := s.Ref
		for target.Schema.Ref != nil {
			target = target.Schema.Ref
		}
		ts := target.Schema
		switch {
		case target.Builtin:
			return typeInfo{kind: kStruct, ptr: true}
		case ts.Type == "object" && len(ts.Properties) > 0:
			return typeInfo{kind: kStruct, name: ts.GoName, ptr: true}
		}
		return g.typeOf(ts, "")
	}
	switch s.Type {
	case "string":
		if len(s.Enum) > 0 && s.GoName != "" {
			return typeInfo{kind: kEnum, name: s.GoName}
		}
		return typeInfo{kind: kString}
	case "integer":
		return typeInfo{kind: kInt}
	case "number":
		return typeInfo{kind: kFloat}
	case "boolean":
		return typeInfo{kind: kBool}
	case "array":
		elem := g.typeOf(s.Items, "")
		return typeInfo{kind: kSlice, elem: &elem}
	case "object":
		if len(s.Properties) > 0 && s.GoName != "" {
			return typeInfo{kind: kStruct, name: s.GoName}
		}
		return typeInfo{kind: kMap}
	}
	return typeInfo{kind: kAny}
}

func (g *generator) detailsFile(shapes []*model.Shape) *jen.File {
	f := g.newFile()
	for _, s := range shapes {
		g.shapeDecls(f, s)
	}
	return f
}

// shapeDecls adds the declarations of one shape to f: the field variables
// of a builtin one, the types of the others (none for a pure $ref, whose
// target's type serves).
func (g *generator) shapeDecls(f *jen.File, s *model.Shape) {
	switch {
	case s.Builtin:
		g.fieldVars(f, s.Schema)
	case s.Schema.Ref == nil:
		g.genTypes(f, s.Schema, shapeWhat(s))
	}
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
	case s.Type == "object" && len(s.Properties) > 0 && s.GoName != "":
		g.genStruct(f, s, what)
		for _, p := range s.Properties {
			g.genTypes(f, p.Schema, what+", property "+strconv.Quote(p.Name))
		}
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

// sanitizers are the errgenrt functions of the x-sanitize values.
var sanitizers = map[string]string{"path": "SanitizePath", "uri": "SanitizeURI", "text": "SanitizeText"}

func (g *generator) fieldVars(f *jen.File, s *model.Schema) {
	var defs []jen.Code
	for _, p := range s.Properties {
		dict := jen.Dict{jen.Id("Name"): jen.Lit(p.Name)}
		ps := p.Schema
		if ps.Sensitive || g.sensitive[p] {
			dict[jen.Id("Sensitive")] = jen.True()
		}
		if ps.Verbose {
			dict[jen.Id("Verbose")] = jen.True()
		}
		if ps.MaxBytes > 0 {
			dict[jen.Id("MaxBytes")] = jen.Lit(int(ps.MaxBytes))
		}
		if fn := sanitizers[ps.Sanitize]; fn != "" {
			dict[jen.Id("Sanitize")] = rt(fn)
		}
		defs = append(defs, jen.Id(fieldVar(s, p)).Op("=").Add(rt("Field")).Values(dict))
	}
	if len(defs) > 0 {
		f.Var().Defs(defs...)
	}
}

// sensitiveFields returns the properties an error lists as sensitive; the
// field is redacted wherever its shape is used.
func (g *generator) sensitiveFields() map[*model.Property]bool {
	out := map[*model.Property]bool{}
	for _, e := range g.m.Errors {
		if e.Details == nil {
			continue
		}
		root := e.Details.Schema.Resolved()
		for _, name := range e.Sensitive {
			if p := root.Property(name); p != nil {
				out[p] = true
			}
		}
	}
	return out
}

func (g *generator) genStruct(f *jen.File, s *model.Schema, what string) {
	g.fieldVars(f, s)
	doc(f, fmt.Sprintf("%s is %s.", s.GoName, what), s.Description)
	var fields []jen.Code
	for _, p := range s.Properties {
		ti := g.typeOf(p.Schema, "")
		t := ti.code()
		tag := p.Name
		if !p.Required {
			tag += ",omitempty"
			if ti.pointable() {
				t = jen.Op("*").Add(t)
			}
		}
		if p.Schema.Description != "" {
			fields = append(fields, commentCode(p.Schema.Description))
		}
		fields = append(fields, jen.Id(p.GoName).Add(t).Tag(map[string]string{"json": tag}))
	}
	f.Type().Id(s.GoName).Struct(fields...)

	members := make([][]jen.Code, len(s.Properties))
	texts := make([]jen.Code, len(s.Properties))
	for i, p := range s.Properties {
		m := g.memberOf(s, p)
		members[i], texts[i] = g.appendStmts(m), g.textStmt(m)
	}
	g.methods(f, s.GoName, members, texts)
}

// methods declares the AppendJSON and Placeholder methods of the struct
// type typeName: members are the statements that append each property,
// texts the statement that renders each into a message.
func (g *generator) methods(f *jen.File, typeName string, members [][]jen.Code, texts []jen.Code) {
	body := []jen.Code{jen.Id("dst").Op("=").Id("e").Dot("Open").Call(jen.Id("dst"))}
	for _, m := range members {
		body = append(body, m...)
	}
	body = append(body, jen.Return(jen.Id("e").Dot("Close").Call(jen.Id("dst"))))
	doc(f, "AppendJSON implements errgenrt.Details.")
	f.Func().Params(jen.Id("d").Op("*").Id(typeName)).Id("AppendJSON").
		Params(jen.Id("e").Op("*").Add(rt("Encoder")), jen.Id("dst").Index().Byte()).Index().Byte().
		Block(body...)

	cases := make([]jen.Code, len(texts))
	for i, t := range texts {
		cases[i] = jen.Case(jen.Lit(i)).Block(t)
	}
	doc(f, "Placeholder implements errgenrt.Placeholders: the text of a field in a message.")
	f.Func().Params(jen.Id("d").Op("*").Id(typeName)).Id("Placeholder").
		Params(jen.Id("t").Op("*").Add(rt("Text")), jen.Id("field").Int()).
		Block(jen.Switch(jen.Id("field")).Block(cases...))
}

// member is what the statements of one property of a struct are made of:
// its field variable, its Go field (of the receiver d), its type, and
// whether it is optional.
type member struct {
	fieldVar, goName string
	ti               typeInfo
	optional         bool
}

func (g *generator) memberOf(s *model.Schema, p *model.Property) member {
	return member{fieldVar(s, p), p.GoName, g.typeOf(p.Schema, ""), !p.Required}
}

// appendStmts writes the statements that append one property.
func (g *generator) appendStmts(m member) []jen.Code {
	field := jen.Op("&").Id(m.fieldVar)
	ti := m.ti
	v := jen.Id("d").Dot(m.goName)
	optional := m.optional
	deref := v.Clone()
	if optional && ti.pointable() {
		deref = jen.Op("*").Add(v.Clone())
	}
	assign := func(call *jen.Statement) jen.Code { return jen.Id("dst").Op("=").Add(call) }
	var write []jen.Code
	switch ti.kind {
	case kString:
		write = []jen.Code{assign(jen.Id("e").Dot("String").Call(jen.Id("dst"), field, deref))}
	case kEnum:
		write = []jen.Code{assign(jen.Id("e").Dot("String").Call(jen.Id("dst"), field, jen.String().Call(deref)))}
	case kInt:
		write = []jen.Code{assign(jen.Id("e").Dot("Int").Call(jen.Id("dst"), field, deref))}
	case kFloat:
		write = []jen.Code{assign(jen.Id("e").Dot("Float").Call(jen.Id("dst"), field, deref))}
	case kBool:
		write = []jen.Code{assign(jen.Id("e").Dot("Bool").Call(jen.Id("dst"), field, deref))}
	case kAny, kMap:
		write = []jen.Code{assign(jen.Id("e").Dot("Any").Call(jen.Id("dst"), field, v.Clone()))}
	case kStruct:
		switch {
		case ti.ptr && !optional:
			write = []jen.Code{jen.If(v.Clone().Op("==").Nil()).Block(
				assign(jen.Id("e").Dot("Details").Call(jen.Id("dst"), field, jen.New(typeInfo{kind: kStruct, name: ti.name}.code()))),
			).Else().Block(
				assign(jen.Id("e").Dot("Details").Call(jen.Id("dst"), field, v.Clone())),
			)}
		case ti.ptr || optional:
			write = []jen.Code{assign(jen.Id("e").Dot("Details").Call(jen.Id("dst"), field, v.Clone()))}
		default:
			write = []jen.Code{assign(jen.Id("e").Dot("Details").Call(jen.Id("dst"), field, jen.Op("&").Add(v.Clone())))}
		}
	case kSlice:
		write = []jen.Code{jen.If(jen.Id("e").Dot("Emit").Call(field)).Block(
			assign(jen.Id("e").Dot("Key").Call(jen.Id("dst"), field)),
			assign(jen.Id("e").Dot("OpenArray").Call(jen.Id("dst"))),
			jen.If(jen.Id("e").Dot("Full").Call()).Block(g.items(m.fieldVar, *ti.elem, v.Clone(), 0)...),
			assign(jen.Id("e").Dot("CloseArray").Call(jen.Id("dst"))),
		)}
	}
	if !optional {
		return write
	}
	return []jen.Code{jen.If(v.Clone().Op("!=").Nil().Op("&&").Id("e").Dot("Full").Call()).Block(write...)}
}

// items writes the loop that appends the items of a slice expression.
func (g *generator) items(fieldName string, elem typeInfo, slice *jen.Statement, depth int) []jen.Code {
	field := jen.Op("&").Id(fieldName)
	i := jen.Id("i" + strconv.Itoa(depth))
	item := slice.Clone().Index(i.Clone())
	assign := func(call *jen.Statement) jen.Code { return jen.Id("dst").Op("=").Add(call) }
	var body []jen.Code
	switch elem.kind {
	case kString:
		body = []jen.Code{assign(jen.Id("e").Dot("StringValue").Call(jen.Id("dst"), field, item))}
	case kEnum:
		body = []jen.Code{assign(jen.Id("e").Dot("StringValue").Call(jen.Id("dst"), field, jen.String().Call(item)))}
	case kInt:
		body = []jen.Code{assign(jen.Id("e").Dot("IntValue").Call(jen.Id("dst"), item))}
	case kFloat:
		body = []jen.Code{assign(jen.Id("e").Dot("FloatValue").Call(jen.Id("dst"), item))}
	case kBool:
		body = []jen.Code{assign(jen.Id("e").Dot("BoolValue").Call(jen.Id("dst"), item))}
	case kAny, kMap:
		body = []jen.Code{assign(jen.Id("e").Dot("AnyValue").Call(jen.Id("dst"), field, item))}
	case kStruct:
		if elem.ptr {
			body = []jen.Code{jen.If(item.Clone().Op("==").Nil()).Block(
				assign(jen.New(typeInfo{kind: kStruct, name: elem.name}.code()).Dot("AppendJSON").Call(jen.Id("e"), jen.Id("dst"))),
			).Else().Block(
				assign(item.Clone().Dot("AppendJSON").Call(jen.Id("e"), jen.Id("dst"))),
			)}
		} else {
			body = []jen.Code{assign(item.Clone().Dot("AppendJSON").Call(jen.Id("e"), jen.Id("dst")))}
		}
	case kSlice:
		body = []jen.Code{
			assign(jen.Id("e").Dot("OpenArray").Call(jen.Id("dst"))),
		}
		body = append(body, g.items(fieldName, *elem.elem, item, depth+1)...)
		body = append(body, assign(jen.Id("e").Dot("CloseArray").Call(jen.Id("dst"))))
	}
	return []jen.Code{jen.For(i.Clone().Op(":=").Range().Add(slice.Clone())).Block(body...)}
}

// textStmt writes the statement that renders one property of a struct
// (the receiver d) into the template text t.
func (g *generator) textStmt(m member) jen.Code {
	field := jen.Op("&").Id(m.fieldVar)
	v := jen.Id("d").Dot(m.goName)
	ti := m.ti
	optional := m.optional && ti.pointable()
	switch ti.kind {
	case kString, kEnum:
		if optional {
			if ti.kind == kEnum {
				return jen.If(v.Clone().Op("!=").Nil()).Block(jen.Id("t").Dot("Str").Call(field, jen.String().Call(jen.Op("*").Add(v))))
			}
			return jen.Id("t").Dot("OptStr").Call(field, v)
		}
		if ti.kind == kEnum {
			return jen.Id("t").Dot("Str").Call(field, jen.String().Call(v))
		}
		return jen.Id("t").Dot("Str").Call(field, v)
	case kInt, kFloat, kBool:
		method := map[kind]string{kInt: "Int", kFloat: "Float", kBool: "Bool"}[ti.kind]
		if optional {
			method = "Opt" + method
		}
		return jen.Id("t").Dot(method).Call(field, v)
	case kSlice:
		if ti.elem.kind == kString {
			return jen.Id("t").Dot("Strings").Call(field, v)
		}
	case kStruct:
		if !ti.ptr && !optional {
			return jen.Id("t").Dot("JSON").Call(field, jen.Op("&").Add(v))
		}
		return jen.If(v.Clone().Op("!=").Nil()).Block(jen.Id("t").Dot("JSON").Call(field, v))
	}
	return jen.Id("t").Dot("JSON").Call(field, v)
}
