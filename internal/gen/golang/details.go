package golang

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/dave/jennifer/jen"
	"github.com/errgen/errgen/internal/facts"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/naming"
)

// The details of a catalog in Go: one struct per object schema (a named
// shape, an error's inline details, an object within them), the table
// that describes each to the runtime (an errgenrt.Object, from the
// catalog's facts), and each struct's Field method, through which the
// runtime reads it as the table numbers its fields. The rules of the wire
// are errgenrt's: the generated code holds data, not decisions.

// typeCode is the Go type t.
func typeCode(t goType) *jen.Statement {
	switch t.k.Class {
	case facts.ClassString:
		return jen.String()
	case facts.ClassEnum:
		return jen.Id(t.k.Schema.GoName)
	case facts.ClassInteger:
		return jen.Int64()
	case facts.ClassNumber:
		return jen.Float64()
	case facts.ClassBoolean:
		return jen.Bool()
	case facts.ClassArray:
		return jen.Index().Add(typeCode(fieldType(t.k.Items)))
	case facts.ClassObject, facts.ClassFieldErrors:
		if t.ptr {
			return jen.Op("*").Add(structCode(t.k))
		}
		return structCode(t.k)
	case facts.ClassMap:
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
	if s == nil {
		return
	}
	k := g.facts.Kind(s)
	if k.Ref { // the target shape declares the types
		return
	}
	switch {
	case (k.Class == facts.ClassObject || k.Class == facts.ClassMap && g.roots[s]) && s.GoName != "":
		g.genStruct(f, s, what)
		for _, p := range s.Properties {
			g.genTypes(f, p.Schema, what+", property "+strconv.Quote(p.Name))
		}
		g.genTypes(f, s.Additional, what+", additionalProperties")
	case k.Class == facts.ClassEnum && s.GoName != "":
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
	case k.Class == facts.ClassArray:
		g.genTypes(f, s.Items, what+" items")
	}
}

// objectVar is the errgenrt.Object variable of the struct named name.
func objectVar(name string) string { return "object" + name }

// genStruct declares the struct of object schema s, its Field method and
// the list and map types its fields need; for a named shape or an error's
// inline details, its table (objectS) too, and for an error's details
// newS, which makes empty ones.
func (g *generator) genStruct(f *jen.File, s *model.Schema, what string) {
	if n := g.tableOf[s]; n != nil {
		g.objectDecl(f, s.GoName, n)
	}
	doc(f, fmt.Sprintf("%s is %s.", s.GoName, what), s.Description)
	var fields []jen.Code
	for _, p := range s.Properties {
		ti := fieldType(g.facts.Kind(p.Schema))
		t := typeCode(ti)
		tag := p.Name
		if !p.Required {
			tag += ",omitempty"
			if ti.pointable() {
				t = jen.Op("*").Add(t)
			}
		}
		if !tagSafe(p.Name) {
			tag = "-" // MarshalJSON and UnmarshalJSON name it
		}
		if p.Schema.Description != "" {
			fields = append(fields, commentCode(p.Schema.Description))
		}
		fields = append(fields, jen.Id(p.GoName).Add(t).Tag(map[string]string{"json": tag}))
	}
	var extra goType
	k := g.facts.Kind(s)
	open := k.Extra != nil
	if open {
		extra = extraType(k.Extra)
		fields = append(fields, g.extraComment(s), extraMember(extra))
	}
	f.Type().Id(s.GoName).Struct(fields...)

	doc(f, "ErrgenField implements errgenrt.Details: it fills v with the field numbered i, in the order the schema declares them, and reports whether it is present.")
	method := f.Func().Params(jen.Id("d").Op("*").Id(s.GoName)).Id("ErrgenField")
	if len(s.Properties) == 0 {
		method.Params(jen.Int(), jen.Op("*").Add(rt("Value"))).Bool().Block(jen.Return(jen.False()))
	} else {
		cases := make([]jen.Code, 0, len(s.Properties)+1)
		for i, p := range s.Properties {
			cases = append(cases, jen.Case(jen.Lit(i)).Block(g.fieldStmts(f, s, p)...))
		}
		cases = append(cases, jen.Default().Block(jen.Return(jen.False())))
		method.Params(jen.Id("i").Int(), jen.Id("v").Op("*").Add(rt("Value"))).Bool().
			Block(jen.Switch(jen.Id("i")).Block(cases...), jen.Return(jen.True()))
	}

	if g.roots[s] {
		doc(f, fmt.Sprintf("%s returns empty %s, the NewDetails of the errors with these details.", newName(s.GoName), s.GoName))
		f.Func().Id(newName(s.GoName)).Params().Add(rt("Details")).Block(jen.Return(jen.New(jen.Id(s.GoName))))
	}
	g.jsonDecls(f, s, open)
	if open {
		g.openDecls(f, s, extra)
	}
}

// tagSafe reports whether a struct tag can name a JSON member name as
// encoding/json reads tags: letters, digits, spaces and the punctuation
// !#$%&()*+-./:;<=>?@[]^_{|}~.
func tagSafe(name string) bool {
	if name == "" {
		return false
	}
	for _, c := range name {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case unicode.IsLetter(c) || unicode.IsDigit(c):
		default:
			return false
		}
	}
	return true
}

// jsonDecls declares the names of the fields of struct s (fieldsS) and
// its JSON methods, which read and write the members by those exact names
// (an open struct's keep the other members too, see openDecls).
func (g *generator) jsonDecls(f *jen.File, s *model.Schema, open bool) {
	fields := jen.Id(fieldsName(s.GoName))
	names := make([]jen.Code, len(s.Properties))
	ptrs := make([]jen.Code, len(s.Properties))
	values := make([]jen.Code, len(s.Properties))
	optional := make([]jen.Code, len(s.Properties))
	for i, p := range s.Properties {
		names[i] = jen.Lit(p.Name)
		ptrs[i] = jen.Op("&").Id("d").Dot(p.GoName)
		values[i] = jen.Id("d").Dot(p.GoName)
		optional[i] = jen.Lit(!p.Required)
	}
	doc(f, fmt.Sprintf("%s are the names of the fields of %s, in order.", fieldsName(s.GoName), s.GoName))
	f.Var().Add(fields.Clone()).Op("=").Index().String().Values(names...)
	extra := jen.Op("&").Id("d").Dot(naming.GoExtraField)
	if open {
		doc(f, fmt.Sprintf("UnmarshalJSON reads the fields by their exact names (%s) and every other member into %s.", fieldsName(s.GoName), naming.GoExtraField))
		f.Func().Params(jen.Id("d").Op("*").Id(s.GoName)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(
			jen.Return(rt("UnmarshalOpen").Call(jen.Id("data"), fields.Clone(), jen.Index().Any().Values(ptrs...), extra)),
		)
		doc(f, fmt.Sprintf("MarshalJSON writes the fields by their names, an absent optional one left out, then the members of %s in sorted order, leaving out a key named like a field.", naming.GoExtraField))
		f.Func().Params(jen.Id("d").Id(s.GoName)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(
			jen.Return(rt("MarshalOpen").Call(fields.Clone(), jen.Index().Any().Values(values...), jen.Index().Bool().Values(optional...), jen.Id("d").Dot(naming.GoExtraField))),
		)
		return
	}
	doc(f, fmt.Sprintf("UnmarshalJSON reads the fields by their exact names (%s), as JSON Schema matches them.", fieldsName(s.GoName)))
	f.Func().Params(jen.Id("d").Op("*").Id(s.GoName)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(
		jen.Return(rt("UnmarshalFields").Call(jen.Id("data"), fields.Clone(), jen.Index().Any().Values(ptrs...))),
	)
	doc(f, "MarshalJSON writes the fields by their names, an absent optional one left out.")
	f.Func().Params(jen.Id("d").Id(s.GoName)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Return(rt("MarshalFields").Call(fields.Clone(), jen.Index().Any().Values(values...), jen.Index().Bool().Values(optional...))),
	)
}

// fieldsName is the name of the list of the field names of the struct
// named name.
func fieldsName(name string) string { return "fields" + name }

// newName is the name of the function returning empty details of the
// struct named name.
func newName(name string) string { return "new" + name }

// fieldStmts fills v with property p of struct s (the receiver d): absent
// when an optional value is nil.
func (g *generator) fieldStmts(f *jen.File, s *model.Schema, p *model.Property) []jen.Code {
	ti := fieldType(g.facts.Kind(p.Schema))
	x := jen.Id("d").Dot(p.GoName)
	var out []jen.Code
	optional := !p.Required
	absent := func() {
		out = append(out, jen.If(x.Clone().Op("==").Nil()).Block(jen.Return(jen.False())))
	}
	deref := x.Clone()
	if optional && ti.pointable() {
		absent()
		deref = jen.Op("*").Add(x.Clone())
	} else if optional {
		absent() // a nil slice, map, untyped value or struct pointer
	}
	switch {
	case ti.isStruct():
		var obj *jen.Statement
		switch {
		case ti.ptr && !optional:
			return append(out, jen.If(x.Clone().Op("!=").Nil()).Block(jen.Id("v").Dot("Obj").Op("=").Add(x.Clone())))
		case ti.ptr || optional:
			obj = x.Clone()
		default:
			obj = jen.Op("&").Add(x.Clone())
		}
		return append(out, jen.Id("v").Dot("Obj").Op("=").Add(obj))
	case ti.k.Class == facts.ClassArray:
		list := g.listType(f, s.GoName+p.GoName, ti)
		return append(out, jen.Id("v").Dot("List").Op("=").Parens(jen.Op("*").Add(list)).Call(jen.Op("&").Add(x.Clone())))
	}
	return append(out, scalarFill(ti, deref))
}

// scalarFill sets the member of v that holds a value x of type t (a
// string, enum, number, boolean, untyped value or map).
func scalarFill(t goType, x *jen.Statement) jen.Code {
	v := jen.Id("v")
	switch t.k.Class {
	case facts.ClassString:
		return v.Dot("Str").Op("=").Add(x)
	case facts.ClassEnum:
		return v.Dot("Str").Op("=").String().Call(x)
	case facts.ClassInteger:
		return v.Dot("Int").Op("=").Add(x)
	case facts.ClassNumber:
		return v.Dot("Num").Op("=").Add(x)
	case facts.ClassBoolean:
		return v.Dot("Bool").Op("=").Add(x)
	case facts.ClassMap:
		return v.Dot("Map").Op("=").Parens(jen.Op("*").Add(rt("AnyMap"))).Call(jen.Op("&").Add(x))
	}
	return jen.List(v.Clone().Dot("Any"), v.Clone().Dot("IsAny")).Op("=").List(x, jen.True())
}

// elemFill sets the member of v that holds the item x of a slice of t.
func (g *generator) elemFill(f *jen.File, name string, t goType, x *jen.Statement) jen.Code {
	v := jen.Id("v")
	switch {
	case t.isStruct():
		if t.ptr {
			return jen.If(x.Clone().Op("!=").Nil()).Block(v.Dot("Obj").Op("=").Add(x.Clone()))
		}
		return v.Dot("Obj").Op("=").Op("&").Add(x)
	case t.k.Class == facts.ClassArray:
		return v.Dot("List").Op("=").Parens(jen.Op("*").Add(g.listType(f, name, t))).Call(jen.Op("&").Add(x))
	}
	return scalarFill(t, x)
}

// runtimeLists are errgenrt's list types of slices of primitives.
var runtimeLists = map[facts.Class]string{
	facts.ClassString: "Strings", facts.ClassInteger: "Int64s", facts.ClassNumber: "Float64s", facts.ClassBoolean: "Bools", facts.ClassAny: "Anys",
}

// listType returns the errgenrt.List type of a slice of type t: errgenrt's
// for a slice of primitives, else listNAME, declared here.
func (g *generator) listType(f *jen.File, name string, t goType) *jen.Statement {
	elem := fieldType(t.k.Items)
	if rl, ok := runtimeLists[elem.k.Class]; ok {
		return rt(rl)
	}
	list := "list" + name
	doc(f, fmt.Sprintf("%s is a []%s as an errgenrt.List.", list, typeName(elem)))
	f.Type().Id(list).Index().Add(typeCode(elem))
	l := jen.Parens(jen.Op("*").Id("l"))
	f.Func().Params(jen.Id("l").Op("*").Id(list)).Id("Len").Params().Int().Block(jen.Return(jen.Len(l.Clone())))
	f.Func().Params(jen.Id("l").Op("*").Id(list)).Id("At").Params(jen.Id("i").Int(), jen.Id("v").Op("*").Add(rt("Value"))).
		Block(g.elemFill(f, name+"Items", elem, l.Clone().Index(jen.Id("i"))))
	return jen.Id(list)
}

// typeName names a Go type for a doc comment.
func typeName(t goType) string {
	b := *typeCode(t)
	return fmt.Sprintf("%#v", &b)
}

// objectDecl declares the table of the struct named name, the object node
// n of the catalog's facts: as a variable, or, for a shape that contains
// itself, filled in by an init function.
func (g *generator) objectDecl(f *jen.File, name string, n *facts.Node) {
	v := objectVar(name)
	lit := g.objectLiteral(n)
	doc(f, fmt.Sprintf("%s describes %s to the runtime: its fields in order, what each holds, errgen's keywords and the constraints the runtime checks.", v, name))
	if g.cyclic[n] {
		f.Var().Id(v).Op("=").New(rt("Object"))
		f.Func().Id("init").Params().Block(jen.Op("*").Id(v).Op("=").Add(lit))
		return
	}
	f.Var().Id(v).Op("=").Op("&").Add(lit)
}

// objectLiteral is the errgenrt.Object value of object node n.
func (g *generator) objectLiteral(n *facts.Node) jen.Code {
	var items []jen.Code
	if n.Trim {
		items = append(items, keyed("Trim", jen.True()))
	}
	if len(n.Properties) > 0 {
		fields := make([]jen.Code, len(n.Properties))
		for i, p := range n.Properties {
			fv := []jen.Code{keyed("Name", jen.Lit(p.Name))}
			if p.Required {
				fv = append(fv, keyed("Required", jen.True()))
			}
			fv = append(fv, keyed("Node", g.nodeCode(p.Node)))
			fields[i] = jen.Values(fv...)
		}
		items = append(items, keyed("Fields", jen.Index().Add(rt("Field")).Custom(multi, fields...)))
	}
	if n.AdditionalProperties != nil {
		items = append(items, keyed("Extra", g.nodeCode(n.AdditionalProperties)))
	}
	return rt("Object").Custom(multi, items...)
}

// nodeCode is a pointer to the errgenrt.Node of n.
func (g *generator) nodeCode(n *facts.Node) jen.Code {
	if n.Shape == facts.FieldErrors && !n.Verbose {
		return rt("FieldErrorsNode")
	}
	items := []jen.Code{keyed("Kind", rt(kinds[n.Type]))}
	if n.Sensitive {
		items = append(items, keyed("Sensitive", jen.True()))
	}
	if n.Verbose {
		items = append(items, keyed("Verbose", jen.True()))
	}
	if s := sanitizers[n.Sanitize]; s != "" {
		items = append(items, keyed("Sanitize", rt(s)))
	}
	if n.MaxBytes > 0 {
		items = append(items, keyed("MaxBytes", jen.Lit(n.MaxBytes)))
	}
	if n.Exact {
		items = append(items, keyed("Exact", jen.True()))
	}
	if n.Check != nil {
		items = append(items, keyed("Check", checkCode(n.Check)))
	}
	if n.Items != nil {
		items = append(items, keyed("Items", g.nodeCode(n.Items)))
	}
	if n.Keep != 0 {
		items = append(items, keyed("Keep", jen.Lit(n.Keep)))
	}
	switch {
	case n.Shape == facts.FieldErrors:
		items = append(items, keyed("Object", rt("FieldErrorsNode").Dot("Object")))
	case n.Shape != "":
		items = append(items, keyed("Object", jen.Id(objectVar(g.shapeName[n.Shape]))))
	case n.Type == "object":
		items = append(items, keyed("Object", jen.Op("&").Add(g.objectLiteral(n))))
	}
	if n.Replacement != nil {
		items = append(items, keyed("Replacement", valueCode(facts.Decode(*n.Replacement))), keyed("HasReplacement", jen.True()))
	}
	return jen.Op("&").Add(rt("Node")).Values(items...)
}

var kinds = map[string]string{
	"string": "KindString", "integer": "KindInteger", "number": "KindNumber", "boolean": "KindBoolean",
	"array": "KindArray", "object": "KindObject", "any": "KindAny",
}

var sanitizers = map[string]string{"path": "SanitizePath", "uri": "SanitizeURI", "text": "SanitizeText"}

// checkCode is a pointer to the errgenrt.Check of c.
func checkCode(c *facts.Check) jen.Code {
	var items []jen.Code
	strs := func(key string, list []string) {
		if len(list) == 0 && key != "Enum" || list == nil {
			return
		}
		vals := make([]jen.Code, len(list))
		for i, s := range list {
			vals[i] = jen.Lit(s)
		}
		items = append(items, keyed(key, jen.Index().String().Values(vals...)))
	}
	strs("Enum", c.Enum)
	if c.Const != nil {
		items = append(items, keyed("Const", valueCode(facts.Decode(*c.Const))), keyed("HasConst", jen.True()))
	}
	strs("Patterns", c.Patterns)
	strs("Formats", c.Formats)
	bound := func(key string, n *json.Number) {
		if n == nil {
			return
		}
		f, _ := n.Float64()
		items = append(items, keyed(key, rt("Bound").Call(jen.Lit(f))))
	}
	bound("Minimum", c.Minimum)
	bound("Maximum", c.Maximum)
	bound("ExclusiveMinimum", c.ExclusiveMinimum)
	bound("ExclusiveMaximum", c.ExclusiveMaximum)
	if c.MultipleOf != nil {
		f, _ := c.MultipleOf.Float64()
		items = append(items, keyed("MultipleOf", jen.Lit(f)))
	}
	limit := func(key string, n *int) {
		if n != nil {
			items = append(items, keyed(key, rt("Limit").Call(jen.Lit(*n))))
		}
	}
	limit("MinLength", c.MinLength)
	limit("MaxLength", c.MaxLength)
	limit("MinItems", c.MinItems)
	limit("MaxItems", c.MaxItems)
	if c.UniqueItems {
		items = append(items, keyed("UniqueItems", jen.True()))
	}
	return jen.Op("&").Add(rt("Check")).Values(items...)
}

// valueCode is the Go value of a JSON value as encoding/json decodes it
// into an interface.
func valueCode(v any) jen.Code {
	switch x := v.(type) {
	case nil:
		return jen.Nil()
	case string:
		return jen.Lit(x)
	case bool:
		return jen.Lit(x)
	case float64:
		return jen.Lit(x)
	case []any:
		items := make([]jen.Code, len(x))
		for i, it := range x {
			items[i] = valueCode(it)
		}
		return jen.Index().Any().Values(items...)
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		items := make([]jen.Code, len(keys))
		for i, k := range keys {
			items[i] = jen.Lit(k).Op(":").Add(valueCode(x[k]))
		}
		return jen.Map(jen.String()).Any().Values(items...)
	}
	return jen.Nil()
}
