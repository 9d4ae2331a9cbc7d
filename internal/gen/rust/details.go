package rust

import (
	"strconv"

	"github.com/errgen/errgen/errgenrt"
	"github.com/errgen/errgen/internal/gotype"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/naming"
)

// The detail types: a struct per object (with its serde attributes and,
// for the runtime, its shape: rt::Details), an enum per string enum. Their
// kinds, fields and extension keywords come from internal/gotype, the
// rules of the Go output, so that both runtimes read the same schema
// alike.

// genTypes writes the struct and enum types of a schema tree: the node's,
// then its properties', then its other members'. root marks an error's
// details, a struct even without properties.
func (g *generator) genTypes(w *writer, u *uses, s *model.Schema, name, what string, root bool) {
	if s == nil || s.Ref != nil {
		return
	}
	switch {
	case s.Type == "object" && (len(s.Properties) > 0 || root):
		g.genStruct(w, u, s, name, what)
		for _, p := range s.Properties {
			g.genTypes(w, u, p.Schema, p.Schema.RustName, what+", property "+quote(p.Name), false)
		}
		if _, open := gotype.Extra(s); open {
			g.genTypes(w, u, s.Additional, s.Additional.RustName, what+", additionalProperties", false)
		}
	case s.Type == "string" && len(s.Enum) > 0 && s.RustName != "":
		g.genEnum(w, u, s, what)
	case s.Type == "array":
		if s.Items != nil {
			g.genTypes(w, u, s.Items, s.Items.RustName, what+" items", false)
		}
	}
}

// genEnum writes the enum of a string enum schema.
func (g *generator) genEnum(w *writer, u *uses, s *model.Schema, what string) {
	u.serde = true
	w.blank()
	w.doc(0, "///", cat(s.RustName+" is "+what+"."), cat(s.Description))
	w.line(0, "#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]")
	w.open(0, "pub enum "+s.RustName)
	seen := map[string]bool{}
	for _, v := range s.Enum {
		if seen[v] {
			continue
		}
		seen[v] = true
		w.attr(1, "serde", "rename = "+lit(v))
		w.line(1, naming.RustVariant(v)+",")
	}
	w.line(0, "}")
}

// genStruct writes the struct of an object schema, and its shape.
func (g *generator) genStruct(w *writer, u *uses, s *model.Schema, name, what string) {
	u.serde, u.crate = true, true
	w.blank()
	w.doc(0, "///", cat(name+" is "+what+"."), cat(s.Description))
	var required []*model.Property
	for _, p := range s.Properties {
		if p.Required {
			required = append(required, p)
		}
	}
	if len(required) == 0 {
		w.line(0, "#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]")
	} else {
		w.line(0, "#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]")
	}
	extra, open := gotype.Extra(s)
	if len(s.Properties) == 0 && !open {
		w.line(0, "pub struct "+name+" {}")
	} else {
		w.open(0, "pub struct "+name)
		for _, p := range s.Properties {
			w.doc(1, "///", cat(p.Schema.Description))
			field := naming.RustSnake(p.Name)
			if field != p.Name {
				w.attr(1, "serde", "rename = "+lit(p.Name))
			}
			t := g.fieldType(s, gotype.Of(p.Schema))
			if !p.Required {
				w.attr(1, "serde", `skip_serializing_if = "Option::is_none"`)
				t = "Option<" + t + ">"
			}
			w.typeField(1, "pub "+naming.RustIdent(field), t)
		}
		if open {
			doc := "The other members (`additionalProperties`), written after the declared fields " +
				"by sorted key; a key named like a declared field is left out"
			if g.roots[s] {
				doc += ", and so is, in a problem document (where the details are flattened), a key " +
					"named like one of the document's own members"
			}
			w.doc(1, "///", own("%s.", doc))
			w.attr(1, "serde", "flatten")
			w.attr(1, "serde", "serialize_with = "+lit("rt::serialize_extra::<"+name+", _, _>"))
			w.typeField(1, "pub extra", "std::collections::BTreeMap<String, "+g.valueType(extra)+">")
		}
		w.line(0, "}")
	}
	if len(required) > 0 {
		g.genNew(w, s, name, required)
	}

	w.blank()
	w.open(0, "impl rt::Details for "+name)
	w.line(1, "fn shape() -> rt::Shape {")
	w.line(2, "static OBJECT: rt::Object = rt::Object {")
	switch len(s.Properties) {
	case 0:
		w.line(3, "props: &[],")
	case 1:
		p := s.Properties[0]
		g.prop(w, u, 3, "props: &[", p.Name, p.Required, gotype.Of(p.Schema), gotype.FieldOf(p, g.sensitive), "}],")
	default:
		w.line(3, "props: &[")
		for _, p := range s.Properties {
			g.prop(w, u, 4, "", p.Name, p.Required, gotype.Of(p.Schema), gotype.FieldOf(p, g.sensitive), "},")
		}
		w.line(3, "],")
	}
	w.line(3, "trim: "+strconv.FormatBool(gotype.Trim(s))+",")
	if extra, open := gotype.Extra(s); open {
		g.prop(w, u, 3, "extra: Some(", "", true, extra, gotype.ExtraFieldOf(s), "}),")
	} else {
		w.line(3, "extra: None,")
	}
	w.line(2, "};")
	w.line(2, "rt::Shape::Object(&OBJECT)")
	w.line(1, "}")
	w.line(0, "}")
}

// genNew writes the function new of struct s, which takes its required
// fields (a string as anything that converts into one) and leaves the
// optional ones out.
func (g *generator) genNew(w *writer, s *model.Schema, name string, required []*model.Property) {
	var params, fields []string
	for _, p := range s.Properties {
		ident := naming.RustIdent(naming.RustSnake(p.Name))
		if !p.Required {
			fields = append(fields, ident+": None")
			continue
		}
		t := gotype.Of(p.Schema)
		switch ft := g.fieldType(s, t); {
		case t.Kind == gotype.String:
			params = append(params, ident+": impl Into<String>")
			fields = append(fields, ident+": "+ident+".into()")
		case ft != g.valueType(t): // boxed
			params = append(params, ident+": "+g.valueType(t))
			fields = append(fields, ident+": Box::new("+ident+")")
		default:
			params = append(params, ident+": "+ft)
			fields = append(fields, ident)
		}
	}
	if _, open := gotype.Extra(s); open {
		fields = append(fields, "extra: std::collections::BTreeMap::new()")
	}
	w.blank()
	w.open(0, "impl "+name)
	what := "its required fields"
	if len(required) < len(s.Properties) {
		what += ", the optional ones left out"
	}
	w.doc(1, "///", own("Returns %s with %s.", name, what))
	if len(params) > 7 {
		w.line(1, "#[allow(clippy::too_many_arguments)]")
	}
	w.fnHead(1, "pub fn new", params, " -> Self")
	w.structLit(2, "Self", fields)
	w.line(1, "}")
	w.line(0, "}")
}

// prop writes the rt::Prop literal of one property (or, unnamed, of an
// open object's other members), opened after head and closed by tail.
func (g *generator) prop(w *writer, u *uses, indent int, head, name string, required bool, t gotype.Type, f gotype.Field, tail string) {
	w.line(indent, head+"rt::Prop {")
	if name != "" {
		w.field(indent+1, "name", lit(name))
	}
	g.typeField(w, indent+1, "ty", "", t)
	if f.Sensitive {
		w.line(indent+1, "sensitive: true,")
	}
	if f.Verbose {
		w.line(indent+1, "verbose: true,")
	}
	if f.Sanitize != errgenrt.SanitizeNone {
		w.line(indent+1, "sanitize: rt::Sanitize::"+sanitizer(f.Sanitize)+",")
	}
	if f.MaxBytes > 0 {
		w.line(indent+1, "max_bytes: "+strconv.Itoa(f.MaxBytes)+",")
	}
	if f.Exact {
		w.line(indent+1, "exact: true,")
	}
	if required {
		w.line(indent+1, "..rt::Prop::REQUIRED")
	} else {
		w.line(indent+1, "..rt::Prop::OPTIONAL")
	}
	w.line(indent, tail)
}

func sanitizer(s errgenrt.Sanitizer) string {
	switch s {
	case errgenrt.SanitizePath:
		return "Path"
	case errgenrt.SanitizeURI:
		return "Uri"
	}
	return "Text"
}

// typeField writes the field name of an rt::Prop or rt::Type::Array that
// holds an rt::Type (behind a reference with amp): a path, or an array or
// struct type as a vertical struct literal.
func (g *generator) typeField(w *writer, indent int, name, amp string, t gotype.Type) {
	switch t.Kind {
	case gotype.Slice:
		w.line(indent, name+": "+amp+"rt::Type::Array {")
		g.typeField(w, indent+1, "items", "&", *t.Elem)
		w.field(indent+1, "keep", strconv.Itoa(t.Keep))
		w.line(indent, "},")
	case gotype.Struct:
		w.line(indent, name+": "+amp+"rt::Type::Struct {")
		w.field(indent+1, "shape", g.structName(t)+"::shape")
		w.field(indent+1, "by_ref", strconv.FormatBool(t.Ptr))
		w.line(indent, "},")
	default:
		w.field(indent, name, amp+"rt::Type::"+kindName(t.Kind))
	}
}

func kindName(k gotype.Kind) string {
	switch k {
	case gotype.String:
		return "String"
	case gotype.Enum:
		return "Enum"
	case gotype.Int:
		return "Int"
	case gotype.Float:
		return "Float"
	case gotype.Bool:
		return "Bool"
	case gotype.Map:
		return "Map"
	}
	return "Any"
}

// structName is the Rust type of a struct type.
func (g *generator) structName(t gotype.Type) string {
	if t.Builtin() {
		return "rt::FieldErrors"
	}
	return t.Schema.RustName
}

// valueType is the Rust type of a value of type t.
func (g *generator) valueType(t gotype.Type) string {
	switch t.Kind {
	case gotype.String:
		return "String"
	case gotype.Enum:
		return t.Schema.RustName
	case gotype.Int:
		return "i64"
	case gotype.Float:
		return "f64"
	case gotype.Bool:
		return "bool"
	case gotype.Map:
		return "serde_json::Map<String, serde_json::Value>"
	case gotype.Slice:
		return "Vec<" + g.valueType(*t.Elem) + ">"
	case gotype.Struct:
		return g.structName(t)
	}
	return "serde_json::Value"
}

// fieldType is the Rust type of a field of struct owner: a struct that
// holds owner again, directly or through other structs, is boxed.
func (g *generator) fieldType(owner *model.Schema, t gotype.Type) string {
	if t.Kind == gotype.Struct && !t.Builtin() && reaches(t.Schema, owner, map[*model.Schema]bool{}) {
		return "Box<" + g.valueType(t) + ">"
	}
	return g.valueType(t)
}

// reaches reports whether struct schema from holds target in a field
// (optional or not) without an array or map between them: such structs
// would contain themselves.
func reaches(from, target *model.Schema, seen map[*model.Schema]bool) bool {
	if from == target {
		return true
	}
	if from == nil || seen[from] {
		return false
	}
	seen[from] = true
	for _, p := range from.Properties {
		t := gotype.Of(p.Schema)
		if t.Kind == gotype.Struct && !t.Builtin() && reaches(t.Schema, target, seen) {
			return true
		}
	}
	return false
}
