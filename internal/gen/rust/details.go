package rust

import (
	"github.com/errgen/errgen/internal/facts"
	"github.com/errgen/errgen/internal/model"
	"github.com/errgen/errgen/internal/naming"
)

// The detail types: a struct per object (with its serde attributes and
// the wire names of its fields: rt::Details), an enum per string enum.
// What each value is comes from the kinds the catalog's facts resolve
// (facts.Kind), which every output reads; the runtime reads the values
// through the facts' tables (tables.go).

// genTypes writes the struct and enum types of a schema tree: the node's,
// then its properties', then its other members'. root marks an error's
// details, a struct even without properties.
func (g *generator) genTypes(w *writer, u *uses, s *model.Schema, name, what string, root bool) {
	if s == nil {
		return
	}
	k := g.facts.Kind(s)
	if k.Ref { // the target shape declares the types
		return
	}
	switch {
	case k.Class == facts.ClassObject || root && k.Class == facts.ClassMap:
		g.genStruct(w, u, s, name, what)
		for _, p := range s.Properties {
			g.genTypes(w, u, p.Schema, p.Schema.RustName, what+", property "+quote(p.Name), false)
		}
		if k.Extra != nil {
			g.genTypes(w, u, s.Additional, s.Additional.RustName, what+", additionalProperties", false)
		}
	case k.Class == facts.ClassEnum && s.RustName != "":
		g.genEnum(w, u, s, what)
	case k.Class == facts.ClassArray:
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
	extra := g.facts.Kind(s).Extra
	open := extra != nil
	hidden := g.hiddenFields(s)
	debug := "Debug, " // a struct with sensitive fields writes its own
	if len(hidden) > 0 {
		debug = ""
	}
	if len(required) == 0 {
		w.line(0, "#[derive(Clone, "+debug+"Default, PartialEq, Serialize, Deserialize)]")
	} else {
		w.line(0, "#[derive(Clone, "+debug+"PartialEq, Serialize, Deserialize)]")
	}
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
			t := g.fieldType(s, g.facts.Kind(p.Schema))
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
	if len(hidden) > 0 {
		g.genDebug(w, s, name, open, hidden)
	}

	w.blank()
	w.open(0, "impl rt::Details for "+name)
	names := make([]string, len(s.Properties))
	for i, p := range s.Properties {
		names[i] = lit(p.Name)
	}
	w.assignArray(1, "const FIELDS", "&'static [&'static str]", "&", names)
	w.line(0, "}")
}

// hiddenFields returns the fields of struct s (by wire name; "" for the
// other members of an open object) whose values the struct's Debug form
// hides: x-sensitive on the value, its items or its map values (along
// every $ref), or named by the sensitive list of an error that takes s as
// its details.
func (g *generator) hiddenFields(s *model.Schema) map[string]bool {
	out := map[string]bool{}
	for _, p := range s.Properties {
		if sensitiveValues(p.Schema, 0) {
			out[p.Name] = true
		}
	}
	if s.Additional != nil && sensitiveValues(s.Additional, 0) {
		out[""] = true
	}
	for _, e := range g.m.Errors {
		if k := g.facts.Details(e); k != nil && k.Class != facts.ClassFieldErrors && k.Schema == s {
			for _, name := range g.errors[e.Symbol].Sensitive {
				out[name] = true
			}
			for _, name := range e.Sensitive {
				out[name] = true
			}
		}
	}
	return out
}

// sensitiveValues reports whether values of schema s hold sensitive
// values outside a struct of their own: x-sensitive on s (along its $ref
// chain), on its items or on its map values.
func sensitiveValues(s *model.Schema, depth int) bool {
	for ; s != nil && depth < 32; depth++ {
		if s.Sensitive {
			return true
		}
		if s.Ref != nil {
			if s.Ref.Builtin {
				return false
			}
			s = s.Ref.Schema
			continue
		}
		switch {
		case s.Type == "array":
			s = s.Items
		case s.Type == "object" && len(s.Properties) == 0:
			s = s.Additional
		default:
			return false
		}
	}
	return false
}

// genDebug writes the Debug form of struct s: its fields, a sensitive one's
// value as the catalog's redaction marker (Some of it for an optional one
// that is set), so that no log line made of the details shows it.
func (g *generator) genDebug(w *writer, s *model.Schema, name string, open bool, hidden map[string]bool) {
	w.blank()
	w.open(0, "impl std::fmt::Debug for "+name)
	w.doc(1, "///", own("The fields, a sensitive one's value as the redaction marker."))
	w.line(1, "fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {")
	w.line(2, "let redacted = CATALOG.rules.redacted;")
	w.expr(2, "let mut d = ", call{"f.debug_struct", []expr{atom(lit(name))}}, ";")
	field := func(label, ident string, hide, optional bool) {
		value := expr(atom("&self." + ident))
		switch {
		case hide && optional:
			value = ref{call{"rt::hidden", []expr{atom("&self." + ident), atom("redacted")}}}
		case hide:
			value = atom("&redacted")
		}
		w.expr(2, "", call{"d.field", []expr{atom(lit(label)), value}}, ";")
	}
	for _, p := range s.Properties {
		field(p.Name, naming.RustIdent(naming.RustSnake(p.Name)), hidden[p.Name], !p.Required)
	}
	if open {
		field("extra", "extra", hidden[""], false)
	}
	w.line(2, "d.finish()")
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
		k := g.facts.Kind(p.Schema)
		switch ft := g.fieldType(s, k); {
		case k.Class == facts.ClassString:
			params = append(params, ident+": impl Into<String>")
			fields = append(fields, ident+": "+ident+".into()")
		case ft != g.valueType(k): // boxed
			params = append(params, ident+": "+g.valueType(k))
			fields = append(fields, ident+": Box::new("+ident+")")
		default:
			params = append(params, ident+": "+ft)
			fields = append(fields, ident)
		}
	}
	if g.facts.Kind(s).Extra != nil {
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

// structName is the Rust type of the struct of an object, or of the
// built-in field_errors.
func (g *generator) structName(k *facts.Kind) string {
	if k.Class == facts.ClassFieldErrors {
		return "rt::FieldErrors"
	}
	return k.Schema.RustName
}

// valueType is the Rust type of a value of kind k.
func (g *generator) valueType(k *facts.Kind) string {
	switch k.Class {
	case facts.ClassString:
		return "String"
	case facts.ClassEnum:
		return k.Schema.RustName
	case facts.ClassInteger:
		return "i64"
	case facts.ClassNumber:
		return "f64"
	case facts.ClassBoolean:
		return "bool"
	case facts.ClassMap:
		return "serde_json::Map<String, serde_json::Value>"
	case facts.ClassArray:
		return "Vec<" + g.valueType(k.Items) + ">"
	case facts.ClassObject, facts.ClassFieldErrors:
		return g.structName(k)
	}
	return "serde_json::Value"
}

// fieldType is the Rust type of a field of struct owner: a struct that
// holds owner again, directly or through other structs, is boxed.
func (g *generator) fieldType(owner *model.Schema, k *facts.Kind) string {
	if k.Class == facts.ClassObject && g.reaches(k.Schema, owner, map[*model.Schema]bool{}) {
		return "Box<" + g.valueType(k) + ">"
	}
	return g.valueType(k)
}

// reaches reports whether struct schema from holds target in a field
// (optional or not) without an array or map between them: such structs
// would contain themselves.
func (g *generator) reaches(from, target *model.Schema, seen map[*model.Schema]bool) bool {
	if from == target {
		return true
	}
	if from == nil || seen[from] {
		return false
	}
	seen[from] = true
	for _, p := range from.Properties {
		k := g.facts.Kind(p.Schema)
		if k.Class == facts.ClassObject && g.reaches(k.Schema, target, seen) {
			return true
		}
	}
	return false
}
